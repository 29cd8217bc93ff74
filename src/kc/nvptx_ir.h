/* hipc-kc's GPU mode: IR passes of hipc's own for the NVIDIA device pass
 * (docs/nvidia.md, "The device pass"), between clang's -O3 and the NVPTX
 * back end. */
#ifndef HIPC_KC_NVPTX_IR_H
#define HIPC_KC_NVPTX_IR_H

#include <llvm-c/Core.h>

#include "llvm_cfg/llvm_cfg.h"

/* hipc-kc --nvptx-ir [--pre] IN.bc -o OUT.bc [-v] */
int hipc__nvptx_ir_main(int argc, char **argv);

/* Population-count loops made llvm.ctpop (nvptx_popcount.c); returns how
 * many. */
unsigned hipc__nvptx_popcount(LLVMModuleRef m);

/* Counted loops of warp collectives unrolled by 4, the remainder after
 * (nvptx_unroll.c); returns how many. */
unsigned hipc__nvptx_unroll_warp_loops(LLVMModuleRef m);

/* Copies of 16 to 64 bytes aligned to 16 (a float4 assignment) made
 * <4 x i32> loads and stores, temporaries made registers
 * (nvptx_memcpy.c); returns how many. */
unsigned hipc__nvptx_vector_copies(LLVMModuleRef m);

/* Grid-stride loops (a step known only at run time) given an unroll
 * count of 4 (nvptx_stride_unroll.c); returns how many. */
unsigned hipc__nvptx_unroll_stride_loops(LLVMModuleRef m);

/* Whether loops of run-time count are unrolled by 4 here, as nvcc does
 * (HIPC_NVPTX_UNROLL unset or not `llvm`; nvptx_unroller.c). */
int hipc__nvptx_unroll_runtime_on(void);

/* LLVM's unroller on the `marked` loops given a count and, where
 * hipc__nvptx_unroll_runtime_on(), on the loops of run-time count
 * (nvptx_unroller.c); returns `marked` plus the blocks it added. */
unsigned hipc__nvptx_run_unroller(LLVMModuleRef m, unsigned marked);

/* Selects between costly values on a lane-uniform condition made branches
 * (nvptx_select.c; HIPC_NVPTX_SELECT=0 leaves them); returns how many. */
unsigned hipc__nvptx_select_branches(LLVMModuleRef m);

/* A branch to two small arms of cheap instructions that fall into one
 * block with other predecessors made selects in the branching block
 * (nvptx_join_select.c; HIPC_NVPTX_JOIN=0: none); returns how many. */
unsigned hipc__nvptx_join_selects(LLVMModuleRef m);

/* In loops of one block, a counter that enters with the same value and
 * steps by the same constant as another merged into it (nvptx_twin_iv.c;
 * HIPC_NVPTX_TWIN=0: none); returns how many. */
unsigned hipc__nvptx_merge_twin_counters(LLVMModuleRef m);

/* Before the optimiser (--pre), unless HIPC_NVPTX_SPLIT=0: sext of `nsw`
 * add/sub chains that only GEPs use rewritten as the chains in 64 bits
 * (nvptx_split.c); returns how many. */
unsigned hipc__nvptx_split_indices(LLVMModuleRef m);

/* Before the optimiser (--pre), unless HIPC_NVPTX_LATE_MATH=0: libdevice's
 * larger math functions made calls the optimiser keeps (noinline, not
 * convergent) and marked; after it, hipc__nvptx_inline_math inlines the
 * marked ones (nvptx_late_math.c). Each returns how many functions. */
unsigned hipc__nvptx_defer_math(LLVMModuleRef m);
unsigned hipc__nvptx_inline_math(LLVMModuleRef m);

/* Unless HIPC_NVPTX_CHAIN=0, GEPs of `sext(mul nsw (c + k), S)` in one block
 * made a chain stepping by `sext(S)` (nvptx_chain.c); returns how many
 * were rewritten. */
unsigned hipc__nvptx_chain_strides(LLVMModuleRef m);

/* Addresses of constant arrays in loops of one block made pointers
 * stepped with the induction variable (nvptx_pointer_step.c;
 * HIPC_NVPTX_PSTEP=0 leaves them); returns how many were rewritten. */
unsigned hipc__nvptx_pointer_steps(LLVMModuleRef m);

/* Latches that test an offset of the induction variable against a
 * constant made to test its next value, nvcc's form, which ptxas counts
 * (nvptx_latch.c; HIPC_NVPTX_LATCH=0 leaves them); returns how many. */
unsigned hipc__nvptx_canonical_latches(LLVMModuleRef m);

/* `noalias` pointer arguments that are only read (ptrtoint for an
 * alignment check allowed) marked `readonly`, so that the back end loads
 * through them with ld.global.nc (nvptx_readonly_args.c;
 * HIPC_NVPTX_READONLY=0 leaves them); returns how many. */
unsigned hipc__nvptx_readonly_args(LLVMModuleRef m);

/* In a function with many integer compares live across loops, each use
 * after the loop given its own copy of the compare (nvptx_remat_cmp.c;
 * HIPC_NVPTX_REMAT=0 leaves them); returns how many copies. */
unsigned hipc__nvptx_remat_compares(LLVMModuleRef m);

/* Scalar llvm.copysign calls made bit operations, which ptxas makes one
 * LOP3 where LLVM 19's back end expands the call to six instructions
 * (nvptx_copysign.c; HIPC_NVPTX_COPYSIGN=0 leaves them); returns how many.
 * Last: instcombine would make them calls again. */
unsigned hipc__nvptx_copysign(LLVMModuleRef m);

/* A loop of one block `b`: its conditional branch `br` back to `b` or to
 * `exit`, on `cond`, an `icmp eq`/`ne` in `b`; `exit_on_true` says which
 * way leaves (nvptx_loop.c). Returns 0 when `b` is not such a loop. */
struct nvptx_self_loop {
  LLVMValueRef br, cond;
  LLVMBasicBlockRef exit;
  int exit_on_true;
};
int hipc__nvptx_self_loop(LLVMBasicBlockRef b, struct nvptx_self_loop *s);

/* Whether the `len` bytes at `s` (a value's name) start with `prefix`
 * (nvptx_loop.c). */
int hipc__nvptx_starts_with(const char *s, size_t len, const char *prefix);

/* The value phi `phi` takes from block `from`, or NULL (nvptx_loop.c). */
LLVMValueRef hipc__nvptx_incoming(LLVMValueRef phi, LLVMBasicBlockRef from);

/* Gives the loop whose latches end in the `n_latches` branches `latches`
 * a new ID, with the old ID's properties (the first latch's) and `key`,
 * valued `value` when not NULL (nvptx_loop.c). `kind`: `llvm.loop`'s
 * metadata kind. */
void hipc__nvptx_loop_property(LLVMContextRef ctx, LLVMValueRef *latches,
                               unsigned n_latches, unsigned kind,
                               const char *key, LLVMValueRef value);

/* Runs the LLVM pass pipeline `pipeline` on `m`; a failure is fatal, named
 * by `what` (nvptx_loop.c). */
void hipc__nvptx_run_passes(LLVMModuleRef m, const char *pipeline,
                            const char *what);

#endif /* HIPC_KC_NVPTX_IR_H */
