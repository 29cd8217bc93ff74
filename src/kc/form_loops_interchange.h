/* hipc-kc's loop interchange (form_loops_interchange*.c, form_loops.h):
 * what its files share. */
#ifndef HIPC_KC_FORM_LOOPS_INTERCHANGE_H
#define HIPC_KC_FORM_LOOPS_INTERCHANGE_H

#include "form_loops.h"

/* The largest loop and prefix (instructions), the most values carried. */
enum {
  IC_MAX_INSTS = 2000,
  IC_MAX_VALUES = 64,
  IC_MAX_ARRAYS = 24,
  IC_MIN_ROUNDS = 16
};

struct bbset {
  unsigned n, cap;
  LLVMBasicBlockRef* bb;
  struct fl_map in;
};

struct ic {
  struct fl_state* s;
  LLVMBasicBlockRef pre, xh, xl;
  LLVMValueRef x, xb;
  struct bbset body, loop, a;
  LLVMBasicBlockRef h, p, ex_from, ex_to;
  /* L's inputs defined in A (x itself excluded), the header's phis, and
   * L's values used after it. */
  LLVMValueRef ins[IC_MAX_VALUES], phis[IC_MAX_VALUES], outs[IC_MAX_VALUES];
  unsigned nins, nphis, nouts;
  /* The body's predecessors: those of body block i are
   * plist[pstart[i] .. pstart[i + 1]) (form_loops_interchange.c). */
  unsigned* pstart;
  LLVMBasicBlockRef* plist;
};


struct dense_plan {
  LLVMValueRef iv, start, step, cmp;
  LLVMValueRef step_value; /* the step as hipc__ic_dense_iv last built it */
  unsigned iv_index;
  int stay_if_true;           /* the header stays in the loop when cmp */
  LLVMBasicBlockRef cont, back; /* the header's successor in L, the latch */
};

struct out {
  struct ic* c;
  LLVMBuilderRef b;
  LLVMTypeRef i8, i32, i64;
  LLVMValueRef act, *ains, *aphis, *aouts; /* the per-thread arrays */
  struct fl_map vm;
  /* 1 when the loop has dense rounds (form_loops_interchange_dense.c):
   * then the stride induction is start(x) + k * step in every round and
   * has no state. */
  int dense;
  struct dense_plan d;
};

/* form_loops_interchange.c: block sets and the analysis. */
void hipc__ic_set_add(struct bbset* s, LLVMBasicBlockRef b);
int hipc__ic_set_has(const struct bbset* s, LLVMBasicBlockRef b);
void hipc__ic_set_free(struct bbset* s);
/* 1 when `v` is an instruction of one of the set's blocks. */
int hipc__ic_in_set(const struct bbset* s, LLVMValueRef v);
/* 1 when `v` is the same for every run of the x loop body. */
int hipc__ic_outside(const struct ic* c, LLVMValueRef v);
/* 1 when `v` is block-wide (outside, or arithmetic on such values). */
int hipc__ic_invariant(const struct ic* c, LLVMValueRef v, int depth);
int hipc__ic_is_stride_phi(const struct ic* c, LLVMValueRef phi);

/* form_loops_interchange_emit.c: writing the loops. */
LLVMValueRef hipc__ic_mapped(struct fl_map* vm, LLVMValueRef v);
LLVMBasicBlockRef hipc__ic_new_block(struct out* o, const char* name);
void hipc__ic_store_at(struct out* o, LLVMValueRef arr, LLVMValueRef v,
                       LLVMValueRef x);
LLVMValueRef hipc__ic_load_at(struct out* o, LLVMValueRef arr, LLVMTypeRef ty,
                              LLVMValueRef x);
void hipc__ic_copy_blocks(struct out* o, const struct bbset* set,
                          LLVMBasicBlockRef skip_phis_of);
LLVMValueRef hipc__ic_phi_retarget(LLVMBuilderRef b, LLVMValueRef phi,
                                   LLVMBasicBlockRef from,
                                   LLVMBasicBlockRef to, struct fl_map* values);
void hipc__ic_retarget_succ(LLVMValueRef term, LLVMBasicBlockRef from,
                            LLVMBasicBlockRef to);
LLVMBasicBlockRef hipc__ic_write_prefix(struct out* o, LLVMBasicBlockRef next);
LLVMBasicBlockRef hipc__ic_write_iterations(struct out* o,
                                            LLVMBasicBlockRef next,
                                            LLVMBasicBlockRef* last);
/* In the x loop, L's results are loaded where `use` (i1, block-wide) is
 * true; else L runs there as before. */
void hipc__ic_replace_loop(struct out* o, LLVMValueRef use);
/* i1 at o->b: thread 0 of the row stays in L for IC_MIN_ROUNDS rounds
 * (fewer, and the interchange costs more than it saves), and thread 1
 * starts one element after thread 0. */
LLVMValueRef hipc__ic_dense_worth(struct out* o);
/* form_loops_interchange_dense.c: 1 when the loop has dense rounds. */
int hipc__ic_dense_plan(const struct ic* c, struct dense_plan* d);
/* The stride induction of thread `x` in round `k` (at o->b). */
LLVMValueRef hipc__ic_dense_iv(struct out* o, LLVMValueRef x, LLVMValueRef k);
/* form_loops_interchange_dense.c: with o->dense, the dense rounds before
 * the general ones (entered from `from`; the general ones at `kh`, whose round number is the phi `k`): returns
 * their first block (NULL without o->dense). */
LLVMBasicBlockRef hipc__ic_write_dense(struct out* o, LLVMBasicBlockRef from,
                                       LLVMBasicBlockRef kh, LLVMValueRef k);
/* A per-thread array of blockDim.x elements (an alloca of K.run). */
LLVMValueRef hipc__ic_array(struct out* o, LLVMTypeRef ty);

#endif
