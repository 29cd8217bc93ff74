/* The GPU pass's 64-bit address sums (docs/nvidia.md, "The device pass"),
 * run on the front end's IR, before LLVM's optimiser.
 *
 * `p[a*A + b*B + c*C + f]` with `int` operands is, in clang's IR, a GEP of
 * `sext` of an `add nsw` chain. LLVM's Reassociate factors that chain
 * (`((a*N + b)*N + c)*C + f`) and drops the `nsw` flags, so the loop's
 * invariant part stays inside a 32-bit index that each unrolled load
 * recomputes and widens. ptxas then gave HeCBench contract's double
 * kernel 32 registers and its unrolled loops one load in flight (the
 * scheduler keeps each load's result register for the next), where
 * nvcc's PTX, the same loads with the invariant part in a 64-bit base
 * pointer, got 40 registers and three loads in flight: 0.26 s against
 * 0.11 s per kernel on an H200.
 *
 * Since the adds are `nsw`, `sext(x + y)` is `sext(x) + sext(y)`: this
 * pass rewrites each `sext` of an `add nsw`/`sub nsw` chain that only GEPs
 * use as the same chain in 64 bits over the sign-extended leaves
 * (multiplies and everything else stay 32-bit leaves). The optimiser then
 * hoists the invariant leaves into the base pointer. On by default;
 * HIPC_NVPTX_SPLIT=0 turns it off. */
#include <stddef.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* Leaves and adds visited in one chain, at most. */
#define MAX_CHAIN 64

/* Whether `v` is an `add nsw` or `sub nsw` of i32, an inner node. */
static int nsw_node(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op != LLVMAdd && op != LLVMSub)
    return 0;
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetNSW(v) && LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(t) == 32;
}

/* Whether every user of `v` is a GEP. */
static int only_geps(LLVMValueRef v) {
  LLVMUseRef u = LLVMGetFirstUse(v);
  if (u == NULL)
    return 0;
  for (; u != NULL; u = LLVMGetNextUse(u))
    if (!LLVMIsAGetElementPtrInst(LLVMGetUser(u)))
      return 0;
  return 1;
}

/* `v` in 64 bits, built before the sext the builder sits at: an inner
 * node becomes the same operation on its operands' 64-bit forms, a leaf
 * its sext. `*budget` bounds the nodes built. */
static LLVMValueRef widen(LLVMBuilderRef b, LLVMTypeRef i64, LLVMValueRef v,
                          int *budget) {
  if (--*budget < 0 || !nsw_node(v))
    return LLVMBuildSExt(b, v, i64, "");
  LLVMValueRef l = widen(b, i64, LLVMGetOperand(v, 0), budget);
  LLVMValueRef r = widen(b, i64, LLVMGetOperand(v, 1), budget);
  return LLVMGetInstructionOpcode(v) == LLVMAdd
             ? LLVMBuildNSWAdd(b, l, r, "")
             : LLVMBuildNSWSub(b, l, r, "");
}

static unsigned split_function(LLVMBuilderRef b, LLVMValueRef fn) {
  unsigned n = 0;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(
      LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb != NULL;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef next;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != NULL; i = next) {
      next = LLVMGetNextInstruction(i);
      if (LLVMGetInstructionOpcode(i) != LLVMSExt ||
          LLVMTypeOf(i) != i64 || !nsw_node(LLVMGetOperand(i, 0)) ||
          !only_geps(i))
        continue;
      LLVMPositionBuilderBefore(b, i);
      int budget = MAX_CHAIN;
      LLVMValueRef wide = widen(b, i64, LLVMGetOperand(i, 0), &budget);
      LLVMReplaceAllUsesWith(i, wide);
      LLVMInstructionEraseFromParent(i);
      n++;
    }
  }
  return n;
}

unsigned hipc__nvptx_split_indices(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_SPLIT"))
    return 0;
  unsigned n = 0;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn != NULL;
       fn = LLVMGetNextFunction(fn))
    n += split_function(b, fn);
  LLVMDisposeBuilder(b);
  return n;
}
