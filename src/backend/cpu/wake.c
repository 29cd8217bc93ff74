/* Parking and waking threads of the CPU device (see wake.h). Linux futexes:
 * a waker names the one word a sleeper waits on, so waking one worker costs
 * one system call and wakes nobody else. */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "runtime/env.h"
#include "wake.h"

void hipc__futex_wait(atomic_uint* word, unsigned expected) {
  syscall(SYS_futex, (unsigned*)word, FUTEX_WAIT_PRIVATE, expected, NULL,
          NULL, 0);
}

void hipc__futex_wake(atomic_uint* word, int n) {
  syscall(SYS_futex, (unsigned*)word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

uint64_t hipc__now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static uint64_t spin_ns;
static int cores;

static void configure(void) {
  cpu_set_t set;
  cores = 1;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = CPU_COUNT(&set);
  long us = hipc__env_int("HIPC_SPIN_US", 0, 1000000, 30);
  spin_ns = cores > 1 ? (uint64_t)us * 1000u : 0;
}

/* The machine's runnable threads, this one included (the fourth field of
 * /proc/loadavg, "running/total"), or 0 when unknown. */
static long runnable_threads(void) {
  FILE* f = fopen("/proc/loadavg", "r");
  if (!f) return 0;
  long running = 0, total = 0;
  double a, b, c;
  if (fscanf(f, "%lf %lf %lf %ld/%ld", &a, &b, &c, &running, &total) != 5)
    running = 0;
  fclose(f);
  return running;
}

/* Whether the machine has more runnable threads than this process has
 * cores, as of the last look (at most every 10 ms): then a spinner only
 * takes the core from the thread it waits for. */
static _Atomic uint64_t crowded_checked_ns;
static atomic_int crowded;

uint64_t hipc__spin_ns(void) {
  pthread_once(&once, configure);
  if (!spin_ns) return 0;
  uint64_t now = hipc__now_ns();
  uint64_t then = atomic_load_explicit(&crowded_checked_ns,
                                       memory_order_relaxed);
  if (now - then > 10000000u &&
      atomic_compare_exchange_strong_explicit(&crowded_checked_ns, &then,
                                              now, memory_order_relaxed,
                                              memory_order_relaxed))
    atomic_store_explicit(&crowded, runnable_threads() > cores,
                          memory_order_relaxed);
  return atomic_load_explicit(&crowded, memory_order_relaxed) ? 0 : spin_ns;
}

int hipc__max_spinners(int nworkers) {
  pthread_once(&once, configure);
  int n = cores - 1;
  return n < nworkers ? n : nworkers;
}
