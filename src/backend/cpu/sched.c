/* Running the threads of one block on one worker thread.
 *
 * Threads run lazily: the worker calls the kernel's thread loop
 * (hipc_kernel_desc.run) on its own stack, and the loop starts thread after
 * thread. Only a thread that blocks (__syncthreads, a warp collective) is
 * parked: its stack becomes a fiber that waits, and a fresh fiber (from a
 * per-worker pool) re-enters the loop with the next thread. A kernel without
 * barriers is therefore a plain loop, with no context switch at all.
 *
 * Everything here runs on one OS thread, so nothing needs a lock. The
 * running block's state (cpu_bsched) is reached through
 * hipc_tls.block->sched, and the worker's (cpu_sched) from there. A plain
 * launch runs one block at a time per worker; a cooperative one keeps
 * several in flight (coop.c), each started on a fresh fiber, and a block
 * whose live threads all wait at a grid sync that other blocks have yet to
 * reach is suspended: its last fiber switches to the worker's own stack,
 * which goes on with another block.
 *
 * When nothing can run (no parked thread is ready and every thread has
 * started), the block is "stuck": every live thread waits somewhere. Then the
 * barrier is released if all of them wait at it; otherwise the warps' pending
 * collectives are released with the lanes that did arrive (the others have
 * exited or wait at the barrier: they are the inactive lanes of a divergent
 * warp). Exited threads thus never hold up a barrier, as on AMD hardware. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu.h"
#include "fiber.h"
#include "tsan_fiber.h"
#include "hip/hipc/coop.h"

typedef struct fiber {
  void* sp;                 /* saved context while not running */
  struct fiber* next;       /* link in one list: ready, waiting or free */
  void* stack;              /* NULL for the worker's own stack */
  dim3 tid;                 /* the thread it holds while parked */
  uint32_t linear;
  void* tsan;               /* ThreadSanitizer's fiber (tsan_fiber.h) */
  unsigned vg;              /* valgrind's id of the stack (fiber.c) */
} fiber;

typedef struct fiber_list {
  fiber* head;
  fiber* tail;
} fiber_list;

/* A published collective's result. Lanes released by one collective may
 * resume after lanes of the same warp have completed later ones (a mask
 * that names fewer lanes completes without the others), so each result
 * lives in its own buffer until every lane that took part has read it. */
typedef struct snapshot {
  hipc_warp_snapshot s;
  uint32_t readers;         /* lanes that have yet to read it */
  struct snapshot* next;    /* in the free list */
} snapshot;

typedef struct warp_state {
  uint32_t arrived;
  uint64_t mask;
  uint64_t need;            /* lanes the pending collective waits for */
  uintptr_t site;           /* call site of the pending collective */
  fiber_list waiting;       /* lanes that arrived at it */
  fiber_list deferred;      /* lanes that wait at another call site */
  uint64_t in[64];
  snapshot* out[64];        /* each lane's result, set when published */
} warp_state;

/* The scheduling state of one block in flight. A plain launch runs one
 * block at a time per worker (cpu_sched.plain); a cooperative launch has
 * several in flight on one worker, each with its own (coop.c). */
struct cpu_bsched {
  cpu_sched* s;             /* the worker's scheduler */
  const hipc_kernel_desc* desc;
  hipc_cpu_block* blk;
  void* owner;              /* coop.c's record of the block; NULL if plain */
  fiber_list ready;         /* released threads, in release order */
  fiber_list barrier;       /* threads waiting at __syncthreads */
  fiber_list grid_wait;     /* threads waiting at a grid / multi-grid sync */
  uint32_t barrier_arrived;
  uint32_t barrier_nonzero; /* predicates of __syncthreads_count & co */
  uint32_t result_arrived;  /* ... and the released barrier's totals */
  uint32_t result_nonzero;
  uint32_t grid_arrived;
  int grid_multi;           /* the grid sync is a multi-grid one */
  int suspended;            /* the whole block waits at a grid barrier */
  uint32_t parked;          /* threads waiting or ready */
  uint32_t nwarps;
  uint32_t warp_size;
  hipc_check_block check;   /* HIPC_CHECK's record (check.h) */
  warp_state warps[1024 / 32];
};

