/* Shared by the split of thread loops at guards (form_loops_split.c) and
 * its affine guards (form_loops_split_affine.c); nothing else uses it. */
#ifndef HIPC_KC_FORM_LOOPS_SPLIT_H
#define HIPC_KC_FORM_LOOPS_SPLIT_H

#include "form_loops.h"

/* A loop of the form the region form writes: `pre` branches to `head`
 * alone; `latch` ends with `br (next < bound), head, exit`; `iv` runs from
 * `lo` (a do-while loop: lo runs even when bound <= lo). */
struct loop {
  LLVMBasicBlockRef pre, head, latch, exit;
  LLVMValueRef iv, lo, bound;
};

struct split {
  struct fl_state* s;
  struct loop l;
  struct fl_map* refused; /* guards `x + c < u` not to rewrite (1) */
  unsigned n, cap;
  LLVMBasicBlockRef* bb; /* the loop's blocks, head first */
  struct fl_map in;      /* block -> 1 */
  struct fl_map live;    /* blocks reached past constant branches -> 1 */
};

/* v is an instruction of the loop; block b is reached past constant
 * branches. */
int hipc__form_loops_split_in_loop(const struct split* p, LLVMValueRef v);
int hipc__form_loops_split_is_live(const struct split* p, LLVMBasicBlockRef b);
/* 1 when `v` keeps its value through the loop; pure arithmetic of the loop
 * on such values counts too, and is moved before the loop (move). */
int hipc__form_loops_split_invariant(struct split* p, LLVMValueRef v,
                                     int depth, int move);
/* x itself, or x zero- or sign-extended. */
int hipc__form_loops_split_is_x(const struct split* p, LLVMValueRef v);
/* The predicate with its operands swapped. */
LLVMIntPredicate hipc__form_loops_split_swapped(LLVMIntPredicate q);
/* The latch's `next < bound` compare, or NULL. */
LLVMValueRef hipc__form_loops_split_latch_cmp(LLVMBasicBlockRef latch);
/* The end of the loop's range (at least lo + 1), computed at `b`. */
LLVMValueRef hipc__form_loops_split_loop_end(struct split* p, LLVMBuilderRef b);
/* Versions the loop on `cond` (computed before it): this loop where it
 * holds, the copy (*other) where not; `vm` maps values to the copy's. */
void hipc__form_loops_split_version(struct split* p, LLVMValueRef cond,
                                    struct loop* other, struct fl_map* vm);
/* v's copy in vm, or v. */
LLVMValueRef hipc__form_loops_split_mapped(struct fl_map* vm, LLVMValueRef v);

/* form_loops_split_affine.c: rewrites a guard `x + c pred u` as one on x;
 * 1 when it versioned the loop to do so (*other: the copy). */
int hipc__form_loops_split_affine(struct split* p, struct loop* other);

#endif
