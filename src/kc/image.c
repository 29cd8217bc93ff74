/* Step 6: the image the runtime finds the kernels and variables by
 * (hip/hipc/kc_abi.h), as internal constants, and the constructor that
 * registers it (priority 101, before the host object's registrations can
 * need it) with the destructor that takes it back when a code object is
 * unloaded. The LLVM struct types below follow kc_abi.h field by field;
 * with the host datalayout they lay out as the C compiler lays it out. */
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/kc_abi.h"
#include "kc/kc.h"

struct types {
  LLVMTypeRef i32, i64, ptr, kernel, var, image;
};

static void make_types(struct kc_ctx* c, struct types* t) {
  t->i32 = hipc__util_i32(c);
  t->i64 = hipc__util_i64(c);
  t->ptr = hipc__util_ptr(c);
  LLVMTypeRef k[] = {t->ptr, t->ptr, t->ptr, t->i32, t->ptr, t->ptr, t->ptr,
                     t->i32, t->i32, t->i32, t->i32, t->i32, t->ptr, t->i32,
                     t->ptr};
  t->kernel = LLVMStructTypeInContext(c->llctx, k, 15, 0);
  LLVMTypeRef v[] = {t->ptr, t->ptr, t->i64, t->i32};
  t->var = LLVMStructTypeInContext(c->llctx, v, 4, 0);
  LLVMTypeRef im[] = {t->i32, t->ptr, t->i32, t->i32, t->ptr, t->i32, t->ptr};
  t->image = LLVMStructTypeInContext(c->llctx, im, 7, 0);
}

static LLVMValueRef private_const(struct kc_ctx* c, LLVMValueRef init,
                                  const char* name) {
  LLVMValueRef g = LLVMAddGlobal(c->mod, LLVMTypeOf(init), name);
  LLVMSetInitializer(g, init);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  return g;
}

static LLVMValueRef cstring(struct kc_ctx* c, const char* s) {
  if (!s) return LLVMConstNull(hipc__util_ptr(c));
  LLVMValueRef init =
      LLVMConstStringInContext2(c->llctx, s, strlen(s), 0);
  LLVMValueRef g = private_const(c, init, "hipc_kc.str");
  LLVMSetAlignment(g, 1);
  return g;
}

static LLVMValueRef u32_array(struct kc_ctx* c, const uint32_t* v,
                              unsigned n) {
  if (n == 0) return LLVMConstNull(hipc__util_ptr(c));
  LLVMValueRef* e = hipc__diag_xmalloc(n * sizeof *e);
  for (unsigned i = 0; i < n; i++)
    e[i] = LLVMConstInt(hipc__util_i32(c), v[i], 0);
  LLVMValueRef a = LLVMConstArray2(hipc__util_i32(c), e, n);
  free(e);
  return private_const(c, a, "hipc_kc.params");
}

static LLVMValueRef kernel_entry(struct kc_ctx* c, struct types* t,
                                 struct kc_kernel* k) {
  const struct kc_param_layout* l = &k->layout;
  LLVMValueRef f[15] = {
      cstring(c, k->name),
      k->run ? k->run : LLVMConstNull(t->ptr),
      k->thread,
      LLVMConstInt(t->i32, l->n, 0),
      u32_array(c, l->offset, l->n),
      u32_array(c, l->size, l->n),
      u32_array(c, l->align, l->n),
      LLVMConstInt(t->i32, l->args_size, 0),
      LLVMConstInt(t->i32, l->args_align, 0),
      LLVMConstInt(t->i32, k->max_threads, 0),
      LLVMConstInt(t->i32, k->min_warps, 0),
      LLVMConstInt(t->i32, k->run ? HIPC_KC_FORM_LOOPS : HIPC_KC_FORM_FIBERS,
                   0),
      cstring(c, k->note),
      LLVMConstInt(t->i32, k->static_shared, 0),
      k->check ? k->check : LLVMConstNull(t->ptr),
  };
  return LLVMConstStructInContext(c->llctx, f, 15, 0);
}

