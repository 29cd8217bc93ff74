/* Reference for matmul.hip: c = a * b for n x n floats, the i-k-j loop with
 * rows split over the pool. i-k-j keeps the inner loop a unit-stride
 * "row of c += scalar * row of b", which the compiler vectorises; that is
 * the best plain loop one would write by hand, with no blocking tricks. */
#include "ref_common.h" /* first: it defines _GNU_SOURCE */

#include <math.h>
#include <string.h>

typedef struct {
  const float* a;
  const float* b;
  float* c;
  int n;
} job;

static void matmul_rows(void* arg, int tid, int nthreads) {
  const job* j = arg;
  const int n = j->n;
  size_t r0, r1;
  ref_split((size_t)n, 1, tid, nthreads, &r0, &r1);
  const float* restrict a = j->a;
  const float* restrict b = j->b;
  float* restrict c = j->c;
  for (size_t i = r0; i < r1; ++i) {
    float* restrict ci = c + i * n;
    memset(ci, 0, (size_t)n * sizeof *ci);
    for (int k = 0; k < n; ++k) {
      float aik = a[i * n + k];
      const float* restrict bk = b + (size_t)k * n;
      for (int x = 0; x < n; ++x) ci[x] += aik * bk[x];
    }
  }
}

static ref_pool pool;

static void rep(void* arg) { ref_pool_run(&pool, matmul_rows, arg); }

int main(void) {
  const int n = ref_env_int("BENCH_N", 512);
  size_t nn = (size_t)n * n;
  float* a = malloc(nn * sizeof *a);
  float* b = malloc(nn * sizeof *b);
  float* c = malloc(nn * sizeof *c);
  if (!a || !b || !c) return 2;
  for (size_t i = 0; i < nn; ++i) {
    a[i] = (float)(i % 7) - 3.0f;
    b[i] = (float)(i % 5) - 2.0f;
  }
  ref_pool_start(&pool, ref_threads());
  job j = {a, b, c, n};
  double ms = ref_best_of(3, rep, &j);
  ref_pool_stop(&pool);
  /* The same sample of elements and tolerance as matmul.hip. */
  for (int i = 0; i < n; i += 37) {
    for (int x = 0; x < n; x += 41) {
      double want = 0;
      for (int k = 0; k < n; ++k)
        want += (double)a[(size_t)i * n + k] * b[(size_t)k * n + x];
      float got = c[(size_t)i * n + x];
      if (fabs(got - want) > 1e-3 * (1 + fabs(want))) {
        printf("FAILED at (%d,%d): %f != %f\n", i, x, got, want);
        return 1;
      }
    }
  }
  printf("RESULT matmul n=%d %.3f ms %.2f GFLOP/s\n", n, ms,
         2.0 * n * n * n / ms / 1e6);
  free(a);
  free(b);
  free(c);
  return 0;
}
