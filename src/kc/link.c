/* Linkage: the object kc writes defines nothing external but the device
 * functions other translation units may call (docs/frontend.md), so any
 * number of them link together and with the host objects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Comdat.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "hip/hipc/kc_abi.h"
#include "kc/kc.h"

static int is_kernel(struct kc_ctx* c, LLVMValueRef f) {
  for (unsigned i = 0; i < c->num_kernels; i++)
    if (c->kernels[i].fn == f) return 1;
  return 0;
}

static void make_internal(LLVMValueRef v) {
  LLVMSetLinkage(v, LLVMInternalLinkage);
  LLVMSetVisibility(v, LLVMDefaultVisibility);
  LLVMSetDLLStorageClass(v, LLVMDefaultStorageClass);
  /* A comdat would tie the definition to other objects' copies. */
  LLVMSetComdat(v, NULL);
}

#define DEV_PREFIX HIPC_KC_DEV_PREFIX

static int is_shared_device_fn(LLVMValueRef f) {
  return strncmp(hipc__util_name(f), DEV_PREFIX, strlen(DEV_PREFIX)) == 0;
}

/* A C++ `__device__` function that other translation units may define or
 * call (relocatable device code, which the CPU device always has): it keeps
 * its linkage under the name `__hipc_dev_` + its mangled name, hidden, so
 * that it never meets the host object's function of the same name (a
 * `__host__ __device__` function is in both), and kc objects link with
 * each other as the host objects do. A definition gets a comdat of its new
 * name: the old one is the host object's, whose copy the linker would keep
 * instead. */
static void share_device_fn(struct kc_ctx* c, LLVMValueRef f) {
  const char* name = hipc__util_name(f);
  LLVMLinkage l = LLVMGetLinkage(f);
  if (strncmp(name, "_Z", 2) != 0 || l == LLVMInternalLinkage ||
      l == LLVMPrivateLinkage)
    return;
  size_t len = strlen(DEV_PREFIX) + strlen(name) + 1;
  char* renamed = malloc(len);
  if (!renamed) hipc__diag_fatal("out of memory");
  snprintf(renamed, len, DEV_PREFIX "%s", name);
  LLVMSetValueName2(f, renamed, strlen(renamed));
  LLVMSetVisibility(f, LLVMHiddenVisibility);
  if (!LLVMIsDeclaration(f))
    LLVMSetComdat(f, LLVMGetComdat(f) ? LLVMGetOrInsertComdat(c->mod, renamed)
                                      : NULL);
  free(renamed);
}

/* The slot of a `__managed__` variable other sources may name, which
 * globals.c made external and hidden under the variable's name. */
static int is_shared_managed_slot(struct kc_ctx* c, LLVMValueRef g) {
  if (LLVMGetLinkage(g) != LLVMExternalLinkage) return 0;
  for (unsigned i = 0; i < c->num_vars; i++)
    if (c->vars[i].storage == g && (c->vars[i].flags & HIPC_KC_VAR_MANAGED))
      return 1;
  return 0;
}

void hipc__link_internalize(struct kc_ctx* c, int keep_kernels) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f)) {
    if (is_kernel(c, f)) {
      if (!keep_kernels) make_internal(f);
    } else if (keep_kernels) {
      share_device_fn(c, f);
    } else if (!LLVMIsDeclaration(f) && !is_shared_device_fn(f)) {
      make_internal(f);
    }
  }
  if (keep_kernels) return;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g;
       g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g)) continue;
    if (strncmp(hipc__util_name(g), "llvm.", 5) == 0) continue;
    if (is_shared_device_fn(g)) continue; /* an external __device__ variable */
    if (is_shared_managed_slot(c, g)) continue;
    make_internal(g);
  }
}

/* Removes the code no kernel reaches, so that unsupported constructs in
 * functions nobody calls are not reported. Variables are kept: the host
 * may name them (hipMemcpyToSymbol) even where no kernel does. */
void hipc__link_drop_dead(struct kc_ctx* c) {
  static const char* const used[] = {"llvm.used", "llvm.compiler.used"};
  for (int i = 0; i < 2; i++) {
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, used[i]);
    if (g) LLVMDeleteGlobal(g);
  }
  /* `static __device__` variables too: the host registers them by name.
   * They are external while globaldce runs, then internal again. */
  unsigned n = 0, cap = 0;
  LLVMValueRef* kept = NULL;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g;
       g = LLVMGetNextGlobal(g)) {
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    LLVMLinkage l = LLVMGetLinkage(g);
    if ((as != 1 && as != 4) || LLVMIsDeclaration(g) ||
        l == LLVMExternalLinkage)
      continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 16;
      kept = realloc(kept, cap * sizeof *kept);
      if (!kept) hipc__diag_fatal("out of memory");
    }
    kept[n++] = g;
    LLVMSetLinkage(g, LLVMExternalLinkage);
  }
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(c->mod, "globaldce", c->tm, o);
  LLVMDisposePassBuilderOptions(o);
  for (unsigned i = 0; i < n; i++) make_internal(kept[i]);
  /* (Every kept one ends internal: hipc__link_internalize makes the
   * inline and template ones so too, which the host registers by name
   * all the same.) */
  free(kept);
  if (e) {
    char* msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("globaldce: %s", msg);
  }
}
