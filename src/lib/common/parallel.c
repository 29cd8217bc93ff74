/* hipc_parallel_for (parallel.h), on short-lived pthreads: the kernels
 * that use it are long enough (min_chunk) for a thread start to be cheap
 * beside them. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "parallel.h"

#define MAX_THREADS 256

typedef struct range {
  hipc_range_fn fn;
  void* ctx;
  int64_t begin, end;
} range;

static void* run_range(void* arg) {
  range* r = arg;
  r->fn(r->ctx, r->begin, r->end);
  return NULL;
}

static int thread_count(void) {
  const char* env = getenv("HIPC_CPU_THREADS");
  long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int)n;
}

void hipc_parallel_for(int64_t n, int64_t min_chunk, hipc_range_fn fn,
                       void* ctx) {
  if (n <= 0) return;
  int64_t parts = thread_count();
  if (min_chunk < 1) min_chunk = 1;
  if (parts > n / min_chunk) parts = n / min_chunk;
  if (parts <= 1) {
    fn(ctx, 0, n);
    return;
  }
  range r[MAX_THREADS];
  pthread_t t[MAX_THREADS];
  int started[MAX_THREADS] = {0};
  for (int64_t i = 0; i < parts; i++)
    r[i] = (range){fn, ctx, n * i / parts, n * (i + 1) / parts};
  for (int64_t i = 1; i < parts; i++)
    started[i] = pthread_create(&t[i], NULL, run_range, &r[i]) == 0;
  run_range(&r[0]);
  for (int64_t i = 1; i < parts; i++) {
    if (started[i]) pthread_join(t[i], NULL);
    else run_range(&r[i]);  /* no thread: run it here */
  }
}
