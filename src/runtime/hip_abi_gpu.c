/* The GPU images of a fat binary (docs/frontend.md, "The fat binary"),
 * registered with the GPU machinery that hipcc's rewriter path uses
 * (gpu_module.c, src/backend/cuda): one hipc_gpu_module per fat binary,
 * whose kernel and variable lists grow with clang's __hipRegisterFunction
 * and __hipRegisterVar calls, which name them one at a time. All of that
 * happens in constructors, before a device loads the module (on the first
 * launch or symbol access), which is when the backend reads the lists.
 *
 * Module records are never freed: the backend caches pointers into them,
 * and a code object with GPU images stays mapped (gpu_module.c pins it). A
 * list that grows is copied and the old copy is kept, for the same
 * reason. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip_abi.h"
#include "internal.h"

/* More GPU images than any build makes: a larger count is a corrupt blob. */
#define MAX_IMAGES 256

struct hipc_abi_gpu {
  hipc_gpu_module module;
  struct hipc_gpu_module_entry* entry;
  int kernel_cap, var_cap;
};

hipc_abi_gpu* hipc__hip_abi_gpu_open(const unsigned char* blob,
                                     uint32_t count) {
  if (count == 0) return NULL;
  if (count > MAX_IMAGES) {
    fprintf(stderr, "hipc: fat binary names %u GPU images (corrupt); its "
            "GPU code is ignored\n", count);
    return NULL;
  }
  hipc_abi_gpu* g = calloc(1, sizeof *g);
  hipc_gpu_image* im = calloc(count, sizeof *im);
  if (!g || !im) {
    free(g);
    free(im);
    return NULL;
  }
  const uint64_t first = sizeof(hipc_fatbin_header) +
                         (uint64_t)count * sizeof(hipc_fatbin_entry);
  int n = 0;
  for (uint32_t i = 0; i < count; ++i) {
    hipc_fatbin_entry e;
    memcpy(&e, blob + sizeof(hipc_fatbin_header) + i * sizeof e, sizeof e);
    char arch[sizeof e.arch + 1];
    memcpy(arch, e.arch, sizeof e.arch);
    arch[sizeof e.arch] = 0;
    if ((e.kind != HIPC_FATBIN_CUBIN && e.kind != HIPC_FATBIN_PTX) ||
        e.offset < first || e.size == 0 || e.size > ((uint64_t)1 << 32)) {
      fprintf(stderr, "hipc: fat binary entry %u (kind %u, %s) is "
              "malformed; ignored\n", i, e.kind, arch);
      continue;
    }
    const unsigned char* data = blob + e.offset;
    size_t size = (size_t)e.size;
    if (e.kind == HIPC_FATBIN_PTX && data[size - 1] != 0) {
      /* The driver reads PTX up to its NUL; a blob may store it without. */
      unsigned char* copy = malloc(size + 1);
      if (!copy) continue;
      memcpy(copy, data, size);
      copy[size] = 0;
      data = copy;
      size++;
    }
    char* a = strdup(arch);
    if (!a) continue;
    im[n++] = (hipc_gpu_image){a, e.kind == HIPC_FATBIN_PTX, data, size};
  }
  g->module.version = HIPC_GPU_MODULE_VERSION;
  g->module.num_images = n;
  g->module.images = im;
  g->entry = n ? hipc__gpu_module_add(&g->module) : NULL;
  if (!g->entry) {
    for (int i = 0; i < n; ++i) free((void*)im[i].arch);
    free(im);
    free(g);
    return NULL;
  }
  return g;
}

/* Makes room for one more element of a list the backend may hold a pointer
 * to: a copy, the old one left alone. */
static void* grow(const void* old, int n, int* cap, size_t elem) {
  if (n < *cap) return (void*)(uintptr_t)old;
  int ncap = *cap ? 2 * *cap : 16;
  void* p = calloc((size_t)ncap, elem);
  if (!p) return NULL;
  if (n) memcpy(p, old, (size_t)n * elem);
  *cap = ncap;
  return p;
}

void hipc__hip_abi_gpu_kernel(hipc_abi_gpu* g, const void* host_fn,
                              const char* name) {
  if (!g || !host_fn || !name) return;
  hipc_gpu_module* m = &g->module;
  hipc_gpu_kernel* k = grow(m->kernels, m->num_kernels, &g->kernel_cap,
                            sizeof *k);
  if (!k) return;
  k[m->num_kernels] = (hipc_gpu_kernel){host_fn, name};
  m->kernels = k;
  m->num_kernels++;
  hipc__gpu_module_add_kernel(g->entry, host_fn, name);
}

void hipc__hip_abi_gpu_var(hipc_abi_gpu* g, const void* host,
                           const char* name, size_t size, int kind) {
  if (!g || !host || !name) return;
  hipc_gpu_module* m = &g->module;
  hipc_gpu_var* v = grow(m->vars, m->num_vars, &g->var_cap, sizeof *v);
  if (!v) return;
  v[m->num_vars] = (hipc_gpu_var){host, name, size, kind};
  m->vars = v;
  m->num_vars++;
  hipc__gpu_module_add_var(g->entry, host, name, size, kind);
}
