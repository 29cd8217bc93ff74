/* The checking mode's hooks on the CPU device (check.h): which form a
 * launch runs, memcheck's look-up of each access, kernels' malloc/free,
 * and the reports. Nothing here runs unless HIPC_CHECK is set.
 *
 * A checked kernel runs K.check (src/kc/check.c) through the generic
 * thread loop on fibers: one thread at a time per worker, so a hook knows
 * the running thread from hipc_tls. Accesses to the block's __shared__
 * segments go to racecheck (check_race.c); the thread's own stack, the
 * packed arguments and the last allocation found pass at once; anything
 * else is looked up in the runtime's tables (hipc__check_classify). */
#define _GNU_SOURCE /* pthread_getattr_np */
#include "check.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/coop.h"
#include "hip/hipc/kc_abi.h"

int hipc__check_on;

/* What the running kernel's hooks need, per worker. */
static _Thread_local struct {
  const kernel_job* job;
  void (*fn)(const void* args);     /* K.check */
  cpu_worker* w;
  int mode;
  uint64_t static_size, dyn_size;
  uintptr_t args, args_size;
  /* The allocations found last (hipFree waits for the device, so none
   * goes while the kernel runs); `next_slot` is the one to replace. */
  uintptr_t cache_base[4], cache_size[4];
  unsigned next_slot;
  uintptr_t stack_lo, stack_hi;     /* the worker's own stack */
  uintptr_t snapshot;               /* the latest warp snapshot */
} ctx;

void hipc__check_note_snapshot(const hipc_warp_snapshot* s) {
  ctx.snapshot = (uintptr_t)s;
}

/* -- the launch */

static void check_thread(const void* args) {
  ctx.fn(args);
  hipc_check_block* cb = hipc__sched_check_block();
  if (cb && cb->exited++ == 0) cb->first_exit = hipc_tls.thread_idx;
}

/* The checked descriptor of each kernel launched (made at its first
 * launch, kept for the run: jobs, graphs and their copies point to it). */
typedef struct checked {
  const hipc_kernel_desc* orig;
  hipc_kernel_desc desc;
  struct checked* next;
} checked;
static pthread_mutex_t desc_lock = PTHREAD_MUTEX_INITIALIZER;
static checked* descs;

void hipc__check_prepare(kernel_job* k) {
  const hipc_kernel_desc* d = k->desc;
  if (!d->check) {
    static int told;
    if (!__atomic_exchange_n(&told, 1, __ATOMIC_RELAXED))
      fprintf(stderr, "hipc: HIPC_CHECK: kernel '%s' has no checking form "
              "(built by an older hipc?): it runs unchecked\n", k->name);
    return;
  }
  pthread_mutex_lock(&desc_lock);
  checked* c = descs;
  while (c && c->orig != d) c = c->next;
  if (!c && (c = malloc(sizeof *c)) != NULL) {
    c->orig = d;
    c->desc = *d;
    c->desc.run = NULL;
    c->desc.run_precise = NULL;
    c->desc.thread = check_thread;
    c->next = descs;
    descs = c;
  }
  pthread_mutex_unlock(&desc_lock);
  if (c) k->desc = &c->desc;
}

void hipc__check_kernel_begin(cpu_worker* w, const kernel_job* k) {
  ctx.job = k;
  ctx.w = w;
  ctx.fn = k->desc->check;
  ctx.mode = k->desc->thread == check_thread ? hipc__check_on : 0;
  ctx.static_size = k->desc->static_shared;
  ctx.dyn_size = k->shmem;
  ctx.args = (uintptr_t)k->args;
  ctx.args_size = k->desc->args_size;
  memset(ctx.cache_base, 0, sizeof ctx.cache_base);
  memset(ctx.cache_size, 0, sizeof ctx.cache_size);
  if (!ctx.stack_hi) {
    pthread_attr_t a;
    void* lo;
    size_t sz;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      if (pthread_attr_getstack(&a, &lo, &sz) == 0) {
        ctx.stack_lo = (uintptr_t)lo;
        ctx.stack_hi = (uintptr_t)lo + sz;
      }
      pthread_attr_destroy(&a);
    }
  }
  if (ctx.mode & HIPC_CHECKING_RACE)
    hipc__check_race_reserve(ctx.static_size + ctx.dyn_size);
}

