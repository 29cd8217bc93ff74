/* Step 5: the nvvm intrinsics and CUDA's runtime calls, lowered as
 * docs/frontend.md's table says (fiber form: the region form has already
 * handled the indices and barriers of the kernels it took). Anything else
 * in llvm.nvvm.*, and any inline assembly, is an error. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/kernel.h"
#include "kc/kc.h"

static int starts(const char* s, const char* p) {
  return strncmp(s, p, strlen(p)) == 0;
}

/* hipc_tls fields of the special registers, per axis. */
static const struct {
  const char* name;
  size_t offset;
} sregs[] = {
    {"tid", offsetof(hipc_thread_state, thread_idx)},
    {"ntid", offsetof(hipc_thread_state, block_dim)},
    {"ctaid", offsetof(hipc_thread_state, block_idx)},
    {"nctaid", offsetof(hipc_thread_state, grid_dim)},
};

static LLVMValueRef tls_u32(struct kc_ctx* c, LLVMBuilderRef b, size_t off) {
  LLVMValueRef v = LLVMBuildLoad2(b, hipc__util_i32(c),
                                  hipc__util_tls_field(c, b, off), "");
  LLVMSetAlignment(v, 4);
  return v;
}

/* A special register's value, or NULL for one kc does not know. */
static LLVMValueRef sreg(struct kc_ctx* c, LLVMBuilderRef b, const char* r) {
  for (size_t i = 0; i < sizeof sregs / sizeof *sregs; i++) {
    size_t n = strlen(sregs[i].name);
    if (strncmp(r, sregs[i].name, n) == 0 && r[n] == '.' && r[n + 1] &&
        r[n + 1] >= 'x' && r[n + 1] <= 'z' && !r[n + 2])
      return tls_u32(c, b, sregs[i].offset + 4 * (size_t)(r[n + 1] - 'x'));
  }
  if (strcmp(r, "warpsize") == 0)
    return tls_u32(c, b, offsetof(hipc_thread_state, warp_size));
  if (strcmp(r, "laneid") == 0) {
    /* The linear thread index modulo the warp size. */
    size_t t = offsetof(hipc_thread_state, thread_idx);
    size_t d = offsetof(hipc_thread_state, block_dim);
    LLVMValueRef lin = tls_u32(c, b, t + 8);
    lin = LLVMBuildMul(b, lin, tls_u32(c, b, d + 4), "");
    lin = LLVMBuildAdd(b, lin, tls_u32(c, b, t + 4), "");
    lin = LLVMBuildMul(b, lin, tls_u32(c, b, d), "");
    lin = LLVMBuildAdd(b, lin, tls_u32(c, b, t), "");
    return LLVMBuildURem(
        b, lin, tls_u32(c, b, offsetof(hipc_thread_state, warp_size)), "lane");
  }
  const struct {
    const char* reg;
    const char* fn;
    int bits;
  } clocks[] = {{"clock", "hipc_kc_clock", 32},
                {"clock64", "hipc_kc_clock64", 64},
                {"globaltimer", "hipc_kc_globaltimer", 64}};
  for (size_t i = 0; i < 3; i++)
    if (strcmp(r, clocks[i].reg) == 0) {
      LLVMTypeRef t = clocks[i].bits == 32 ? hipc__util_i32(c)
                                           : hipc__util_i64(c);
      LLVMValueRef f = hipc__util_get_fn(c, clocks[i].fn, t, NULL, 0);
      return LLVMBuildCall2(b, LLVMFunctionType(t, NULL, 0, 0), f, NULL, 0,
                            "");
    }
  return NULL;
}

/* barrier0.popc/and/or: hipc_cpu_syncthreads_count(pred, &arrived). */
static LLVMValueRef barrier_count(struct kc_ctx* c, LLVMBuilderRef b,
                                  LLVMValueRef call, const char* kind) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  LLVMBuilderRef eb = LLVMCreateBuilderInContext(c->llctx);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  LLVMPositionBuilderBefore(eb, first);
  LLVMValueRef arrived = LLVMBuildAlloca(eb, hipc__util_i32(c), "arrived");
  LLVMDisposeBuilder(eb);
  LLVMTypeRef params[2] = {hipc__util_i32(c), hipc__util_ptr(c)};
  LLVMTypeRef fty = LLVMFunctionType(hipc__util_i32(c), params, 2, 0);
  LLVMValueRef f = hipc__util_get_fn(c, "hipc_cpu_syncthreads_count",
                                     hipc__util_i32(c), params, 2);
  LLVMValueRef args[2] = {LLVMGetOperand(call, 0), arrived};
  LLVMValueRef n = LLVMBuildCall2(b, fty, f, args, 2, "");
  if (strcmp(kind, "popc") == 0) return n;
  LLVMValueRef cmp;
  if (strcmp(kind, "and") == 0) {
    LLVMValueRef a = LLVMBuildLoad2(b, hipc__util_i32(c), arrived, "");
    cmp = LLVMBuildICmp(b, LLVMIntEQ, n, a, "");
  } else {
    cmp = LLVMBuildICmp(b, LLVMIntNE, n, LLVMConstInt(hipc__util_i32(c), 0, 0),
                        "");
  }
  return LLVMBuildZExt(b, cmp, LLVMTypeOf(call), "");
}

