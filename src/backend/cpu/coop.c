/* Cooperative launches on the CPU device.
 *
 * grid.sync() needs every block of the grid in flight at once, and there
 * are more blocks than workers. So a worker running a cooperative launch
 * keeps several blocks in flight, each with its own scheduling state
 * (sched.c's cpu_bsched): when every live thread of a block waits at the
 * grid sync, the block arrives at the grid barrier and, unless it was the
 * last to arrive, is suspended; the worker goes on with another block of
 * the launch: one released since, or a block nobody has claimed yet. Only
 * when all its blocks are suspended and none is left to claim does it
 * sleep, until some worker's last arrival releases the barrier. Every
 * block is thus either unclaimed or held by a worker that runs it as soon
 * as it can run, so the launch cannot deadlock however the workers are
 * busy; hipLaunchCooperativeKernel caps the grid (occupancy) only to bound
 * memory.
 *
 * A block that exits leaves the barriers: the others do not wait for it.
 *
 * Each block has its own dynamic shared memory and its own static
 * __shared__ segment (docs/frontend.md), so the blocks a worker interleaves
 * need nothing saved or restored when it switches between them. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu.h"
#include "hip/hipc/coop.h"
#include "runtime/module.h"

typedef struct barrier {
  uint32_t live;            /* blocks that have not exited */
  uint32_t arrived;
  uint32_t gen;             /* bumped at every release; read unlocked */
} barrier;

/* Shared by the grids of one launch. */
struct cpu_coop {
  pthread_mutex_t lock;     /* guards every barrier of the launch */
  pthread_cond_t cv;        /* workers whose blocks all wait sleep here */
  int refs;                 /* grids still using it */
  barrier multi;
};

typedef struct cpu_grid {
  cpu_coop* coop;
  barrier grid;
  hipc_coop_info info;
} cpu_grid;

/* One block in flight on a worker. */
typedef struct coop_block {
  cpu_bsched* bs;
  hipc_cpu_block b;
  dim3 idx;
  void* dyn;                /* its dynamic shared memory */
  void* stat;               /* its static __shared__ segment */
  barrier* waits;           /* the barrier it is suspended at, or NULL */
  uint32_t gen;             /* ... until its generation passes this */
} coop_block;

/* A worker's state while it runs a cooperative launch. */
typedef struct runner {
  kernel_job* k;
  cpu_grid* g;
  hipc_kernel_desc desc;    /* the kernel, with the precise thread loop */
  coop_block** blocks;      /* in flight */
  size_t nblocks, cap;
} runner;

void hipc_cpu_kernel_error(const char* msg) { hipc__cpu_kernel_fatal(msg); }

/* -- barriers */

/* Under the lock. */
static void barrier_release(cpu_coop* c, barrier* b) {
  b->arrived = 0;
  __atomic_store_n(&b->gen, b->gen + 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&c->cv);
}

int hipc__coop_arrive(void* owner, int multi) {
  coop_block* cb = owner;
  cpu_worker* w = hipc__pool_self();
  cpu_grid* g = ((runner*)w->coop)->g;
  cpu_coop* c = g->coop;
  barrier* b = multi ? &c->multi : &g->grid;
  pthread_mutex_lock(&c->lock);
  int released = ++b->arrived >= b->live;
  if (released) {
    barrier_release(c, b);
  } else {
    cb->waits = b;
    cb->gen = b->gen;
  }
  pthread_mutex_unlock(&c->lock);
  return released;
}

/* A block exited: the barriers no longer wait for it. */
static void leave(cpu_grid* g) {
  cpu_coop* c = g->coop;
  pthread_mutex_lock(&c->lock);
  barrier* bars[2] = {&g->grid, &c->multi};
  for (int i = 0; i < 2; ++i) {
    barrier* b = bars[i];
    b->live--;
    if (b->arrived && b->arrived >= b->live) barrier_release(c, b);
  }
  pthread_mutex_unlock(&c->lock);
}

static int released(const coop_block* cb) {
  return !cb->waits ||
         __atomic_load_n(&cb->waits->gen, __ATOMIC_ACQUIRE) != cb->gen;
}

/* -- launches */

int hipc__coop_prepare(kernel_job* k, const hipc_launch* l) {
  const hipc_coop_launch* cl = l->coop;
  cpu_grid* g = calloc(1, sizeof *g);
  if (!g) return -1;
  cpu_coop* c = cl->shared ? *cl->shared : NULL;
  if (!c) {
    c = calloc(1, sizeof *c);
    if (!c) {
      free(g);
      return -1;
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->cv, NULL);
    c->refs = (int)cl->num_grids;
    c->multi.live = (uint32_t)cl->multi_blocks;
    if (cl->shared) *cl->shared = c;
  }
  g->coop = c;
  g->grid.live = (uint32_t)k->job.units;
  g->info.grid_rank = cl->grid_rank;
  g->info.num_grids = cl->num_grids;
  g->info.multi_device = cl->multi_device;
  g->info.multi_threads = cl->multi_threads;
  g->info.thread_offset = cl->thread_offset;
  k->coop = g;
  return 0;
}

void hipc__coop_release(kernel_job* k) {
  cpu_coop* c = k->coop->coop;
  pthread_mutex_lock(&c->lock);
  int last = --c->refs == 0;
  pthread_mutex_unlock(&c->lock);
  if (last) {
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->cv);
    free(c);
  }
  free(k->coop);
  k->coop = NULL;
}

/* Blocks that completed, kept per worker for the next ones (their
 * scheduling state is large). */
