/* Step 3b: the checking form of each kernel, `K.check` (HIPC_CHECK,
 * docs/internals.md "Checking mode"): a copy of K.thread and of every
 * device function it reaches in which each load, store, atomic and memory
 * intrinsic on memory that is not the thread's own first calls
 * hipc_check_access(ptr, size, flags, where), each barrier first calls
 * hipc_check_barrier(where), and malloc/free are the runtime's tracked
 * hipc_check_malloc/hipc_check_free. The runtime runs K.check instead of
 * K.run or K.thread only when HIPC_CHECK is set, so the ordinary path is
 * untouched.
 *
 * The LLVM C API has no function cloner, so the copy is made at module
 * level: the module is copied (through bitcode), the copy's variables become declarations
 * of the original's (made external for the link, internal again after),
 * its functions are renamed "hipc_check.NAME", the code K.thread does not
 * reach is dropped, the rest is instrumented, and the clone is linked back
 * into the module. Everything after this step (variables, intrinsics,
 * optimisation) then treats the copies like the originals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "hip/hipc/kc_abi.h"
#include "kc/kc.h"

#define PREFIX "hipc_check."

/* A global made external for the link, and its linkage before. */
struct saved {
  LLVMValueRef g;
  LLVMLinkage linkage;
  LLVMVisibility vis;
};

struct inst_state {
  struct kc_ctx* c;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMValueRef access, barrier;
  LLVMTypeRef access_ty, barrier_ty;
  /* Source locations already made into strings. */
  struct loc {
    const char* file;
    unsigned line;
    LLVMValueRef str;
  }* locs;
  unsigned nlocs, caplocs;
};

static char* prefixed(const char* name) {
  size_t n = strlen(PREFIX) + strlen(name) + 1;
  char* s = hipc__diag_xmalloc(n);
  snprintf(s, n, "%s%s", PREFIX, name);
  return s;
}

/* The object a pointer is based on, through GEPs and casts. */
static LLVMValueRef base_object(LLVMValueRef p) {
  for (int depth = 0; p && depth < 64; depth++) {
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsAAddrSpaceCastInst(p) ||
        LLVMIsABitCastInst(p)) {
      p = LLVMGetOperand(p, 0);
    } else if (LLVMIsAConstantExpr(p)) {
      LLVMOpcode op = LLVMGetConstOpcode(p);
      if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast &&
          op != LLVMBitCast)
        return p;
      p = LLVMGetOperand(p, 0);
    } else {
      return p;
    }
  }
  return p;
}

/* Whether an access through `p` needs no check: the thread's own stack
 * (an alloca), a variable of the module other than __shared__ ones (its
 * bounds are the compiler's), or memory the runtime hands out (the result
 * of a call to a function the module does not define, such as a warp
 * collective's snapshot or the cooperative groups' record), malloc's
 * blocks excepted. */
static int from_runtime(LLVMValueRef p, int depth) {
  LLVMValueRef o = base_object(p);
  if (!o || depth > 8) return 0;
  if (LLVMIsALoadInst(o)) return from_runtime(LLVMGetOperand(o, 0), depth + 1);
  if (!LLVMIsACallInst(o)) return 0;
  LLVMValueRef f = hipc__util_callee(o);
  if (!f || !LLVMIsDeclaration(f)) return 0;
  const char* n = hipc__util_name(f);
  return strcmp(n, "malloc") != 0 && strcmp(n, "hipc_check_malloc") != 0;
}

static int exempt(LLVMValueRef p) {
  LLVMValueRef o = base_object(p);
  if (!o) return 1;
  if (LLVMIsAAllocaInst(o)) return 1;
  if (from_runtime(p, 0)) return 1;
  if (LLVMIsAGlobalVariable(o))
    return LLVMGetPointerAddressSpace(LLVMTypeOf(o)) != 3;
  return 0;
}

/* "file:line" of `inst` as a private string, or a null pointer. */
static LLVMValueRef where(struct inst_state* st, LLVMValueRef inst) {
  LLVMValueRef null = LLVMConstNull(hipc__util_ptr(st->c));
  unsigned len = 0;
  const char* file = LLVMGetDebugLocFilename(inst, &len);
  unsigned line = LLVMGetDebugLocLine(inst);
  if (!file || !len || !line) return null;
  for (unsigned i = 0; i < st->nlocs; i++)
    if (st->locs[i].line == line && st->locs[i].file == file)
      return st->locs[i].str;
  char buf[512];
  const char* slash = NULL;
  for (unsigned i = 0; i < len; i++)
    if (file[i] == '/') slash = file + i;
  const char* base = slash ? slash + 1 : file;
  snprintf(buf, sizeof buf, "%.*s:%u", (int)(len - (unsigned)(base - file)),
           base, line);
  LLVMValueRef init =
      LLVMConstStringInContext2(st->c->llctx, buf, strlen(buf), 0);
  LLVMValueRef g = LLVMAddGlobal(st->m, LLVMTypeOf(init), PREFIX "where");
  LLVMSetInitializer(g, init);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetAlignment(g, 1);
  if (st->nlocs == st->caplocs) {
    st->caplocs = st->caplocs ? 2 * st->caplocs : 16;
    st->locs = realloc(st->locs, st->caplocs * sizeof *st->locs);
    if (!st->locs) hipc__diag_fatal("out of memory");
  }
  st->locs[st->nlocs++] = (struct loc){file, line, g};
  return g;
}

