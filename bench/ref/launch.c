/* Reference for launch.hip: what a CPU runtime's launch could cost at best.
 *
 * The host hands an empty task (a function pointer and an argument) to a
 * persistent pool of the same number of threads as hipc's workers and
 * waits until a pool thread has run it, task after task, back to back.
 * Idle pool threads spin, then sleep, as hipc's workers do; under
 * back-to-back hand-offs they never sleep, so this is one cache-line round
 * trip each way per task. hipc's launches are asynchronous (the host may
 * queue more before the first has run), but each one still has to travel
 * from the host to a worker and its completion back, so this round trip is
 * the floor per launch, not a bound hipc must meet. */
#include "ref_common.h" /* first: it defines _GNU_SOURCE */

#include <sched.h>

typedef void task_fn(void*);

/* The host and the pool share one mailbox: `posted` counts tasks handed
 * over, `claimed` those taken by a pool thread, `done` those finished.
 * Each on its own line, so a claim does not bounce the line the host
 * polls. */
typedef struct {
  _Alignas(64) atomic_ulong posted;
  _Alignas(64) atomic_ulong claimed;
  _Alignas(64) atomic_ulong done;
  _Alignas(64) task_fn* fn;
  void* arg;
  int nthreads;
  int stop;
  pthread_mutex_t lock;
  pthread_cond_t cv;
  atomic_int sleepers; /* changed under `lock`, read by the host without */
  pthread_t* threads;
} mailbox;

static mailbox box;

static void empty_task(void* arg) { (void)arg; }

/* A call the compiler cannot see through, as a kernel entry is. */
static task_fn* volatile the_task = empty_task;

static void* pool_main(void* unused) {
  (void)unused;
  for (;;) {
    unsigned long c = atomic_load_explicit(&box.claimed, memory_order_relaxed);
    int spins = 0;
    while (atomic_load_explicit(&box.posted, memory_order_acquire) == c) {
      if (++spins < REF_SPIN) {
        /* Yield now and then: with more spinners than cores (the host and
         * every idle pool thread spin), the thread that won the task may
         * be waiting for a core. */
        if (spins % 64 == 0) sched_yield();
        else ref_relax();
        continue;
      }
      pthread_mutex_lock(&box.lock);
      while (atomic_load_explicit(&box.posted, memory_order_acquire) == c &&
             !box.stop) {
        atomic_fetch_add(&box.sleepers, 1);
        if (atomic_load(&box.posted) == c && !box.stop)
          pthread_cond_wait(&box.cv, &box.lock);
        atomic_fetch_sub(&box.sleepers, 1);
      }
      pthread_mutex_unlock(&box.lock);
      spins = 0;
      if (box.stop) return NULL;
      c = atomic_load_explicit(&box.claimed, memory_order_relaxed);
    }
    if (box.stop) return NULL;
    /* Several idle threads may race for the task; one wins. */
    if (!atomic_compare_exchange_strong_explicit(&box.claimed, &c, c + 1,
                                                 memory_order_acquire,
                                                 memory_order_relaxed))
      continue;
    box.fn(box.arg);
    atomic_store_explicit(&box.done, c + 1, memory_order_release);
  }
}

static void hand_off(task_fn* fn, void* arg) {
  unsigned long k = atomic_load_explicit(&box.posted, memory_order_relaxed);
  box.fn = fn;
  box.arg = arg;
  atomic_store_explicit(&box.posted, k + 1, memory_order_seq_cst);
  /* Both this store and a sleeper's increment of `sleepers` are seq_cst
   * and each is followed by a load of the other's variable, so either the
   * sleeper sees the task or the host sees the sleeper. Signalling under
   * the lock then cannot fall between the sleeper's test and its wait. */
  if (atomic_load_explicit(&box.sleepers, memory_order_seq_cst)) {
    pthread_mutex_lock(&box.lock);
    pthread_cond_signal(&box.cv);
    pthread_mutex_unlock(&box.lock);
  }
  while (atomic_load_explicit(&box.done, memory_order_acquire) != k + 1)
    ref_relax();
}

static int launches;

static void rep(void* unused) {
  (void)unused;
  for (int i = 0; i < launches; ++i) hand_off(the_task, NULL);
}

int main(void) {
  launches = ref_env_int("BENCH_LAUNCHES", 20000);
  box.nthreads = ref_threads();
  pthread_mutex_init(&box.lock, NULL);
  pthread_cond_init(&box.cv, NULL);
  box.threads = calloc((size_t)box.nthreads, sizeof *box.threads);
  for (int t = 0; t < box.nthreads; ++t)
    if (pthread_create(&box.threads[t], NULL, pool_main, NULL)) return 2;
  double ms = ref_best_of(3, rep, NULL);
  pthread_mutex_lock(&box.lock);
  box.stop = 1;
  atomic_fetch_add(&box.posted, 1);
  pthread_cond_broadcast(&box.cv);
  pthread_mutex_unlock(&box.lock);
  for (int t = 0; t < box.nthreads; ++t) pthread_join(box.threads[t], NULL);
  /* The check: every task was run exactly once. */
  unsigned long want = 4ul * (unsigned long)launches;
  unsigned long got = atomic_load(&box.done);
  if (got != want) {
    printf("FAILED: %lu tasks done, %lu handed over\n", got, want);
    return 1;
  }
  printf("RESULT launch %d launches %.3f us/launch\n", launches,
         ms * 1000.0 / launches);
  free(box.threads);
  return 0;
}
