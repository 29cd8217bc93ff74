/* The CPU device's copies, fills and host functions, as jobs on its
 * queues (pool.c). A linear copy or fill is split into 1 MiB chunks and a
 * pitched one into runs of rows, which any number of workers take, and so
 * does a host thread that waits for the queue (a blocking copy on an idle
 * queue runs on the calling thread, with no hand-over). Every one of them
 * runs in its place in the queue, blocking or not, whatever thread
 * enqueued it. A host function is a job of one unit. */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

/* -- copies and fills, in chunks that several workers share */

#define CHUNK ((size_t)1 << 20)

typedef struct mem_job {
  cpu_job job;
  char* dst;
  const char* src;
  size_t size;
  int value;
} mem_job;

static void copy_run(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n) {
  (void)w;
  mem_job* m = (mem_job*)j;
  size_t lo = first * CHUNK, hi = (first + n) * CHUNK;
  if (hi > m->size) hi = m->size;
  memmove(m->dst + lo, m->src + lo, hi - lo);
}

static void fill_run(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n) {
  (void)w;
  mem_job* m = (mem_job*)j;
  size_t lo = first * CHUNK, hi = (first + n) * CHUNK;
  if (hi > m->size) hi = m->size;
  memset(m->dst + lo, m->value, hi - lo);
}

/* A copy (src set) or a fill (src NULL) on `q`; with `blocking`, returns
 * once it has run. */
static hipError_t mem_op(hipc_queue* q, void* dst, const void* src,
                         int value, size_t n, int blocking) {
  if (blocking && hipc__pool_in_callback()) return hipErrorNotSupported;
  mem_job* m = calloc(1, sizeof *m);
  if (!m) return hipErrorOutOfMemory;
  m->dst = dst;
  m->src = src;
  m->size = n;
  m->value = value;
  m->job.run = src ? copy_run : fill_run;
  m->job.host_ok = 1;
  m->job.units = n ? (n + CHUNK - 1) / CHUNK : 1;
  /* Overlapping copies must run front to back in one piece. */
  int overlap = src && (char*)dst < (const char*)src + n &&
                (const char*)src < (char*)dst + n;
  m->job.chunk = overlap ? m->job.units : 1;
  uint64_t ticket = hipc__pool_enqueue(q, &m->job);
  return blocking ? hipc__pool_wait(q, ticket) : hipSuccess;
}

hipError_t hipc__cpu_memcpy(hipc_queue* q, void* dst, const void* src,
                            size_t n, int blocking) {
  return mem_op(q, dst, src, 0, n, blocking);
}

hipError_t hipc__cpu_memset(hipc_queue* q, void* dst, int value, size_t n,
                            int blocking) {
  return mem_op(q, dst, NULL, value, n, blocking);
}

/* -- pitched copies and fills: a unit is a row */

typedef struct rows_job {
  cpu_job job;
  char* dst;
  const char* src;          /* NULL for a fill */
  size_t dpitch, spitch;
  size_t width;             /* bytes (copy) or elements (fill) per row */
  uint32_t value;
  unsigned elem_size;
} rows_job;

/* Writes `n` elements of `size` bytes holding `value` at `p`. */
static void fill_elems(char* p, uint32_t value, unsigned size, size_t n) {
  if (size == 1) {
    memset(p, (int)(value & 0xff), n);
  } else if (size == 2) {
    uint16_t v = (uint16_t)value;
    for (size_t i = 0; i < n; ++i) memcpy(p + 2 * i, &v, 2);
  } else {
    for (size_t i = 0; i < n; ++i) memcpy(p + 4 * i, &value, 4);
  }
}

static void rows_run(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n) {
  (void)w;
  rows_job* r = (rows_job*)j;
  for (uint64_t y = first; y < first + n; ++y) {
    char* d = r->dst + y * r->dpitch;
    if (r->src)
      memmove(d, r->src + y * r->spitch, r->width);
    else
      fill_elems(d, r->value, r->elem_size, r->width);
  }
}

static hipError_t rows_op(hipc_queue* q, char* dst, size_t dpitch,
                          const char* src, size_t spitch, size_t width,
                          size_t height, uint32_t value, unsigned elem_size,
                          int blocking) {
  if (blocking && hipc__pool_in_callback()) return hipErrorNotSupported;
  size_t row_bytes = src ? width : width * elem_size;
  rows_job* r = calloc(1, sizeof *r);
  if (!r) return hipErrorOutOfMemory;
  r->dst = dst;
  r->src = src;
  r->dpitch = dpitch;
  r->spitch = spitch;
  r->width = width;
  r->value = value;
  r->elem_size = elem_size;
  r->job.run = rows_run;
  r->job.host_ok = 1;
  r->job.units = height;
  /* About a chunk's worth of rows per claim; rows that overlap (a copy
   * within one allocation) run in order on one worker. */
  size_t per = row_bytes ? CHUNK / row_bytes : height;
  int overlap = src && dst < src + spitch * (height - 1) + width &&
                src < dst + dpitch * (height - 1) + width;
  r->job.chunk = overlap ? height : per < 1 ? 1 : per;
  uint64_t ticket = hipc__pool_enqueue(q, &r->job);
  return blocking ? hipc__pool_wait(q, ticket) : hipSuccess;
}

hipError_t hipc__cpu_memcpy_2d(hipc_queue* q, void* dst, size_t dpitch,
                               const void* src, size_t spitch, size_t width,
                               size_t height, int blocking) {
  return rows_op(q, dst, dpitch, src, spitch, width, height, 0, 1, blocking);
}

hipError_t hipc__cpu_memset_2d(hipc_queue* q, void* dst, size_t pitch,
                               uint32_t value, unsigned elem_size,
                               size_t width, size_t height, int blocking) {
  return rows_op(q, dst, pitch, NULL, 0, width, height, value, elem_size,
                 blocking);
}

/* -- host functions: a job of one unit that some worker runs */

typedef struct host_fn_job {
  cpu_job job;
  void (*fn)(void*);
  void* arg;
} host_fn_job;

static void host_fn_run(cpu_job* j, cpu_worker* w, uint64_t first,
                        uint64_t n) {
  (void)w;
  (void)first;
  (void)n;
  host_fn_job* h = (host_fn_job*)j;
  h->fn(h->arg);
}

hipError_t hipc__cpu_queue_host_fn(hipc_queue* q, void (*fn)(void*),
                                   void* arg) {
  host_fn_job* h = calloc(1, sizeof *h);
  if (!h) return hipErrorOutOfMemory;
  h->fn = fn;
  h->arg = arg;
  h->job.run = host_fn_run;
  h->job.units = 1;
  h->job.host_ok = 1; /* a host thread that waits for it may run it */
  h->job.host_fn = 1;
  hipc__pool_enqueue(q, &h->job);
  return hipSuccess;
}