struct cpu_sched {
  fiber home;               /* the worker's own stack */
  fiber* cur;               /* the running context */
  fiber* free;              /* pool of idle fibers */
  size_t stack_size;
  uint32_t warp_size;
  uint32_t nfibers;         /* fibers made, for cache colouring */
  uint32_t nfree;           /* fibers in `free` */
  snapshot* free_snaps;     /* warp collectives' result buffers */
  cpu_bsched* running;      /* the block whose threads run */
  cpu_bsched plain;         /* the block of a plain launch */
};

static void list_push(fiber_list* l, fiber* f) {
  f->next = NULL;
  if (l->tail)
    l->tail->next = f;
  else
    l->head = f;
  l->tail = f;
}

static void list_append(fiber_list* dst, fiber_list* src) {
  if (!src->head) return;
  if (dst->tail)
    dst->tail->next = src->head;
  else
    dst->head = src->head;
  dst->tail = src->tail;
  src->head = src->tail = NULL;
}

static fiber* list_pop(fiber_list* l) {
  fiber* f = l->head;
  if (f) {
    l->head = f->next;
    if (!l->head) l->tail = NULL;
  }
  return f;
}

cpu_sched* hipc__sched_create(size_t stack_size, uint32_t warp_size) {
  cpu_sched* s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->stack_size = stack_size;
  s->warp_size = warp_size;
  s->cur = &s->home;
  return s;
}

void hipc__sched_destroy(cpu_sched* s) {
  if (!s) return;
  while (s->free_snaps) {
    snapshot* n = s->free_snaps->next;
    free(s->free_snaps);
    s->free_snaps = n;
  }
  while (s->free) {
    fiber* f = s->free;
    s->free = f->next;
    hipc__fiber_stack_free(f->stack, s->stack_size, f->vg);
    hipc_tsan_destroy(f->tsan);
    free(f);
  }
  free(s);
}

void hipc__sched_trim(cpu_sched* s, uint32_t keep) {
  if (s->nfree <= keep) return;
  s->nfree = keep;
  fiber** p = &s->free;
  for (uint32_t n = 0; *p && n < keep; ++n) p = &(*p)->next;
  fiber* f = *p;
  *p = NULL;
  while (f) {
    fiber* next = f->next;
    hipc__fiber_stack_free(f->stack, s->stack_size, f->vg);
    hipc_tsan_destroy(f->tsan);
    free(f);
    f = next;
  }
}

const void* hipc__sched_current_stack(const cpu_sched* s, size_t* size) {
  *size = s->stack_size;
  return s->cur ? s->cur->stack : NULL;
}

static void fiber_entry(void* arg);

/* A fiber ready to enter the thread loop: an idle one, or a new one. */
static fiber* fresh_fiber(cpu_sched* s) {
  fiber* f = s->free;
  if (f) {
    s->free = f->next;
    s->nfree--;
    return f;
  }
  f = calloc(1, sizeof *f);
  if (f) f->stack = hipc__fiber_stack_alloc(s->stack_size, &f->vg);
  if (!f || !f->stack) {
    free(f);
    hipc__cpu_kernel_fatal("out of memory for a fiber stack");
  }
  /* Stacks are a power of two apart, so their tops would all fall into the
   * same cache sets; starting each a different number of cache lines below
   * its top spreads the hot frames of a block's fibers over the cache. */
  size_t colour = (size_t)(s->nfibers++ % 61) * 64;
  f->sp = hipc_fiber_make(f->stack, s->stack_size - colour, fiber_entry, s);
  f->tsan = hipc_tsan_create();
  return f;
}

/* Makes the pending collective of warp `w` visible to its lanes and readies
 * the lanes that wait for it. */
