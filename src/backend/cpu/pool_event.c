/* The CPU device's events, on top of its queues (pool.c). Recording one
 * enqueues a marker job and waiting for one (hipStreamWaitEvent) a wait
 * job; pool.c completes both when they reach the head of their queue (see
 * its file comment). Here: the API's side of them, and the host threads
 * that wait for an event. Every event field is under the device lock;
 * `last` (the pending marker of the latest record) is also read without
 * it. */
#include <stdlib.h>

#include "cpu.h"
#include "tsan_fiber.h"

hipError_t hipc__pool_event_record(hipc_event* e, hipc_queue* q) {
  cpu_device* dev = q->dev;
  cpu_job* j = calloc(1, sizeof *j);
  if (!j) return hipErrorOutOfMemory;
  j->kind = CPU_JOB_MARKER;
  j->event = e;
  pthread_mutex_lock(dev->lock);
  e->refs++;
  j->seq = ++e->recorded;
  __atomic_store_n(&e->last, j, __ATOMIC_RELEASE);
  hipc__pool_append(dev, q, j); /* may complete it at once */
  pthread_mutex_unlock(dev->lock);
  return hipSuccess;
}

hipError_t hipc__pool_wait_event(hipc_queue* q, hipc_event* e) {
  cpu_device* dev = q->dev;
  cpu_job* j = calloc(1, sizeof *j);
  if (!j) return hipErrorOutOfMemory;
  j->kind = CPU_JOB_WAIT;
  pthread_mutex_lock(dev->lock);
  cpu_job* m = e->last;
  if (!m) { /* no record pending: nothing to wait for */
    pthread_mutex_unlock(dev->lock);
    free(j);
    return hipSuccess;
  }
  m->refs++;
  j->target = m;
  hipc__pool_append(dev, q, j);
  pthread_mutex_unlock(dev->lock);
  return hipSuccess;
}

void hipc__pool_event_destroy(hipc_event* e) {
  cpu_device* dev = e->dev;
  pthread_mutex_lock(dev->lock);
  hipc__pool_event_unref(e);
  pthread_mutex_unlock(dev->lock);
}

hipError_t hipc__pool_event_create(cpu_device* dev, unsigned flags,
                                   hipc_event** out) {
  hipc_event* e = calloc(1, sizeof *e);
  if (!e) return hipErrorOutOfMemory;
  e->dev = dev;
  e->flags = flags;
  e->refs = 1;
  *out = e;
  return hipSuccess;
}

hipError_t hipc__pool_event_query(hipc_event* e) {
  if (__atomic_load_n(&e->last, __ATOMIC_ACQUIRE)) return hipErrorNotReady;
  hipc_tsan_acquire(e->dev);
  return hipSuccess;
}

static int marker_done(void* arg) {
  cpu_job* m = arg;
  return __atomic_load_n(&m->complete, __ATOMIC_ACQUIRE);
}

hipError_t hipc__pool_event_sync(hipc_event* e) {
  cpu_device* dev = e->dev;
  if (!__atomic_load_n(&e->last, __ATOMIC_ACQUIRE)) {
    hipc_tsan_acquire(dev);
    return hipSuccess;
  }
  if (hipc__pool_in_callback())
    return hipErrorNotSupported; /* from a host function */
  pthread_mutex_lock(dev->lock);
  cpu_job* m = e->last;
  if (m) m->refs++; /* keeps it while this thread waits */
  pthread_mutex_unlock(dev->lock);
  if (!m) return hipSuccess;
  /* hipEventBlockingSync: sleep at once instead of spinning first. */
  hipc__pool_wait_until(dev, marker_done, m,
             (e->flags & hipEventBlockingSync) ? 0 : 1);
  pthread_mutex_lock(dev->lock);
  hipc__pool_marker_unref(m);
  pthread_mutex_unlock(dev->lock);
  return hipSuccess;
}

hipError_t hipc__pool_event_elapsed(float* ms, hipc_event* start,
                                    hipc_event* stop) {
  cpu_device* dev = start->dev;
  hipError_t r = hipErrorNotReady;
  pthread_mutex_lock(dev->lock);
  if (!start->last && !stop->last) {
    double d = (double)stop->time_ns - (double)start->time_ns;
    /* Microsecond resolution, as HIP documents. */
    *ms = (float)((long long)(d / 1000.0)) / 1000.0f;
    r = hipSuccess;
  }
  pthread_mutex_unlock(dev->lock);
  return r;
}

hipError_t hipc__pool_event_time(hipc_event* e, uint64_t* ns) {
  cpu_device* dev = e->dev;
  hipError_t r = hipErrorNotReady;
  pthread_mutex_lock(dev->lock);
  if (!e->last) {
    *ns = e->time_ns;
    r = hipSuccess;
  }
  pthread_mutex_unlock(dev->lock);
  return r;
}
