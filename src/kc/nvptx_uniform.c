/* Values every lane of a thread block shares (nvptx_uniform.h). Kernel
 * arguments are the same for all lanes; so are the block and grid indices
 * and sizes (`ctaid`, `nctaid`, `ntid`), and what integer arithmetic makes
 * of them. Loads are not taken: memory may differ by the time a lane reads
 * it. */
#include <stdlib.h>
#include <string.h>

#include "kc/nvptx_ir.h"
#include "kc/nvptx_uniform.h"

int hipc__nvptx_is_kernel(LLVMModuleRef m, LLVMValueRef f) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  if (n == 0)
    return 0;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", nodes);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    if (k < 2)
      continue;
    LLVMValueRef ops[8];
    if (k > 8)
      k = 8;
    LLVMGetMDNodeOperands(nodes[i], ops);
    unsigned len = 0;
    const char *s = ops[1] != NULL ? LLVMGetMDString(ops[1], &len) : NULL;
    found = ops[0] == f && s != NULL && len == 6 && !strncmp(s, "kernel", 6);
  }
  free(nodes);
  return found;
}

static int uniform(LLVMModuleRef m, LLVMValueRef v, int depth) {
  if (LLVMIsAConstant(v))
    return 1;
  if (LLVMIsAArgument(v))
    return hipc__nvptx_is_kernel(m, LLVMGetParamParent(v));
  if (!LLVMIsAInstruction(v) || depth > 8)
    return 0;
  if (LLVMIsACallInst(v)) {
    LLVMValueRef f = LLVMGetCalledValue(v);
    size_t len = 0;
    const char *name = f != NULL ? LLVMGetValueName2(f, &len) : "";
    return hipc__nvptx_starts_with(name, len,
                                   "llvm.nvvm.read.ptx.sreg.ntid.") ||
           hipc__nvptx_starts_with(name, len,
                                   "llvm.nvvm.read.ptx.sreg.ctaid.") ||
           hipc__nvptx_starts_with(name, len,
                                   "llvm.nvvm.read.ptx.sreg.nctaid.");
  }
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMICmp:
  case LLVMSelect:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
    break;
  default:
    return 0;
  }
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (!uniform(m, LLVMGetOperand(v, (unsigned)i), depth + 1))
      return 0;
  return 1;
}

int hipc__nvptx_uniform(LLVMModuleRef m, LLVMValueRef v) {
  return uniform(m, v, 0);
}
