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
 * calling worker's `cpu_sched` is reached through hipc_tls.block->sched.
 *
 * When nothing can run (no parked thread is ready and every thread has
 * started), the block is "stuck": every live thread waits somewhere. Then the
 * barrier is released if all of them wait at it; otherwise the warps' pending
 * collectives are released with the lanes that did arrive (the others have
 * exited or wait at the barrier: they are the inactive lanes of a divergent
 * warp). Exited threads thus never hold up a barrier, as on AMD hardware. */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "fiber.h"

typedef struct fiber {
  void* sp;                 /* saved context while not running */
  struct fiber* next;       /* link in one list: ready, waiting or free */
  void* stack;              /* NULL for the worker's own stack */
  dim3 tid;                 /* the thread it holds while parked */
  uint32_t linear;
} fiber;

typedef struct fiber_list {
  fiber* head;
  fiber* tail;
} fiber_list;

typedef struct warp_state {
  uint32_t arrived;
  uint64_t mask;
  uintptr_t site;           /* call site of the pending collective */
  fiber_list waiting;       /* lanes that arrived at it */
  fiber_list deferred;      /* lanes that wait at another call site */
  uint64_t in[64];
  hipc_warp_snapshot out;
} warp_state;

struct cpu_sched {
  fiber home;               /* the worker's own stack */
  fiber* cur;               /* the running context */
  fiber* free;              /* pool of idle fibers */
  size_t stack_size;
  uint32_t warp_size;
  const hipc_kernel_desc* desc;
  hipc_cpu_block* blk;
  fiber_list ready;         /* released threads, in release order */
  fiber_list barrier;       /* threads waiting at __syncthreads */
  uint32_t barrier_arrived;
  uint32_t parked;          /* threads waiting or ready */
  uint32_t nwarps;
  uint32_t nfibers;         /* fibers made, for cache colouring */
  warp_state warps[1024 / 32];
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
  while (s->free) {
    fiber* f = s->free;
    s->free = f->next;
    hipc__fiber_stack_free(f->stack, s->stack_size);
    free(f);
  }
  free(s);
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
    return f;
  }
  f = calloc(1, sizeof *f);
  if (f) f->stack = hipc__fiber_stack_alloc(s->stack_size);
  if (!f || !f->stack) {
    free(f);
    hipc__cpu_kernel_fatal("out of memory for a fiber stack");
  }
  /* Stacks are a power of two apart, so their tops would all fall into the
   * same cache sets; starting each a different number of cache lines below
   * its top spreads the hot frames of a block's fibers over the cache. */
  size_t colour = (size_t)(s->nfibers++ % 61) * 64;
  f->sp = hipc_fiber_make(f->stack, s->stack_size - colour, fiber_entry, s);
  return f;
}

/* Makes the pending collective of warp `w` visible to its lanes and readies
 * the lanes that wait for it. */
static void warp_publish(cpu_sched* s, warp_state* w) {
  uint64_t nonzero = 0;
  for (uint32_t lane = 0; lane < s->warp_size; ++lane) {
    uint64_t bit = 1ull << lane;
    uint64_t v = (w->mask & bit) ? w->in[lane] : 0;
    w->out.value[lane] = v;
    if (v) nonzero |= bit;
  }
  w->out.active = w->mask;
  w->out.nonzero = nonzero;
  w->arrived = 0;
  w->mask = 0;
  w->site = 0;
  list_append(&s->ready, &w->waiting);
  list_append(&s->ready, &w->deferred);
}

/* Called when nothing is ready and every thread has started. */
static void unstick(cpu_sched* s) {
  if (s->barrier_arrived == s->parked) {
    s->barrier_arrived = 0;
    list_append(&s->ready, &s->barrier);
    return;
  }
  for (uint32_t i = 0; i < s->nwarps; ++i)
    if (s->warps[i].arrived) warp_publish(s, &s->warps[i]);
}

/* The context to run next, or NULL when the block has no live thread left
 * besides (possibly) the caller. */
