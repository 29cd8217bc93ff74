/* The kernels of tests/kernels/syncthreads.hip and regions.hip in region
 * form (kernels.hip has copies), with the expectations computed as those
 * tests compute them. Part of the harness (harness.h). */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#ifndef KC_IMAGE
KERNEL(k_neighbours);
KERNEL(k_barrier_loop);
KERNEL(k_early_exit);
KERNEL(k_reverse_1024);
KERNEL(k_nested);
KERNEL(k_loops);
KERNEL(k_uniform);
KERNEL(k_uniform_after_return);
KERNEL(k_ref_args);
#endif

/* The kernels of tests/kernels/syncthreads.hip and regions.hip, with the
 * expectations computed as those tests do. */
void test_ported(void) {
  int bad = 0;
  { /* k_neighbours */
    enum { blocks = 6, threads = 300, rounds = 100, n = blocks * threads };
    static unsigned h[n], want[n], cur[threads], next[threads];
    for (int i = 0; i < n; i++) h[i] = (unsigned)i * 2654435761u;
    for (int b = 0; b < blocks; b++) {
      memcpy(cur, h + b * threads, sizeof cur);
      for (int r = 0; r < rounds; r++) {
        for (int t = 0; t < threads; t++)
          next[t] = cur[t] * 31u + cur[(t + 1) % threads] + r;
        memcpy(cur, next, sizeof cur);
      }
      memcpy(want + b * threads, cur, sizeof cur);
    }
    struct {
      unsigned* io;
      int rounds;
    } a = {h, rounds};
    launch(RUN(k_neighbours), d3(blocks, 1, 1), d3(threads, 1, 1), &a);
    bad = 0;
    for (int i = 0; i < n; i++) bad += h[i] != want[i];
    EXPECT(!bad, "neighbours: %d wrong", bad);
  }
  { /* k_barrier_loop */
    enum { blocks = 10, threads = 96, n = blocks * threads };
    static int out[n];
    struct {
      int* out;
    } a = {out};
    launch(RUN(k_barrier_loop), d3(blocks, 1, 1), d3(threads, 1, 1), &a);
    bad = 0;
    for (int i = 0; i < n; i++) {
      int iters = 3 + (i / threads) % 5;
      bad += out[i] != iters * 100 + iters;
    }
    EXPECT(!bad, "barrier_loop: %d wrong", bad);
  }
  { /* k_early_exit */
    enum { threads = 256 };
    static int in[threads], out[threads];
    const int ns[] = {1, 100, 129, 255, 256};
    for (int i = 0; i < threads; i++) in[i] = i * 3 + 1;
    for (int k = 0; k < 5; k++) {
      int n = ns[k];
      for (int i = 0; i < threads; i++) out[i] = -1;
      struct {
        const int* in;
        int* out;
        int n;
      } a = {in, out, n};
      launch(RUN(k_early_exit), d3(1, 1, 1), d3(threads, 1, 1), &a);
      bad = 0;
      for (int i = 0; i < threads; i++)
        bad += out[i] != (i < n ? in[n - 1 - i] * 2 : -1);
      EXPECT(!bad, "early_exit n=%d: %d wrong", n, bad);
    }
  }
  { /* k_reverse_1024 */
    enum { blocks = 4, n = blocks * 1024 };
    static int h[n], want[n];
    for (int i = 0; i < n; i++) h[i] = i * 11 - 7;
    for (int b = 0; b < blocks; b++)
      for (int t = 0; t < 1024; t++)
        want[b * 1024 + t] = h[b * 1024 + 1023 - t] + t;
    struct {
      int* io;
    } a = {h};
    launch(RUN(k_reverse_1024), d3(blocks, 1, 1), d3(32, 32, 1), &a);
    bad = 0;
    for (int i = 0; i < n; i++) bad += h[i] != want[i];
    EXPECT(!bad, "reverse_1024: %d wrong", bad);
  }
  { /* k_nested */
    enum { blocks = 3, nt = 100, phases = 4, steps = 3 };
    static int in[blocks * nt], out[blocks * nt];
    long long carry[nt];
    int sv[nt];
    for (int i = 0; i < blocks * nt; i++) in[i] = (i * 37) % 501;
    struct {
      const int* in;
      int* out;
      int phases, steps;
    } a = {in, out, phases, steps};
    launch(RUN(k_nested), d3(blocks, 1, 1), d3(nt, 1, 1), &a);
    bad = 0;
    for (int bl = 0; bl < blocks; bl++) {
      for (int t = 0; t < nt; t++) carry[t] = in[bl * nt + t];
      for (int p = 0; p < phases; p++) {
        for (int q = 0; q < steps; q++) {
          for (int t = 0; t < nt; t++) sv[t] = (int)(carry[t] % 1000);
          for (int t = 0; t < nt; t++) carry[t] += sv[(t + q + 1) % nt] + p * 7;
        }
        for (int t = 0; t < nt; t++) carry[t] %= 100003;
      }
      for (int t = 0; t < nt; t++) bad += out[bl * nt + t] != (int)carry[t];
    }
    EXPECT(!bad, "nested: %d wrong", bad);
  }
  { /* k_loops */
    enum { nt = 48, n = 3 };
    int acc[nt] = {0}, sv[nt], out[nt];
    for (int k = 0; k < n; k++)
      for (int t = 0; t < nt; t++) acc[t] += (nt - 1 - t) + k;
    for (int j = n; j > 0; j--) {
      memcpy(sv, acc, sizeof sv);
      for (int t = 0; t < nt; t++) acc[t] = sv[(t + 1) % nt] - j;
    }
    struct {
      int* out;
      int n;
    } a = {out, n};
    launch(RUN(k_loops), d3(1, 1, 1), d3(nt, 1, 1), &a);
    bad = 0;
    for (int t = 0; t < nt; t++) bad += out[t] != acc[t];
    EXPECT(!bad, "loops: %d wrong", bad);
  }
  { /* k_uniform, k_uniform_after_return */
    enum { blocks = 3, nt = 50, n = 4 };
    static int in[blocks * nt], out[blocks * nt];
    for (int i = 0; i < blocks * nt; i++) in[i] = (i * 13) % 29 - 9;
    struct {
      const int* in;
      int* out;
      int n;
    } a = {in, out, n};
    launch(RUN(k_uniform), d3(blocks, 1, 1), d3(nt, 1, 1), &a);
    bad = 0;
    for (int bl = 0; bl < blocks; bl++) {
      const int* x = &in[bl * nt];
      int base = x[0] * 3, acc[nt], sv[nt];
      memset(acc, 0, sizeof acc);
      for (int r = 0; r < n; r++) {
        for (int t = 0; t < nt; t++) sv[t] = x[t] + base;
        base += sv[0];
        for (int t = 0; t < nt; t++) acc[t] += sv[(t + r) % nt] - base;
      }
      for (int t = 0; t < nt; t++) bad += out[bl * nt + t] != acc[t] + base;
    }
    EXPECT(!bad, "uniform: %d wrong", bad);
    memset(out, 0, sizeof out);
    struct {
      const int* p;
      int* out;
      int n;
    } z = {NULL, out, 0};
    launch(RUN(k_uniform_after_return), d3(1, 1, 1), d3(nt, 1, 1), &z);
    struct {
      const int* p;
      int* out;
      int n;
    } o = {in, out, 1};
    launch(RUN(k_uniform_after_return), d3(1, 1, 1), d3(nt, 1, 1), &o);
    bad = 0;
    for (int t = 0; t < nt; t++) bad += out[t] != in[0] + (t + 1) % nt;
    EXPECT(!bad, "uniform_after_return: %d wrong", bad);
  }
  { /* k_ref_args */
    enum { nt = 64 };
    int out[nt];
    struct {
      int* out;
    } a = {out};
    launch(RUN(k_ref_args), d3(1, 1, 1), d3(nt, 1, 1), &a);
    bad = 0;
    for (int t = 0; t < nt; t++)
      bad += out[t] != ((t + 1) % nt + 100) + (t + 100) + (3 + t) * 1000;
    EXPECT(!bad, "ref_args: %d wrong", bad);
  }
}
