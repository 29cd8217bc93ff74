/* AMD's extensions to the HIP API (hip/hip_ext.h): launches that record
 * events around a kernel. hipExtMallocWithFlags and the hipExt flags are in
 * hip/hip_runtime_api.h.
 *
 * hipExtLaunchKernelGGL(kernel, grid, block, shmem, stream, start, stop,
 * flags, args...) launches like hipLaunchKernelGGL; `start` (when not NULL)
 * is recorded on `stream` just before the kernel and `stop` just after it.
 * `flags` (hipExtAnyOrderLaunch) allows the device to run kernels in any
 * order: hipc's devices keep stream order anyway. */
#ifndef HIP_EXT_H
#define HIP_EXT_H

#include "hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif
/* hipExtLaunchKernel is declared in hip_runtime_api.h, as AMD does. */
HIPC_API hipError_t hipExtModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
    uint32_t globalWorkSizeZ, uint32_t localWorkSizeX,
    uint32_t localWorkSizeY, uint32_t localWorkSizeZ, size_t sharedMemBytes,
    hipStream_t hStream, void** kernelParams, void** extra,
    hipEvent_t startEvent HIPC_DEFAULT(NULL),
    hipEvent_t stopEvent HIPC_DEFAULT(NULL), uint32_t flags HIPC_DEFAULT(0));
/* The event records around a hipExtLaunchKernelGGL launch (hipc's own):
 * record `event` on `stream` when it is not NULL. */
HIPC_API hipError_t hipc_ext_record(hipEvent_t event, hipStream_t stream);
/* hipc's own: runs fn(userData) now on the calling thread as the next
 * operation of `stream` when the stream is idle (*ran 1): work enqueued
 * on the stream meanwhile, by any thread, waits for it, as behind a host
 * function. Otherwise (*ran 0: the stream has work, something captures,
 * or the device does not offer it, as NVIDIA GPUs do not) it does nothing,
 * and the caller enqueues as usual (hipLaunchHostFunc). librccl's small
 * collectives on the CPU device run this way. */
HIPC_API hipError_t hipc_launch_host_func_now(hipStream_t stream,
                                              hipHostFn_t fn, void* userData,
                                              int* ran);
#ifdef __cplusplus
} /* extern "C" */
#endif

#if defined(__cplusplus)
#ifndef HIPC_GGL_NAME_
#define HIPC_GGL_NAME_(...) __VA_ARGS__
#endif
#define hipExtLaunchKernelGGL(kernel, ...) \
  HIPC_EXT_GGL_LAUNCH_((kernel), __VA_ARGS__)
#define HIPC_EXT_GGL_LAUNCH_(kernel, grid, block, shmem, stream, start,     \
                             stop, flags, ...)                             \
  do {                                                                     \
    hipStream_t hipc_ext_stream_ = (stream);                               \
    (void)(flags);                                                         \
    (void)hipc_ext_record((start), hipc_ext_stream_);                      \
    HIPC_GGL_NAME_ kernel<<<(grid), (block), (shmem), hipc_ext_stream_>>>( \
        __VA_ARGS__);                                                      \
    (void)hipc_ext_record((stop), hipc_ext_stream_);                       \
  } while (0)
#endif

#endif /* HIP_EXT_H */
