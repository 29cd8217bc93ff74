/* Kernel launch: the one C entry every launch goes through, and the launch
 * configuration that <<<>>> pushes. */
#include "graph.h"
#include "internal.h"

hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem,
                                      hipStream_t stream) {
  hipc_thread_state* ts = &hipc_tls;
  ts->launch_grid = grid;
  ts->launch_block = block;
  ts->launch_shmem = shmem;
  ts->launch_stream = stream;
  ts->launch_pending = 1;
  HIPC_RETURN(hipSuccess);
}

/* The older spelling of the same (AMD keeps it): the next launch through a
 * kernel's stub pops it. */
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                            hipStream_t stream) {
  HIPC_API_ENTER();
  return __hipPushCallConfiguration(gridDim, blockDim, sharedMem, stream);
}

hipError_t __hipPopCallConfiguration(dim3* grid, dim3* block, size_t* shmem,
                                     hipStream_t* stream) {
  hipc_thread_state* ts = &hipc_tls;
  HIPC_RETURN_IF(!ts->launch_pending, hipErrorInvalidConfiguration);
  ts->launch_pending = 0;
  if (grid) *grid = ts->launch_grid;
  if (block) *block = ts->launch_block;
  if (shmem) *shmem = ts->launch_shmem;
  if (stream) *stream = ts->launch_stream;
  HIPC_RETURN(hipSuccess);
}

/* The launch checks AMD's runtime makes, with its error codes: a zero or
 * oversized dimension is hipErrorInvalidConfiguration, more dynamic shared
 * memory than sharedMemPerBlock (or the kernel's hipFuncSetAttribute
 * limit, where that is larger) hipErrorInvalidValue. */
hipError_t hipc__check_config(const hipDeviceProp_t* p, const hipc_kernel* k,
                               dim3 grid, dim3 block, size_t shmem) {
  const hipc_kernel_desc* d = k->desc;
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return hipErrorInvalidConfiguration;
  if (block.x > (uint32_t)p->maxThreadsDim[0] ||
      block.y > (uint32_t)p->maxThreadsDim[1] ||
      block.z > (uint32_t)p->maxThreadsDim[2])
    return hipErrorInvalidConfiguration;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (threads > (uint64_t)p->maxThreadsPerBlock)
    return hipErrorInvalidConfiguration;
  if (d->max_threads && threads > d->max_threads)
    return hipErrorInvalidConfiguration;
  if (grid.x > (uint32_t)p->maxGridSize[0] ||
      grid.y > (uint32_t)p->maxGridSize[1] ||
      grid.z > (uint32_t)p->maxGridSize[2])
    return hipErrorInvalidConfiguration;
  if (shmem > p->sharedMemPerBlock) {
    int raised = __atomic_load_n(&k->max_dynamic_shared, __ATOMIC_RELAXED);
    if (raised < 0 || shmem > (size_t)raised) return hipErrorInvalidValue;
  }
  return hipSuccess;
}

hipError_t hipLaunchKernel(const void* function_address, dim3 grid,
                           dim3 block, void** args, size_t shmem,
                           hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!function_address, hipErrorInvalidDeviceFunction);
  /* A launch from inside a kernel (dynamic parallelism) is not part of
   * HIP: refused rather than queued behind the block that waits for it. */
  HIPC_RETURN_IF(hipc_tls.block != NULL, hipErrorNotSupported);
  const hipc_kernel* k = hipc__kernel_find(function_address);
  HIPC_RETURN_IF(!k, hipErrorInvalidDeviceFunction);
  HIPC_ARG_STR("kernel", k->name);
  HIPC_ARG_DIM3("grid", grid);
  HIPC_ARG_DIM3("block", block);
  HIPC_ARG_U64("shared", shmem);
  HIPC_RETURN_IF(!args && k->desc->num_params, hipErrorInvalidValue);
  hipError_t e = hipc__capture_kernel(stream, k, grid, block, args, shmem);
  if (e != HIPC_NOT_CAPTURING) HIPC_RETURN(e); /* capture.c */
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc__check_config(&w.dev->props, k, grid, block, shmem);
  if (e == hipSuccess) {
    hipc_launch l = {.kernel = k->desc, .name = k->name, .grid = grid,
                     .block = block, .shmem = shmem, .args = args};
    hipc__log_launch(k->name, grid, block, shmem, stream, w.dev->ordinal);
    e = w.dev->ops->launch(w.q, &l);
  }
  HIPC_RETURN(hipc__work_end(&w, e, hipc__launch_blocking()));
}

/* What clang's launch stubs call under -fgpu-default-stream=per-thread:
 * the null stream means the calling thread's default stream. */
hipError_t hipLaunchKernel_spt(const void* function_address, dim3 grid,
                               dim3 block, void** args, size_t shmem,
                               hipStream_t stream) {
  return hipLaunchKernel(function_address, grid, block, args, shmem,
                         stream ? stream : hipStreamPerThread);
}

/* The per-thread state read by the kernel-language headers (see
 * hip/hipc/kernel.h). */
HIPC_API __thread hipc_thread_state hipc_tls
    __attribute__((tls_model("initial-exec")));
