/* Events, waits between streams and host functions on a GPU: CUDA events
 * (cuEvent*), cuStreamWaitEvent and cuLaunchHostFunc.
 *
 * The driver's rules are the backend's: an event never recorded counts as
 * complete, a wait on it returns at once, and a destroyed event's pending
 * records and waits still complete. */
#include <stdlib.h>

#include "cuda_backend.h"

hipError_t hipc__cuda_event_create(hipc_device* dev, unsigned flags,
                                   hipc_event** out) {
  cuda_device* d = dev->impl;
  hipc_event* e = calloc(1, sizeof *e);
  if (!e) return hipErrorOutOfMemory;
  e->dev = d;
  unsigned cu_flags = 0;
  if (flags & hipEventBlockingSync) cu_flags |= CU_EVENT_BLOCKING_SYNC;
  if (flags & hipEventDisableTiming) cu_flags |= CU_EVENT_DISABLE_TIMING;
  if (flags & hipEventInterprocess) cu_flags |= CU_EVENT_INTERPROCESS;
  CUresult r = hipc__cuda_bind(d);
  if (r == CUDA_SUCCESS) r = hipc_cu.EventCreate(&e->ev, cu_flags);
  if (r != CUDA_SUCCESS) {
    free(e);
    return hipc__cuda_error(r);
  }
  *out = e;
  return hipSuccess;
}

void hipc__cuda_event_destroy(hipc_event* e) {
  if (hipc__cuda_bind(e->dev) == CUDA_SUCCESS)
    (void)hipc_cu.EventDestroy(e->ev);
  free(e);
}

hipError_t hipc__cuda_event_record(hipc_event* e, hipc_queue* q) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.EventRecord(e->ev, q->stream));
  return hipSuccess;
}

hipError_t hipc__cuda_event_query(hipc_event* e) {
  HIPC_CU_CHECK(hipc__cuda_bind(e->dev));
  HIPC_CU_CHECK(hipc_cu.EventQuery(e->ev));
  return hipSuccess;
}

hipError_t hipc__cuda_event_sync(hipc_event* e) {
  HIPC_CU_CHECK(hipc__cuda_bind(e->dev));
  HIPC_CU_CHECK(hipc_cu.EventSynchronize(e->ev));
  return hipSuccess;
}

hipError_t hipc__cuda_event_elapsed(float* ms, hipc_event* start,
                                    hipc_event* stop) {
  HIPC_CU_CHECK(hipc__cuda_bind(start->dev));
  HIPC_CU_CHECK(hipc_cu.EventElapsedTime(ms, start->ev, stop->ev));
  return hipSuccess;
}

hipError_t hipc__cuda_queue_wait_event(hipc_queue* q, hipc_event* e) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.StreamWaitEvent(q->stream, e->ev, 0));
  return hipSuccess;
}

hipError_t hipc__cuda_queue_host_fn(hipc_queue* q, void (*fn)(void*),
                                    void* arg) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.LaunchHostFunc(q->stream, fn, arg));
  return hipSuccess;
}
