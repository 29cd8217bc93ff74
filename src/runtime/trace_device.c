/* Device work on the timeline (trace.c): with HIPC_TRACE set, every
 * device is put behind a copy of its backend's ops table whose launch,
 * copy and fill entries record a timing event on the queue before and
 * after the backend's own entry. Once both have completed, the work's
 * start and end are known on the device's clock and it is written as a
 * complete event on its stream's track. Nothing of this runs when the
 * trace is off: the devices keep their backend's table.
 *
 * Times: a backend with event_time (the CPU device) gives them on the
 * host's clock. Otherwise (a GPU) they are placed through event_elapsed
 * from an anchor, an event whose host time is known: first one recorded
 * and waited for when the device is set up, later the end of the latest
 * placed work once it is more than a second past the anchor (so that
 * the driver's float milliseconds keep microseconds).
 *
 * Each queue is a track with its work in order, so finished work is
 * found at the head of its track: tracks are polled after each new piece
 * of work, after synchronisations, at hipDeviceReset and at exit.
 *
 * Locking: `lock` guards the tracks, the event pools and the anchors; it
 * is taken after the runtime's stream lock (launches run under it) and
 * before the backends' locks, and nothing waits while holding it. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define TRACK_TID_BASE (1L << 30)
#define ANCHOR_SPAN_NS 1000000000u

typedef struct work {
  struct work* next;
  hipc_event* begin;
  hipc_event* end;
  char* body; /* the event's members after "ts" and "dur" */
} work;

typedef struct track {
  hipc_queue* q;      /* NULL once the queue is destroyed */
  hipc_device* dev;
  long tid;
  int named;          /* its name has been written */
  int null_queue;
  const void* stream; /* the hipStream_t, once known */
  work* head;
  work* tail;
} track;

typedef struct dev_state {
  const hipc_backend_ops* ops; /* the backend's own table */
  hipc_event** pool;           /* timing events ready for use */
  size_t npool, cap;
  hipc_event* anchor;
  uint64_t anchor_ns;
} dev_state;

typedef struct table {
  const hipc_backend_ops* orig;
  hipc_backend_ops wrapped;
} table;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static dev_state devs[HIPC_MAX_DEVICES];
static hipc_device* traced[HIPC_MAX_DEVICES];
static int ntraced;
static track** tracks;
static size_t ntracks, tracks_cap;
static table tables[4];

/* -- tracks and events (under the lock) */

static track* find(hipc_queue* q) {
  for (size_t i = ntracks; i-- > 0;)
    if (tracks[i]->q == q) return tracks[i];
  return NULL;
}

static track* add_track(hipc_device* dev, hipc_queue* q, int null_queue) {
  if (ntracks == tracks_cap) {
    size_t ncap = tracks_cap ? tracks_cap * 2 : 16;
    track** t = realloc(tracks, ncap * sizeof *t);
    if (!t) return NULL;
    tracks = t;
    tracks_cap = ncap;
  }
  track* t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->q = q;
  t->dev = dev;
  t->null_queue = null_queue;
  t->tid = TRACK_TID_BASE + (long)ntracks;
  tracks[ntracks++] = t;
  return t;
}

static hipc_event* event_get(hipc_device* dev) {
  dev_state* d = &devs[dev->ordinal];
  if (d->npool) return d->pool[--d->npool];
  hipc_event* e = NULL;
  if (d->ops->event_create(dev, 0, &e) != hipSuccess) return NULL;
  return e;
}

static void event_put(hipc_device* dev, hipc_event* e) {
  dev_state* d = &devs[dev->ordinal];
  if (!e) return;
  if (d->npool == d->cap) {
    size_t ncap = d->cap ? d->cap * 2 : 16;
    hipc_event** p = realloc(d->pool, ncap * sizeof *p);
    if (!p) {
      d->ops->event_destroy(e);
      return;
    }
    d->pool = p;
    d->cap = ncap;
  }
  d->pool[d->npool++] = e;
}

