/* Kernels on a GPU: the image that fits the device, loaded once per device
 * on first use, a function looked up once per kernel and device, then
 * cuLaunchKernel with the argument array hipLaunchKernel was given.
 *
 * The hot path is two acquire loads (the kernel's entry and its cached
 * function) and the thread-local context check: no lock, no allocation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"

/* Cached in a module's slot when no image fits the device, and in a
 * kernel's slot when the device has no code for it (reported once). */
static char no_image;
#define NO_FUNCTION ((CUfunction)(void*)&no_image)

/* "sm_90" -> 90, "sm_90a" -> 90 with *specific set; -1 if not sm_NN. */
static int arch_number(const char* a, int* specific) {
  *specific = 0;
  if (!a || strncmp(a, "sm_", 3) != 0) return -1;
  char* end;
  long v = strtol(a + 3, &end, 10);
  if (end == a + 3 || v <= 0) return -1;
  if (*end == 'a' || *end == 'f') *specific = 1, ++end;
  return *end ? -1 : (int)v;
}

/* The image of `m` to load on `d`: a cubin for the device's architecture,
 * else a cubin of the same major version and a lower minor (binary
 * compatible), else the newest PTX not newer than the device (the driver
 * compiles it). NULL when none fits. */
static const hipc_gpu_image* pick_image(const hipc_gpu_module* m,
                                        const cuda_device* d) {
  int dev_arch = d->major * 10 + d->minor;
  const hipc_gpu_image *best_cubin = NULL, *best_ptx = NULL;
  int cubin_arch = -1, ptx_arch = -1;
  for (int i = 0; i < m->num_images; ++i) {
    const hipc_gpu_image* im = &m->images[i];
    if (!im->data || !im->size) continue;
    int specific;
    int a = arch_number(im->arch, &specific);
    if (a < 0 || a > dev_arch) continue;
    if (im->is_ptx) {
      if (!specific && a > ptx_arch) ptx_arch = a, best_ptx = im;
    } else if (a == dev_arch || (!specific && a / 10 == d->major)) {
      if (a > cubin_arch) cubin_arch = a, best_cubin = im;
    }
  }
  return best_cubin ? best_cubin : best_ptx;
}

/* The module of `e` loaded on `d` (or &no_image). Under d->load_lock. */
static hipError_t load_module(cuda_device* d, hipc_gpu_module_entry* e,
                              void** out) {
  void* m = atomic_load_explicit(&e->loaded[d->index], memory_order_acquire);
  if (m) {
    *out = m;
    return hipSuccess;
  }
  const hipc_gpu_image* im = pick_image(e->module, d);
  if (!im) {
    m = &no_image;
  } else {
    CUmodule cm;
    CUresult r = hipc__cuda_bind(d);
    if (r == CUDA_SUCCESS) r = hipc_cu.ModuleLoadData(&cm, im->data);
    if (r != CUDA_SUCCESS) {
      fprintf(stderr, "hipc: loading the %s %s image on device %d failed "
              "(CUDA error %d)\n", im->arch, im->is_ptx ? "PTX" : "cubin",
              d->dev->ordinal, r);
      return hipc__cuda_error(r);
    }
    m = cm;
  }
  atomic_store_explicit(&e->loaded[d->index], m, memory_order_release);
  *out = m;
  return hipSuccess;
}

/* The first launch of `k` on `d`: finds or loads its function. */
static hipError_t resolve(cuda_device* d, hipc_gpu_symbol* k,
                          const char* name, CUfunction* out) {
  pthread_mutex_lock(&d->load_lock);
  hipError_t e = hipSuccess;
  CUfunction f =
      atomic_load_explicit(&k->cached[d->index], memory_order_acquire);
  if (f == NO_FUNCTION) {
    e = hipErrorInvalidDeviceFunction;
  } else if (!f) {
    void* m = NULL;
    e = load_module(d, k->module, &m);
    if (e == hipSuccess && m == &no_image) {
      fprintf(stderr, "hipc: no GPU code for kernel %s on device %d (%s): "
              "build it with --offload-arch=%s\n", name, d->dev->ordinal,
              d->arch, d->arch);
      atomic_store_explicit(&k->cached[d->index], NO_FUNCTION,
                            memory_order_release);
      e = hipErrorInvalidDeviceFunction;
    } else if (e == hipSuccess) {
      CUresult r = hipc_cu.ModuleGetFunction(&f, (CUmodule)m, k->name);
      if (r != CUDA_SUCCESS) {
        fprintf(stderr, "hipc: kernel %s (%s) is not in its GPU image\n",
                name, k->name);
        e = hipErrorInvalidDeviceFunction;
      } else {
        atomic_store_explicit(&k->cached[d->index], f, memory_order_release);
      }
    }
  }
  pthread_mutex_unlock(&d->load_lock);
  *out = f;
  return e;
}

hipError_t hipc__cuda_launch(hipc_queue* q, const hipc_launch* l) {
  cuda_device* d = q->dev;
  hipc_gpu_symbol* k = hipc__gpu_kernel_find(l->kernel->host_fn);
  if (__builtin_expect(!k, 0)) {
    static atomic_int told;
    if (!atomic_exchange(&told, 1))
      fprintf(stderr, "hipc: no GPU code for kernel %s: it was not compiled "
              "with --offload-arch (reported once)\n", l->name);
    return hipErrorInvalidDeviceFunction;
  }
  CUfunction f =
      atomic_load_explicit(&k->cached[d->index], memory_order_acquire);
  if (__builtin_expect(!f || f == NO_FUNCTION, 0)) {
    hipError_t e = resolve(d, k, l->name, &f);
    if (e != hipSuccess) return e;
  }
  CUresult r = hipc__cuda_bind(d);
  if (__builtin_expect(r == CUDA_SUCCESS, 1))
    r = hipc_cu.LaunchKernel(f, l->grid.x, l->grid.y, l->grid.z, l->block.x,
                             l->block.y, l->block.z, (unsigned)l->shmem,
                             q->stream, l->args, NULL);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}
