/* The loop nests host_interchange.c swaps, and the affine values of
 * their addresses (host_affine.c). */
#ifndef HIPC_HOST_NEST_H
#define HIPC_HOST_NEST_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* A counter: phi [start, entering block], [next, looping block], next =
 * add phi, step, and the loop's test of next. */
struct counter {
  LLVMValueRef phi, next, cmp;
  unsigned step_op;  /* next's operand that is the step */
  int back_if_true;  /* the loop's branch goes back when cmp is true */
  long long start, step, trips;
  long long end;     /* next's value when the loop leaves */
  long long lo, hi;  /* the phi's values */
};

struct nest {
  LLVMBasicBlockRef hdr, inner, latch;
  struct counter i, j;
};

/* An affine value c0 + ci*i + cj*j (+ base for pointers), its range over
 * the nest, ok = 0 where it is not one. */
struct affine {
  LLVMValueRef base;
  long long c0, ci, cj, lo, hi;
  int ok;
};

/* Whether `v` is a constant integer of at most 64 bits (*out: its value
 * sign-extended). */
int hipc__host_const_int(LLVMValueRef v, long long *out);
/* Whether `v` is an instruction of the nest's blocks. */
int hipc__host_in_nest(const struct nest *n, LLVMValueRef v);
/* Whether [lo, hi] fits a signed integer of `bits`. */
int hipc__host_fits(long long lo, long long hi, unsigned bits);
/* `v`, an integer, as c0 + ci*i + cj*j, each step exact in its width over
 * the counters' ranges; ok = 0 where it is not. */
struct affine hipc__host_int_affine(const struct nest *n, LLVMValueRef v,
                                    int depth);
/* `v`, a pointer, as an invariant base plus an affine byte offset. */
struct affine hipc__host_ptr_affine(const struct nest *n, LLVMTargetDataRef td,
                                    LLVMValueRef v, int depth);

#endif
