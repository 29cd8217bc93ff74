/* The nvvm atomic intrinsics (step 5): scoped ones become atomicrmw and
 * cmpxchg. Monotonic, as HIP's atomicAdd and friends are relaxed; the
 * fences the IR has around them stay. inc and dec (wrapping at a bound)
 * have no atomicrmw counterpart the backends lower everywhere and are the
 * runtime's: hipc_kc_atomic_inc32/dec32. */
#include <string.h>

#include "kc/form_loops.h"
#include "kc/kc.h"

static int starts(const char* s, const char* p) {
  return strncmp(s, p, strlen(p)) == 0;
}

/* The pointer operand in address space 0, for calls to the runtime. */
static LLVMValueRef generic(struct kc_ctx* c, LLVMBuilderRef b,
                            LLVMValueRef p) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(p)) == 0) return p;
  return LLVMBuildAddrSpaceCast(b, p, hipc__util_ptr(c), "");
}

static LLVMValueRef inc_dec(struct kc_ctx* c, LLVMBuilderRef b,
                            LLVMValueRef call, int inc) {
  LLVMValueRef ptr = LLVMGetOperand(call, 0), v = LLVMGetOperand(call, 1);
  if (LLVMTypeOf(v) != hipc__util_i32(c))
    hipc__diag_fail(c, call, "unsupported 64-bit atomic %s",
                    inc ? "increment" : "decrement");
  LLVMTypeRef params[2] = {hipc__util_ptr(c), hipc__util_i32(c)};
  const char* name = inc ? "hipc_kc_atomic_inc32" : "hipc_kc_atomic_dec32";
  LLVMValueRef f = hipc__util_get_fn(c, name, hipc__util_i32(c), params, 2);
  LLVMValueRef args[2] = {generic(c, b, ptr), v};
  LLVMTypeRef fty = LLVMFunctionType(hipc__util_i32(c), params, 2, 0);
  return LLVMBuildCall2(b, fty, f, args, 2, "");
}

/* Lowers `call` (to the intrinsic `name`) and returns 1, or returns 0 when
 * it is no atomic kc knows. */
int hipc__atomics_lower_call(struct kc_ctx* c, LLVMValueRef call,
                             const char* name) {
  const char* p = name + strlen("llvm.nvvm.atomic.");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  LLVMPositionBuilderBefore(b, call);
  LLVMValueRef r = NULL;
  if (starts(p, "load.inc.32.")) {
    r = inc_dec(c, b, call, 1);
  } else if (starts(p, "load.dec.32.")) {
    r = inc_dec(c, b, call, 0);
  } else if (starts(p, "inc.gen.i.")) {
    r = inc_dec(c, b, call, 1);
  } else if (starts(p, "dec.gen.i.")) {
    r = inc_dec(c, b, call, 0);
  } else if (starts(p, "cas.gen.i.")) {
    LLVMValueRef x = LLVMBuildAtomicCmpXchg(
        b, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1),
        LLVMGetOperand(call, 2), LLVMAtomicOrderingMonotonic,
        LLVMAtomicOrderingMonotonic, 0);
    r = LLVMBuildExtractValue(b, x, 0, "");
  } else {
    LLVMAtomicRMWBinOp op;
    if (hipc__atomics_rmw_op(p, &op))
      r = LLVMBuildAtomicRMW(b, op, LLVMGetOperand(call, 0),
                             LLVMGetOperand(call, 1),
                             LLVMAtomicOrderingMonotonic, 0);
  }
  LLVMDisposeBuilder(b);
  if (!r) return 0;
  LLVMReplaceAllUsesWith(call, r);
  LLVMInstructionEraseFromParent(call);
  return 1;
}
