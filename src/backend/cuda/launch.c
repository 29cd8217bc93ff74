/* Kernel launches on a GPU: cuLaunchKernel with the argument array
 * hipLaunchKernel was given (it is already the driver's kernelParams).
 *
 * The hot path is a lock-free lookup of the kernel's entry, an acquire load
 * of its function for this device and the thread-local context check: no
 * lock, no allocation. The first launch of a kernel on a device loads its
 * module (module.c). */
#include <stdio.h>

#include "cuda_backend.h"

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
  if (__builtin_expect(!f || f == HIPC_CUDA_NO_FUNCTION, 0)) {
    hipError_t e = hipc__cuda_function(d, k, l->name, &f);
    if (e != hipSuccess) return e;
  }
  CUresult r = hipc__cuda_bind(d);
  if (__builtin_expect(r == CUDA_SUCCESS, 1))
    r = hipc_cu.LaunchKernel(f, l->grid.x, l->grid.y, l->grid.z, l->block.x,
                             l->block.y, l->block.z, (unsigned)l->shmem,
                             q->stream, l->args, NULL);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}
