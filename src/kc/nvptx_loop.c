/* What hipc's NVPTX passes share: the shape both loop passes start from
 * (nvptx_popcount.c, nvptx_unroll.c), a loop of one block that branches
 * back to itself or out on an `icmp eq` or `icmp ne` computed in that
 * block, two small queries, adding a property to a loop's ID
 * (nvptx_stride_unroll.c, nvptx_unroller.c), and running an LLVM pipeline
 * after a pass. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kc/kc.h"
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

int hipc__nvptx_starts_with(const char *s, size_t len, const char *prefix) {
  size_t p = strlen(prefix);
  return len >= p && strncmp(s, prefix, p) == 0;
}

LLVMValueRef hipc__nvptx_incoming(LLVMValueRef phi, LLVMBasicBlockRef from) {
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++)
    if (LLVMGetIncomingBlock(phi, i) == from)
      return LLVMGetIncomingValue(phi, i);
  return NULL;
}

void hipc__nvptx_run_passes(LLVMModuleRef m, const char *pipeline,
                            const char *what) {
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(m, pipeline, NULL, o);
  LLVMDisposePassBuilderOptions(o);
  if (e != NULL) {
    char *msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("%s: %s", what, msg);
  }
}

void hipc__nvptx_loop_property(LLVMContextRef ctx, LLVMValueRef *latches,
                               unsigned n_latches, unsigned kind,
                               const char *key, LLVMValueRef value) {
  LLVMValueRef old = LLVMGetMetadata(latches[0], kind);
  unsigned n = old != NULL ? LLVMGetMDNodeNumOperands(old) : 0;
  LLVMMetadataRef *ops = malloc((n + 2) * sizeof *ops);
  LLVMMetadataRef self = LLVMTemporaryMDNode(ctx, NULL, 0);
  unsigned k = 0;
  ops[k++] = self;
  if (n > 1) {
    LLVMValueRef *vals = malloc(n * sizeof *vals);
    LLVMGetMDNodeOperands(old, vals);
    for (unsigned i = 1; i < n; i++)
      if (vals[i] != NULL)
        ops[k++] = LLVMValueAsMetadata(vals[i]);
    free(vals);
  }
  LLVMMetadataRef prop[2] = {LLVMMDStringInContext2(ctx, key, strlen(key)),
                             value != NULL ? LLVMValueAsMetadata(value) : NULL};
  ops[k++] = LLVMMDNodeInContext2(ctx, prop, value != NULL ? 2 : 1);
  LLVMMetadataRef id = LLVMMDNodeInContext2(ctx, ops, k);
  /* The first operand refers to the node itself, which makes it distinct
   * (what LLVM takes as a loop ID). */
  LLVMMetadataReplaceAllUsesWith(self, id);
  for (unsigned i = 0; i < n_latches; i++)
    LLVMSetMetadata(latches[i], kind, LLVMMetadataAsValue(ctx, id));
  free(ops);
}
