/* A communicator's own progress thread (HIPC_RCCL_PROGRESS=1, read when
 * the communicator first runs a batch; off by default).
 *
 * Without it a batch's host function makes the MPI calls itself, on
 * whichever worker of the stream's device runs it, so that MPI's state
 * and the buffers move between cores from call to call. With it the host
 * function hands the batch to the communicator's thread, always the same
 * one, and waits for it: stream order is unchanged (the host function
 * returns when the batch has run), the batches of one communicator run
 * one at a time in the order their host functions started, as MPI's
 * collectives on one communicator must anyway. Both sides spin for
 * RCCL_PROGRESS_SPIN_US before they sleep on a condition variable, so a
 * hand-off between busy threads costs a cache line or two. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

#define RCCL_PROGRESS_SPIN_US 50

typedef struct progress {
  pthread_t thread;
  pthread_mutex_t post;  /* one poster at a time */
  pthread_mutex_t m;     /* guards the sleeps */
  pthread_cond_t work, done_cv;
  void (*fn)(void*);
  void* arg;
  atomic_ulong asked, done;
  int thread_sleeps, poster_sleeps; /* under m */
  atomic_int stop;
} progress;

static pthread_mutex_t make_lock = PTHREAD_MUTEX_INITIALIZER;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static inline void relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* Spins until *a != v (1) or RCCL_PROGRESS_SPIN_US pass (0). */
static int spin_until_not(atomic_ulong* a, unsigned long v) {
  double end = 0;
  for (unsigned i = 0;; ++i) {
    if (atomic_load_explicit(a, memory_order_acquire) != v) return 1;
    relax();
    if ((i & 255) == 255) {
      double t = now_us();
      if (end == 0) end = t + RCCL_PROGRESS_SPIN_US;
      else if (t > end) return 0;
    }
  }
}

static void* loop(void* arg) {
  progress* p = arg;
  unsigned long seen = 0;
  for (;;) {
    if (!spin_until_not(&p->asked, seen)) {
      pthread_mutex_lock(&p->m);
      while (atomic_load(&p->asked) == seen && !atomic_load(&p->stop)) {
        p->thread_sleeps = 1;
        pthread_cond_wait(&p->work, &p->m);
      }
      p->thread_sleeps = 0;
      pthread_mutex_unlock(&p->m);
    }
    if (atomic_load(&p->asked) == seen && atomic_load(&p->stop)) break;
    seen = atomic_load_explicit(&p->asked, memory_order_acquire);
    p->fn(p->arg);
    atomic_store_explicit(&p->done, seen, memory_order_release);
    pthread_mutex_lock(&p->m);
    if (p->poster_sleeps) pthread_cond_signal(&p->done_cv);
    pthread_mutex_unlock(&p->m);
  }
  return NULL;
}

int rccl__progress_on(void) {
  static int on = -1;
  if (on < 0) {
    const char* e = getenv("HIPC_RCCL_PROGRESS");
    on = e && strcmp(e, "1") == 0;
  }
  return on;
}

/* The communicator's thread, started once; NULL if it cannot start. */
static progress* get(ncclComm_t c) {
  progress* p = atomic_load(&c->progress);
  if (p) return p;
  pthread_mutex_lock(&make_lock);
  p = atomic_load(&c->progress);
  if (!p && (p = calloc(1, sizeof *p)) != NULL) {
    pthread_mutex_init(&p->post, NULL);
    pthread_mutex_init(&p->m, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    if (pthread_create(&p->thread, NULL, loop, p) != 0) {
      free(p);
      p = NULL;
    } else {
      atomic_store(&c->progress, p);
    }
  }
  pthread_mutex_unlock(&make_lock);
  return p;
}

void rccl__progress_call(ncclComm_t c, void (*fn)(void*), void* arg) {
  progress* p = get(c);
  if (!p) {
    fn(arg);
    return;
  }
  pthread_mutex_lock(&p->post);
  p->fn = fn;
  p->arg = arg;
  unsigned long n = atomic_load(&p->asked) + 1;
  atomic_store_explicit(&p->asked, n, memory_order_release);
  pthread_mutex_lock(&p->m);
  if (p->thread_sleeps) pthread_cond_signal(&p->work);
  pthread_mutex_unlock(&p->m);
  if (!spin_until_not(&p->done, n - 1)) {
    pthread_mutex_lock(&p->m);
    while (atomic_load(&p->done) != n) {
      p->poster_sleeps = 1;
      pthread_cond_wait(&p->done_cv, &p->m);
    }
    p->poster_sleeps = 0;
    pthread_mutex_unlock(&p->m);
  }
  pthread_mutex_unlock(&p->post);
}

void rccl__progress_free(ncclComm_t c) {
  progress* p = atomic_load(&c->progress);
  if (!p) return;
  atomic_store(&p->stop, 1);
  pthread_mutex_lock(&p->m);
  pthread_cond_signal(&p->work);
  pthread_mutex_unlock(&p->m);
  pthread_join(p->thread, NULL);
  pthread_mutex_destroy(&p->post);
  pthread_mutex_destroy(&p->m);
  pthread_cond_destroy(&p->work);
  pthread_cond_destroy(&p->done_cv);
  free(p);
  atomic_store(&c->progress, NULL);
}
