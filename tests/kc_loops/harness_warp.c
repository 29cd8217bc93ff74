/* The warp kernels of kernels.hip (form_loops_warp.c), run through K.run
 * at the warp size in harness_warp_size, checked against a host model of
 * hip/hipc/kc_warp.h's semantics: lanes are consecutive linear indices, a
 * source lane that did not take part (returned, or past the block) gives
 * 0, one outside the shuffle's segment the caller's own value. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#ifndef KC_IMAGE
KERNEL(k_shuffle);
KERNEL(k_warp_sum);
KERNEL(k_votes);
KERNEL(k_shfl_width);
KERNEL(k_block_sum);
KERNEL(k_transpose);
KERNEL(k_shared_atomics);
KERNEL(k_warp_2d);
#endif

enum { IDX, UP, DOWN, XOR };

/* One shuffle over a block of n threads: out[t] from v[], with the
 * per-thread parameter p[t] and width w; act[t] says who took part. */
static void host_shfl(int kind, const int64_t* v, int64_t* out, const int* p,
                      int w, const int* act, int n) {
  int ws = harness_warp_size;
  for (int t = 0; t < n; t++) {
    int wb = t - t % ws, lane = t % ws, lanes = n - wb < ws ? n - wb : ws;
    int seg = lane & ~(w - 1), src, own = 0;
    switch (kind) {
      case IDX: src = seg + (p[t] & (w - 1)); break;
      case UP: src = lane - p[t]; own = src < seg; break;
      case DOWN: src = lane + p[t]; own = (lane & (w - 1)) + p[t] >= w; break;
      default: src = lane ^ p[t]; own = src >= seg + w || src < 0; break;
    }
    if (own)
      out[t] = v[t];
    else if (src >= 0 && src < lanes && act[wb + src])
      out[t] = v[wb + src];
    else
      out[t] = 0;
  }
}

static void test_shuffle(unsigned threads) {
  int* out = malloc(sizeof(int) * threads);
  int64_t v[1024], want[1024];
  int p[1024], act[1024];
  for (unsigned t = 0; t < threads; t++) v[t] = t, p[t] = 1, act[t] = 1;
  host_shfl(DOWN, v, want, p, harness_warp_size, act, threads);
  struct { int* out; } args = {out};
  launch(RUN(k_shuffle), d3(1, 1, 1), d3(threads, 1, 1), &args);
  int bad = 0;
  for (unsigned t = 0; t < threads; t++) bad += out[t] != (int)want[t];
  EXPECT(!bad, "shuffle %u warp %d: %d wrong", threads, harness_warp_size,
         bad);
  free(out);
}