/* -- reports */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#define SEEN 256
static struct seen {
  const char* tool;
  const char* what;
  const char* where;
  uintptr_t key;
  const char* kernel;
} seen[SEEN];
static unsigned nseen, printed;
#define MAX_PRINTED 64

void hipc__check_tid(char* buf, size_t n, uint32_t t) {
  dim3 d = hipc_tls.block_dim;
  snprintf(buf, n, "(%u,%u,%u)", t % d.x, t / d.x % d.y, t / (d.x * d.y));
}

void hipc__check_report(const char* tool, const char* what,
                        const char* where, uintptr_t key, int with_thread,
                        const char* fmt, ...) {
  hipc__check_count_error();
  const char* kernel = ctx.job ? ctx.job->name : "?";
  pthread_mutex_lock(&lock);
  for (unsigned i = 0; i < nseen; ++i)
    if (seen[i].tool == tool && seen[i].what == what &&
        seen[i].where == where && seen[i].key == key &&
        seen[i].kernel == kernel) {
      pthread_mutex_unlock(&lock);
      return;
    }
  if (nseen < SEEN)
    seen[nseen++] = (struct seen){tool, what, where, key, kernel};
  if (printed == MAX_PRINTED)
    fprintf(stderr, "hipc %s: more errors; not printing them\n", tool);
  if (printed <= MAX_PRINTED) printed++;
  if (printed <= MAX_PRINTED) {
    char detail[768], thread[64] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    const hipc_thread_state* ts = &hipc_tls;
    if (with_thread)
      snprintf(thread, sizeof thread, " thread (%u,%u,%u)", ts->thread_idx.x,
               ts->thread_idx.y, ts->thread_idx.z);
    fprintf(stderr, "hipc %s: %s%s%s in kernel '%s' block (%u,%u,%u)%s: %s\n",
            tool, what, where ? " at " : "", where ? where : "", kernel,
            ts->block_idx.x, ts->block_idx.y, ts->block_idx.z, thread,
            detail);
  }
  pthread_mutex_unlock(&lock);
}

/* -- memcheck */

static int on_stack(uintptr_t a) {
  if (a - ctx.stack_lo < ctx.stack_hi - ctx.stack_lo) return 1;
  size_t sz;
  const char* s = hipc__sched_current_stack(ctx.w->sched, &sz);
  return s && a - (uintptr_t)s < sz;
}

/* "invalid write of 4 bytes" (static strings: reports compare them). */
static const char* access_name(uint32_t flags, uint64_t size) {
  static const char* const names[3][5] = {
      {"invalid read", "invalid read of 1 byte", "invalid read of 2 bytes",
       "invalid read of 4 bytes", "invalid read of 8 bytes"},
      {"invalid write", "invalid write of 1 byte", "invalid write of 2 bytes",
       "invalid write of 4 bytes", "invalid write of 8 bytes"},
      {"invalid atomic", "invalid atomic of 1 byte",
       "invalid atomic of 2 bytes", "invalid atomic of 4 bytes",
       "invalid atomic of 8 bytes"}};
  int k = flags & HIPC_CHECK_ATOMIC ? 2 : flags & HIPC_CHECK_WRITE ? 1 : 0;
  int s = size == 1 ? 1 : size == 2 ? 2 : size == 4 ? 3 : size == 8 ? 4 : 0;
  return names[k][s];
}

