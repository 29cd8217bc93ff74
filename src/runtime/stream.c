/* Streams. A created stream is checked against the set of live streams
 * before use, so a destroyed or made-up handle is an error, never a crash:
 * hipErrorContextIsDestroyed, the code AMD's runtime gives every call for
 * a stream it does not know.
 *
 * Backends' queues are independent of each other; HIP's null-stream rules
 * are made here, with events that the backend runs on the device side (no
 * host thread waits):
 * - work for the null stream first waits (queue_wait_event) for the work
 *   already queued on every blocking stream of its device, through an
 *   event recorded at the end of each busy one (`tail`);
 * - work for a blocking stream first waits for the null stream's work in the
 *   same way, when the null stream is busy;
 * - hipStreamNonBlocking streams take part in neither.
 * hipStreamPerThread is a blocking stream of the calling thread's own, made
 * on first use and destroyed (after its work) when the thread exits.
 *
 * These rules hold whatever host threads enqueue the work: ordering a
 * piece of work and enqueuing it is one step (hipc__work_begin to
 * hipc__work_end) under the device's `order_lock`, read-locked for a
 * blocking stream and write-locked for the null stream (non-blocking
 * streams take no part), so no work can slip in between a null-stream
 * operation's waits and its enqueue. No thread waits for a device while
 * holding it: a full queue is waited for before (queue_throttle), a
 * blocking operation after (hipc__work_end).
 *
 * Asking the backend whether a queue is busy costs a driver call
 * (cuStreamQuery), which made every copy or launch on a blocking GPU
 * stream ask about the null queue: HeCBench streamCreateCopyDestroy's
 * 16 KiB copies took 5 us on created streams against 3 us on the null
 * stream. Counts say when nothing can have changed: `null_gen` counts
 * the null stream's pieces of work (begun under the write lock), and a
 * blocking stream keeps the count it is already ordered after
 * (`null_seen`); each blocking stream counts its own pieces (`work`) and
 * keeps how many the null stream is ordered after (`null_waited`). Equal
 * counts skip the question; a stream whose queue a library feeds
 * directly (hipc__work_foreign) is asked about every time, as is the
 * null queue of a device where that happened.
 *
 * Work on a capturing stream is refused before any of this
 * (hipc__capture_check_work, which takes the graph lock and then `lock`):
 * what can be captured was taken by capture.c's hooks before the caller
 * began its work, and is never enqueued.
 *
 * Lock order: `order_lock` before `lock` (the stream set) before any
 * backend lock; the graph lock (graph.h) is never held while taking
 * `order_lock`. */
#define _GNU_SOURCE /* pthread_rwlockattr_setkind_np */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "hip/hip_ext.h"
#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static hipStream_t* live;
static size_t nlive, cap;
/* Per device: an event recorded at the end of the null queue. */
static hipc_event* null_tail[HIPC_MAX_DEVICES];
/* Per device: pieces of null-stream work begun (under the write lock),
 * and whether a library fed the null queue directly (sticky). */
static uint64_t null_gen[HIPC_MAX_DEVICES];
static int null_foreign[HIPC_MAX_DEVICES];
/* Per device: enqueuing on the null stream excludes enqueuing on its
 * blocking streams (see the file comment). Writers are preferred, so that
 * a stream of launches from other threads cannot starve the null stream. */
static pthread_rwlock_t order_lock[HIPC_MAX_DEVICES];
static pthread_once_t order_once = PTHREAD_ONCE_INIT;

static void order_init(void) {
  pthread_rwlockattr_t attr;
  pthread_rwlockattr_init(&attr);
  pthread_rwlockattr_setkind_np(&attr,
                                PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
  for (int i = 0; i < HIPC_MAX_DEVICES; ++i)
    pthread_rwlock_init(&order_lock[i], &attr);
  pthread_rwlockattr_destroy(&attr);
}

/* Under the lock. */
static int live_index(hipStream_t s) {
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == s) return (int)i;
  return -1;
}

/* -- per-thread default streams */

static pthread_key_t per_thread_key;
static pthread_once_t per_thread_once = PTHREAD_ONCE_INIT;

typedef struct per_thread {
  hipStream_t stream[HIPC_MAX_DEVICES];
} per_thread;

static void per_thread_free(void* arg) {
  per_thread* pt = arg;
  for (int i = 0; i < HIPC_MAX_DEVICES; ++i)
    if (pt->stream[i]) hipStreamDestroy(pt->stream[i]);
  free(pt);
}