static LLVMValueRef call_rt(struct kc_ctx* c, LLVMBuilderRef b,
                            const char* name, LLVMValueRef call) {
  LLVMTypeRef fty = LLVMGetCalledFunctionType(call);
  unsigned n = LLVMCountParamTypes(fty);
  LLVMTypeRef* pt = hipc__diag_xmalloc(n * sizeof *pt);
  LLVMGetParamTypes(fty, pt);
  LLVMValueRef f = hipc__util_get_fn(c, name, LLVMGetReturnType(fty), pt, n);
  LLVMValueRef* args = hipc__diag_xmalloc(n * sizeof *args);
  for (unsigned i = 0; i < n; i++) args[i] = LLVMGetOperand(call, i);
  LLVMValueRef r = LLVMBuildCall2(b, fty, f, args, n, "");
  free(pt);
  free(args);
  return r;
}

/* The nvvm intrinsic `name` called by `call`: its replacement (NULL for a
 * call that returns nothing), or fails. */
static LLVMValueRef lower_nvvm(struct kc_ctx* c, LLVMBuilderRef b,
                               LLVMValueRef call, const char* name,
                               int* done) {
  const char* p = name + strlen("llvm.nvvm.");
  *done = 1;
  if (starts(p, "read.ptx.sreg.")) {
    LLVMValueRef v = sreg(c, b, p + strlen("read.ptx.sreg."));
    if (v) return v;
  } else if (strcmp(p, "barrier0") == 0) {
    LLVMValueRef f = hipc__util_get_fn(c, "hipc_cpu_syncthreads",
                                       LLVMVoidTypeInContext(c->llctx), NULL,
                                       0);
    LLVMBuildCall2(
        b, LLVMFunctionType(LLVMVoidTypeInContext(c->llctx), NULL, 0, 0), f,
        NULL, 0, "");
    return NULL;
  } else if (starts(p, "barrier0.")) {
    const char* kind = p + strlen("barrier0.");
    if (!strcmp(kind, "popc") || !strcmp(kind, "and") || !strcmp(kind, "or"))
      return barrier_count(c, b, call, kind);
  } else if (starts(p, "membar.")) {
    LLVMBuildFence(b, LLVMAtomicOrderingSequentiallyConsistent, 0, "");
    return NULL;
  } else if (strcmp(p, "nanosleep") == 0) {
    call_rt(c, b, "hipc_kc_nanosleep", call);
    return NULL;
  } else if (starts(p, "ldg.global.") || starts(p, "ldu.global.")) {
    /* __ldg: a load through the read-only cache, a plain load here. */
    LLVMValueRef v = LLVMBuildLoad2(b, LLVMTypeOf(call),
                                    LLVMGetOperand(call, 0), "");
    LLVMValueRef al = LLVMGetOperand(call, 1);
    if (LLVMIsAConstantInt(al))
      LLVMSetAlignment(v, (unsigned)LLVMConstIntGetZExtValue(al));
    return v;
  } else if (starts(p, "atomic.")) {
    *done = 2; /* atomics.c replaces the call itself */
    if (hipc__atomics_lower_call(c, call, name)) return NULL;
  } else if (strcmp(p, "reflect") == 0) {
    /* NVVMReflect's queries (__CUDA_FTZ, __CUDA_ARCH, ...): none holds. */
    return LLVMConstInt(LLVMTypeOf(call), 0, 0);
  }
  hipc__diag_fail(c, call, "unsupported intrinsic %s", name);
}

/* __nv_X: libm's function or an LLVM intrinsic (libdevice_map.h); the
 * others stay calls to the runtime's __nv_X. */
