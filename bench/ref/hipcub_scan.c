/* Reference for bench/hipcub/hipcub_scan.hip: an inclusive prefix sum of n
 * ints in two threaded passes (each slice's total, then each slice's scan
 * from the totals before it). */
#include "ref_common.h"
#include "hipcub_common.h"

typedef struct {
  const int* in;
  int* out;
  size_t n;
  int part[256];
} job;

static void total_part(void* arg, int tid, int nthreads) {
  job* j = arg;
  size_t b, e;
  ref_split(j->n, 16, tid, nthreads, &b, &e);
  int s = 0;
  for (size_t i = b; i < e; ++i) s += j->in[i];
  j->part[tid] = s;
}

static void scan_part(void* arg, int tid, int nthreads) {
  job* j = arg;
  size_t b, e;
  ref_split(j->n, 16, tid, nthreads, &b, &e);
  int run = 0;
  for (int t = 0; t < tid; ++t) run += j->part[t];
  for (size_t i = b; i < e; ++i) j->out[i] = run += j->in[i];
}

static ref_pool pool;
static job J;

static void rep(void* arg) {
  (void)arg;
  ref_pool_run(&pool, total_part, &J);
  ref_pool_run(&pool, scan_part, &J);
}

int main(void) {
  const unsigned n = 1u << ref_env_int("BENCH_HIPCUB_LOG2N", 24);
  int* in = malloc((size_t)n * sizeof *in);
  int* out = malloc((size_t)n * sizeof *out);
  if (!in || !out) return 2;
  for (unsigned i = 0; i < n; ++i) in[i] = (int)(bench_key(i) % 16);
  int threads = ref_threads();
  ref_pool_start(&pool, threads > 256 ? 256 : threads);
  J.in = in;
  J.out = out;
  J.n = n;
  double ms = ref_best_of(5, rep, NULL);
  ref_pool_stop(&pool);
  int run = 0;
  for (unsigned i = 0; i < n; ++i) {
    run += in[i];
    if (out[i] != run) {
      printf("FAILED at %u: %d != %d\n", i, out[i], run);
      return 1;
    }
  }
  printf("RESULT hipcub_scan n=%u %.3f ms %.1f GB/s\n", n, ms, 8.0 * n / ms / 1e6);
  free(in);
  free(out);
  return 0;
}