static fiber* pick_next(cpu_sched* s) {
  for (;;) {
    fiber* f = list_pop(&s->ready);
    if (f) {
      s->parked--;
      /* The thread after this one resumes next: start fetching the top of
       * its stack now, a switch's worth of time before it is needed. */
      fiber* after = s->ready.head;
      if (after) {
        const char* sp = after->sp;
        __builtin_prefetch(sp);
        __builtin_prefetch(sp + 64);
        __builtin_prefetch(sp + 128);
        __builtin_prefetch(sp + 192);
      }
      return f;
    }
    if (s->blk->next < s->blk->count) return fresh_fiber(s);
    if (s->parked == 0) return NULL;
    unstick(s);
    if (!s->ready.head) hipc__cpu_kernel_fatal("scheduler made no progress");
  }
}

static void switch_to(cpu_sched* s, fiber* self, fiber* to) {
  if (to == self) return;
  s->cur = to;
  hipc_fiber_switch(&self->sp, to->sp);
}

/* Parks the running thread (already on a wait list) until it is released. */
static void park(cpu_sched* s) {
  fiber* self = s->cur;
  hipc_thread_state* ts = &hipc_tls;
  self->tid = ts->thread_idx;
  self->linear = hipc_thread_linear();
  s->parked++;
  /* Publish the loop's position (see hipc_kernel_desc.run): if this is the
   * latest thread started, the next one to start follows it. */
  hipc_cpu_block* b = s->blk;
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
  fiber* next = pick_next(s);
  /* next is never NULL: the caller itself is parked. */
  switch_to(s, self, next);
  ts = &hipc_tls;
  ts->thread_idx = self->tid;
}

/* The running context's thread loop found no thread left to start. */
static void loop_done(cpu_sched* s) {
  fiber* self = s->cur;
  fiber* next = pick_next(s);
  if (self == &s->home) {
    /* The worker's own stack stays until the block is complete: the last
     * thread to finish switches back here. */
    if (next) switch_to(s, self, next);
    return;
  }
  self->next = s->free;
  s->free = self;
  switch_to(s, self, next ? next : &s->home);
}

static void fiber_entry(void* arg) {
  cpu_sched* s = arg;
  for (;;) {
    s->desc->run(s->blk);
    loop_done(s);  /* returns when this fiber is reused */
  }
}

void hipc__sched_run_block(cpu_sched* s, const hipc_kernel_desc* d,
                           hipc_cpu_block* b) {
  s->desc = d;
  s->blk = b;
  s->nwarps = (b->count + s->warp_size - 1) / s->warp_size;
  b->sched = s;
  hipc_tls.block = b;
  hipc_tls.in_regions = 0; /* a faulting region run may have left it set */
  s->cur = &s->home;
  d->run(b);
  loop_done(s);
  hipc_tls.block = NULL;
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
  cpu_sched* s = b->sched;
  s->barrier_arrived++;
  list_push(&s->barrier, s->cur);
  park(s);
}

static _Thread_local hipc_warp_snapshot host_snapshot;

/* Lanes meet per call site: a lane that reaches a different collective
 * than the one its warp has pending (the other side of a divergent branch,
 * or the code after it) waits until that one is released, so that a
 * divergent warp's collectives run one after the other with the lanes that
 * take part, as on a GPU. The call site is the source file and line of the
 * warp function's call (hip/hipc/warp.h): two collectives on one line, or
 * in one helper function called from both sides of a branch, count as
 * one. */
const hipc_warp_snapshot* hipc_cpu_warp_exchange(uint64_t v, uintptr_t site) {
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
  cpu_sched* s = b->sched;
  uint32_t ws = s->warp_size;
  uint32_t linear = hipc_thread_linear();
  uint32_t wi = linear / ws, lane = linear % ws;
  warp_state* w = &s->warps[wi];
  while (w->arrived && w->site != site) {
    list_push(&w->deferred, s->cur);
    park(s);
  }
  w->site = site;
  w->in[lane] = v;
  w->mask |= 1ull << lane;
  w->arrived++;
  uint32_t lanes = b->count - wi * ws;
  if (w->arrived == (lanes < ws ? lanes : ws)) {
    warp_publish(s, w); /* the whole warp is here: no need to park */
    return &w->out;
  }
  list_push(&w->waiting, s->cur);
  park(s);
  return &w->out;
}
