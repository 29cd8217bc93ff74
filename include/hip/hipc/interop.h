/* hip/hipc/interop.h: what hipc's HIP libraries (libhipblas, libhipfft,
 * libhipsparse) ask libhipc about a stream: which device runs it and, on a
 * GPU, the vendor stream under it, so that a library hands its work to the
 * vendor's own library (cuBLAS, cuFFT, cuSPARSE) on that stream, or, on the
 * CPU device, enqueues it with hipLaunchHostFunc. A hipc extension, not
 * part of HIP. */
#ifndef HIP_HIPC_INTEROP_H
#define HIP_HIPC_INTEROP_H

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hipc_stream_info {
  int device;       /* the stream's HIP device ordinal */
  int host_memory;  /* 1: the CPU device (its memory is host memory) */
  void* native;     /* a GPU's CUstream (its context made current on the
                       calling thread); NULL on the CPU device */
} hipc_stream_info;

/* Fills `*info` for `stream` (0: the current device's null stream) and
 * orders it as any work submitted to it is ordered (the null stream after
 * the blocking streams, and the other way round), so that what the caller
 * enqueues on `info->native` next keeps HIP's stream order.
 * hipErrorInvalidValue for a NULL `info`; a bad stream's code otherwise. */
HIPC_API hipError_t hipc_stream_native(hipStream_t stream,
                                       hipc_stream_info* info);

#ifdef __cplusplus
}
#endif
#endif
