/* Kernel launches on a GPU: cuLaunchKernel with the argument array
 * hipLaunchKernel was given (it is already the driver's kernelParams).
 *
 * The hot path is a lock-free lookup of the kernel's entry, an acquire load
 * of its function for this device and the thread-local context check: no
 * lock, no allocation. The first launch of a kernel on a device loads its
 * module (module.c). Cooperative launches are coop.c's; occupancy
 * questions go to the driver. */
#include <stdio.h>

#include "cuda_backend.h"

hipError_t hipc__cuda_function_of(cuda_device* d,
                                  const hipc_kernel_desc* desc,
                                  const char* name, unsigned threads,
                                  CUfunction* out) {
  hipc_gpu_symbol* k = hipc__gpu_kernel_find(desc->host_fn);
  if (__builtin_expect(!k, 0)) {
    static atomic_int told;
    if (!atomic_exchange(&told, 1))
      fprintf(stderr, "hipc: no GPU code for kernel %s: it was not compiled "
              "with --offload-arch (reported once)\n", name);
    return hipErrorInvalidDeviceFunction;
  }
  CUfunction f =
      atomic_load_explicit(&k->cached[d->index], memory_order_acquire);
  if (__builtin_expect(!f || f == HIPC_CUDA_NO_FUNCTION, 0)) {
    hipError_t e = hipc__cuda_function(d, k, name, &f);
    if (e != hipSuccess) return e;
  }
  /* A block larger than the kernel runs with its registers: the variant
   * capped at 64 registers a thread, where hipcc made one. */
  CUfunction c =
      atomic_load_explicit(&k->capped[d->index], memory_order_relaxed);
  if (__builtin_expect(c != NULL, 0) && threads > 0 &&
      threads > (unsigned)k->max_threads[d->index])
    f = c;
  *out = f;
  return hipSuccess;
}

hipError_t hipc__cuda_launch(hipc_queue* q, const hipc_launch* l) {
  cuda_device* d = q->dev;
  CUfunction f;
  hipError_t e = hipc__cuda_function_of(
      d, l->kernel, l->name, l->block.x * l->block.y * l->block.z, &f);
  if (__builtin_expect(e != hipSuccess, 0)) return e;
  if (__builtin_expect(l->coop != NULL, 0))
    return hipc__cuda_launch_cooperative(d, f, q, l);
  CUresult r = hipc__cuda_bind(d);
  if (__builtin_expect(r == CUDA_SUCCESS, 1))
    r = hipc_cu.LaunchKernel(f, l->grid.x, l->grid.y, l->grid.z, l->block.x,
                             l->block.y, l->block.z, (unsigned)l->shmem,
                             q->stream, l->args, NULL);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}

hipError_t hipc__cuda_blocks_per_mp(hipc_device* dev,
                                    const hipc_kernel_desc* k,
                                    const char* name, int block_threads,
                                    size_t shmem, int* out) {
  if (!hipc_cu.OccupancyMaxActiveBlocksPerMultiprocessorWithFlags)
    return hipErrorNotSupported;
  cuda_device* d = dev->impl;
  CUfunction f;
  hipError_t e = hipc__cuda_function_of(
      d, k, name, block_threads > 0 ? (unsigned)block_threads : 0, &f);
  if (e != hipSuccess) return e;
  CUresult r = hipc__cuda_bind(d);
  if (r == CUDA_SUCCESS)
    r = hipc_cu.OccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        out, f, block_threads, shmem, 0);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}
