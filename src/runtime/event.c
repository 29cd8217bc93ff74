/* Events. As with streams, every handle is checked against the set of live
 * events first, so a destroyed or made-up handle is hipErrorInvalidHandle.
 * The backend does the work (see the event ops in backend/backend.h); this
 * file holds HIP's rules on flags, records and timing.
 *
 * An event that was never recorded is complete: hipEventQuery and
 * hipEventSynchronize return hipSuccess at once, as AMD's runtime (and
 * CUDA) do. hipEventElapsedTime wants both events recorded
 * (hipErrorInvalidHandle otherwise, as AMD documents), both created with
 * timing (hipErrorInvalidHandle otherwise, which is what AMD's runtime
 * returns; hipErrorInvalidResourceHandle is the same code) and both
 * records complete (hipErrorNotReady otherwise). */
#include <stdlib.h>

#include "graph.h"
#include "internal.h"

#define HIPC_EVENT_MAGIC 0x68657674u /* "hevt" */

struct ihipEvent_t {
  uint32_t magic;
  hipc_device* dev;
  hipc_event* impl;
  unsigned flags;
  int recorded; /* hipEventRecord succeeded at least once; under `lock` */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static hipEvent_t* live;
static size_t nlive, cap;

/* Under the lock. */
static int live_index(hipEvent_t e) {
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == e) return (int)i;
  return -1;
}

/* The flags hipEventCreateWithFlags accepts. hipEventInterprocess needs
 * hipEventDisableTiming too (hipErrorInvalidValue otherwise), and a
 * backend with interprocess events (hipErrorNotSupported otherwise). */
#define KNOWN_FLAGS                                                     \
  (hipEventDefault | hipEventBlockingSync | hipEventDisableTiming |     \
   hipEventInterprocess | hipEventDisableSystemFence |                  \
   hipEventReleaseToDevice | hipEventReleaseToSystem)

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!event, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)KNOWN_FLAGS, hipErrorInvalidValue);
  HIPC_RETURN_IF((flags & hipEventReleaseToDevice) &&
                     (flags & hipEventReleaseToSystem),
                 hipErrorInvalidValue);
  HIPC_RETURN_IF((flags & hipEventInterprocess) &&
                     !(flags & hipEventDisableTiming),
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e == hipSuccess && (flags & hipEventInterprocess) &&
                     !dev->ops->event_ipc_export,
                 hipErrorNotSupported);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!dev->ops->event_create, hipErrorNotSupported);
  hipc_event* impl;
  e = dev->ops->event_create(dev, flags, &impl);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipc__event_adopt(dev, impl, flags, event));
}

hipError_t hipc__event_adopt(hipc_device* dev, hipc_event* impl,
                             unsigned flags, hipEvent_t* out) {
  hipEvent_t ev = calloc(1, sizeof *ev);
  if (!ev) {
    dev->ops->event_destroy(impl);
    return hipErrorOutOfMemory;
  }
  ev->magic = HIPC_EVENT_MAGIC;
  ev->dev = dev;
  ev->flags = flags;
  ev->impl = impl;
  pthread_mutex_lock(&lock);
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    hipEvent_t* t = realloc(live, ncap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&lock);
      dev->ops->event_destroy(ev->impl);
      free(ev);
      return hipErrorOutOfMemory;
    }
    live = t;
    cap = ncap;
  }
  live[nlive++] = ev;
  pthread_mutex_unlock(&lock);
  *out = ev;
  return hipSuccess;
}

hipError_t hipEventCreate(hipEvent_t* event) {
  HIPC_API_ENTER();
  return hipEventCreateWithFlags(event, hipEventDefault);
}

/* Looks `event` up; its device, backend event, flags and whether it was
 * recorded. */
static hipError_t find(hipEvent_t event, hipc_device** dev, hipc_event** impl,
                       unsigned* flags, int* recorded) {
  HIPC_ARG_PTR("event", event);
  if (!event) return hipErrorInvalidHandle;
  pthread_mutex_lock(&lock);
  int ok = live_index(event) >= 0;
  if (ok) {
    *dev = event->dev;
    *impl = event->impl;
    if (flags) *flags = event->flags;
    if (recorded) *recorded = event->recorded;
  }
  pthread_mutex_unlock(&lock);
  return ok ? hipSuccess : hipErrorInvalidHandle;
}

hipError_t hipc__event_resolve(hipEvent_t event, hipc_device** dev,
                               hipc_event** impl) {
  return find(event, dev, impl, NULL, NULL);
}

hipError_t hipc__event_info(hipEvent_t event, hipc_device** dev,
                            hipc_event** impl, unsigned* flags) {
  return find(event, dev, impl, flags, NULL);
}

hipError_t hipEventDestroy(hipEvent_t event) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!event, hipErrorInvalidHandle);
  pthread_mutex_lock(&lock);
  int i = live_index(event);
  if (i >= 0) live[i] = live[--nlive];
  pthread_mutex_unlock(&lock);
  /* Destroyed already, or never created: AMD's code. */
  HIPC_RETURN_IF(i < 0, hipErrorContextIsDestroyed);
  /* Work that records or waits for it still completes (the backend keeps
   * its event until then). */
  event->dev->ops->event_destroy(event->impl);
  event->magic = 0;
  free(event);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  HIPC_API_ENTER();
  hipc_device* edev;
  hipc_event* impl;
  hipError_t e = find(event, &edev, &impl, NULL, NULL);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc__capture_event_record(event, stream); /* capture.c */
  if (e != HIPC_NOT_CAPTURING) HIPC_RETURN(e);
  /* As work: on the null stream, the record waits for the blocking
   * streams. */
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = w.dev != edev ? hipErrorInvalidHandle
                    : w.dev->ops->event_record(impl, w.q);
  e = hipc__work_end(&w, e, 0);
  if (e == hipSuccess) {
    pthread_mutex_lock(&lock);
    if (live_index(event) >= 0) event->recorded = 1;
    pthread_mutex_unlock(&lock);
  }
  HIPC_RETURN(e);
}

hipError_t hipEventQuery(hipEvent_t event) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipc_event* impl;
  hipError_t e = find(event, &dev, &impl, NULL, NULL);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(hipc__capture_event_captured(event), hipErrorCapturedEvent);
  HIPC_RETURN(dev->ops->event_query(impl));
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipc_event* impl;
  hipError_t e = find(event, &dev, &impl, NULL, NULL);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(hipc__capture_event_captured(event), hipErrorCapturedEvent);
  HIPC_RETURN(dev->ops->event_sync(impl));
}

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ms, hipErrorInvalidValue);
  hipc_device *d0, *d1;
  hipc_event *e0, *e1;
  unsigned f0, f1;
  int r0, r1;
  hipError_t e = find(start, &d0, &e0, &f0, &r0);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = find(stop, &d1, &e1, &f1, &r1);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF((f0 | f1) & hipEventDisableTiming, hipErrorInvalidHandle);
  HIPC_RETURN_IF(!r0 || !r1, hipErrorInvalidHandle);
  HIPC_RETURN_IF(d0 != d1, hipErrorInvalidHandle);
  HIPC_RETURN(d0->ops->event_elapsed(ms, e0, e1));
}
