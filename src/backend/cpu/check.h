/* The CPU device's checking mode (HIPC_CHECK; docs/internals.md
 * "Checking mode"): kernels run their instrumented form K.check
 * (src/kc/check.c) on fibers, one thread at a time, and its hooks report
 * out-of-bounds and freed accesses (check.c), races on __shared__ memory
 * and barriers not every thread reaches (check_race.c). */
#ifndef HIPC_CPU_CHECK_H
#define HIPC_CPU_CHECK_H

#include <stdint.h>

#include "cpu.h"

/* Per block in flight, kept by the scheduler (sched.c). */
typedef struct hipc_check_block {
  uint32_t exited;           /* threads that returned */
  dim3 first_exit;           /* the first of them */
  uint32_t announced;        /* threads at the pending barrier that said
                                where (hipc_check_barrier) */
  const char* site;          /* where the first of them waits */
  dim3 site_tid;
  const char* other_site;    /* a different barrier another waits at */
  dim3 other_tid;
} hipc_check_block;

/* The tools on, or 0: read once, fixed for the run. */
extern int hipc__check_on;

/* Prepares a launch: `k` runs its checking form where it has one. */
void hipc__check_prepare(kernel_job* k);
/* On a worker, before it runs blocks of `k`. */
void hipc__check_kernel_begin(cpu_worker* w, const kernel_job* k);

/* sched.c: the running block's record (NULL on the host). */
hipc_check_block* hipc__sched_check_block(void);
/* sched.c calls these (only when hipc__check_on): */
void hipc__check_block_begin(hipc_check_block* cb);
/* A barrier is released with `arrived` of the block's `count` threads. */
void hipc__check_barrier_release(hipc_check_block* cb, uint32_t arrived,
                                 uint32_t count);
/* Warp `warp` of the running block completed a collective. */
void hipc__check_warp_sync(uint32_t warp);
/* The snapshot a warp collective hands the running thread, which reads
 * it before it can yield (memcheck lets those reads pass). */
void hipc__check_note_snapshot(const hipc_warp_snapshot* s);
/* The running block resumes after a grid barrier. */
void hipc__check_epoch_bump(void);

/* check_race.c: an access to byte `off` of the block's shared memory (the
 * static segment, then the dynamic one), `size` bytes. */
void hipc__check_race(void* addr, uint64_t off, uint64_t size,
                      uint32_t flags, const char* where);
/* Makes room for the shadow of `bytes` bytes of shared memory. */
void hipc__check_race_reserve(uint64_t bytes);

/* check.c: counts one error and prints "hipc TOOL: WHAT at WHERE in
 * kernel 'K' block (x,y,z)[ thread (x,y,z)]: DETAIL" (the thread for
 * `with_thread`), once per (tool, what, where, key, kernel) and at most
 * 64 reports in all. */
void hipc__check_report(const char* tool, const char* what,
                        const char* where, uintptr_t key, int with_thread,
                        const char* fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* "(x,y,z)" of linear thread `t` of the running block, into buf. */
void hipc__check_tid(char* buf, size_t n, uint32_t t);

#endif /* HIPC_CPU_CHECK_H */
