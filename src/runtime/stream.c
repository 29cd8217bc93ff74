/* Streams. A created stream is checked against the set of live streams
 * before use, so a destroyed or made-up handle is hipErrorInvalidHandle,
 * never a crash. */
#include <stdlib.h>

#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static hipStream_t* live;
static size_t nlive, cap;

static int live_index(hipStream_t s) {
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == s) return (int)i;
  return -1;
}

hipError_t hipc__stream_resolve(hipStream_t s, hipc_device** dev,
                                hipc_queue** q) {
  if (s == NULL || s == hipStreamPerThread || s == hipStreamLegacy) {
    hipError_t e = hipc__current_device(dev);
    if (e != hipSuccess) return e;
    *q = (*dev)->null_queue;
    return hipSuccess;
  }
  pthread_mutex_lock(&lock);
  int ok = live_index(s) >= 0;
  pthread_mutex_unlock(&lock);
  if (!ok) return hipErrorInvalidHandle;
  *dev = s->dev;
  *q = s->queue;
  return hipSuccess;
}

/* HIP's null stream is blocking: work on it waits for the work already on
 * the device's blocking streams, and work on a blocking stream waits for
 * the null stream. hipc orders them by waiting on the host before it
 * enqueues (simple and correct; it gives up some overlap, never order).
 * A backend whose queues already behave so (CUDA's legacy default stream)
 * says orders_null_queue and is left alone. */
hipError_t hipc__stream_for_work(hipStream_t s, hipc_device** dev,
                                 hipc_queue** q) {
  hipError_t e = hipc__stream_resolve(s, dev, q);
  if (e != hipSuccess) return e;
  hipc_device* d = *dev;
  if (d->ops->orders_null_queue) return hipSuccess;
  if (*q == d->null_queue) {
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nlive && e == hipSuccess; ++i)
      if (live[i]->dev == d && !(live[i]->flags & hipStreamNonBlocking))
        e = d->ops->queue_sync(live[i]->queue);
    pthread_mutex_unlock(&lock);
    return e;
  }
  if (!(s->flags & hipStreamNonBlocking)) return d->ops->queue_sync(d->null_queue);
  return hipSuccess;
}

hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned flags,
                                       int priority) {
  HIPC_RETURN_IF(!stream, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)hipStreamNonBlocking,
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipStream_t s = calloc(1, sizeof *s);
  HIPC_RETURN_IF(!s, hipErrorOutOfMemory);
  s->magic = HIPC_STREAM_MAGIC;
  s->dev = dev;
  s->flags = flags;
  s->priority = priority;
  e = dev->ops->queue_create(dev, flags, priority, &s->queue);
  if (e != hipSuccess) {
    free(s);
    HIPC_RETURN(e);
  }
  pthread_mutex_lock(&lock);
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    hipStream_t* t = realloc(live, ncap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&lock);
      dev->ops->queue_destroy(s->queue);
      free(s);
      HIPC_RETURN(hipErrorOutOfMemory);
    }
    live = t;
    cap = ncap;
  }
  live[nlive++] = s;
  pthread_mutex_unlock(&lock);
  *stream = s;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned flags) {
  return hipStreamCreateWithPriority(stream, flags, 0);
}

hipError_t hipStreamCreate(hipStream_t* stream) {
  return hipStreamCreateWithPriority(stream, hipStreamDefault, 0);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  HIPC_RETURN_IF(!stream || stream == hipStreamPerThread ||
                     stream == hipStreamLegacy,
                 hipErrorInvalidHandle);
  pthread_mutex_lock(&lock);
  int i = live_index(stream);
  if (i >= 0) live[i] = live[--nlive];
  pthread_mutex_unlock(&lock);
  HIPC_RETURN_IF(i < 0, hipErrorInvalidHandle);
  stream->dev->ops->queue_destroy(stream->queue);
  stream->magic = 0;
  free(stream);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  hipc_device* dev;
  hipc_queue* q;
  hipError_t e = hipc__stream_resolve(stream, &dev, &q);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(dev->ops->queue_sync(q));
}

hipError_t hipStreamQuery(hipStream_t stream) {
  hipc_device* dev;
  hipc_queue* q;
  hipError_t e = hipc__stream_resolve(stream, &dev, &q);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(dev->ops->queue_query(q));
}