static const char* libdevice_target(const char* name, int* intrinsic) {
#define HIPC_KC_LIBM(nv, libm) \
  if (strcmp(name, #nv) == 0) return *intrinsic = 0, #libm;
#define HIPC_KC_INTRINSIC(nv, intr) \
  if (strcmp(name, #nv) == 0) return *intrinsic = 1, intr;
#include "kc/libdevice_map.h"
#undef HIPC_KC_LIBM
#undef HIPC_KC_INTRINSIC
  return NULL;
}

/* libdevice's round-to-nearest arithmetic and conversions are the plain
 * IR operations (without fast-math flags, so never contracted into an
 * fma): inline, they vectorise where a call to the runtime's __nv_X would
 * not. Returns the replacement, or NULL for another function. */
static LLVMValueRef nv_inline(LLVMBuilderRef b, LLVMValueRef call,
                              const char* name) {
  static const struct {
    const char* name;
    LLVMOpcode op;
  } ops[] = {
      {"__nv_fadd_rn", LLVMFAdd},        {"__nv_dadd_rn", LLVMFAdd},
      {"__nv_fsub_rn", LLVMFSub},        {"__nv_dsub_rn", LLVMFSub},
      {"__nv_fmul_rn", LLVMFMul},        {"__nv_dmul_rn", LLVMFMul},
      {"__nv_fdiv_rn", LLVMFDiv},        {"__nv_ddiv_rn", LLVMFDiv},
      {"__nv_int2float_rn", LLVMSIToFP}, {"__nv_uint2float_rn", LLVMUIToFP},
      {"__nv_ll2float_rn", LLVMSIToFP},  {"__nv_ull2float_rn", LLVMUIToFP},
      {"__nv_ll2double_rn", LLVMSIToFP}, {"__nv_ull2double_rn", LLVMUIToFP},
      {"__nv_int2double_rn", LLVMSIToFP}, {"__nv_uint2double_rn", LLVMUIToFP},
      {"__nv_double2float_rn", LLVMFPTrunc},
  };
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
    if (strcmp(name, ops[i].name) != 0) continue;
    LLVMValueRef a = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(call);
    if (ops[i].op == LLVMSIToFP || ops[i].op == LLVMUIToFP ||
        ops[i].op == LLVMFPTrunc)
      return LLVMBuildCast(b, ops[i].op, a, t, "");
    return LLVMBuildBinOp(b, ops[i].op, a, LLVMGetOperand(call, 1), "");
  }
  if (strcmp(name, "__nv_frcp_rn") == 0 || strcmp(name, "__nv_drcp_rn") == 0)
    return LLVMBuildFDiv(b, LLVMConstReal(LLVMTypeOf(call), 1.0),
                         LLVMGetOperand(call, 0), "");
  return NULL;
}

/* A global string constant holding `s` (len bytes, then a NUL). */
static LLVMValueRef string_of(LLVMBuilderRef b, const char* s, size_t len) {
  char* z = hipc__diag_xmalloc(len + 1);
  memcpy(z, s, len);
  LLVMValueRef g = LLVMBuildGlobalStringPtr(b, z, "hipc.asm");
  free(z);
  return g;
}

/* PTX inline assembly in a build for GPUs too (--ptx-asm-aborts): the
 * CPU device cannot run it, so the call becomes the CPU device's assert
 * failure, which names the assembly, the source line where -g gave one,
 * and the kernel, block and thread, then aborts. The value it gave is
 * undefined past a call that does not return. */
static void abort_asm(struct kc_ctx* c, LLVMValueRef call, LLVMValueRef asm_) {
  size_t alen = 0;
  const char* text = LLVMGetInlineAsmAsmString(asm_, &alen);
  static const char head[] =
      "PTX inline assembly, which the CPU device cannot run: ";
  size_t n = sizeof head - 1 + alen;
  char* msg = hipc__diag_xmalloc(n + 1);
  memcpy(msg, head, sizeof head - 1);
  memcpy(msg + sizeof head - 1, text, alen);
  for (char* p = msg; *p; p++)
    if (*p == '\n' || *p == '\t') *p = ' ';
  unsigned dlen = 0;
  const char* file = LLVMGetDebugLocFilename(call, &dlen);
  unsigned line = LLVMGetDebugLocLine(call);
  size_t flen = dlen;
  if (!file || !flen) file = hipc__diag_source_file(c, &flen);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  size_t fnlen = 0;
  const char* fname = LLVMGetValueName2(fn, &fnlen);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  LLVMPositionBuilderBefore(b, call);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c->llctx, 0);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->llctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c->llctx);
  LLVMTypeRef params[5] = {ptr, ptr, i32, ptr, i64};
  LLVMTypeRef fty =
      LLVMFunctionType(LLVMVoidTypeInContext(c->llctx), params, 5, 0);
  LLVMValueRef f = LLVMGetNamedFunction(c->mod, "hipc_kc_assertfail");
  if (!f) f = LLVMAddFunction(c->mod, "hipc_kc_assertfail", fty);
  LLVMValueRef args[5] = {string_of(b, msg, n), string_of(b, file, flen),
                          LLVMConstInt(i32, line, 0),
                          string_of(b, fname, fnlen),
                          LLVMConstInt(i64, 1, 0)};
  LLVMBuildCall2(b, fty, f, args, 5, "");
  LLVMDisposeBuilder(b);
  free(msg);
  LLVMTypeRef t = LLVMTypeOf(call);
  if (LLVMGetTypeKind(t) != LLVMVoidTypeKind)
    LLVMReplaceAllUsesWith(call, LLVMGetUndef(t));
  LLVMInstructionEraseFromParent(call);
}

static void lower_call(struct kc_ctx* c, LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (callee && LLVMIsAInlineAsm(callee) && c->ptx_asm_aborts) {
    abort_asm(c, call, callee);
    return;
  }
  if (callee && LLVMIsAInlineAsm(callee))
    hipc__diag_fail(c, call,
                    "inline assembly, which the CPU device cannot run "
                    "(a build for GPUs too, --offload-arch=sm_XX, makes "
                    "the CPU device's kernel abort there instead)");
  if (!callee || !LLVMIsAFunction(callee)) return;
  const char* name = hipc__util_name(callee);
  const char* target = NULL;
  int intrinsic = 0;
  if (strcmp(name, "vprintf") == 0)
    target = c->printf_buffered ? "hipc_kc_vprintf_buffered" : "hipc_kc_vprintf";
  else if (strcmp(name, "__assertfail") == 0)
    target = "hipc_kc_assertfail";
  else if (starts(name, "__nv_") && LLVMIsDeclaration(callee)) {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef r = nv_inline(b, call, name);
    LLVMDisposeBuilder(b);
    if (r) {
      LLVMReplaceAllUsesWith(call, r);
      LLVMInstructionEraseFromParent(call);
      return;
    }
    target = libdevice_target(name, &intrinsic);
  }
  if (target) {
    /* Same arguments: only the callee changes. */
    LLVMTypeRef fty = LLVMGetCalledFunctionType(call);
    LLVMValueRef f = LLVMGetNamedFunction(c->mod, target);
    if (!f) f = LLVMAddFunction(c->mod, target, fty);
    LLVMSetOperand(call, (unsigned)LLVMGetNumOperands(call) - 1, f);
    return;
  }
  if (!starts(name, "llvm.nvvm.")) return;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  LLVMPositionBuilderBefore(b, call);
  int done = 0;
  LLVMValueRef r = lower_nvvm(c, b, call, name, &done);
  LLVMDisposeBuilder(b);
  if (done == 2) return;
  if (r) LLVMReplaceAllUsesWith(call, r);
  LLVMInstructionEraseFromParent(call);
}

/* `convergent` tells GPU optimisers that the set of threads reaching a
 * call matters. On the CPU device each thread has its own stack (fibers)
 * or the region form has already placed the barriers, so a barrier is an
 * ordinary call, and the attribute would only hold optimisations back. */
static void drop_convergent(LLVMValueRef f) {
  const unsigned fn_index = (unsigned)LLVMAttributeFunctionIndex;
  unsigned kind = LLVMGetEnumAttributeKindForName("convergent", 10);
  LLVMRemoveEnumAttributeAtIndex(f, fn_index, kind);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) || LLVMIsAInvokeInst(i))
        LLVMRemoveCallSiteEnumAttribute(i, fn_index, kind);
}

void hipc__intrinsics_lower(struct kc_ctx* c) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef i = LLVMGetFirstInstruction(bb);
      while (i) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        if (LLVMIsACallInst(i) || LLVMIsAInvokeInst(i)) lower_call(c, i);
        i = next;
      }
    }
    drop_convergent(f);
  }
  /* The declarations nothing calls any more. */
  LLVMValueRef f = LLVMGetFirstFunction(c->mod);
  while (f) {
    LLVMValueRef next = LLVMGetNextFunction(f);
    const char* n = hipc__util_name(f);
    if (LLVMIsDeclaration(f) && !LLVMGetFirstUse(f) &&
        (starts(n, "llvm.nvvm.") || !strcmp(n, "vprintf") ||
         !strcmp(n, "__assertfail") || starts(n, "__nv_")))
      LLVMDeleteFunction(f);
    f = next;
  }
}
