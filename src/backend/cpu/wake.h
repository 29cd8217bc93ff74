/* Parking and waking threads of the CPU device (wake.c): futexes on a
 * thread's own word, and the bounded spin that comes before parking. */
#ifndef HIPC_CPU_WAKE_H
#define HIPC_CPU_WAKE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Sleeps while *word == expected (returns at once if it differs; may
 * return spuriously: callers re-check). */
void hipc__futex_wait(atomic_uint* word, unsigned expected);
/* Wakes up to `n` threads sleeping on `word`. */
void hipc__futex_wake(atomic_uint* word, int n);

/* How long an idle worker, or a host thread that waits for the device,
 * spins before it parks, in nanoseconds: HIPC_CPU_SPIN_US microseconds
 * (default 30; 0 never spins). Spins yield the core now and then
 * (hipc__spin_pause), so spinning costs little on one core or on a crowded
 * machine: the thread a spinner waits for may be queued on the spinner's
 * own core, and runs at the next yield instead of when the spin ends. */
uint64_t hipc__spin_ns(void);
/* How long a host thread that waits for a queue spins while a worker
 * runs a host function at its head (librccl's collectives: MPI calls of
 * 0.1 ms and more, where a sleep and a wake-up on an idle core would add
 * tens of microseconds): HIPC_CPU_SPIN_HOSTFN_US (default 1000, never
 * below hipc__spin_ns; 0 with HIPC_CPU_SPIN_US=0). */
uint64_t hipc__spin_hostfn_ns(void);
/* How many of a device's `nworkers` workers may spin at once: one core is
 * left to the host thread (one spinner on a single core). */
int hipc__max_spinners(int nworkers);

uint64_t hipc__now_ns(void);

/* The CPU devices' queue lock (pool.c): an adaptive mutex, or a plain one
 * with HIPC_CPU_LOCK=plain. */
pthread_mutex_t* hipc__queue_lock(void);

static inline void hipc__cpu_relax(void) {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

void hipc__spin_yield(void);
/* Steps between two yields of a spin, less one (a power of two, less
 * one): HIPC_CPU_SPIN_YIELD (default 16). Set by hipc__spin_ns. */
extern unsigned hipc__spin_yield_mask;
/* Step `i` (from 1) of a spin: a pause, and every 16 steps (by default)
 * a yield. */
static inline void hipc__spin_pause(unsigned i) {
  hipc__cpu_relax();
  if ((i & hipc__spin_yield_mask) == 0) hipc__spin_yield();
}

#endif