static void call_access(struct inst_state* st, LLVMValueRef inst,
                        LLVMValueRef p, LLVMValueRef size, unsigned flags) {
  if (exempt(p)) return;
  LLVMPositionBuilderBefore(st->b, inst);
  LLVMTypeRef ptr = hipc__util_ptr(st->c);
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(p)) != 0)
    p = LLVMBuildAddrSpaceCast(st->b, p, ptr, "");
  if (LLVMTypeOf(size) != hipc__util_i64(st->c))
    size = LLVMBuildZExtOrBitCast(st->b, size, hipc__util_i64(st->c), "");
  LLVMValueRef args[] = {p, size,
                         LLVMConstInt(hipc__util_i32(st->c), flags, 0),
                         where(st, inst)};
  LLVMBuildCall2(st->b, st->access_ty, st->access, args, 4, "");
}

static LLVMValueRef type_size(struct inst_state* st, LLVMTypeRef t) {
  return LLVMConstInt(hipc__util_i64(st->c),
                      LLVMStoreSizeOfType(st->c->td, t), 0);
}

static void instrument_call(struct inst_state* st, LLVMValueRef inst) {
  LLVMValueRef callee = hipc__util_callee(inst);
  if (!callee) return;
  const char* name = hipc__util_name(callee);
  if (!strncmp(name, "llvm.memcpy", 11) || !strncmp(name, "llvm.memmove", 12)) {
    LLVMValueRef n = LLVMGetOperand(inst, 2);
    call_access(st, inst, LLVMGetOperand(inst, 1), n, HIPC_CHECK_READ);
    call_access(st, inst, LLVMGetOperand(inst, 0), n, HIPC_CHECK_WRITE);
  } else if (!strncmp(name, "llvm.memset", 11)) {
    call_access(st, inst, LLVMGetOperand(inst, 0), LLVMGetOperand(inst, 2),
                HIPC_CHECK_WRITE);
  } else if (!strncmp(name, "llvm.nvvm.barrier", 17)) {
    LLVMPositionBuilderBefore(st->b, inst);
    LLVMValueRef w = where(st, inst);
    LLVMBuildCall2(st->b, st->barrier_ty, st->barrier, &w, 1, "");
  }
}

static void instrument_fn(struct inst_state* st, LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef next;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = next) {
      next = LLVMGetNextInstruction(i);
      switch (LLVMGetInstructionOpcode(i)) {
        case LLVMLoad:
          call_access(st, i, LLVMGetOperand(i, 0), type_size(st, LLVMTypeOf(i)),
                      HIPC_CHECK_READ);
          break;
        case LLVMStore:
          call_access(st, i, LLVMGetOperand(i, 1),
                      type_size(st, LLVMTypeOf(LLVMGetOperand(i, 0))),
                      HIPC_CHECK_WRITE);
          break;
        case LLVMAtomicRMW:
        case LLVMAtomicCmpXchg:
          call_access(st, i, LLVMGetOperand(i, 0),
                      type_size(st, LLVMTypeOf(LLVMGetOperand(i, 1))),
                      HIPC_CHECK_READ | HIPC_CHECK_WRITE | HIPC_CHECK_ATOMIC);
          break;
        case LLVMCall:
          instrument_call(st, i);
          break;
        default:
          break;
      }
    }
  }
}

/* Calls of malloc and free in the copies go to the runtime's tracked
 * versions, so that memcheck knows the device heap's blocks. */
static void redirect(struct kc_ctx* c, LLVMModuleRef m, const char* from,
                     const char* to) {
  LLVMValueRef f = LLVMGetNamedFunction(m, from);
  if (!f) return;
  LLVMValueRef t = LLVMGetNamedFunction(m, to);
  if (!t) t = LLVMAddFunction(m, to, LLVMGlobalGetValueType(f));
  (void)c;
  LLVMReplaceAllUsesWith(f, t);
}

static void run_pass(LLVMModuleRef m, struct kc_ctx* c, const char* p) {
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(m, p, c->tm, o);
  LLVMDisposePassBuilderOptions(o);
  if (e) {
    char* msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("checking form: %s: %s", p, msg);
  }
}

