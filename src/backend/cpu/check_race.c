/* racecheck and synccheck (check.h).
 *
 * racecheck: every byte of the block's __shared__ memory has a shadow
 * holding its last writer and its last two readers, each with the barrier
 * epoch and its warp's collective epoch at the time. An access by thread T
 * conflicts with a recorded access by thread U != T when both happened in
 * the same barrier epoch (no __syncthreads between them) and, for two
 * threads of one warp, with no warp collective (__syncwarp, a shuffle, a
 * vote) between them: a read after U's write, a write after U's read or
 * write. Atomics never conflict. Epochs are per worker and only grow (a
 * new block, a barrier, a grid barrier each take a new one), so the
 * shadow is never cleared: a record of another epoch is simply old.
 *
 * synccheck: when a barrier is released (sched.c), every thread of the
 * block must be waiting at it, at the same __syncthreads: threads that
 * returned before it, or that wait at another barrier, are reported. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "hip/hipc/kc_abi.h"

typedef struct rec {
  uint32_t tid;        /* thread + 1; 0: none */
  uint32_t epoch;
  uint32_t wepoch;     /* its warp's collective epoch */
  const char* where;
} rec;

typedef struct shadow {
  rec w, r1, r2;       /* last writer; last reader, an earlier other one */
} shadow;

static _Thread_local shadow* sh;
static _Thread_local uint64_t nsh;
static _Thread_local uint32_t epoch = 1;
static _Thread_local uint32_t wepoch[64];

void hipc__check_race_reserve(uint64_t bytes) {
  if (bytes <= nsh) return;
  shadow* n = realloc(sh, bytes * sizeof *n);
  if (!n) hipc__cpu_kernel_fatal("out of memory for racecheck's shadow");
  for (uint64_t i = nsh; i < bytes; ++i) n[i] = (shadow){0};
  sh = n;
  nsh = bytes;
}

void hipc__check_epoch_bump(void) { ++epoch; }

void hipc__check_warp_sync(uint32_t warp) { ++wepoch[warp % 64]; }

/* Whether recorded access `r` is ordered before the running thread `t`. */
static int ordered(const rec* r, uint32_t t, uint32_t ws) {
  if (!r->tid || r->epoch != epoch || r->tid == t + 1) return 1;
  uint32_t u = r->tid - 1;
  return u / ws == t / ws && r->wepoch != wepoch[(t / ws) % 64];
}

static void hazard(const char* kind, void* addr, uint64_t off,
                   const char* where, const rec* r, int prev_write,
                   uint32_t t, int write) {
  char me[48], other[48];
  hipc__check_tid(me, sizeof me, t);
  hipc__check_tid(other, sizeof other, r->tid - 1);
  hipc__check_report(
      "racecheck", kind, where, (uintptr_t)r->where, 0,
      "thread %s %s __shared__ memory at %p (byte %llu of the block's "
      "shared memory) after thread %s %s it%s%s, with no barrier between",
      me, write ? "writes" : "reads", addr, (unsigned long long)off, other,
      prev_write ? "wrote" : "read", r->where ? " at " : "",
      r->where ? r->where : "");
}

void hipc__check_race(void* addr, uint64_t off, uint64_t size,
                      uint32_t flags, const char* where) {
  if (flags & HIPC_CHECK_ATOMIC) return;
  const hipc_thread_state* ts = &hipc_tls;
  uint32_t ws = ts->warp_size ? ts->warp_size : 64;
  uint32_t t = hipc_thread_linear();
  rec me = {t + 1, epoch, wepoch[(t / ws) % 64], where};
  int write = (flags & HIPC_CHECK_WRITE) != 0, told = 0;
  if (off >= nsh) return;
  if (size > nsh - off) size = nsh - off;
  for (uint64_t i = off; i < off + size; ++i) {
    shadow* s = &sh[i];
    if (!told && !ordered(&s->w, t, ws)) {
      hazard(write ? "write-after-write hazard" : "read-after-write hazard",
             (char*)addr + (i - off), i, where, &s->w, 1, t, write);
      told = 1;
    }
    if (write) {
      if (!told && !ordered(&s->r1, t, ws)) {
        hazard("write-after-read hazard", (char*)addr + (i - off), i, where, &s->r1,
               0, t, 1);
        told = 1;
      }
      if (!told && !ordered(&s->r2, t, ws)) {
        hazard("write-after-read hazard", (char*)addr + (i - off), i, where, &s->r2,
               0, t, 1);
        told = 1;
      }
      s->w = me;
    } else if (s->r1.tid != me.tid || s->r1.epoch != epoch) {
      if (s->r1.epoch == epoch && s->r1.tid) s->r2 = s->r1;
      s->r1 = me;
    }
  }
}

/* -- synccheck */

void hipc__check_block_begin(hipc_check_block* cb) {
  *cb = (hipc_check_block){0};
  ++epoch;
}

void hipc_check_barrier(const char* where) {
  hipc_check_block* cb = hipc__sched_check_block();
  if (!cb) return;
  if (cb->announced++ == 0) {
    cb->site = where;
    cb->site_tid = hipc_tls.thread_idx;
  } else if (where != cb->site && !cb->other_site) {
    cb->other_site = where ? where : "?";
    cb->other_tid = hipc_tls.thread_idx;
  }
}

void hipc__check_barrier_release(hipc_check_block* cb, uint32_t arrived,
                                 uint32_t count) {
  ++epoch;
  if (!(hipc__check_on & HIPC_CHECKING_SYNC)) return;
  const char* tool = hipc__check_on & HIPC_CHECKING_RACE ? "racecheck"
                                                         : "synccheck";
  if (arrived < count && cb->exited) {
    dim3 x = cb->first_exit;
    hipc__check_report(tool, "divergent barrier", cb->site, 1, 0,
                       "__syncthreads reached by %u of the block's %u "
                       "threads; thread (%u,%u,%u) (one of %u) returned "
                       "without reaching it",
                       arrived, count, x.x, x.y, x.z, count - arrived);
  }
  if (cb->other_site) {
    dim3 a = cb->site_tid, b = cb->other_tid;
    hipc__check_report(tool, "divergent barrier", cb->site, 2, 0,
                       "thread (%u,%u,%u) waits at this "
                       "__syncthreads while thread (%u,%u,%u) waits at the "
                       "one at %s",
                       a.x, a.y, a.z, b.x, b.y, b.z,
                       cb->other_site ? cb->other_site : "?");
  }
  cb->announced = 0;
  cb->site = cb->other_site = NULL;
}