/* void NAME() { CALLEE(&image); }, internal. */
static LLVMValueRef caller(struct kc_ctx* c, struct types* t,
                           const char* name, const char* callee,
                           LLVMValueRef image) {
  LLVMTypeRef vty = LLVMVoidTypeInContext(c->llctx);
  LLVMValueRef fn =
      LLVMAddFunction(c->mod, name, LLVMFunctionType(vty, NULL, 0, 0));
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMValueRef target = hipc__util_get_fn(c, callee, vty, &t->ptr, 1);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c->llctx, fn, ""));
  LLVMBuildCall2(b, LLVMFunctionType(vty, &t->ptr, 1, 0), target, &image, 1,
                 "");
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return fn;
}

/* Appends {101, fn, null} to llvm.global_ctors or llvm.global_dtors. */
static void add_structor(struct kc_ctx* c, struct types* t, const char* list,
                         LLVMValueRef fn) {
  LLVMTypeRef et[] = {t->i32, t->ptr, t->ptr};
  LLVMTypeRef ety = LLVMStructTypeInContext(c->llctx, et, 3, 0);
  LLVMValueRef old = LLVMGetNamedGlobal(c->mod, list);
  unsigned n = 0;
  if (old && LLVMGetInitializer(old))
    n = (unsigned)LLVMGetNumOperands(LLVMGetInitializer(old));
  LLVMValueRef* e = hipc__diag_xmalloc((n + 1) * sizeof *e);
  for (unsigned i = 0; i < n; i++)
    e[i] = LLVMGetOperand(LLVMGetInitializer(old), i);
  LLVMValueRef mine[] = {LLVMConstInt(t->i32, 101, 0), fn,
                         LLVMConstNull(t->ptr)};
  e[n] = LLVMConstStructInContext(c->llctx, mine, 3, 0);
  if (n) ety = LLVMTypeOf(e[0]);
  LLVMValueRef init = LLVMConstArray2(ety, e, n + 1);
  free(e);
  if (old) LLVMDeleteGlobal(old);
  LLVMValueRef g = LLVMAddGlobal(c->mod, LLVMTypeOf(init), list);
  LLVMSetLinkage(g, LLVMAppendingLinkage);
  LLVMSetInitializer(g, init);
}

void hipc__image_emit(struct kc_ctx* c) {
  struct types t;
  make_types(c, &t);
  LLVMValueRef kernels = LLVMConstNull(t.ptr), vars = LLVMConstNull(t.ptr);
  if (c->num_kernels) {
    LLVMValueRef* e = hipc__diag_xmalloc(c->num_kernels * sizeof *e);
    for (unsigned i = 0; i < c->num_kernels; i++)
      e[i] = kernel_entry(c, &t, &c->kernels[i]);
    kernels = private_const(c, LLVMConstArray2(t.kernel, e, c->num_kernels),
                            "hipc_kc.kernels");
    free(e);
  }
  if (c->num_vars) {
    LLVMValueRef* e = hipc__diag_xmalloc(c->num_vars * sizeof *e);
    for (unsigned i = 0; i < c->num_vars; i++) {
      struct kc_var* v = &c->vars[i];
      LLVMValueRef f[4] = {cstring(c, v->name), v->storage,
                           LLVMConstInt(t.i64, v->size, 0),
                           LLVMConstInt(t.i32, v->flags, 0)};
      e[i] = LLVMConstStructInContext(c->llctx, f, 4, 0);
    }
    vars = private_const(c, LLVMConstArray2(t.var, e, c->num_vars),
                         "hipc_kc.vars");
    free(e);
  }
  LLVMValueRef f[7] = {
      LLVMConstInt(t.i32, HIPC_KC_IMAGE_VERSION, 0),
      cstring(c, c->id),
      LLVMConstInt(t.i32, c->static_shared, 0),
      LLVMConstInt(t.i32, c->num_kernels, 0),
      kernels,
      LLVMConstInt(t.i32, c->num_vars, 0),
      vars,
  };
  LLVMValueRef image =
      private_const(c, LLVMConstStructInContext(c->llctx, f, 7, 0), "hipc_kc.image");
  LLVMSetLinkage(image, LLVMInternalLinkage);
  add_structor(c, &t, "llvm.global_ctors",
               caller(c, &t, "hipc_kc.register", "hipc_kc_register_image",
                      image));
  add_structor(c, &t, "llvm.global_dtors",
               caller(c, &t, "hipc_kc.unregister",
                      "hipc_kc_unregister_image", image));
}