static void warp_publish(cpu_bsched* bs, warp_state* w) {
  cpu_sched* s = bs->s;
  snapshot* o = s->free_snaps;
  if (o)
    s->free_snaps = o->next;
  else if (!(o = malloc(sizeof *o)))
    hipc__cpu_kernel_fatal("out of memory for a warp collective");
  uint64_t nonzero = 0;
  for (uint32_t lane = 0; lane < bs->warp_size; ++lane) {
    uint64_t bit = 1ull << lane;
    uint64_t v = 0;
    if (w->mask & bit) {
      v = w->in[lane];
      w->out[lane] = o;
    }
    o->s.value[lane] = v;
    if (v) nonzero |= bit;
  }
  o->s.active = w->mask;
  o->s.nonzero = nonzero;
  o->readers = (uint32_t)__builtin_popcountll(w->mask);
  if (hipc__check_on) hipc__check_warp_sync((uint32_t)(w - bs->warps));
  w->arrived = 0;
  w->mask = 0;
  w->need = 0;
  w->site = 0;
  list_append(&bs->ready, &w->waiting);
  list_append(&bs->ready, &w->deferred);
}

/* Called when nothing is ready and every thread has started. Returns 1
 * when the whole block now waits at a grid barrier that other blocks must
 * reach first (cooperative launches only): the block is suspended. */
static int unstick(cpu_bsched* bs) {
  if (bs->barrier_arrived == bs->parked) {
    if (hipc__check_on)
      hipc__check_barrier_release(&bs->check, bs->barrier_arrived,
                                  bs->blk->count);
    /* Every released thread reads these right after it resumes, before
     * any of them can reach the next barrier's release. */
    bs->result_arrived = bs->barrier_arrived;
    bs->result_nonzero = bs->barrier_nonzero;
    bs->barrier_nonzero = 0;
    bs->barrier_arrived = 0;
    list_append(&bs->ready, &bs->barrier);
    return 0;
  }
  if (bs->grid_arrived && bs->grid_arrived == bs->parked) {
    /* Every live thread is at the grid sync: the block arrives. */
    bs->grid_arrived = 0;
    if (hipc__check_on) hipc__check_epoch_bump();
    if (hipc__coop_arrive(bs->owner, bs->grid_multi)) {
      list_append(&bs->ready, &bs->grid_wait);
      return 0;
    }
    bs->suspended = 1;
    return 1;
  }
  for (uint32_t i = 0; i < bs->nwarps; ++i)
    if (bs->warps[i].arrived) warp_publish(bs, &bs->warps[i]);
  return 0;
}

/* The context to run next: a thread of block `bs`, or the worker's own
 * stack when the block is suspended at a grid barrier; NULL when the block
 * has no live thread left besides (possibly) the caller. */
static fiber* pick_next(cpu_bsched* bs) {
  for (;;) {
    fiber* f = list_pop(&bs->ready);
    if (f) {
      bs->parked--;
      /* The thread after this one resumes next: start fetching the top of
       * its stack now, a switch's worth of time before it is needed. */
      fiber* after = bs->ready.head;
      if (after) {
        const char* sp = after->sp;
        __builtin_prefetch(sp);
        __builtin_prefetch(sp + 64);
        __builtin_prefetch(sp + 128);
        __builtin_prefetch(sp + 192);
      }
      return f;
    }
    if (bs->blk->next < bs->blk->count) return fresh_fiber(bs->s);
    if (bs->parked == 0) return NULL;
    if (unstick(bs)) return &bs->s->home;
    if (!bs->ready.head) hipc__cpu_kernel_fatal("scheduler made no progress");
  }
}

static void switch_to(cpu_sched* s, fiber* self, fiber* to) {
  if (to == self) return;
  s->cur = to;
  hipc_tsan_switch(to->tsan);
  hipc_fiber_switch(&self->sp, to->sp);
}

/* Parks the running thread (already on a wait list) until it is released. */
static void park(cpu_bsched* bs) {
  cpu_sched* s = bs->s;
  fiber* self = s->cur;
  hipc_thread_state* ts = &hipc_tls;
  self->tid = ts->thread_idx;
  self->linear = hipc_thread_linear();
  bs->parked++;
  /* Publish the loop's position (see hipc_kernel_desc.run): if this is the
   * latest thread started, the next one to start follows it. */
  hipc_cpu_block* b = bs->blk;
  if (self->linear + 1 > b->next) {
    dim3 id = self->tid;
    if (++id.x == b->dim.x) {
      id.x = 0;
      if (++id.y == b->dim.y) {
        id.y = 0;
        ++id.z;
      }
    }
    b->next = self->linear + 1;
    b->next_idx = id;
  }
  b->parks++;
  fiber* next = pick_next(bs);
  /* next is never NULL: the caller itself is parked. */
  switch_to(s, self, next);
  ts = &hipc_tls;
  ts->thread_idx = self->tid;
}