/* When `e` completed, on the host's clock: 0 when it has not yet. */
static int event_ns(dev_state* d, hipc_event* e, uint64_t* ns) {
  if (d->ops->event_query(e) != hipSuccess) return 0;
  if (d->ops->event_time) return d->ops->event_time(e, ns) == hipSuccess;
  float ms;
  if (!d->anchor || d->ops->event_elapsed(&ms, d->anchor, e) != hipSuccess)
    return 0;
  *ns = (uint64_t)((int64_t)d->anchor_ns + (int64_t)((double)ms * 1e6));
  return 1;
}

static void name_track(track* t) {
  if (t->named) return;
  t->named = 1;
  const hipc_device* dev = t->dev;
  char label[160], ev[400];
  if (t->null_queue)
    snprintf(label, sizeof label, "device %d (%s) null stream", dev->ordinal,
             dev->ops->name);
  else
    snprintf(label, sizeof label, "device %d (%s) stream 0x%" PRIxPTR,
             dev->ordinal, dev->ops->name, (uintptr_t)t->stream);
  int pid = hipc__trace_pid();
  snprintf(ev, sizeof ev,
           "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%ld,"
           "\"args\":{\"name\":\"%s\"}}",
           pid, t->tid, label);
  hipc__trace_emit(ev);
  snprintf(ev, sizeof ev,
           "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%d,"
           "\"tid\":%ld,\"args\":{\"sort_index\":%ld}}",
           pid, t->tid, t->tid);
  hipc__trace_emit(ev);
}

static void work_free(track* t, work* w) {
  event_put(t->dev, w->begin);
  event_put(t->dev, w->end);
  free(w->body);
  free(w);
}

/* Writes the finished work at the head of `t`. `drop`: gives up the rest
 * (it will not finish). */
static void poll(track* t, int drop) {
  dev_state* d = &devs[t->dev->ordinal];
  work* w;
  while ((w = t->head) != NULL) {
    uint64_t b, e;
    if (!event_ns(d, w->begin, &b) || !event_ns(d, w->end, &e)) {
      if (!drop) return;
    } else {
      name_track(t);
      char when[80];
      hipc__trace_time(when, sizeof when, b, e > b ? e : b);
      size_t n = strlen(w->body) + 160;
      char* ev = malloc(n);
      if (ev) {
        snprintf(ev, n, "{\"ph\":\"X\",\"pid\":%d,\"tid\":%ld,%s,%s}",
                 hipc__trace_pid(), t->tid, when, w->body);
        hipc__trace_emit(ev);
        free(ev);
      }
      if (!d->ops->event_time && e > d->anchor_ns + ANCHOR_SPAN_NS) {
        event_put(t->dev, d->anchor); /* the end becomes the anchor */
        d->anchor = w->end;
        d->anchor_ns = e;
        w->end = NULL;
      }
    }
    t->head = w->next;
    if (!t->head) t->tail = NULL;
    work_free(t, w);
  }
}

/* -- the wrapped entries */

/* What a wrapped entry needs: the queue's track and device state, and the
 * events around the work (NULL, NULL when it cannot be timed). */
typedef struct ctx {
  track* t;
  const hipc_backend_ops* ops;
  hipc_event* begin;
  hipc_event* end;
} ctx;

/* Finds the queue's track, takes two events and records the first. */
static ctx start(hipc_queue* q) {
  ctx c = {0};
  pthread_mutex_lock(&lock);
  c.t = find(q);
  if (c.t) {
    c.ops = devs[c.t->dev->ordinal].ops;
    c.begin = event_get(c.t->dev);
    c.end = event_get(c.t->dev);
  }
  pthread_mutex_unlock(&lock);
  if (c.begin && c.end && c.ops->event_record(c.begin, q) != hipSuccess) {
    pthread_mutex_lock(&lock);
    event_put(c.t->dev, c.begin);
    event_put(c.t->dev, c.end);
    pthread_mutex_unlock(&lock);
    c.begin = c.end = NULL;
  }
  return c;
}

/* After the backend's entry returned `r`: records the second event and
 * queues the work on its track with `body` (malloc'd, taken). */
