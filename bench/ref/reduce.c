/* Reference for reduce.hip: the sum of every block of 256 unsigned values,
 * one output per block, blocks split over the pool. The HIP kernel's tree
 * in shared memory and warp shuffles are how a GPU sums a block; on a CPU
 * the plain (vectorised) loop is the natural way, so that is the yardstick
 * for both of the workload's warp sizes. */
#include "ref_common.h"

enum { BLOCK = 256 };

typedef struct {
  const unsigned* in;
  unsigned* out;
  size_t n;
  size_t grid;
} job;

static void reduce_blocks(void* arg, int tid, int nthreads) {
  const job* j = arg;
  size_t b0, b1;
  ref_split(j->grid, 16, tid, nthreads, &b0, &b1); /* 16 outputs: a line */
  const unsigned* restrict in = j->in;
  for (size_t blk = b0; blk < b1; ++blk) {
    size_t first = blk * BLOCK;
    size_t last = first + BLOCK < j->n ? first + BLOCK : j->n;
    unsigned sum = 0;
    for (size_t i = first; i < last; ++i) sum += in[i];
    j->out[blk] = sum;
  }
}

static ref_pool pool;

static void rep(void* arg) { ref_pool_run(&pool, reduce_blocks, arg); }

int main(void) {
  const unsigned n = 1u << ref_env_int("BENCH_LOG2N", 22);
  const unsigned grid = (n + BLOCK - 1) / BLOCK;
  unsigned* in = malloc((size_t)n * sizeof *in);
  unsigned* out = malloc((size_t)grid * sizeof *out);
  if (!in || !out) return 2;
  for (unsigned i = 0; i < n; ++i) in[i] = i % 13;
  ref_pool_start(&pool, ref_threads());
  job j = {in, out, n, grid};
  double ms = ref_best_of(3, rep, &j);
  ref_pool_stop(&pool);
  /* Checked as reduce.hip checks, by a separate serial sum. */
  for (unsigned b = 0; b < grid; ++b) {
    unsigned want = 0;
    for (unsigned i = b * BLOCK; i < (b + 1) * BLOCK && i < n; ++i)
      want += in[i];
    if (out[b] != want) {
      printf("FAILED block %u: %u != %u\n", b, out[b], want);
      return 1;
    }
  }
  printf("RESULT reduce n=%u %.3f ms\n", n, ms);
  free(in);
  free(out);
  return 0;
}
