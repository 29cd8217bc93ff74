/* The GPU pass's late inlining of libdevice's math functions
 * (docs/nvidia.md, "The device pass").
 *
 * clang links libdevice into the device code before its optimiser, with
 * every function `alwaysinline` and, in CUDA mode, `convergent`: the
 * inliner puts a double `sin` (150 instructions and a call to its slow
 * argument reduction, which writes an array of its own) into its caller
 * before any other pass runs there. Two `sin(x)` of one `x` then stay two
 * evaluations (the reduction's call and array keep GVN from merging
 * them), one in a loop is computed on every trip though `x` does not
 * change there (LICM hoists no call of memory effects and no branches),
 * and the unroller counts the whole body. nvcc's optimiser sees a call
 * where the source has one: HeCBench rsbench's Faddeeva loop evaluates
 * `fast_cexp(c_mul(t1, Z))` (a `sin` and a `cos` of a value fixed for the
 * loop) once in nvcc's PTX and on each of ten trips in clang's, whose
 * kernel took 695 ms against nvcc's 613 on an H200.
 *
 * So, before the optimiser (--pre), each libdevice function (`__nv_`)
 * that is defined here, takes and returns no pointer and has at least
 * LATE_MIN instructions (sin, cos, exp, log, pow, atan... not fabs, sqrt
 * or floor, which are one instruction and fold with their operands) is
 * made `noinline`, `nounwind` and `willreturn`, and loses `convergent`
 * (on its calls too): libdevice's math neither synchronises nor touches
 * memory but its own, which LLVM's attribute inference then finds
 * (`memory(none)`), so the optimiser merges, hoists and counts these
 * calls like any pure call. The string attribute LATE_ATTR marks them.
 * After the optimiser (the IR passes' first step), the marked functions
 * become `alwaysinline` again, are inlined, and the callers are cleaned
 * up (SROA for the reduction's array, then instcombine and simplifycfg)
 * before hipc's other GPU passes see the code. HIPC_NVPTX_LATE_MATH=0
 * leaves libdevice as clang links it. */
#include <string.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

#define LATE_MIN 40
#define LATE_ATTR "hipc-late-math"

static unsigned kind_of(const char *name) {
  return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

/* Whether f is a libdevice function worth a call: defined, named
 * `__nv_...`, no pointer among its parameters or result, LATE_MIN
 * instructions or more. */
static int deferrable(LLVMValueRef f) {
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  if (LLVMIsDeclaration(f) || !hipc__nvptx_starts_with(name, len, "__nv_"))
    return 0;
  LLVMTypeRef fty = LLVMGlobalGetValueType(f);
  if (LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMPointerTypeKind ||
      LLVMIsFunctionVarArg(fty))
    return 0;
  for (LLVMValueRef p = LLVMGetFirstParam(f); p; p = LLVMGetNextParam(p))
    if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind)
      return 0;
  return hipc__util_fn_size(f) >= LATE_MIN;
}

unsigned hipc__nvptx_defer_math(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_LATE_MATH"))
    return 0;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned always = kind_of("alwaysinline"), conv = kind_of("convergent");
  unsigned fidx = (unsigned)LLVMAttributeFunctionIndex;
  const char *adds[] = {"noinline", "nounwind", "willreturn"};
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
       f = LLVMGetNextFunction(f)) {
    if (!deferrable(f))
      continue;
    LLVMRemoveEnumAttributeAtIndex(f, fidx, always);
    LLVMRemoveEnumAttributeAtIndex(f, fidx, conv);
    for (size_t k = 0; k < sizeof adds / sizeof *adds; k++)
      LLVMAddAttributeAtIndex(
          f, fidx, LLVMCreateEnumAttribute(ctx, kind_of(adds[k]), 0));
    LLVMAddAttributeAtIndex(
        f, fidx,
        LLVMCreateStringAttribute(ctx, LATE_ATTR, strlen(LATE_ATTR), "", 0));
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef call = LLVMGetUser(u);
      if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == f)
        LLVMRemoveCallSiteEnumAttribute(call, fidx, conv);
    }
    n++;
  }
  return n;
}

unsigned hipc__nvptx_inline_math(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned never = kind_of("noinline"), always = kind_of("alwaysinline");
  unsigned fidx = (unsigned)LLVMAttributeFunctionIndex;
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) ||
        LLVMGetStringAttributeAtIndex(f, fidx, LATE_ATTR,
                                      strlen(LATE_ATTR)) == NULL)
      continue;
    LLVMRemoveStringAttributeAtIndex(f, fidx, LATE_ATTR, strlen(LATE_ATTR));
    LLVMRemoveEnumAttributeAtIndex(f, fidx, never);
    LLVMAddAttributeAtIndex(f, fidx, LLVMCreateEnumAttribute(ctx, always, 0));
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef call = LLVMGetUser(u);
      if (LLVMIsACallInst(call))
        LLVMRemoveCallSiteEnumAttribute(call, fidx, never);
    }
    n++;
  }
  if (n > 0)
    hipc__nvptx_run_passes(
        m,
        "always-inline,globaldce,function(sroa,early-cse,"
        "instcombine<no-verify-fixpoint>,simplifycfg)",
        "late inlining of libdevice");
  return n;
}