static int is_thread_fn(struct kc_ctx* c, const char* name) {
  for (unsigned i = 0; i < c->num_kernels; i++)
    if (!strcmp(hipc__util_name(c->kernels[i].thread), name)) return 1;
  return 0;
}

/* Prepares the clone: variables as declarations, only what the K.thread
 * copies reach, every function renamed. */
static void prepare_clone(struct kc_ctx* c, LLVMModuleRef m) {
  /* Appending lists (annotations, llvm.used) stay the original's. */
  LLVMValueRef g = LLVMGetFirstGlobal(m);
  while (g) {
    LLVMValueRef next = LLVMGetNextGlobal(g);
    if (LLVMGetLinkage(g) == LLVMAppendingLinkage) {
      LLVMDeleteGlobal(g);
    } else if (!LLVMIsDeclaration(g)) {
      LLVMSetInitializer(g, NULL);
      LLVMSetLinkage(g, LLVMExternalLinkage);
      LLVMSetComdat(g, NULL);
    }
    g = next;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      LLVMSetLinkage(f, is_thread_fn(c, hipc__util_name(f))
                            ? LLVMExternalLinkage
                            : LLVMInternalLinkage);
  /* The headers' always_inline wrappers vanish, so that what the runtime
   * returns is seen where it is used (exempt()). */
  run_pass(m, c, "always-inline,function(sroa,early-cse),globaldce");
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    char* n = prefixed(hipc__util_name(f));
    LLVMSetValueName2(f, n, strlen(n));
    free(n);
    LLVMSetComdat(f, NULL);
  }
}

void hipc__check_build(struct kc_ctx* c) {
  if (!c->num_kernels) return;
  /* The clone's references to the module's local variables must resolve
   * to them by name: external for the link. */
  unsigned n = 0, cap = 0;
  struct saved* saved = NULL;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g;
       g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    if (LLVMIsDeclaration(g) ||
        (l != LLVMInternalLinkage && l != LLVMPrivateLinkage))
      continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      saved = realloc(saved, cap * sizeof *saved);
      if (!saved) hipc__diag_fatal("out of memory");
    }
    saved[n++] = (struct saved){g, l, LLVMGetVisibility(g)};
    size_t len;
    LLVMGetValueName2(g, &len);
    if (!len) LLVMSetValueName2(g, PREFIX "var", strlen(PREFIX "var"));
    LLVMSetLinkage(g, LLVMExternalLinkage);
    LLVMSetVisibility(g, LLVMHiddenVisibility);
  }
  /* A copy through bitcode rather than LLVMCloneModule: read back into the
   * context, the copy has struct types of its own, which the linker maps
   * onto the module's as when linking separately compiled modules (a
   * clone sharing the module's types confuses its type mapping). */
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(c->mod);
  LLVMModuleRef m = NULL;
  if (!bc || LLVMParseBitcodeInContext2(c->llctx, bc, &m))
    hipc__diag_fatal("checking form: copying the module failed");
  LLVMDisposeMemoryBuffer(bc);
  prepare_clone(c, m);

  struct inst_state st = {.c = c, .m = m};
  st.b = LLVMCreateBuilderInContext(c->llctx);
  LLVMTypeRef ptr = hipc__util_ptr(c), vty = LLVMVoidTypeInContext(c->llctx);
  LLVMTypeRef ap[] = {ptr, hipc__util_i64(c), hipc__util_i32(c), ptr};
  st.access_ty = LLVMFunctionType(vty, ap, 4, 0);
  st.access = LLVMAddFunction(m, "hipc_check_access", st.access_ty);
  st.barrier_ty = LLVMFunctionType(vty, &ptr, 1, 0);
  st.barrier = LLVMAddFunction(m, "hipc_check_barrier", st.barrier_ty);
  size_t plen = strlen(PREFIX);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    /* The copies of K.thread only read the packed arguments. */
    if (is_thread_fn(c, hipc__util_name(f) + plen)) continue;
    instrument_fn(&st, f);
  }
  LLVMDisposeBuilder(st.b);
  free(st.locs);
  redirect(c, m, "malloc", "hipc_check_malloc");
  redirect(c, m, "free", "hipc_check_free");

  if (LLVMLinkModules2(c->mod, m))
    hipc__diag_fatal("checking form: linking the copy failed");
  for (unsigned i = 0; i < n; i++) {
    LLVMSetLinkage(saved[i].g, saved[i].linkage);
    LLVMSetVisibility(saved[i].g, saved[i].vis);
  }
  free(saved);
  for (unsigned i = 0; i < c->num_kernels; i++) {
    struct kc_kernel* k = &c->kernels[i];
    char* name = prefixed(hipc__util_name(k->thread));
    k->check = LLVMGetNamedFunction(c->mod, name);
    if (!k->check)
      hipc__diag_fatal("checking form: %s is missing after the link", name);
    free(name);
    LLVMSetLinkage(k->check, LLVMInternalLinkage);
  }
}