static void per_thread_init(void) {
  pthread_key_create(&per_thread_key, per_thread_free);
}

static hipError_t create(hipc_device* dev, unsigned flags, int priority,
                         hipStream_t* out);

/* The calling thread's stream on `dev`, made on first use. */
static hipError_t per_thread_stream(hipc_device* dev, hipStream_t* out) {
  pthread_once(&per_thread_once, per_thread_init);
  per_thread* pt = pthread_getspecific(per_thread_key);
  if (!pt) {
    pt = calloc(1, sizeof *pt);
    if (!pt) return hipErrorOutOfMemory;
    pthread_setspecific(per_thread_key, pt);
  }
  if (!pt->stream[dev->ordinal]) {
    hipError_t e = create(dev, hipStreamDefault, 0, &pt->stream[dev->ordinal]);
    if (e != hipSuccess) return e;
  }
  *out = pt->stream[dev->ordinal];
  return hipSuccess;
}

/* -- resolving handles */

/* A handle as a created stream (the per-thread stream included), or NULL
 * for the null stream; hipErrorContextIsDestroyed for anything else. */
static hipError_t lookup(hipStream_t s, hipc_device** dev, hipStream_t* out) {
  HIPC_ARG_PTR("stream", s);
  if (s == NULL || s == hipStreamLegacy) {
    *out = NULL;
    return hipc__current_device(dev);
  }
  if (s == hipStreamPerThread) {
    hipError_t e = hipc__current_device(dev);
    return e != hipSuccess ? e : per_thread_stream(*dev, out);
  }
  pthread_mutex_lock(&lock);
  int ok = live_index(s) >= 0;
  pthread_mutex_unlock(&lock);
  if (!ok) return hipErrorContextIsDestroyed;
  *dev = s->dev;
  *out = s;
  return hipSuccess;
}

hipError_t hipc__stream_lookup(hipStream_t s, hipc_device** dev,
                               hipStream_t* out) {
  return lookup(s, dev, out);
}

hipError_t hipc__stream_capture_implicit(hipc_device* dev) {
  int hit = 0;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive; ++i)
    if (live[i]->dev == dev && !(live[i]->flags & hipStreamNonBlocking))
      hit |= hipc__capture_invalidate(live[i]);
  pthread_mutex_unlock(&lock);
  return hit ? hipErrorStreamCaptureImplicit : hipSuccess;
}

int hipc__stream_any_capturing(hipc_device* dev) {
  int hit = 0;
  pthread_mutex_lock(&hipc__graph_lock); /* before `lock`, as above */
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive && !hit; ++i)
    hit = live[i]->dev == dev && live[i]->capture;
  pthread_mutex_unlock(&lock);
  pthread_mutex_unlock(&hipc__graph_lock);
  return hit;
}

hipError_t hipc__stream_resolve(hipStream_t s, hipc_device** dev,
                                hipc_queue** q) {
  hipStream_t st;
  hipError_t e = lookup(s, dev, &st);
  if (e != hipSuccess) return e;
  *q = st ? st->queue : (*dev)->null_queue;
  return hipSuccess;
}

/* Under the lock: `q` waits for what is queued on `from` so far, if
 * anything, through the event in `*ev` (recorded on `from`; made on first
 * need; without events, the host waits). */
static hipError_t wait_for(hipc_device* dev, hipc_queue* q, hipc_queue* from,
                           hipc_event** ev) {
  if (dev->ops->queue_query(from) == hipSuccess) return hipSuccess;
  if (!*ev && (!dev->ops->event_create ||
               dev->ops->event_create(dev, hipEventDisableTiming, ev) !=
                   hipSuccess))
    *ev = NULL;
  if (!*ev) return dev->ops->queue_sync(from);
  hipError_t e = dev->ops->event_record(*ev, from);
  return e != hipSuccess ? e : dev->ops->queue_wait_event(q, *ev);
}

/* Orders blocking stream `st` of `dev` after the null stream's work, as
 * the file comment says. The caller holds the order lock for reading, so
 * the null stream's count does not move. */
