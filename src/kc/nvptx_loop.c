/* The shape both of hipc's NVPTX loop passes start from (nvptx_popcount.c,
 * nvptx_unroll.c): a loop of one block that branches back to itself or
 * out on an `icmp eq` or `icmp ne` computed in that block. */
#include <stddef.h>

#include "kc/nvptx_ir.h"

int hipc__nvptx_self_loop(LLVMBasicBlockRef b, struct nvptx_self_loop *s) {
  s->br = LLVMGetBasicBlockTerminator(b);
  if (s->br == NULL || !LLVMIsABranchInst(s->br) || !LLVMIsConditional(s->br))
    return 0;
  LLVMBasicBlockRef t = LLVMGetSuccessor(s->br, 0);
  LLVMBasicBlockRef f = LLVMGetSuccessor(s->br, 1);
  if ((t == b) == (f == b))
    return 0;
  s->exit = t == b ? f : t;
  s->cond = LLVMGetCondition(s->br);
  if (!LLVMIsAICmpInst(s->cond) || LLVMGetInstructionParent(s->cond) != b)
    return 0;
  LLVMIntPredicate p = LLVMGetICmpPredicate(s->cond);
  if (p != LLVMIntEQ && p != LLVMIntNE)
    return 0;
  s->exit_on_true = p == LLVMIntEQ;
  return (s->exit_on_true ? t : f) == s->exit;
}