/* The running context's thread loop found no thread left to start. */
static void loop_done(cpu_sched* s) {
  fiber* self = s->cur;
  fiber* next = pick_next(s->running);
  if (self == &s->home) {
    /* The worker's own stack stays until the block is complete: the last
     * thread to finish switches back here. */
    if (next) switch_to(s, self, next);
    return;
  }
  self->next = s->free;
  s->free = self;
  s->nfree++;
  switch_to(s, self, next ? next : &s->home);
}

static void fiber_entry(void* arg) {
  cpu_sched* s = arg;
  for (;;) {
    cpu_bsched* bs = s->running;
    hipc__sched_run_threads(bs->desc, bs->blk);
    loop_done(s);  /* returns when this fiber is reused */
  }
}

static void block_init(cpu_bsched* bs, cpu_sched* s,
                       const hipc_kernel_desc* d, hipc_cpu_block* b) {
  bs->s = s;
  bs->desc = d;
  bs->blk = b;
  bs->warp_size = s->warp_size;
  bs->nwarps = (b->count + s->warp_size - 1) / s->warp_size;
  b->sched = bs;
  if (hipc__check_on) hipc__check_block_begin(&bs->check);
}

hipc_check_block* hipc__sched_check_block(void) {
  hipc_cpu_block* b = hipc_tls.block;
  return b ? &((cpu_bsched*)b->sched)->check : NULL;
}

void hipc__sched_run_block(cpu_sched* s, const hipc_kernel_desc* d,
                           hipc_cpu_block* b) {
  cpu_bsched* bs = &s->plain;
  block_init(bs, s, d, b);
  s->running = bs;
  hipc_tls.block = b;
  hipc_tls.in_regions = 0; /* a faulting region run may have left it set */
  s->cur = &s->home;
  s->home.tsan = hipc_tsan_current();
  hipc__sched_run_threads(d, b);
  loop_done(s);
  hipc_tls.block = NULL;
}

cpu_bsched* hipc__sched_block_create(void) {
  return calloc(1, sizeof(cpu_bsched));
}

void hipc__sched_block_reset(cpu_bsched* bs) {
  /* A block that completed left its lists empty and its counters at 0. */
  bs->s = NULL;
  bs->suspended = 0;
}

void hipc__sched_block_destroy(cpu_bsched* bs) { free(bs); }

int hipc__sched_block_step(cpu_sched* s, cpu_bsched* bs,
                           const hipc_kernel_desc* d, hipc_cpu_block* b,
                           void* owner) {
  fiber* to;
  s->cur = &s->home;
  /* The worker's own stack is TSan's fiber of this thread: a worker that
   * has yet to run a plain block would otherwise switch back to none. */
  s->home.tsan = hipc_tsan_current();
  s->running = bs;
  if (!bs->s) {
    /* First entry: every thread runs on a fiber, so that the worker's own
     * stack stays free to go on with other blocks. */
    block_init(bs, s, d, b);
    bs->owner = owner;
    to = fresh_fiber(s);
  } else {
    bs->suspended = 0;
    if (hipc__check_on) hipc__check_epoch_bump();
    to = pick_next(bs);
  }
  if (to) switch_to(s, &s->home, to);
  return !bs->suspended;
}

void hipc__sched_block_release(cpu_bsched* bs) {
  list_append(&bs->ready, &bs->grid_wait);
}

/* A kernel in region form reached a collective through a call hipcc could
 * not follow (docs/internals.md, "Regions"). */
static _Noreturn void collective_in_regions(void) {
  hipc__cpu_kernel_fatal(
      "a barrier or warp function was reached, through a call hipcc could "
      "not follow, in a kernel in region form (compile with "
      "HIPC_NO_REGIONS=1 to run it on fibers)");
}

