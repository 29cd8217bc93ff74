/* Helpers of the libdevice tests (tests/unit/test_libdevice_*.c): a
 * reproducible random source, bit patterns, distances in ulps from an
 * exact (long double) reference, and checks that print the operands. */
#ifndef HIPC_TESTS_UNIT_LIBDEVICE_TEST_H
#define HIPC_TESTS_UNIT_LIBDEVICE_TEST_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

/* xorshift64*: the same sequence on every run. */
static uint64_t ld_rng_state = 0x9e3779b97f4a7c15ull;
static inline uint64_t ld_rand64(void) {
  uint64_t x = ld_rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  ld_rng_state = x;
  return x * 0x2545f4914f6cdd1dull;
}
static inline uint32_t ld_rand32(void) { return (uint32_t)(ld_rand64() >> 32); }
/* Uniform in [lo, hi). */
static inline double ld_uniform(double lo, double hi) {
  return lo + (hi - lo) * (double)(ld_rand64() >> 11) * 0x1p-53;
}
/* A float of any finite value: random bits, NaN and infinity excluded. */
static inline float ld_any_float(void) {
  for (;;) {
    uint32_t u = ld_rand32();
    float f;
    memcpy(&f, &u, 4);
    if (isfinite(f)) return f;
  }
}
static inline double ld_any_double(void) {
  for (;;) {
    uint64_t u = ld_rand64();
    double d;
    memcpy(&d, &u, 8);
    if (isfinite(d)) return d;
  }
}

static inline uint32_t ld_fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline uint64_t ld_dbits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

/* |got - want| in units of the last place of a float near want (the
 * spacing at want's binade, subnormal spacing below). Both NaN: 0; one
 * NaN, or infinities that differ: a huge number. */
static inline double ld_ulps_f(float got, long double want) {
  /* Beyond FLT_MAX and half its ulp, the float value is infinity. */
  if (fabsl(want) >= (long double)FLT_MAX + 0x1p103L)
    want = copysignl(INFINITY, want);
  if (isnan(got) || isnan(want)) return isnan(got) && isnan(want) ? 0 : 1e30;
  if (isinf(want) || isinf(got))
    return (long double)got == want ? 0 : 1e30;
  int e;
  frexpl(want, &e);
  if (e < FLT_MIN_EXP) e = FLT_MIN_EXP;
  long double ulp = ldexpl(1.0L, e - FLT_MANT_DIG);
  return (double)(fabsl((long double)got - want) / ulp);
}
static inline double ld_ulps_d(double got, long double want) {
  if (fabsl(want) >= (long double)DBL_MAX + 0x1p970L)
    want = copysignl(INFINITY, want);
  if (isnan(got) || isnan(want)) return isnan(got) && isnan(want) ? 0 : 1e30;
  if (isinf(want) || isinf(got))
    return (long double)got == want ? 0 : 1e30;
  int e;
  frexpl(want, &e);
  if (e < DBL_MIN_EXP) e = DBL_MIN_EXP;
  long double ulp = ldexpl(1.0L, e - DBL_MANT_DIG);
  return (double)(fabsl((long double)got - want) / ulp);
}

/* got is within `ulps` of the exact value want. */
#define CHECK_ULP_F(got, want, ulps, x)                                      \
  do {                                                                       \
    float cu_g_ = (got);                                                     \
    long double cu_w_ = (want);                                              \
    double cu_d_ = ld_ulps_f(cu_g_, cu_w_);                                  \
    check_count++;                                                           \
    if (!(cu_d_ <= (ulps))) {                                                \
      fprintf(stderr, "%s:%d: %s at x = %a: got %a, expected %La (%g ulp)\n", \
              __FILE__, __LINE__, #got, (double)(x), cu_g_, cu_w_, cu_d_);   \
      check_failures++;                                                      \
    }                                                                        \
  } while (0)
#define CHECK_ULP_D(got, want, ulps, x)                                      \
  do {                                                                       \
    double cu_g_ = (got);                                                    \
    long double cu_w_ = (want);                                              \
    double cu_d_ = ld_ulps_d(cu_g_, cu_w_);                                  \
    check_count++;                                                           \
    if (!(cu_d_ <= (ulps))) {                                                \
      fprintf(stderr, "%s:%d: %s at x = %a: got %a, expected %La (%g ulp)\n", \
              __FILE__, __LINE__, #got, (double)(x), cu_g_, cu_w_, cu_d_);   \
      check_failures++;                                                      \
    }                                                                        \
  } while (0)

/* Bit-identical floating-point values (so -0 differs from +0; NaNs are
 * compared as NaN only). */
#define CHECK_SAME_F(got, want)                                              \
  do {                                                                       \
    float cs_g_ = (got), cs_w_ = (want);                                     \
    check_count++;                                                           \
    if (!(isnan(cs_g_) && isnan(cs_w_)) &&                                   \
        ld_fbits(cs_g_) != ld_fbits(cs_w_)) {                                \
      fprintf(stderr, "%s:%d: %s: got %a, expected %a\n", __FILE__,          \
              __LINE__, #got, cs_g_, cs_w_);                                 \
      check_failures++;                                                      \
    }                                                                        \
  } while (0)
#define CHECK_SAME_D(got, want)                                              \
  do {                                                                       \
    double cs_g_ = (got), cs_w_ = (want);                                    \
    check_count++;                                                           \
    if (!(isnan(cs_g_) && isnan(cs_w_)) &&                                   \
        ld_dbits(cs_g_) != ld_dbits(cs_w_)) {                                \
      fprintf(stderr, "%s:%d: %s: got %a, expected %a\n", __FILE__,          \
              __LINE__, #got, cs_g_, cs_w_);                                 \
      check_failures++;                                                      \
    }                                                                        \
  } while (0)

#endif /* HIPC_TESTS_UNIT_LIBDEVICE_TEST_H */
