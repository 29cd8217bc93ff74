/* Recycled kernel jobs: a launch takes one from here and its completion
 * gives it back, so that neither calls the allocator (a job is allocated
 * by the launching thread and finished by a worker: freeing it there was
 * a cross-thread free, glibc's slowest path).
 *
 * Workers give jobs back to one shared stack (a compare-and-swap push). A
 * launching thread takes the whole stack at once (an exchange) into a
 * list of its own, and hands out jobs from that list with no atomic at
 * all. Nothing ever pops a single node off the shared stack, so there is
 * no ABA problem. A thread's own list goes back to the shared stack when
 * the thread exits. The shared stack keeps at most CACHE_MAX jobs; beyond
 * that, jobs given back are freed. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

#define CACHE_MAX 4096

static _Atomic(kernel_job*) shared_top;
static atomic_int shared_count;
static __thread kernel_job* own __attribute__((tls_model("initial-exec")));
static pthread_key_t exit_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static kernel_job* next_of(kernel_job* k) { return (kernel_job*)k->job.next; }

static void push_chain(kernel_job* first, kernel_job* last) {
  kernel_job* top = atomic_load_explicit(&shared_top, memory_order_relaxed);
  do
    last->job.next = &top->job;
  while (!atomic_compare_exchange_weak_explicit(
      &shared_top, &top, first, memory_order_release, memory_order_relaxed));
}

/* A thread that took jobs exits: they go back to the shared stack. */
static void thread_exit(void* unused) {
  (void)unused;
  kernel_job* first = own;
  if (!first) return;
  own = NULL;
  kernel_job* last = first;
  int n = 1;
  while (next_of(last)) {
    last = next_of(last);
    n++;
  }
  atomic_fetch_add_explicit(&shared_count, n, memory_order_relaxed);
  push_chain(first, last);
}

static void make_key(void) { pthread_key_create(&exit_key, thread_exit); }

/* Moves the shared stack to the calling thread's own list. */
static kernel_job* take_shared(void) {
  kernel_job* k =
      atomic_exchange_explicit(&shared_top, NULL, memory_order_acquire);
  if (!k) return NULL;
  int n = 0;
  for (kernel_job* p = k; p; p = next_of(p)) n++;
  atomic_fetch_sub_explicit(&shared_count, n, memory_order_relaxed);
  pthread_once(&key_once, make_key);
  if (!pthread_getspecific(exit_key)) pthread_setspecific(exit_key, &own);
  return k;
}

kernel_job* hipc__job_cache_get(void) {
  kernel_job* k = own;
  if (!k && atomic_load_explicit(&shared_top, memory_order_relaxed))
    k = take_shared();
  if (k) {
    own = next_of(k);
    memset(k, 0, offsetof(kernel_job, inline_args));
    return k;
  }
  k = aligned_alloc(_Alignof(kernel_job), sizeof *k);
  if (k) memset(k, 0, offsetof(kernel_job, inline_args));
  return k;
}

void hipc__job_cache_put(kernel_job* k) {
  if (atomic_load_explicit(&shared_count, memory_order_relaxed) >=
      CACHE_MAX) {
    free(k);
    return;
  }
  atomic_fetch_add_explicit(&shared_count, 1, memory_order_relaxed);
  push_chain(k, k);
}
