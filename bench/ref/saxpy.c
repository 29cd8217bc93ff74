/* Reference for saxpy.hip: y = a*x + y over n floats, split over the pool.
 * Same data, same check, same best-of-5 timing; a rep is one wake of the
 * persistent pool and one join, the counterpart of launch + synchronize. */
#include "ref_common.h"

typedef struct {
  float a;
  const float* x;
  float* y;
  size_t n;
} job;

static void saxpy_part(void* arg, int tid, int nthreads) {
  const job* j = arg;
  size_t b, e;
  ref_split(j->n, 16, tid, nthreads, &b, &e); /* 16 floats: a cache line */
  const float* restrict x = j->x;
  float* restrict y = j->y;
  float a = j->a;
  for (size_t i = b; i < e; ++i) y[i] = a * x[i] + y[i];
}

static ref_pool pool;

static void rep(void* arg) { ref_pool_run(&pool, saxpy_part, arg); }

int main(void) {
  const unsigned n = 1u << ref_env_int("BENCH_LOG2N", 24);
  float* x = malloc((size_t)n * sizeof *x);
  float* y = malloc((size_t)n * sizeof *y);
  if (!x || !y) return 2;
  for (unsigned i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000);
    y[i] = 1.0f;
  }
  ref_pool_start(&pool, ref_threads());
  job j = {2.0f, x, y, n};
  const int reps = 5;
  double ms = ref_best_of(reps, rep, &j);
  ref_pool_stop(&pool);
  const int launches = reps + 1; /* the warm-up updates y too */
  for (unsigned i = 0; i < n; ++i) {
    float want = 1.0f + launches * 2.0f * (float)(i % 1000);
    if (y[i] != want) {
      printf("FAILED at %u: %f != %f\n", i, y[i], want);
      return 1;
    }
  }
  printf("RESULT saxpy n=%u %.3f ms %.1f GB/s\n", n, ms,
         3.0 * n * 4 / ms / 1e6);
  free(x);
  free(y);
  return 0;
}
