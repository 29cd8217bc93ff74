/* hipRAND generation rates on the current device (not part of make bench):
 *
 *   cc -O2 -Iinclude bench/hiprand.c -Lbuild/lib -Wl,-rpath,build/lib \
 *      -lhiprand -lhipc -o build/bench/hiprand && build/bench/hiprand [n]
 *
 * For each generator and distribution (Sobol64's u32: 64-bit values): n values (default 2^24) into device
 * memory, the best of 3 (generation + hipDeviceSynchronize), in values per
 * second; and, for comparison, the host generator (one thread). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hiprand/hiprand.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double run(hiprandGenerator_t g, int dist, void* out, size_t n,
                  int host, int wide) {
  double best = 1e30;
  for (int rep = 0; rep < 3; rep++) {
    double t0 = now();
    hiprandStatus_t st;
    switch (dist) {
    case 0:
      st = wide ? hiprandGenerateLongLong(g, out, n) : hiprandGenerate(g, out, n);
      break;
    case 1: st = hiprandGenerateUniform(g, out, n); break;
    case 2: st = hiprandGenerateNormal(g, out, n, 0, 1); break;
    case 3: st = hiprandGenerateUniformDouble(g, out, n); break;
    default: st = hiprandGeneratePoisson(g, out, n, 10.0); break;
    }
    if (!host)
      (void)hipDeviceSynchronize();
    double t = now() - t0;
    if (st != HIPRAND_STATUS_SUCCESS) {
      fprintf(stderr, "status %d\n", st);
      exit(1);
    }
    if (t < best)
      best = t;
  }
  return n / best;
}

int main(int argc, char** argv) {
  size_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : (size_t)1 << 24;
  static const struct { hiprandRngType_t t; const char* name; } gens[] = {
      {HIPRAND_RNG_PSEUDO_XORWOW, "xorwow"},
      {HIPRAND_RNG_PSEUDO_PHILOX4_32_10, "philox4x32-10"},
      {HIPRAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a"},
      {HIPRAND_RNG_QUASI_SOBOL32, "sobol32"},
      {HIPRAND_RNG_PSEUDO_MTGP32, "mtgp32"},
      {HIPRAND_RNG_PSEUDO_MT19937, "mt19937"},
      {HIPRAND_RNG_QUASI_SOBOL64, "sobol64"}};
  enum { GENS = sizeof gens / sizeof gens[0] };
  static const char* dists[] = {"u32", "uniform", "normal", "uniform double",
                                "poisson(10)"};
  void* dev;
  void* host = malloc(n * 8);
  if (hipMalloc(&dev, n * 8) != hipSuccess || host == NULL)
    return 1;
  printf("%zu values; device generator / host generator, values per second\n",
         n);
  for (int i = 0; i < GENS; i++)
    for (int d = 0; d < 5; d++) {
      hiprandGenerator_t g, h;
      if (hiprandCreateGenerator(&g, gens[i].t) ||
          hiprandCreateGeneratorHost(&h, gens[i].t))
        return 1;
      int wide = gens[i].t == HIPRAND_RNG_QUASI_SOBOL64;
      double a = run(g, d, dev, n, 0, wide), b = run(h, d, host, n, 1, wide);
      printf("%-14s %-15s %9.3g  %9.3g\n", gens[i].name, dists[d], a, b);
      hiprandDestroyGenerator(g);
      hiprandDestroyGenerator(h);
    }
  (void)hipFree(dev);
  free(host);
  return 0;
}