static hipError_t order_stream(hipc_device* dev, hipStream_t st) {
  int i = dev->ordinal;
  uint64_t gen = __atomic_load_n(&null_gen[i], __ATOMIC_RELAXED);
  int trust = !__atomic_load_n(&null_foreign[i], __ATOMIC_RELAXED);
  if (trust && __atomic_load_n(&st->null_seen, __ATOMIC_RELAXED) == gen)
    return hipSuccess; /* no null-stream work since it was ordered */
  pthread_mutex_lock(&lock);
  hipError_t e = wait_for(dev, st->queue, dev->null_queue, &null_tail[i]);
  pthread_mutex_unlock(&lock);
  if (e == hipSuccess) __atomic_store_n(&st->null_seen, gen, __ATOMIC_RELAXED);
  return e;
}

/* Orders the null stream of `dev` after the work of its blocking streams.
 * The caller holds the order lock for writing: no count moves. */
static hipError_t order_null(hipc_device* dev) {
  hipError_t e = hipSuccess;
  null_gen[dev->ordinal]++;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive && e == hipSuccess; ++i) {
    hipStream_t s = live[i];
    if (s->dev != dev || (s->flags & hipStreamNonBlocking)) continue;
    uint64_t work = __atomic_load_n(&s->work, __ATOMIC_RELAXED);
    int foreign = __atomic_load_n(&s->foreign, __ATOMIC_RELAXED);
    if (work == s->null_waited && !foreign)
      continue; /* nothing begun on it since the last time */
    e = wait_for(dev, dev->null_queue, s->queue, &s->tail);
    if (e == hipSuccess) s->null_waited = work;
  }
  pthread_mutex_unlock(&lock);
  return e;
}

/* Refuses work on a capturing stream (capture.c took what it can
 * capture before this), waits for room for `n` entries on the queue, takes
 * the order lock `st` needs (none for a non-blocking stream), then orders
 * it. */
static hipError_t begin(hipc_device* dev, hipStream_t st, size_t n,
                        hipc_work* w) {
  w->dev = dev;
  w->q = st ? st->queue : dev->null_queue;
  w->st = st;
  w->held = NULL;
  /* Before any lock: it takes the graph lock and the stream set's. */
  hipError_t ce = hipc__capture_check_work(st, dev);
  if (ce != hipSuccess) return ce;
  if (dev->ops->queue_throttle) dev->ops->queue_throttle(w->q, n);
  if (st && (st->flags & hipStreamNonBlocking)) return hipSuccess;
  pthread_once(&order_once, order_init);
  pthread_rwlock_t* l = &order_lock[dev->ordinal];
  if (st)
    pthread_rwlock_rdlock(l);
  else
    pthread_rwlock_wrlock(l);
  if (st) __atomic_add_fetch(&st->work, 1, __ATOMIC_RELAXED);
  hipError_t e = st ? order_stream(dev, st) : order_null(dev);
  if (e != hipSuccess)
    pthread_rwlock_unlock(l);
  else
    w->held = l;
  return e;
}

hipError_t hipc__work_begin_n(hipStream_t s, size_t n, hipc_work* w) {
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = lookup(s, &dev, &st);
  return e != hipSuccess ? e : begin(dev, st, n ? n : 1, w);
}

hipError_t hipc__work_begin(hipStream_t s, hipc_work* w) {
  return hipc__work_begin_n(s, 1, w);
}

hipError_t hipc__work_begin_null(hipc_device* dev, hipc_work* w) {
  return begin(dev, NULL, 1, w);
}

void hipc__work_foreign(hipc_work* w) {
  int* flag = w->st ? &w->st->foreign : &null_foreign[w->dev->ordinal];
  __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

hipError_t hipc__work_end(hipc_work* w, hipError_t e, int blocking) {
  if (w->held) pthread_rwlock_unlock(w->held);
  w->held = NULL;
  if (e == hipSuccess && blocking) e = w->dev->ops->queue_sync(w->q);
  return e;
}

/* HIP_LAUNCH_BLOCKING=1: every launch returns once the kernel has run. */
static int launch_blocking = -1;

int hipc__launch_blocking(void) {
  int v = __atomic_load_n(&launch_blocking, __ATOMIC_RELAXED);
  if (v < 0) {
    v = hipc__env_flag("HIP_LAUNCH_BLOCKING", 0);
    __atomic_store_n(&launch_blocking, v, __ATOMIC_RELAXED);
  }
  return v;
}

/* -- creation and destruction */

/* The range of priorities, as AMD's runtime has it: -1 (high), 0 (normal)
 * and 1 (low). Others are clamped into it. */
#define PRIORITY_GREATEST (-1)
#define PRIORITY_LEAST 1

static hipError_t create(hipc_device* dev, unsigned flags, int priority,
                         hipStream_t* out) {
  hipStream_t s = calloc(1, sizeof *s);
  if (!s) return hipErrorOutOfMemory;
  s->magic = HIPC_STREAM_MAGIC;
  s->dev = dev;
  s->flags = flags;
  s->priority = priority;
  /* Ordered after no null-stream work yet: its first piece asks. Its
   * tail event is made when the null stream first waits for it. */
  s->null_seen = UINT64_MAX;
  hipError_t e = dev->ops->queue_create(dev, flags, priority, &s->queue);
  if (e != hipSuccess) goto fail_queue;
  pthread_mutex_lock(&lock);
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    hipStream_t* t = realloc(live, ncap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&lock);
      e = hipErrorOutOfMemory;
      goto fail_table;
    }
    live = t;
    cap = ncap;
  }
  live[nlive++] = s;
  pthread_mutex_unlock(&lock);
  hipc__trace_stream(s->queue, s); /* names its track */
  HIPC_ARG_PTR("stream", s);
  *out = s;
  return hipSuccess;