void hipc_cpu_syncthreads(void) {
  hipc_cpu_block* b = hipc_tls.block;
  if (!b) return; /* called on the host: nothing to wait for */
  if (hipc_tls.in_regions) collective_in_regions();
  cpu_bsched* bs = b->sched;
  bs->barrier_arrived++;
  list_push(&bs->barrier, bs->s->cur);
  park(bs);
}

void hipc_cpu_grid_sync(int multi) {
  hipc_cpu_block* b = hipc_tls.block;
  if (!b) return;
  if (hipc_tls.in_regions) collective_in_regions();
  cpu_bsched* bs = b->sched;
  if (!bs->owner)
    hipc__cpu_kernel_fatal(
        multi ? "multi_grid_group::sync() in a kernel not launched with "
                "hipLaunchCooperativeKernelMultiDevice"
              : "grid_group::sync() in a kernel not launched with "
                "hipLaunchCooperativeKernel");
  if (!bs->grid_arrived) bs->grid_multi = multi;
  bs->grid_arrived++;
  list_push(&bs->grid_wait, bs->s->cur);
  park(bs);
}

unsigned hipc_cpu_syncthreads_count(int predicate, unsigned* arrived) {
  hipc_cpu_block* b = hipc_tls.block;
  if (!b) { /* on the host: a block of one */
    *arrived = 1;
    return predicate != 0;
  }
  cpu_bsched* bs = b->sched;
  bs->barrier_nonzero += predicate != 0;
  hipc_cpu_syncthreads();
  *arrived = bs->result_arrived;
  return bs->result_nonzero;
}

static _Thread_local hipc_warp_snapshot host_snapshot;

/* Lanes meet per call site: a lane that reaches a different collective
 * than the one its warp has pending (the other side of a divergent branch,
 * or the code after it) waits until that one is released, so that a
 * divergent warp's collectives run one after the other with the lanes that
 * take part, as on a GPU. The call site is the source file and line of the
 * warp function's call (hip/hipc/warp.h): two collectives on one line, or
 * in one helper function called from both sides of a branch, count as
 * one.
 *
 * The collective completes when every lane of `need` (the union of the
 * masks the lanes that arrived passed, less lanes the block does not have)
 * has arrived; lanes outside it that arrive at the same site meanwhile
 * take part too. */
const hipc_warp_snapshot* hipc_cpu_warp_exchange(uint64_t v, uintptr_t site) {
  return hipc_cpu_warp_exchange_mask(v, site, ~0ull);
}

const hipc_warp_snapshot* hipc_cpu_warp_exchange_mask(uint64_t v,
                                                      uintptr_t site,
                                                      uint64_t mask) {
  hipc_thread_state* ts = &hipc_tls;
  hipc_cpu_block* b = ts->block;
  if (!b) {
    /* On the host a "warp" is the calling thread alone. */
    host_snapshot.active = 1;
    host_snapshot.value[0] = v;
    host_snapshot.nonzero = v != 0;
    return &host_snapshot;
  }
  if (ts->in_regions) collective_in_regions();
  cpu_bsched* bs = b->sched;
  uint32_t ws = bs->warp_size;
  uint32_t linear = hipc_thread_linear();
  uint32_t wi = linear / ws, lane = linear % ws;
  warp_state* w = &bs->warps[wi];
  while (w->arrived && w->site != site) {
    list_push(&w->deferred, bs->s->cur);
    park(bs);
  }
  w->site = site;
  w->in[lane] = v;
  w->mask |= 1ull << lane;
  w->arrived++;
  uint32_t lanes = b->count - wi * ws;
  if (lanes > ws) lanes = ws;
  w->need |= mask & (lanes == 64 ? ~0ull : (1ull << lanes) - 1);
  if ((w->mask & w->need) == w->need) {
    warp_publish(bs, w); /* every lane it waits for is here: no park */
  } else {
    list_push(&w->waiting, bs->s->cur);
    park(bs);
  }
  /* The caller reads the result before it can yield again, so the buffer
   * may go back to the free list as soon as its last reader has it. */
  cpu_sched* s = bs->s;
  snapshot* o = w->out[lane];
  if (--o->readers == 0) {
    o->next = s->free_snaps;
    s->free_snaps = o;
  }
  if (hipc__check_on) hipc__check_note_snapshot(&o->s);
  return &o->s;
}
