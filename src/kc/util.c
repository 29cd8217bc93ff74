/* Small helpers over LLVM's C API that several passes use. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/kernel.h"
#include "kc/kc.h"

LLVMTypeRef hipc__util_ptr(struct kc_ctx* c) {
  return LLVMPointerTypeInContext(c->llctx, 0);
}
LLVMTypeRef hipc__util_i32(struct kc_ctx* c) {
  return LLVMInt32TypeInContext(c->llctx);
}
LLVMTypeRef hipc__util_i64(struct kc_ctx* c) {
  return LLVMInt64TypeInContext(c->llctx);
}

const char* hipc__util_name(LLVMValueRef v) {
  size_t len;
  const char* s = LLVMGetValueName2(v, &len);
  return s ? s : "";
}

/* The declaration of `name`, made with the given type when the module has
 * none. A declaration with another type is kept: calls to it are built
 * with the type asked for, which the C API allows for opaque pointers. */
LLVMValueRef hipc__util_get_fn(struct kc_ctx* c, const char* name,
                               LLVMTypeRef ret, LLVMTypeRef* params,
                               unsigned n) {
  LLVMValueRef f = LLVMGetNamedFunction(c->mod, name);
  if (f) return f;
  LLVMTypeRef ty = LLVMFunctionType(ret, params, n, 0);
  f = LLVMAddFunction(c->mod, name, ty);
  LLVMSetLinkage(f, LLVMExternalLinkage);
  return f;
}

LLVMValueRef hipc__util_callee(LLVMValueRef call) {
  if (!LLVMIsACallInst(call) && !LLVMIsAInvokeInst(call)) return NULL;
  LLVMValueRef v = LLVMGetCalledValue(call);
  return v && LLVMIsAFunction(v) ? v : NULL;
}

void hipc__util_position_entry(LLVMBuilderRef b, LLVMValueRef fn) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef i = LLVMGetFirstInstruction(entry);
  while (i && LLVMIsAAllocaInst(i)) i = LLVMGetNextInstruction(i);
  if (i)
    LLVMPositionBuilderBefore(b, i);
  else
    LLVMPositionBuilderAtEnd(b, entry);
}

/* hipc_tls is the runtime's initial-exec thread-local hipc_thread_state
 * (hip/hipc/kernel.h); its fields are addressed by byte offset. */
LLVMValueRef hipc__util_tls_field(struct kc_ctx* c, LLVMBuilderRef b,
                                  uint64_t offset) {
  LLVMValueRef tls = LLVMGetNamedGlobal(c->mod, "hipc_tls");
  if (!tls) {
    LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(c->llctx),
                                    sizeof(hipc_thread_state));
    tls = LLVMAddGlobal(c->mod, ty, "hipc_tls");
    LLVMSetLinkage(tls, LLVMExternalLinkage);
    LLVMSetThreadLocal(tls, 1);
    LLVMSetThreadLocalMode(tls, LLVMInitialExecTLSModel);
    LLVMSetAlignment(tls, _Alignof(hipc_thread_state));
  }
  if (offset == 0) return tls;
  LLVMValueRef idx = LLVMConstInt(hipc__util_i64(c), offset, 0);
  return LLVMBuildInBoundsGEP2(b, LLVMInt8TypeInContext(c->llctx), tls, &idx,
                               1, "");
}

int hipc__util_switched_off(const char* var) {
  const char* e = getenv(var);
  return e != NULL && strcmp(e, "0") == 0;
}

unsigned hipc__util_fn_size(LLVMValueRef f) {
  unsigned n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i;
         i = LLVMGetNextInstruction(i))
      n++;
  return n;
}