static void memcheck(const void* p, uint64_t size, uint32_t flags,
                     const char* where) {
  uintptr_t a = (uintptr_t)p;
  for (int i = 0; i < 4; ++i)
    if (a - ctx.cache_base[i] < ctx.cache_size[i] &&
        size <= ctx.cache_size[i] - (a - ctx.cache_base[i]))
      return;
  if (a - ctx.args < ctx.args_size || on_stack(a)) return;
  /* What the runtime hands kernels: a warp collective's snapshot, the
   * cooperative launch's record. */
  if (a - ctx.snapshot < sizeof(hipc_warp_snapshot)) return;
  if (hipc_tls.coop &&
      a - (uintptr_t)hipc_tls.coop < sizeof(struct hipc_coop_info))
    return;
  const char* what = access_name(flags, size);
  unsigned long long n = (unsigned long long)size;
  /* Just past the end of a shared segment. */
  uintptr_t sb = (uintptr_t)hipc_tls.static_shared + ctx.static_size;
  uintptr_t db = (uintptr_t)hipc_tls.dyn_shared + ctx.dyn_size;
  if ((hipc_tls.static_shared && a - sb < 256) ||
      (hipc_tls.dyn_shared && a - db < 256)) {
    int dyn = hipc_tls.dyn_shared && a - db < 256;
    hipc__check_report("memcheck", what, where, 1, 1,
                       "%llu bytes at %p, %llu bytes past the end of the "
                       "block's %s __shared__ memory (%llu bytes)",
                       n, p, (unsigned long long)(a - (dyn ? db : sb)),
                       dyn ? "dynamic" : "static",
                       (unsigned long long)(dyn ? ctx.dyn_size
                                                : ctx.static_size));
    return;
  }
  hipc_check_hit h;
  int kind = hipc__check_classify(p, size, &h);
  uintptr_t base = (uintptr_t)h.base;
  const char* al = h.device_heap ? "block malloc'ed by a kernel"
                                 : "allocation";
  switch (kind) {
    case HIPC_CHECK_IN:
      if (base) {
        ctx.cache_base[ctx.next_slot] = base;
        ctx.cache_size[ctx.next_slot] = h.size;
        ctx.next_slot = (ctx.next_slot + 1) % 4;
      }
      return;
    case HIPC_CHECK_AFTER:
      hipc__check_report(
          "memcheck", what, where, base, 1,
          "%llu bytes at %p, %llu bytes past the end of the %zu-byte %s at "
          "%p (out of bounds)",
          n, p,
          a >= base + h.size ? (unsigned long long)(a - base - h.size) : 0,
          h.size, al, h.base);
      return;
    case HIPC_CHECK_BEFORE:
      hipc__check_report("memcheck", what, where, base, 1,
                         "%llu bytes at %p, %llu bytes before the %zu-byte "
                         "%s at %p (out of bounds)",
                         n, p, (unsigned long long)(base - a), h.size, al,
                         h.base);
      return;
    case HIPC_CHECK_FREED:
      hipc__check_report("memcheck", what, where, base, 1,
                         "%llu bytes at %p, inside the %zu-byte %s at %p, "
                         "which was freed (use after free)",
                         n, p, h.size, al, h.base);
      return;
    default:
      hipc__check_report("memcheck", what, where, 0, 1,
                         "%llu bytes at %p, which is in no device allocation "
                         "(host memory or a wild pointer)",
                         n, p);
      return;
  }
}

void hipc_check_access(const void* p, uint64_t size, uint32_t flags,
                       const char* where) {
  if (!ctx.mode) return; /* not a checked launch: nothing to say */
  const hipc_thread_state* ts = &hipc_tls;
  uintptr_t a = (uintptr_t)p;
  uintptr_t sb = (uintptr_t)ts->static_shared, db = (uintptr_t)ts->dyn_shared;
  if (sb && a - sb < ctx.static_size) {
    if (ctx.mode & HIPC_CHECKING_RACE)
      hipc__check_race((void*)p, a - sb, size, flags, where);
    return;
  }
  if (db && a - db < ctx.dyn_size) {
    if (ctx.mode & HIPC_CHECKING_RACE)
      hipc__check_race((void*)p, ctx.static_size + (a - db), size, flags,
                       where);
    return;
  }
  if (ctx.mode & HIPC_CHECKING_MEM) memcheck(p, size, flags, where);
}

/* -- malloc and free in kernels */

void* hipc_check_malloc(size_t size) {
  if (!(hipc__checking() & HIPC_CHECKING_MEM)) return malloc(size);
  void* p = hipc__heap_alloc(size ? size : 1);
  if (p) hipc__check_note_malloc(p, size);
  return p;
}

void hipc_check_free(void* p) {
  if (!p) return;
  if (!(hipc__checking() & HIPC_CHECKING_MEM)) {
    free(p);
    return;
  }
  size_t size = hipc__check_take_malloc(p);
  if (!size) {
    hipc__check_report("memcheck", "invalid free", NULL, (uintptr_t)p, 1,
                       "free(%p): malloc in a kernel did not return it, or "
                       "it was freed already",
                       p);
    return;
  }
  hipc__check_note_free(p, size, 1);
  hipc__heap_free(p);
}