static hipError_t finish(ctx* c, hipc_queue* q, hipError_t r, char* body) {
  int timed = c->begin && c->end && r == hipSuccess && body &&
              c->ops->event_record(c->end, q) == hipSuccess;
  pthread_mutex_lock(&lock);
  if (timed) {
    work* w = malloc(sizeof *w);
    if (w) {
      *w = (work){NULL, c->begin, c->end, body};
      if (c->t->tail) c->t->tail->next = w;
      else c->t->head = w;
      c->t->tail = w;
      body = NULL;
    } else {
      timed = 0;
    }
  }
  if (!timed && c->t) {
    event_put(c->t->dev, c->begin);
    event_put(c->t->dev, c->end);
  }
  if (c->t) poll(c->t, 0);
  pthread_mutex_unlock(&lock);
  free(body);
  return r;
}

static char* body_of(const char* name, const char* cat, const track* t,
                     const char* fmt, ...) __attribute__((format(printf, 4, 5)));

/* The members of a device event: its name and category, then "args" with
 * the members `fmt` makes, the stream and the device. */
static char* body_of(const char* name, const char* cat, const track* t,
                     const char* fmt, ...) {
  if (!t) return NULL;
  char args[512], esc[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(args, sizeof args, fmt, ap);
  va_end(ap);
  hipc__json_escape(esc, sizeof esc, name);
  char* b = malloc(1200);
  if (!b) return NULL;
  snprintf(b, 1200,
           "\"name\":\"%s\",\"cat\":\"%s\",\"args\":{%s%s\"stream\":"
           "\"0x%" PRIxPTR "\",\"device\":%d}",
           esc, cat, args, *args ? "," : "", (uintptr_t)t->stream,
           t->dev->ordinal);
  return b;
}

/* 'H' for host memory, 'D' for a device's (managed memory included). */
static char side(const void* p) {
  hipc_alloc a;
  if (!hipc__alloc_find(p, &a) || a.kind == hipMemoryTypeHost) return 'H';
  return 'D';
}

static hipError_t w_launch(hipc_queue* q, const hipc_launch* l) {
  ctx c = start(q);
  hipError_t r = c.ops ? c.ops->launch(q, l) : hipErrorInvalidHandle;
  char* b = body_of(l->name ? l->name : "?", "kernel", c.t,
                    "\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],\"shared\":%zu",
                    l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y,
                    l->block.z, l->shmem);
  return finish(&c, q, r, b);
}

static char* copy_body(const track* t, void* dst, const void* src, size_t n,
                       size_t rows) {
  char name[16];
  snprintf(name, sizeof name, "memcpy %ctoD", side(src));
  name[10] = side(dst);
  return body_of(name, "memcpy", t,
                 "\"bytes\":%zu,\"rows\":%zu,\"dst\":\"0x%" PRIxPTR
                 "\",\"src\":\"0x%" PRIxPTR "\",\"kind\":\"%.4s\"",
                 n * rows, rows, (uintptr_t)dst, (uintptr_t)src, name + 7);
}

static hipError_t w_memcpy(hipc_queue* q, void* dst, const void* src,
                           size_t n, int blocking) {
  ctx c = start(q);
  hipError_t r =
      c.ops ? c.ops->memcpy(q, dst, src, n, blocking) : hipErrorInvalidHandle;
  return finish(&c, q, r, copy_body(c.t, dst, src, n, 1));
}

static hipError_t w_memcpy_2d(hipc_queue* q, void* dst, size_t dpitch,
                              const void* src, size_t spitch, size_t width,
                              size_t height, int blocking) {
  ctx c = start(q);
  hipError_t r = c.ops ? c.ops->memcpy_2d(q, dst, dpitch, src, spitch, width,
                                          height, blocking)
                       : hipErrorInvalidHandle;
  return finish(&c, q, r, copy_body(c.t, dst, src, width, height));
}

static char* fill_body(const track* t, void* dst, uint32_t value,
                       size_t bytes, size_t rows) {
  return body_of("memset", "memset", t,
                 "\"bytes\":%zu,\"rows\":%zu,\"dst\":\"0x%" PRIxPTR
                 "\",\"value\":%" PRIu32,
                 bytes, rows, (uintptr_t)dst, value);
}

static hipError_t w_memset(hipc_queue* q, void* dst, int value, size_t n,
                           int blocking) {
  ctx c = start(q);
  hipError_t r =
      c.ops ? c.ops->memset(q, dst, value, n, blocking) : hipErrorInvalidHandle;
  return finish(&c, q, r, fill_body(c.t, dst, (uint8_t)value, n, 1));
}

static hipError_t w_memset_2d(hipc_queue* q, void* dst, size_t pitch,
                              uint32_t value, unsigned elem_size, size_t width,
                              size_t height, int blocking) {
  ctx c = start(q);
  hipError_t r = c.ops ? c.ops->memset_2d(q, dst, pitch, value, elem_size,
                                          width, height, blocking)
                       : hipErrorInvalidHandle;
  return finish(&c, q, r,
                fill_body(c.t, dst, value, width * elem_size * height, height));
}

static hipError_t w_peer_copy(hipc_queue* q, void* dst, hipc_device* dst_dev,
                              const void* src, hipc_device* src_dev, size_t n,
                              int blocking) {
  ctx c = start(q);
  hipError_t r = c.ops ? c.ops->peer_copy(q, dst, dst_dev, src, src_dev, n,
                                          blocking)
                       : hipErrorInvalidHandle;
  char* b = body_of("memcpy PtoP", "memcpy", c.t,
                    "\"bytes\":%zu,\"dst\":\"0x%" PRIxPTR "\",\"src\":\"0x%"
                    PRIxPTR "\",\"kind\":\"PtoP\",\"dst_device\":%d,"
                    "\"src_device\":%d",
                    n, (uintptr_t)dst, (uintptr_t)src, dst_dev->ordinal,
                    src_dev->ordinal);
  return finish(&c, q, r, b);
}

static hipError_t w_array_copy(hipc_queue* q, const hipc_array_copy* a,
                               int blocking) {
  ctx c = start(q);
  hipError_t r =
      c.ops ? c.ops->array_copy(q, a, blocking) : hipErrorInvalidHandle;
  char* b = body_of(a->to_array ? "memcpy toArray" : "memcpy fromArray", "memcpy", c.t,
                    "\"bytes\":%zu,\"kind\":\"%s\"",
                    a->width * a->height * (a->depth ? a->depth : 1),
                    a->to_array ? "toArray" : "fromArray");
  return finish(&c, q, r, b);
}

static hipError_t w_prefetch(hipc_queue* q, const void* ptr, size_t n,
                             int device) {
  ctx c = start(q);
  hipError_t r =
      c.ops ? c.ops->prefetch(q, ptr, n, device) : hipErrorInvalidHandle;
  char* b = body_of("prefetch", "memcpy", c.t,
                    "\"bytes\":%zu,\"ptr\":\"0x%" PRIxPTR "\",\"to\":%d", n,
                    (uintptr_t)ptr, device);
  return finish(&c, q, r, b);
}

/* A graph launch's batch (graph_exec.c): one event from its first
 * operation to its last. */
static hipError_t w_batch_enqueue(hipc_queue* q, hipc_batch* b) {
  ctx c = start(q);
  hipError_t r =
      c.ops ? c.ops->batch_enqueue(q, b) : hipErrorInvalidHandle;
  return finish(&c, q, r, body_of("graph batch", "graph", c.t, "%s", ""));
}

static hipError_t w_queue_create(hipc_device* dev, unsigned flags,
                                 int priority, hipc_queue** out) {
  hipError_t r =
      devs[dev->ordinal].ops->queue_create(dev, flags, priority, out);
  if (r == hipSuccess) {
    pthread_mutex_lock(&lock);
    add_track(dev, *out, 0);
    pthread_mutex_unlock(&lock);
  }
  return r;
}

static void w_queue_destroy(hipc_queue* q) {
  pthread_mutex_lock(&lock);
  track* t = find(q);
  const hipc_backend_ops* ops = t ? devs[t->dev->ordinal].ops : NULL;
  pthread_mutex_unlock(&lock);
  if (!ops) return;
  ops->queue_destroy(q); /* waits for the queue's work */
  pthread_mutex_lock(&lock);
  poll(t, 1);
  t->q = NULL;
  pthread_mutex_unlock(&lock);
}

static hipError_t w_queue_sync(hipc_queue* q) {
  pthread_mutex_lock(&lock);
  track* t = find(q);
  const hipc_backend_ops* ops = t ? devs[t->dev->ordinal].ops : NULL;
  pthread_mutex_unlock(&lock);
  if (!ops) return hipErrorInvalidHandle;
  hipError_t r = ops->queue_sync(q);
  pthread_mutex_lock(&lock);
  poll(t, 0);
  pthread_mutex_unlock(&lock);
  return r;
}

/* Under the lock: polls every live track of `dev` (NULL: of every
 * device). */
static void poll_all(const hipc_device* dev, int drop) {
  for (size_t i = 0; i < ntracks; ++i)
    if (!dev || tracks[i]->dev == dev) poll(tracks[i], drop);
}

static hipError_t w_device_sync(hipc_device* dev) {
  hipError_t r = devs[dev->ordinal].ops->device_sync(dev);
  pthread_mutex_lock(&lock);
  poll_all(dev, 0);
  pthread_mutex_unlock(&lock);
  return r;
}

/* -- set-up */

/* The tracing table for a backend's `ops` (under the lock). */
static const hipc_backend_ops* wrap(const hipc_backend_ops* ops) {
  size_t i = 0;
  for (; i < sizeof tables / sizeof tables[0] && tables[i].orig; ++i)
    if (tables[i].orig == ops) return &tables[i].wrapped;
  if (i == sizeof tables / sizeof tables[0]) return ops;
  table* t = &tables[i];
  t->orig = ops;
  t->wrapped = *ops;
  hipc_backend_ops* w = &t->wrapped;
  /* Entries the backend lacks stay NULL: the runtime tests them. */
  w->launch = w_launch;
  w->memcpy = w_memcpy;
  w->memset = w_memset;
  w->queue_create = w_queue_create;
  w->queue_destroy = w_queue_destroy;
  w->queue_sync = w_queue_sync;
  w->device_sync = w_device_sync;
  if (ops->memcpy_2d) w->memcpy_2d = w_memcpy_2d;
  if (ops->memset_2d) w->memset_2d = w_memset_2d;
  if (ops->peer_copy) w->peer_copy = w_peer_copy;
  if (ops->array_copy) w->array_copy = w_array_copy;
  if (ops->prefetch) w->prefetch = w_prefetch;
  if (ops->batch_enqueue) w->batch_enqueue = w_batch_enqueue;
  return w;
}

void hipc__trace_device(hipc_device* dev) {
  if (!(hipc__instr & HIPC_INSTR_TRACE)) return;
  const hipc_backend_ops* ops = dev->ops;
  /* Without events nothing can be timed on the device. */
  if (!ops->event_create || !ops->event_record || !ops->event_query ||
      (!ops->event_time && !ops->event_elapsed))
    return;
  dev_state* d = &devs[dev->ordinal];
  d->ops = ops;
  if (!ops->event_time &&
      (ops->event_create(dev, 0, &d->anchor) != hipSuccess ||
       ops->event_record(d->anchor, dev->null_queue) != hipSuccess ||
       ops->event_sync(d->anchor) != hipSuccess))
    return;
  d->anchor_ns = hipc__trace_now();
  pthread_mutex_lock(&lock);
  add_track(dev, dev->null_queue, 1);
  dev->ops = wrap(ops);
  traced[ntraced++] = dev;
  pthread_mutex_unlock(&lock);
  hipc__trace_at_exit();
}

void hipc__trace_stream(hipc_queue* q, hipStream_t s) {
  if (!(hipc__instr & HIPC_INSTR_TRACE)) return;
  pthread_mutex_lock(&lock);
  track* t = find(q);
  if (t) t->stream = s;
  pthread_mutex_unlock(&lock);
}

void hipc__trace_device_drain(int final) {
  pthread_mutex_lock(&lock);
  int n = ntraced;
  pthread_mutex_unlock(&lock);
  if (final)
    for (int i = 0; i < n; ++i)
      devs[traced[i]->ordinal].ops->device_sync(traced[i]);
  pthread_mutex_lock(&lock);
  poll_all(NULL, final);
  pthread_mutex_unlock(&lock);
}