#define CACHE_MAX 64
static _Thread_local coop_block* cache[CACHE_MAX];
static _Thread_local int ncache;

void hipc__coop_thread_fini(void) {
  while (ncache) {
    coop_block* cb = cache[--ncache];
    hipc__sched_block_destroy(cb->bs);
    free(cb);
  }
}

static coop_block* block_new(runner* r, uint64_t u) {
  kernel_job* k = r->k;
  coop_block* cb;
  if (ncache) {
    cb = cache[--ncache];
    hipc__sched_block_reset(cb->bs);
    cb->b = (hipc_cpu_block){0};
    cb->waits = NULL;
  } else {
    cb = calloc(1, sizeof *cb);
    if (!cb || !(cb->bs = hipc__sched_block_create()))
      hipc__cpu_kernel_fatal("out of memory for a cooperative block");
  }
  uint64_t gx = k->grid.x, gxy = gx * k->grid.y;
  cb->idx.x = (uint32_t)(u % gx);
  cb->idx.y = (uint32_t)((u / gx) % k->grid.y);
  cb->idx.z = (uint32_t)(u / gxy);
  cb->b.count = k->threads;
  cb->b.dim = k->block;
  cb->b.args = k->args;
  if (k->shmem) {
    cb->dyn = aligned_alloc(64, (k->shmem + 63) & ~(size_t)63);
    if (!cb->dyn) hipc__cpu_kernel_fatal("out of memory for shared");
  }
  /* Kernels reach their static __shared__ variables through
   * hipc_tls.static_shared: each block in flight has its own segment. */
  size_t stat = k->desc->static_shared;
  if (stat) {
    cb->stat = aligned_alloc(64, (stat + 63) & ~(size_t)63);
    if (!cb->stat) hipc__cpu_kernel_fatal("out of memory for shared");
  }
  if (r->nblocks == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 8;
    coop_block** a = realloc(r->blocks, cap * sizeof *a);
    if (!a) hipc__cpu_kernel_fatal("out of memory for a cooperative block");
    r->blocks = a;
    r->cap = cap;
  }
  r->blocks[r->nblocks++] = cb;
  return cb;
}

static void block_free(runner* r, size_t i) {
  coop_block* cb = r->blocks[i];
  r->blocks[i] = r->blocks[--r->nblocks];
  free(cb->dyn);
  cb->dyn = NULL;
  free(cb->stat);
  cb->stat = NULL;
  if (ncache < CACHE_MAX) {
    cache[ncache++] = cb;
    return;
  }
  hipc__sched_block_destroy(cb->bs);
  free(cb);
}

/* Runs block `i` until it completes or is suspended. */
static void step(runner* r, cpu_worker* w, size_t i) {
  coop_block* cb = r->blocks[i];
  hipc_thread_state* ts = &hipc_tls;
  if (cb->waits) {
    cb->waits = NULL;
    hipc__sched_block_release(cb->bs);
  }
  ts->block_idx = cb->idx;
  ts->dyn_shared = cb->dyn;
  ts->static_shared = cb->stat;
  ts->block = &cb->b;
  int done = hipc__sched_block_step(w->sched, cb->bs, &r->desc, &cb->b, cb);
  ts->block = NULL;
  if (done) {
    leave(r->g);
    block_free(r, i);
  }
}

void hipc__coop_run(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n) {
  kernel_job* k = (kernel_job*)j;
  if (hipc__check_on) hipc__check_kernel_begin(w, k);
  runner r = {0};
  r.k = k;
  r.g = k->coop;
  r.desc = *k->desc;
  /* Faults are reported straight away (re-running one block of a grid
   * that synchronises is not possible): the precise loop keeps threadIdx
   * exact for the report. */
  r.desc.run = r.desc.run_precise;
  w->coop = &r;
  hipc_thread_state* ts = &hipc_tls;
  ts->block_dim = k->block;
  ts->grid_dim = k->grid;
  ts->warp_size = w->dev->warp_size;
  ts->coop = &r.g->info;
  w->kernel_name = k->name;
  cpu_coop* c = r.g->coop;
  for (uint64_t u = first; u < first + n; ++u) block_new(&r, u);
  uint64_t extra = 0;
  for (;;) {
    size_t i = 0;
    while (i < r.nblocks && !released(r.blocks[i])) ++i;
    if (i < r.nblocks) {
      step(&r, w, i);
      continue;
    }
    /* Every block here waits: claim another one, if any is left. */
    uint64_t u = atomic_fetch_add_explicit(&j->next_unit, 1,
                                           memory_order_relaxed);
    if (u < j->units) {
      extra++;
      block_new(&r, u);
      continue;
    }
    if (r.nblocks == 0) break;
    pthread_mutex_lock(&c->lock);
    for (;;) {
      int any = 0;
      for (size_t b = 0; b < r.nblocks && !any; ++b)
        any = released(r.blocks[b]);
      if (any) break;
      pthread_cond_wait(&c->cv, &c->lock);
    }
    pthread_mutex_unlock(&c->lock);
  }
  /* The pool counts the units it handed out; the ones claimed here are
   * counted before it counts those. */
  if (extra) atomic_fetch_add_explicit(&j->done_units, extra,
                                       memory_order_acq_rel);
  /* Every parked thread of the blocks in flight held a fiber: keep what one
   * worker's share of a full-size launch uses (maxThreadsPerMultiProcessor),
   * so that launches in a loop do not make them again; free the rest (a
   * worker may have run far more than its share). */
  hipc__sched_trim(w->sched, 2048);
  ts->coop = NULL;
  w->coop = NULL;
  w->kernel_name = NULL;
  free(r.blocks);
}
