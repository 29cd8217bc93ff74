/* Parking and waking threads of the CPU device (see wake.h). Linux futexes:
 * a waker names the one word a sleeper waits on, so waking one worker costs
 * one system call and wakes nobody else. */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
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
static uint64_t spin_ns, spin_hostfn_ns;
static int cores;

static void configure(void) {
  cpu_set_t set;
  cores = 1;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = CPU_COUNT(&set);
  spin_ns = (uint64_t)hipc__env_int("HIPC_CPU_SPIN_US", 0, 1000000, 30) *
            1000u;
  spin_hostfn_ns =
      (uint64_t)hipc__env_int("HIPC_CPU_SPIN_HOSTFN_US", 0, 1000000, 1000) *
      1000u;
  if (spin_hostfn_ns < spin_ns || !spin_ns) spin_hostfn_ns = spin_ns;
  unsigned every =
      (unsigned)hipc__env_int("HIPC_CPU_SPIN_YIELD", 1, 1 << 20, 16);
  unsigned pow2 = 1;
  while (pow2 * 2 <= every) pow2 *= 2;
  hipc__spin_yield_mask = pow2 - 1;
}

unsigned hipc__spin_yield_mask = 15;

void hipc__spin_yield(void) { sched_yield(); }

uint64_t hipc__spin_ns(void) {
  pthread_once(&once, configure);
  return spin_ns;
}

uint64_t hipc__spin_hostfn_ns(void) {
  pthread_once(&once, configure);
  return spin_hostfn_ns;
}

int hipc__max_spinners(int nworkers) {
  pthread_once(&once, configure);
  int n = cores > 1 ? cores - 1 : 1;
  return n < nworkers ? n : nworkers;
}

/* Adaptive (glibc spins a little before it sleeps; HIPC_CPU_LOCK=plain: a
 * plain mutex): the lock's holds are short, and a spinning worker that
 * sees a dispatch reaches for it while the launching thread still holds
 * it; sleeping there costs a futex wait and a wake per hand-off. */
static pthread_mutex_t queue_lock;
static pthread_once_t lock_once = PTHREAD_ONCE_INIT;

static void lock_init(void) {
  static const char* const kinds[] = {"adaptive", "plain", NULL};
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  if (hipc__env_choice("HIPC_CPU_LOCK", kinds, 0) == 0)
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
  pthread_mutex_init(&queue_lock, &a);
  pthread_mutexattr_destroy(&a);
}

pthread_mutex_t* hipc__queue_lock(void) {
  pthread_once(&lock_once, lock_init);
  return &queue_lock;
}
