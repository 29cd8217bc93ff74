/* Batches: an executable graph's nodes as few queue entries as possible.
 *
 * A batch is prepared once (kernel arguments packed, copies and fills laid
 * out) and enqueued at every hipGraphLaunch. Runs of small operations
 * become one job of one unit that a single worker runs from start to end,
 * in order: no hand-over between workers and no enqueue per node, which is
 * what makes a graph of small kernels cheaper than launching them one by
 * one. A kernel with many threads, or a big copy or fill, is worth
 * spreading over every worker, so it stays a job of its own (a kernel's
 * packed arguments shared, not copied).
 *
 * Each segment is one job: the runtime makes room for all of them on the
 * queue (queue_throttle) before it enqueues the batch, so a graph launch
 * keeps the queue bound (HIPC_QUEUE_DEPTH) like any other work.
 *
 * A batch is freed when its owner destroyed it and no enqueued job refers
 * to it any more (`refs`). */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

/* Kernels with more threads than this, and copies and fills of more
 * bytes than INLINE_BYTES, run as their own job (on every worker). */
#define INLINE_THREADS 8192
#define INLINE_BYTES ((size_t)4 << 20)

typedef struct item {
  int kind;      /* HIPC_OP_* */
  kernel_job k;  /* LAUNCH: prepared, args owned by the batch */
  hipc_op op;    /* COPY, FILL, HOST */
} item;

/* A run of items [first, first + n): one job (`inline_run`), or a big
 * kernel (n 1, `big`). */
typedef struct segment {
  size_t first, n;
  int big;
} segment;

struct hipc_batch {
  cpu_device* dev;
  item* items;
  size_t nitems;
  segment* segs;
  size_t nsegs;
  int refs; /* atomic: the owner's, plus one per job in flight */
};

typedef struct batch_job {
  cpu_job job;
  hipc_batch* b;
  size_t first, n;
} batch_job;

typedef struct big_job {
  kernel_job k;
  hipc_batch* b;
} big_job;

static void batch_unref(hipc_batch* b) {
  if (__atomic_sub_fetch(&b->refs, 1, __ATOMIC_ACQ_REL) != 0) return;
  for (size_t i = 0; i < b->nitems; ++i)
    if (b->items[i].kind == HIPC_OP_LAUNCH)
      hipc__cpu_kernel_args_free(&b->items[i].k);
  free(b->items);
  free(b->segs);
  free(b);
}

/* Writes `n` elements of `size` bytes holding `value` at `p`. */
static void fill(char* p, uint32_t value, unsigned size, size_t n) {
  if (size == 1) {
    memset(p, (int)(value & 0xff), n);
  } else if (size == 2) {
    uint16_t v = (uint16_t)value;
    for (size_t i = 0; i < n; ++i) memcpy(p + 2 * i, &v, 2);
  } else {
    for (size_t i = 0; i < n; ++i) memcpy(p + 4 * i, &value, 4);
  }
}

static void run_item(item* it, cpu_worker* w) {
  hipc_op* o = &it->op;
  switch (it->kind) {
    case HIPC_OP_LAUNCH:
      hipc__cpu_kernel_run(&it->k.job, w, 0, it->k.job.units);
      break;
    case HIPC_OP_COPY:
      for (size_t y = 0; y < o->height; ++y)
        memmove((char*)o->dst + y * o->dpitch,
                (const char*)o->src + y * o->spitch, o->width);
      break;
    case HIPC_OP_FILL:
      for (size_t y = 0; y < o->height; ++y)
        fill((char*)o->dst + y * o->dpitch, o->value, o->elem_size, o->width);
      break;
    case HIPC_OP_HOST:
      o->fn(o->arg);
      break;
  }
}

static void inline_run(cpu_job* j, cpu_worker* w, uint64_t first,
                       uint64_t n) {
  (void)first;
  (void)n;
  batch_job* bj = (batch_job*)j;
  for (size_t i = 0; i < bj->n; ++i) run_item(&bj->b->items[bj->first + i], w);
}

static void inline_release(cpu_job* j) {
  batch_unref(((batch_job*)j)->b);
  free(j);
}

static void big_release(cpu_job* j) {
  batch_unref(((big_job*)j)->b);
  free(j);
}

