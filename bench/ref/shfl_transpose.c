/* Reference for shfl_transpose.hip: the same data movement without warps.
 * The kernel holds each group of 16 consecutive elements as a 4x4 tile,
 * one value per lane, and transposes it 16 times with __shfl (lane r*4+c
 * takes lane c*4+r); 16 transposes are the identity. Here each tile is
 * loaded into a local array and permuted 16 times by the plain loop, so
 * both do the same 16 permutations per tile and the same loads/stores. */
#include "ref_common.h" /* first: it defines _GNU_SOURCE */

#include <string.h>

enum { TILE = 16, ROUNDS = 16 };

typedef struct {
  const float* in;
  float* out;
  size_t n;
} job;

/* 16 transposes of one tile held in `v`. gcc sees through the constant
 * indices and folds the 16 rounds into nothing (16 transposes are the
 * identity), which would make this a plain copy; the empty asm that takes
 * `v` as a memory operand after each round keeps every permutation done,
 * as the kernel's 16 rounds of __shfl are. */
static void permute16(float v[TILE]) {
  for (int round = 0; round < ROUNDS; ++round) {
    float w[TILE];
    for (int lane = 0; lane < TILE; ++lane)
      w[lane] = v[(lane % 4) * 4 + lane / 4]; /* (r,c) takes (c,r) */
    memcpy(v, w, sizeof w);
    __asm__ volatile("" : "+m"(*(float(*)[TILE])v));
  }
}

static void transpose_tiles(void* arg, int tid, int nthreads) {
  const job* j = arg;
  size_t t0, t1;
  size_t tiles = (j->n + TILE - 1) / TILE;
  ref_split(tiles, 1, tid, nthreads, &t0, &t1);
  for (size_t t = t0; t < t1; ++t) {
    size_t base = t * TILE;
    float v[TILE];
    if (j->n - base >= TILE) { /* constant sizes: plain vector moves */
      memcpy(v, j->in + base, sizeof v);
      permute16(v);
      memcpy(j->out + base, v, sizeof v);
    } else { /* a partial last tile reads 0, as the kernel does */
      size_t len = j->n - base;
      memset(v, 0, sizeof v);
      memcpy(v, j->in + base, len * sizeof *v);
      permute16(v);
      memcpy(j->out + base, v, len * sizeof *v);
    }
  }
}

static ref_pool pool;

static void rep(void* arg) { ref_pool_run(&pool, transpose_tiles, arg); }

int main(void) {
  const unsigned n = 1u << ref_env_int("BENCH_LOG2N", 20);
  float* in = malloc((size_t)n * sizeof *in);
  float* out = malloc((size_t)n * sizeof *out);
  if (!in || !out) return 2;
  for (unsigned i = 0; i < n; ++i) in[i] = (float)i;
  ref_pool_start(&pool, ref_threads());
  job j = {in, out, n};
  double ms = ref_best_of(3, rep, &j);
  ref_pool_stop(&pool);
  for (unsigned i = 0; i < n; ++i)
    if (out[i] != in[i]) {
      printf("FAILED at %u: %f != %f\n", i, out[i], in[i]);
      return 1;
    }
  printf("RESULT shfl_transpose n=%u %.3f ms\n", n, ms);
  free(in);
  free(out);
  return 0;
}