fail_table:
  dev->ops->queue_destroy(s->queue);
fail_queue:
  free(s);
  return e;
}

hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned flags,
                                       int priority) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!stream, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)hipStreamNonBlocking,
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (priority < PRIORITY_GREATEST) priority = PRIORITY_GREATEST;
  if (priority > PRIORITY_LEAST) priority = PRIORITY_LEAST;
  HIPC_RETURN(create(dev, flags, priority, stream));
}

hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned flags) {
  HIPC_API_ENTER();
  return hipStreamCreateWithPriority(stream, flags, 0);
}

hipError_t hipStreamCreate(hipStream_t* stream) {
  HIPC_API_ENTER();
  return hipStreamCreateWithPriority(stream, hipStreamDefault, 0);
}

hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority,
                                           int* greatestPriority) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (leastPriority) *leastPriority = PRIORITY_LEAST;
  if (greatestPriority) *greatestPriority = PRIORITY_GREATEST;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!stream || stream == hipStreamPerThread ||
                     stream == hipStreamLegacy,
                 hipErrorInvalidHandle);
  pthread_mutex_lock(&lock);
  int i = live_index(stream);
  if (i >= 0) live[i] = live[--nlive];
  pthread_mutex_unlock(&lock);
  HIPC_RETURN_IF(i < 0, hipErrorContextIsDestroyed);
  hipc__capture_stream_gone(stream);
  /* The queue finishes its work (records of `tail` included) first. */
  stream->dev->ops->queue_destroy(stream->queue);
  if (stream->tail) stream->dev->ops->event_destroy(stream->tail);
  stream->magic = 0;
  free(stream);
  HIPC_RETURN(hipSuccess);
}

/* -- synchronisation */

hipError_t hipStreamSynchronize(hipStream_t stream) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = lookup(stream, &dev, &st);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc__capture_check_work(st, dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  /* Waiting for a stream outside the capture is unsafe: refused where the
   * capture modes say, the capture invalidated (AMD's runtime). */
  e = hipc__capture_unsafe(1);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (!st) {
    /* The null stream is done once the blocking streams' work queued so
     * far is, too: make it wait for that, then wait for it. */
    hipc_work w;
    e = hipc__work_begin_null(dev, &w);
    HIPC_RETURN_IF(e != hipSuccess, e);
    HIPC_RETURN(hipc__work_end(&w, hipSuccess, 1));
  }
  HIPC_RETURN(dev->ops->queue_sync(st->queue));
}

hipError_t hipStreamQuery(hipStream_t stream) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = lookup(stream, &dev, &st);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc__capture_check_work(st, dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (st) HIPC_RETURN(dev->ops->queue_query(st->queue));
  e = dev->ops->queue_query(dev->null_queue);
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive && e == hipSuccess; ++i)
    if (live[i]->dev == dev && !(live[i]->flags & hipStreamNonBlocking))
      e = dev->ops->queue_query(live[i]->queue);
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(flags != 0, hipErrorInvalidValue);
  hipc_event* ev;
  hipc_device* edev;
  hipError_t e = hipc__event_resolve(event, &edev, &ev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  /* An unknown stream is hipErrorInvalidHandle here on AMD's runtime
   * (hipErrorContextIsDestroyed elsewhere). */
  hipc_device* sdev;
  hipStream_t st;
  HIPC_RETURN_IF(lookup(stream, &sdev, &st) == hipErrorContextIsDestroyed,
                 hipErrorInvalidHandle);
  e = hipc__capture_wait_event(stream, event); /* capture.c */
  if (e != HIPC_NOT_CAPTURING) HIPC_RETURN(e);
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (edev->ops != w.dev->ops || !w.dev->ops->queue_wait_event) {
    /* An event of another backend: wait on the host (the stream's later
     * work is enqueued after this returns). */
    e = hipc__work_end(&w, hipSuccess, 0);
    HIPC_RETURN(edev->ops->event_sync(ev));
  }
  e = w.dev->ops->queue_wait_event(w.q, ev);
  HIPC_RETURN(hipc__work_end(&w, e, 0));
}

