/* Reference for bench/hipcub/hipcub_reduce.hip: the sum of n ints into a
 * long long, a slice per thread, then the partial sums added. */
#include "ref_common.h"
#include "hipcub_common.h"

typedef struct {
  const int* v;
  size_t n;
  long long part[256];
} job;

static void sum_part(void* arg, int tid, int nthreads) {
  job* j = arg;
  size_t b, e;
  ref_split(j->n, 16, tid, nthreads, &b, &e);
  long long s = 0;
  for (size_t i = b; i < e; ++i) s += j->v[i];
  j->part[tid] = s;
}

static ref_pool pool;
static job J;
static long long result;

static void rep(void* arg) {
  (void)arg;
  ref_pool_run(&pool, sum_part, &J);
  long long s = 0;
  for (int t = 0; t < pool.nthreads; ++t) s += J.part[t];
  result = s;
}

int main(void) {
  const unsigned n = 1u << ref_env_int("BENCH_HIPCUB_LOG2N", 24);
  int* v = malloc((size_t)n * sizeof *v);
  if (!v) return 2;
  long long want = 0;
  for (unsigned i = 0; i < n; ++i) want += v[i] = (int)(bench_key(i) % 1000);
  int threads = ref_threads();
  ref_pool_start(&pool, threads > 256 ? 256 : threads);
  J.v = v;
  J.n = n;
  double ms = ref_best_of(5, rep, NULL);
  ref_pool_stop(&pool);
  if (result != want) {
    printf("FAILED: %lld != %lld\n", result, want);
    return 1;
  }
  printf("RESULT hipcub_reduce n=%u %.3f ms %.1f GB/s\n", n, ms, 4.0 * n / ms / 1e6);
  free(v);
  return 0;
}