static void test_warp_sum(unsigned threads, unsigned blocks) {
  unsigned n = threads * blocks;
  int *in = malloc(sizeof(int) * n), *out = malloc(sizeof(int) * 2 * n);
  for (unsigned i = 0; i < n; i++) in[i] = (int)((i * 7919) % 23) - 11;
  struct { int *in, *out; } args = {in, out};
  launch(RUN(k_warp_sum), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  int ws = harness_warp_size, bad = 0;
  int64_t v[1024], x[1024], s[1024];
  int p[1024], act[1024];
  for (unsigned b = 0; b < blocks; b++) {
    for (unsigned t = 0; t < threads; t++)
      v[t] = x[t] = in[b * threads + t], act[t] = 1;
    for (int off = ws / 2; off > 0; off /= 2) {
      for (unsigned t = 0; t < threads; t++) p[t] = off;
      host_shfl(DOWN, v, s, p, ws, act, threads);
      for (unsigned t = 0; t < threads; t++) v[t] = (int)(v[t] + s[t]);
    }
    for (int m = 1; m < ws; m *= 2) {
      for (unsigned t = 0; t < threads; t++) p[t] = m;
      host_shfl(XOR, x, s, p, ws, act, threads);
      for (unsigned t = 0; t < threads; t++) x[t] = (int)(x[t] + s[t]);
    }
    for (unsigned t = 0; t < threads; t++)
      bad += out[2 * (b * threads + t)] != (int)v[t] ||
             out[2 * (b * threads + t) + 1] != (int)x[t];
  }
  EXPECT(!bad, "warp_sum %ux%u warp %d: %d wrong", blocks, threads, ws, bad);
  free(in);
  free(out);
}

static void test_votes(unsigned threads) {
  int* in = malloc(sizeof(int) * threads);
  unsigned long long* out = malloc(sizeof *out * 6 * threads);
  for (unsigned i = 0; i < threads; i++) in[i] = (i * 13 + i / 7) % 3;
  /* A warp where every lane votes yes, for __all. */
  for (unsigned i = 0; i < threads && i < (unsigned)harness_warp_size; i++)
    in[i] = 1 + (i & 1);
  struct { int* in; unsigned long long* out; } args = {in, out};
  launch(RUN(k_votes), d3(1, 1, 1), d3(threads, 1, 1), &args);
  int ws = harness_warp_size, bad = 0;
  for (unsigned t = 0; t < threads; t++) {
    unsigned wb = t - t % ws, lanes = threads - wb < (unsigned)ws ? threads - wb : (unsigned)ws;
    unsigned long long ballot = 0, big = 0, match = 0, all_lanes = 0;
    unsigned sum = 0;
    for (unsigned l = 0; l < lanes; l++) {
      int q = in[wb + l];
      ballot |= (unsigned long long)(q != 0) << l;
      big |= (unsigned long long)(q > 1) << l;
      match |= (unsigned long long)(q == in[t]) << l;
      all_lanes |= 1ull << l;
      sum += (unsigned)q;
    }
    unsigned long long want[6] = {ballot, ballot != 0, ballot == all_lanes,
                                  big, sum, match ^ all_lanes};
    for (int k = 0; k < 6; k++) bad += out[6 * t + k] != want[k];
    if (bad && bad < 3)
      printf("  t %u: %llx %llx %llx %llx %llx %llx\n", t, out[6 * t],
             out[6 * t + 1], out[6 * t + 2], out[6 * t + 3], out[6 * t + 4],
             out[6 * t + 5]);
  }
  EXPECT(!bad, "votes %u warp %d: %d wrong", threads, ws, bad);
  free(in);
  free(out);
}

static void test_shfl_width(unsigned threads, int gone) {
  float *in = malloc(sizeof(float) * threads),
        *out = malloc(sizeof(float) * 3 * threads);
  for (unsigned i = 0; i < threads; i++) in[i] = (float)i + 0.5f;
  struct { float *in, *out; int gone; } args = {in, out, gone};
  launch(RUN(k_shfl_width), d3(1, 1, 1), d3(threads, 1, 1), &args);
  int64_t v[1024], a[1024], b[1024], c[1024];
  int act[1024], p[1024], bad = 0;
  for (unsigned t = 0; t < threads; t++) {
    float f = in[t];
    uint32_t u;
    memcpy(&u, &f, 4);
    v[t] = u;
    act[t] = (int)(t % 7) != gone;
  }
  for (unsigned t = 0; t < threads; t++) p[t] = 3;
  host_shfl(UP, v, a, p, 16, act, threads);
  for (unsigned t = 0; t < threads; t++) p[t] = (int)((t * 5) % 16);
  host_shfl(IDX, v, b, p, 16, act, threads);
  for (unsigned t = 0; t < threads; t++) p[t] = 9;
  host_shfl(XOR, v, c, p, 8, act, threads);
  for (unsigned t = 0; t < threads; t++) {
    float w[3];
    uint32_t u[3] = {(uint32_t)a[t], (uint32_t)b[t], (uint32_t)c[t]};
    memcpy(w, u, sizeof w);
    for (int k = 0; k < 3; k++) {
      float want = act[t] ? w[k] : -1.0f;
      bad += out[3 * t + k] != want;
    }
  }
  EXPECT(!bad, "shfl_width %u gone %d warp %d: %d wrong", threads, gone,
         harness_warp_size, bad);
  free(in);
  free(out);
}

static void test_block_sum(unsigned threads, unsigned n) {
  unsigned blocks = (n + threads - 1) / threads;
  unsigned *in = malloc(sizeof(unsigned) * n),
           *out = malloc(sizeof(unsigned) * blocks);
  for (unsigned i = 0; i < n; i++) in[i] = i % 13 + (i >> 7);
  struct { unsigned *in, *out; unsigned n; } args = {in, out, n};
  launch(RUN(k_block_sum), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  int bad = 0;
  for (unsigned b = 0; b < blocks; b++) {
    unsigned want = 0;
    for (unsigned i = b * threads; i < (b + 1) * threads && i < n; i++)
      want += in[i];
    bad += out[b] != want;
  }
  EXPECT(!bad, "block_sum %u n %u warp %d: %d wrong", threads, n,
         harness_warp_size, bad);
  free(in);
  free(out);
}

static void test_transpose(unsigned threads, unsigned n) {
  unsigned blocks = (n + threads - 1) / threads;
  float *in = malloc(sizeof(float) * n), *out = malloc(sizeof(float) * 2 * n);
  for (unsigned i = 0; i < n; i++) in[i] = (float)i;
  struct { float *in, *out; unsigned n; } args = {in, out, n};
  launch(RUN(k_transpose), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  int bad = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned lane = i % 16, base = i - lane;
    unsigned once = base + (lane % 4) * 4 + lane / 4;
    /* Past n the lanes hold 0.0f. */
    float t1 = once < n ? (float)once : 0.0f;
    bad += out[i] != in[i] || out[n + i] != t1;
  }
  EXPECT(!bad, "transpose %u n %u warp %d: %d wrong", threads, n,
         harness_warp_size, bad);
  free(in);
  free(out);
}

static void test_warp_2d(unsigned x, unsigned y) {
  unsigned n = x * y;
  unsigned long long* out = malloc(sizeof *out * n);
  struct { unsigned long long* out; } args = {out};
  launch(RUN(k_warp_2d), d3(1, 1, 1), d3(x, y, 1), &args);
  int ws = harness_warp_size, bad = 0;
  for (unsigned t = 0; t < n; t++) {
    if (t % 5 == 1) {
      bad += out[t] != 7;
      continue;
    }
    unsigned wb = t - t % ws;
    unsigned long long bits = 0;
    for (unsigned l = 0; l < (unsigned)ws && wb + l < n; l++)
      if ((wb + l) % 5 != 1 && ((wb + l) & 1)) bits |= 1ull << l;
    /* xor 1 stays in the warp (an even warp size); a returned source
     * gives 0; past the block's end, 0 too. */
    unsigned src = t ^ 1;
    unsigned long long sh = src < n && src % 5 != 1 ? src : 0;
    bad += out[t] != (bits ^ (sh << 40));
  }
  EXPECT(!bad, "warp_2d %ux%u warp %d: %d wrong", x, y, ws, bad);
  free(out);
}

/* Not a warp kernel: atomics on __shared__ memory (form_loops_atomic.c). */
static void test_shared_atomics(unsigned threads, unsigned n) {
  unsigned blocks = (n + threads - 1) / threads;
  unsigned *in = malloc(sizeof(unsigned) * n),
           *out = calloc(20 * blocks + 1, sizeof(unsigned));
  float* fout = malloc(sizeof(float) * blocks);
  for (unsigned i = 0; i < n; i++) in[i] = (i * 2654435761u) >> 24;
  struct { unsigned *in, *out; float* fout; unsigned n; } args = {in, out, fout, n};
  launch(RUN(k_shared_atomics), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  int bad = 0;
  for (unsigned b = 0; b < blocks; b++) {
    unsigned bins[16] = {0}, total = 0, bits = 0;
    int big = -1000;
    for (unsigned i = b * threads; i < (b + 1) * threads && i < n; i++) {
      bins[in[i] % 16]++;
      total++;
      if ((int)in[i] - 50 > big) big = (int)in[i] - 50;
      bits |= 1u << (in[i] % 32);
    }
    const unsigned* o = out + 20 * b;
    for (int k = 0; k < 16; k++) bad += o[k] != bins[k];
    /* The first thread to get there wins: K.run runs them in order. */
    bad += o[16] != total || (int)o[17] != big || o[18] != 0 || o[19] != bits;
    bad += fout[b] != 0.5f * (float)total;
  }
  bad += out[20 * blocks] != blocks;
  EXPECT(!bad, "shared_atomics %u n %u: %d wrong", threads, n, bad);
  free(in);
  free(out);
  free(fout);
}

void test_warp(void) {
  test_shared_atomics(256, 3000);
  test_shared_atomics(64, 64);
  static const int sizes[] = {32, 64};
  for (int k = 0; k < 2; k++) {
    harness_warp_size = sizes[k];
    test_shuffle(100);
    test_shuffle(64);
    test_warp_sum(96, 2);
    test_warp_sum(128, 1);
    test_votes(80);
    test_votes(256);
    test_shfl_width(64, 3);
    test_shfl_width(100, -1);
    test_block_sum(256, 5000);
    test_block_sum(128, 128);
    test_transpose(256, 1000);
    test_transpose(64, 64);
    test_warp_2d(8, 12);
    test_warp_2d(5, 7);
  }
  harness_warp_size = 32;
}