/* -- host functions */

typedef struct callback {
  hipStreamCallback_t fn;
  hipStream_t stream;  /* as the user gave it */
  void* user;
} callback;

/* fn(user) enqueued on `stream`. */
static hipError_t enqueue_host_fn(hipStream_t stream, hipHostFn_t fn,
                                  void* user) {
  hipc_work w;
  hipError_t e = hipc__work_begin(stream, &w);
  if (e != hipSuccess) return e;
  e = w.dev->ops->queue_host_fn ? w.dev->ops->queue_host_fn(w.q, fn, user)
                                : hipErrorNotSupported;
  return hipc__work_end(&w, e, 0);
}

static void run_callback(void* arg) {
  callback* c = arg;
  c->fn(c->stream, hipSuccess, c->user);
  free(c);
}

hipError_t hipStreamAddCallback(hipStream_t stream,
                                hipStreamCallback_t callback_fn,
                                void* userData, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!callback_fn || flags != 0, hipErrorInvalidValue);
  callback* c = malloc(sizeof *c);
  HIPC_RETURN_IF(!c, hipErrorOutOfMemory);
  c->fn = callback_fn;
  c->stream = stream;
  c->user = userData;
  /* Not captured (the callback frees `c` when it runs, once): on a
   * capturing stream it is refused, and invalidates the capture. */
  hipError_t e = enqueue_host_fn(stream, run_callback, c);
  if (e != hipSuccess) free(c);
  HIPC_RETURN(e);
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn,
                             void* userData) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!fn, hipErrorInvalidValue);
  hipError_t e = hipc__capture_host_fn(stream, fn, userData); /* capture.c */
  if (e != HIPC_NOT_CAPTURING) HIPC_RETURN(e);
  HIPC_RETURN(enqueue_host_fn(stream, fn, userData));
}

/* hipc's extension (hip/hip_ext.h): fn(userData) as the stream's next
 * operation, run now on the calling thread, when the stream is idle (no
 * work of its own, none it must wait for on the null stream, no capture
 * anywhere) and its device lets the host claim it: the claim is made in
 * stream order like any enqueue, and work enqueued meanwhile, by any
 * thread, runs after fn returns. Otherwise *ran is 0 and nothing is done:
 * the caller enqueues as usual (hipLaunchHostFunc). */
hipError_t hipc_launch_host_func_now(hipStream_t stream, hipHostFn_t fn,
                                     void* userData, int* ran) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!fn || !ran, hipErrorInvalidValue);
  *ran = 0;
  if (hipc__capture_any()) HIPC_RETURN(hipSuccess);
  hipc_work w;
  hipError_t e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, e);
  void* claim =
      w.dev->ops->queue_claim ? w.dev->ops->queue_claim(w.q) : NULL;
  e = hipc__work_end(&w, hipSuccess, 0);
  if (claim) { /* outside the ordering lock: fn may take long */
    w.dev->ops->queue_run_claimed(claim, fn, userData);
    *ran = 1;
  }
  HIPC_RETURN(e);
}

/* -- properties */

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  HIPC_API_ENTER();
  /* AMD's runtime answers hipErrorInvalidValue for the null stream too
   * (CUDA gives its flags). */
  HIPC_RETURN_IF(!flags || !stream, hipErrorInvalidValue);
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = lookup(stream, &dev, &st);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *flags = st ? st->flags : hipStreamDefault;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!priority, hipErrorInvalidValue);
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = lookup(stream, &dev, &st);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *priority = st ? st->priority : 0;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device, hipErrorInvalidValue);
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = lookup(stream, &dev, &st);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *device = dev->ordinal;
  HIPC_RETURN(hipSuccess);
}
