/* Shared helpers for the hand-written C references of the hipc benchmarks.
 *
 * Each reference does the same work as its HIP workload in
 * ../shared/bench/, with the same sizes, the same initial data, the same
 * timing method (one warm-up, then the best of a few reps) and the same
 * "RESULT ..." line, so that bench/run.sh parses both alike.
 *
 * Fairness: hipc runs a kernel on a persistent pool of HIPC_CPU_THREADS
 * workers (default: one per online core) and its timed region is launch +
 * hipDeviceSynchronize. The references therefore use a persistent pool of
 * the same number of threads, woken per rep, so that a rep pays one
 * hand-off and one join, as hipc does, but never a pthread_create. */
#ifndef REF_COMMON_H
#define REF_COMMON_H

#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Same parsing as bench_common.h's env_int, so sizes match the workload. */
static inline int ref_env_int(const char* name, int fallback) {
  const char* v = getenv(name);
  return v ? atoi(v) : fallback;
}

/* The thread count hipc's CPU device would pick (src/backend/cpu/device.c):
 * HIPC_CPU_THREADS if it is a sane positive number, else the online cores. */
static inline int ref_threads(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  int fallback = n > 0 ? (int)n : 1;
  const char* v = getenv("HIPC_CPU_THREADS");
  if (!v || !*v) return fallback;
  char* end;
  long t = strtol(v, &end, 10);
  return (*end || t <= 0 || t > 1 << 20) ? fallback : (int)t;
}

/* steady_clock in bench_common.h is CLOCK_MONOTONIC on Linux. */
static inline double ref_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static inline void ref_relax(void) {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

/* How long an idle thread spins before it sleeps. Reps come back to back,
 * so a short spin saves a futex wake-up per rep, as hipc's workers do. */
#define REF_SPIN 20000

/* A persistent fork-join pool: `ref_pool_run` runs `fn(arg, tid, nthreads)`
 * on every thread, the caller being thread 0 and `nthreads - 1` helpers
 * the others, and returns when all are done. The caller computing too is
 * what a hand-written threaded loop does; hipc's host thread only waits,
 * but it has the same number of threads doing the work. */
typedef void ref_fn(void* arg, int tid, int nthreads);

typedef struct {
  int nthreads;
  pthread_t* helpers;
  pthread_mutex_t lock;
  pthread_cond_t cv;
  int sleepers;          /* under `lock` */
  atomic_uint gen;       /* bumped once per `ref_pool_run` */
  atomic_int remaining;  /* helpers still running the current generation */
  ref_fn* fn;
  void* arg;
  int stop;
} ref_pool;

typedef struct {
  ref_pool* pool;
  int tid;
} ref_helper;

static void* ref_helper_main(void* p) {
  ref_helper h = *(ref_helper*)p;
  free(p);
  ref_pool* pool = h.pool;
  unsigned seen = 0;
  for (;;) {
    unsigned g;
    int spins = 0;
    while ((g = atomic_load_explicit(&pool->gen, memory_order_acquire)) ==
               seen && spins < REF_SPIN) {
      ref_relax();
      ++spins;
    }
    if (g == seen) {
      /* Sleep; `ref_pool_run` bumps `gen` under the lock, so no lost
       * wake-up between the test and the wait. */
      pthread_mutex_lock(&pool->lock);
      while ((g = atomic_load_explicit(&pool->gen, memory_order_acquire)) ==
             seen) {
        pool->sleepers++;
        pthread_cond_wait(&pool->cv, &pool->lock);
        pool->sleepers--;
      }
      pthread_mutex_unlock(&pool->lock);
    }
    seen = g;
    if (pool->stop) return NULL;
    pool->fn(pool->arg, h.tid, pool->nthreads);
    atomic_fetch_sub_explicit(&pool->remaining, 1, memory_order_release);
  }
}

static inline void ref_pool_start(ref_pool* pool, int nthreads) {
  pool->nthreads = nthreads;
  pool->helpers = calloc((size_t)nthreads, sizeof *pool->helpers);
  pthread_mutex_init(&pool->lock, NULL);
  pthread_cond_init(&pool->cv, NULL);
  pool->sleepers = 0;
  atomic_init(&pool->gen, 0);
  atomic_init(&pool->remaining, 0);
  pool->stop = 0;
  for (int t = 1; t < nthreads; ++t) {
    ref_helper* h = malloc(sizeof *h);
    if (h) *h = (ref_helper){pool, t};
    if (!h || pthread_create(&pool->helpers[t], NULL, ref_helper_main, h)) {
      fprintf(stderr, "ref: cannot start thread %d\n", t);
      exit(2);
    }
  }
}

static inline void ref_pool_wake(ref_pool* pool) {
  pthread_mutex_lock(&pool->lock);
  atomic_fetch_add_explicit(&pool->gen, 1, memory_order_release);
  if (pool->sleepers) pthread_cond_broadcast(&pool->cv);
  pthread_mutex_unlock(&pool->lock);
}

static inline void ref_pool_run(ref_pool* pool, ref_fn* fn, void* arg) {
  pool->fn = fn;
  pool->arg = arg;
  atomic_store_explicit(&pool->remaining, pool->nthreads - 1,
                        memory_order_relaxed);
  ref_pool_wake(pool);
  fn(arg, 0, pool->nthreads);
  while (atomic_load_explicit(&pool->remaining, memory_order_acquire) > 0)
    ref_relax();
}

static inline void ref_pool_stop(ref_pool* pool) {
  pool->stop = 1;
  ref_pool_wake(pool);
  for (int t = 1; t < pool->nthreads; ++t)
    pthread_join(pool->helpers[t], NULL);
  free(pool->helpers);
}

/* [begin, end) of thread `tid`'s share of `n` items, cut at multiples of
 * `align` items so that no two threads write the same cache line. */
static inline void ref_split(size_t n, size_t align, int tid, int nthreads,
                             size_t* begin, size_t* end) {
  size_t units = (n + align - 1) / align;
  size_t b = units * (size_t)tid / (size_t)nthreads * align;
  size_t e = units * (size_t)(tid + 1) / (size_t)nthreads * align;
  *begin = b < n ? b : n;
  *end = e < n ? e : n;
}

/* bench_common.h's best_of: one warm-up, then the best of `reps`. */
static inline double ref_best_of(int reps, void (*rep)(void*), void* arg) {
  rep(arg);
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    double t0 = ref_now_ms();
    rep(arg);
    double t = ref_now_ms() - t0;
    if (t < best) best = t;
  }
  return best;
}

#endif
