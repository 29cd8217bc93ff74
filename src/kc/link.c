/* Linkage: the object kc writes defines nothing external (docs/frontend.md),
 * so any number of them link together and with the host objects. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Comdat.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

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

void hipc__link_internalize(struct kc_ctx* c, int keep_kernels) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    if (keep_kernels && is_kernel(c, f)) continue;
    make_internal(f);
  }
  if (keep_kernels) return;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g;
       g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g)) continue;
    if (strncmp(hipc__util_name(g), "llvm.", 5) == 0) continue;
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
        (l != LLVMInternalLinkage && l != LLVMPrivateLinkage))
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
  for (unsigned i = 0; i < n; i++) LLVMSetLinkage(kept[i], LLVMInternalLinkage);
  free(kept);
  if (e) {
    char* msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("globaldce: %s", msg);
  }
}