static int is_big(const hipc_op* o) {
  if (o->kind == HIPC_OP_LAUNCH) {
    const hipc_launch* l = &o->launch;
    uint64_t threads = (uint64_t)l->grid.x * l->grid.y * l->grid.z *
                       l->block.x * l->block.y * l->block.z;
    return threads > INLINE_THREADS;
  }
  size_t row = o->kind == HIPC_OP_FILL ? o->width * o->elem_size : o->width;
  return (o->kind == HIPC_OP_COPY || o->kind == HIPC_OP_FILL) &&
         row * o->height > INLINE_BYTES;
}

hipError_t hipc__cpu_batch_create(hipc_device* dev, const hipc_op* ops,
                                  size_t n, hipc_batch** out,
                                  size_t* entries) {
  cpu_device* d = dev->impl;
  hipc_batch* b = calloc(1, sizeof *b);
  if (!b) return hipErrorOutOfMemory;
  b->dev = d;
  b->refs = 1;
  b->items = calloc(n ? n : 1, sizeof *b->items);
  b->segs = calloc(n ? n : 1, sizeof *b->segs);
  if (!b->items || !b->segs) goto fail;
  for (size_t i = 0; i < n; ++i) {
    item* it = &b->items[i];
    it->kind = ops[i].kind;
    it->op = ops[i];
    if (it->kind == HIPC_OP_LAUNCH &&
        hipc__cpu_kernel_prepare(&it->k, &ops[i].launch, d->nworkers) != 0)
      goto fail;
    b->nitems = i + 1;
    int big = is_big(&ops[i]);
    segment* last = b->nsegs ? &b->segs[b->nsegs - 1] : NULL;
    if (!big && last && !last->big)
      ++last->n;
    else
      b->segs[b->nsegs++] = (segment){i, 1, big};
  }
  *out = b;
  *entries = b->nsegs; /* one job per segment (hipc__cpu_batch_enqueue) */
  return hipSuccess;
fail:
  batch_unref(b);
  return hipErrorOutOfMemory;
}

hipError_t hipc__cpu_batch_enqueue(hipc_queue* q, hipc_batch* b) {
  for (size_t s = 0; s < b->nsegs; ++s) {
    segment* sg = &b->segs[s];
    cpu_job* j;
    const hipc_op* o = &b->items[sg->first].op;
    /* Big copies and fills: the ordinary (chunked) jobs. */
    if (sg->big && o->kind == HIPC_OP_COPY) {
      hipError_t e =
          o->height == 1
              ? hipc__cpu_memcpy(q, o->dst, o->src, o->width, 0)
              : hipc__cpu_memcpy_2d(q, o->dst, o->dpitch, o->src, o->spitch,
                                    o->width, o->height, 0);
      if (e != hipSuccess) return e;
      continue;
    }
    if (sg->big && o->kind == HIPC_OP_FILL) {
      hipError_t e =
          o->height == 1 && o->elem_size == 1
              ? hipc__cpu_memset(q, o->dst, (int)(o->value & 0xff), o->width,
                                 0)
              : hipc__cpu_memset_2d(q, o->dst, o->dpitch, o->value,
                                    o->elem_size, o->width, o->height, 0);
      if (e != hipSuccess) return e;
      continue;
    }
    if (sg->big) {
      big_job* bj = calloc(1, sizeof *bj);
      if (!bj) return hipErrorOutOfMemory;
      const kernel_job* k = &b->items[sg->first].k;
      bj->k.desc = k->desc;
      bj->k.name = k->name;
      bj->k.grid = k->grid;
      bj->k.block = k->block;
      bj->k.threads = k->threads;
      bj->k.shmem = k->shmem;
      bj->k.args = k->args;
      bj->k.job.run = hipc__cpu_kernel_run;
      bj->k.job.units = k->job.units;
      bj->k.job.chunk = k->job.chunk;
      bj->k.job.release = big_release;
      bj->b = b;
      j = &bj->k.job;
    } else {
      batch_job* bj = calloc(1, sizeof *bj);
      if (!bj) return hipErrorOutOfMemory;
      bj->b = b;
      bj->first = sg->first;
      bj->n = sg->n;
      bj->job.run = inline_run;
      bj->job.release = inline_release;
      bj->job.units = 1;
      bj->job.chunk = 1;
      j = &bj->job;
    }
    __atomic_add_fetch(&b->refs, 1, __ATOMIC_ACQ_REL);
    hipc__pool_enqueue(q, j);
  }
  return hipSuccess;
}

void hipc__cpu_batch_destroy(hipc_batch* b) { batch_unref(b); }
