/* The GPU pass's copysign (docs/nvidia.md, "The device pass"). LLVM 19's
 * NVPTX back end has no copysign instruction: it expands llvm.copysign
 * into abs, neg, a shift, an and, a compare and a select, where nvcc
 * writes one `copysign.f32` (a single LOP3 in SASS). libdevice calls it
 * in tanhf, atan2f, erff, asinf and others: HeCBench gelu's kernels (one
 * tanhf an element) ran 3% slower than nvcc's.
 *
 * After the optimiser, each scalar `llvm.copysign.f32/f64(mag, sgn)` is
 * made the bits' `(mag & ~SIGN) | (sgn & SIGN)`, which the back end keeps
 * as two ands and an or and ptxas makes one LOP3. It runs last among the
 * IR passes: instcombine would turn the bits back into fabs and copysign.
 * HIPC_NVPTX_COPYSIGN=0 leaves the calls. */

#include <stddef.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* The call's replacement, built before it; returns it. */
static LLVMValueRef bits_copysign(LLVMValueRef call, LLVMTypeRef ft,
                                  unsigned width) {
  LLVMContextRef cx = LLVMGetTypeContext(ft);
  LLVMTypeRef it = LLVMIntTypeInContext(cx, width);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
  LLVMPositionBuilderBefore(b, call);
  unsigned long long sign = 1ull << (width - 1);
  LLVMValueRef mag = LLVMBuildBitCast(b, LLVMGetOperand(call, 0), it, "");
  LLVMValueRef sgn = LLVMBuildBitCast(b, LLVMGetOperand(call, 1), it, "");
  mag = LLVMBuildAnd(b, mag, LLVMConstInt(it, ~sign, 0), "");
  sgn = LLVMBuildAnd(b, sgn, LLVMConstInt(it, sign, 0), "");
  LLVMValueRef v = LLVMBuildOr(b, mag, sgn, "");
  LLVMSetIsDisjoint(v, 1);
  v = LLVMBuildBitCast(b, v, ft, "copysign");
  LLVMDisposeBuilder(b);
  return v;
}

unsigned hipc__nvptx_copysign(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_COPYSIGN"))
    return 0;
  unsigned n = 0;
  static const char *const names[] = {"llvm.copysign.f32",
                                      "llvm.copysign.f64"};
  static const unsigned widths[] = {32, 64};
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef fn = LLVMGetNamedFunction(m, names[k]);
    if (fn == NULL)
      continue;
    LLVMTypeRef ft = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u != NULL;) {
      LLVMValueRef call = LLVMGetUser(u);
      u = LLVMGetNextUse(u);
      if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn)
        continue;
      LLVMReplaceAllUsesWith(call, bits_copysign(call, ft, widths[k]));
      LLVMInstructionEraseFromParent(call);
      n++;
    }
  }
  return n;
}
