/* The GPU pass's merge of twin counters (docs/nvidia.md, "The device
 * pass").
 *
 * A loop that runs a run-time number of trips leaves hipc's unroller
 * (nvptx_unroller.c) with two counters that are the same: the source's
 * index, `c = phi [0, pre], [c + 4, loop]`, and the unroller's trip
 * counter, `niter = phi [0, pre], [niter + 4, loop]`, which the exit
 * tests against the unrolled count. IndVarSimplify, which would see they
 * are one, ran before the unroller, and nothing after it merges them, so
 * the PTX kept both and their bound live through the loop: HeCBench
 * contract's loops then had a register fewer for loads in flight than
 * nvcc's (which counts its trip counter down to zero), and ptxas issued
 * each load 8 instructions ahead of its use where nvcc's were 14 ahead.
 *
 * In a loop of one block, two integer phis of one type that enter with
 * the same value and step by the same constant are one value: the second
 * and its step are replaced by the first and its step. The step kept
 * keeps only the `nuw`/`nsw` flags both had (a flag the other lacked
 * could make a defined value poison). HIPC_NVPTX_TWIN=0 leaves them. */

#include <stddef.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* phi's entering value (from a block other than `bb`) and its step
 * `next = add phi, C` in `bb`; 0 where it is not such a counter. */
static int counter(LLVMValueRef phi, LLVMBasicBlockRef bb, LLVMValueRef *in,
                   LLVMValueRef *next, long long *step) {
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
      LLVMCountIncoming(phi) != 2)
    return 0;
  *in = *next = NULL;
  for (unsigned k = 0; k < 2; k++) {
    if (LLVMGetIncomingBlock(phi, k) == bb)
      *next = LLVMGetIncomingValue(phi, k);
    else
      *in = LLVMGetIncomingValue(phi, k);
  }
  if (*in == NULL || *next == NULL || !LLVMIsAInstruction(*next) ||
      LLVMGetInstructionParent(*next) != bb ||
      LLVMGetInstructionOpcode(*next) != LLVMAdd)
    return 0;
  LLVMValueRef c;
  if (LLVMGetOperand(*next, 0) == phi)
    c = LLVMGetOperand(*next, 1);
  else if (LLVMGetOperand(*next, 1) == phi)
    c = LLVMGetOperand(*next, 0);
  else
    return 0;
  if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64)
    return 0;
  *step = LLVMConstIntGetSExtValue(c);
  return 1;
}

/* Whether bb branches back to itself. */
static int self_loop(LLVMBasicBlockRef bb) {
  LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
  if (br == NULL || !LLVMIsABranchInst(br))
    return 0;
  for (unsigned k = 0; k < LLVMGetNumSuccessors(br); k++)
    if (LLVMGetSuccessor(br, k) == bb)
      return 1;
  return 0;
}

static unsigned merge_block(LLVMBasicBlockRef bb) {
  unsigned done = 0;
  for (LLVMValueRef p = LLVMGetFirstInstruction(bb);
       p != NULL && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p)) {
    LLVMValueRef pin, pnext;
    long long pstep;
    if (!counter(p, bb, &pin, &pnext, &pstep))
      continue;
    LLVMValueRef next;
    for (LLVMValueRef q = LLVMGetNextInstruction(p);
         q != NULL && LLVMIsAPHINode(q); q = next) {
      next = LLVMGetNextInstruction(q);
      LLVMValueRef qin, qnext;
      long long qstep;
      if (LLVMTypeOf(q) != LLVMTypeOf(p) ||
          !counter(q, bb, &qin, &qnext, &qstep) || qin != pin ||
          qstep != pstep || qnext == pnext)
        continue;
      if (!LLVMGetNUW(qnext))
        LLVMSetNUW(pnext, 0);
      if (!LLVMGetNSW(qnext))
        LLVMSetNSW(pnext, 0);
      LLVMReplaceAllUsesWith(qnext, pnext);
      LLVMReplaceAllUsesWith(q, p);
      if (next == qnext)
        next = LLVMGetNextInstruction(qnext);
      LLVMInstructionEraseFromParent(qnext);
      LLVMInstructionEraseFromParent(q);
      done++;
    }
  }
  return done;
}

unsigned hipc__nvptx_merge_twin_counters(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_TWIN"))
    return 0;
  unsigned done = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn != NULL;
       fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb != NULL;
         bb = LLVMGetNextBasicBlock(bb))
      if (self_loop(bb))
        done += merge_block(bb);
  return done;
}
