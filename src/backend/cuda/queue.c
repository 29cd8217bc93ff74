/* Streams of a GPU: CUDA streams of the device's primary context. */
#include <stdlib.h>

#include "cuda_backend.h"

hipError_t hipc__cuda_queue_create(hipc_device* dev, unsigned flags,
                                   int priority, hipc_queue** out) {
  cuda_device* d = dev->impl;
  hipc_queue* q = calloc(1, sizeof *q);
  if (!q) return hipErrorOutOfMemory;
  q->dev = d;
  /* Every queue is a non-blocking CUDA stream: the runtime makes HIP's
   * null-stream rules itself (cuda_backend.h), whatever `flags` say. */
  (void)flags;
  unsigned cu_flags = CU_STREAM_NON_BLOCKING;
  CUresult r = hipc__cuda_bind(d);
  if (r == CUDA_SUCCESS)
    r = hipc_cu.StreamCreateWithPriority(&q->stream, cu_flags, priority);
  if (r != CUDA_SUCCESS) {
    free(q);
    return hipc__cuda_error(r);
  }
  *out = q;
  return hipSuccess;
}

void hipc__cuda_queue_destroy(hipc_queue* q) {
  if (hipc__cuda_bind(q->dev) == CUDA_SUCCESS) {
    (void)hipc_cu.StreamSynchronize(q->stream);
    (void)hipc_cu.StreamDestroy(q->stream);
  }
  free(q);
}

void* hipc__cuda_queue_native(hipc_queue* q) {
  if (hipc__cuda_bind(q->dev) != CUDA_SUCCESS) return NULL;
  return (void*)q->stream;
}

/* Whether `d` has run nothing yet: its context is not made (a device's
 * first use makes it, device.c), so there is nothing to wait for, and
 * waiting need not make a context (hipModuleUnload waits for every GPU). */
static int unused(cuda_device* d) {
  return __atomic_load_n(&d->ctx, __ATOMIC_ACQUIRE) == NULL;
}

hipError_t hipc__cuda_queue_sync(hipc_queue* q) {
  if (unused(q->dev)) return hipSuccess;
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
  return hipSuccess;
}

hipError_t hipc__cuda_queue_query(hipc_queue* q) {
  if (unused(q->dev)) return hipSuccess;
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.StreamQuery(q->stream));
  return hipSuccess;
}

hipError_t hipc__cuda_device_sync(hipc_device* dev) {
  if (unused(dev->impl)) return hipSuccess;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.CtxSynchronize());
  return hipSuccess;
}
