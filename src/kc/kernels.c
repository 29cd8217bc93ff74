/* Which functions are kernels, and their __launch_bounds__: clang lists
 * both in !nvvm.annotations as (function, key, value) triples, e.g.
 * !{ptr @k, !"kernel", i32 1} and !{ptr @k, !"maxntidx", i32 256};
 * __launch_bounds__(M, W) gives maxntidx M and minctasm W. */
#include <stdlib.h>
#include <string.h>

#include "kc/kc.h"

static struct kc_kernel* find_or_add(struct kc_ctx* c, LLVMValueRef fn,
                                     unsigned* cap) {
  for (unsigned i = 0; i < c->num_kernels; i++)
    if (c->kernels[i].fn == fn) return &c->kernels[i];
  if (c->num_kernels == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    c->kernels = realloc(c->kernels, *cap * sizeof *c->kernels);
    if (!c->kernels) hipc__diag_fatal("out of memory");
  }
  struct kc_kernel* k = &c->kernels[c->num_kernels++];
  memset(k, 0, sizeof *k);
  k->fn = fn;
  k->name = hipc__diag_strdup(hipc__util_name(fn));
  return k;
}

/* A key's value, multiplied into the product of maxntid{x,y,z}. */
static void apply(struct kc_kernel* k, const char* key, unsigned len,
                  uint64_t v, int* is_kernel) {
  if (len == 6 && memcmp(key, "kernel", 6) == 0) {
    *is_kernel = v != 0;
  } else if (len == 8 && memcmp(key, "maxntid", 7) == 0 &&
             (key[7] == 'x' || key[7] == 'y' || key[7] == 'z')) {
    k->max_threads = (uint32_t)(k->max_threads ? k->max_threads * v : v);
  } else if (len == 8 && memcmp(key, "minctasm", 8) == 0) {
    k->min_warps = (uint32_t)v;
  }
}

void hipc__kernels_collect(struct kc_ctx* c) {
  unsigned cap = 0;
  const char* md = "nvvm.annotations";
  unsigned n = LLVMGetNamedMetadataNumOperands(c->mod, md);
  LLVMValueRef* nodes = hipc__diag_xmalloc(n * sizeof *nodes);
  LLVMGetNamedMetadataOperands(c->mod, md, nodes);
  /* Bounds may come before the "kernel" entry: collect every annotated
   * function, then keep those marked as kernels. */
  int* is_kernel = NULL;
  unsigned n_is = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned m = LLVMGetMDNodeNumOperands(nodes[i]);
    if (m < 3) continue;
    LLVMValueRef* ops = hipc__diag_xmalloc(m * sizeof *ops);
    LLVMGetMDNodeOperands(nodes[i], ops);
    if (ops[0] && LLVMIsAFunction(ops[0])) {
      struct kc_kernel* k = find_or_add(c, ops[0], &cap);
      unsigned idx = (unsigned)(k - c->kernels);
      if (idx >= n_is) {
        is_kernel = realloc(is_kernel, (idx + 1) * sizeof *is_kernel);
        if (!is_kernel) hipc__diag_fatal("out of memory");
        for (; n_is <= idx; n_is++) is_kernel[n_is] = 0;
      }
      for (unsigned j = 1; j + 1 < m; j += 2) {
        unsigned len = 0;
        const char* key = ops[j] ? LLVMGetMDString(ops[j], &len) : NULL;
        if (!key || !ops[j + 1] || !LLVMIsAConstantInt(ops[j + 1])) continue;
        apply(k, key, len, LLVMConstIntGetZExtValue(ops[j + 1]),
              &is_kernel[idx]);
      }
    }
    free(ops);
  }
  free(nodes);
  /* Newer clangs mark kernels by calling convention instead. */
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMGetFunctionCallConv(f) != LLVMPTXKernelCallConv) continue;
    struct kc_kernel* k = find_or_add(c, f, &cap);
    unsigned idx = (unsigned)(k - c->kernels);
    if (idx >= n_is) {
      is_kernel = realloc(is_kernel, (idx + 1) * sizeof *is_kernel);
      if (!is_kernel) hipc__diag_fatal("out of memory");
      for (; n_is <= idx; n_is++) is_kernel[n_is] = 0;
    }
    is_kernel[idx] = 1;
  }
  unsigned kept = 0;
  for (unsigned i = 0; i < c->num_kernels; i++) {
    if (i < n_is && is_kernel[i] && !LLVMIsDeclaration(c->kernels[i].fn))
      c->kernels[kept++] = c->kernels[i];
    else
      free(c->kernels[i].name);
  }
  c->num_kernels = kept;
  free(is_kernel);
  /* The C API cannot erase named metadata; the host backends ignore
   * !nvvm.annotations, so it stays (a kernel it names may be erased: the
   * reference then reads as null). */
}
