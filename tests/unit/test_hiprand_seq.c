/* hipRAND host API: every generator's values against the reference
 * generators of tests/kernels/hiprand_ref.h, for device generators (on the
 * generator's stream) and host generators; continuation across calls and
 * offsets; the conversions. */
// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhiprand -lhipc -lm
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "hiprand/hiprand.h"

#include "../kernels/hiprand_ref.h"

#define CHECK_ST(expr, want) CHECK_EQ((int)(expr), (int)(want))

enum { N = 20000 };

/* n values of `type` from a device generator (seed, offset), in two calls
 * (continuation), copied back; or from a host generator. */
static void gen_u32(hiprandRngType_t type, int host, uint64_t seed,
                    uint64_t offset, uint32_t* out, size_t n) {
  hiprandGenerator_t g;
  CHECK_ST(host ? hiprandCreateGeneratorHost(&g, type)
                : hiprandCreateGenerator(&g, type),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(g, seed),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetGeneratorOffset(g, offset), HIPRAND_STATUS_SUCCESS);
  size_t first = n / 3;
  if (host) {
    CHECK_ST(hiprandGenerate(g, out, first), HIPRAND_STATUS_SUCCESS);
    CHECK_ST(hiprandGenerate(g, out + first, n - first),
             HIPRAND_STATUS_SUCCESS);
  } else {
    hipStream_t s;
    CHECK_ERR(hipStreamCreate(&s), hipSuccess);
    CHECK_ST(hiprandSetStream(g, s), HIPRAND_STATUS_SUCCESS);
    uint32_t* d = NULL;
    CHECK_ERR(hipMalloc((void**)&d, n * 4), hipSuccess);
    CHECK_ST(hiprandGenerate(g, d, first), HIPRAND_STATUS_SUCCESS);
    CHECK_ST(hiprandGenerate(g, d + first, n - first),
             HIPRAND_STATUS_SUCCESS);
    /* Stream order: the copy follows the generation. */
    CHECK_ERR(hipMemcpyAsync(out, d, n * 4, hipMemcpyDeviceToHost, s),
              hipSuccess);
    CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    CHECK_ERR(hipFree(d), hipSuccess);
    CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  }
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
}

static int first_mismatch(const uint32_t* a, const uint32_t* b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i]) {
      fprintf(stderr, "  value %zu: got %#x, expected %#x\n", i, a[i], b[i]);
      return 1;
    }
  return 0;
}

static void test_xorwow(void) {
  uint32_t* want = malloc(N * 4);
  uint32_t* got = malloc(N * 4);
  const uint64_t seed = 0x123456789abcdefull, offset = 777;
  ref_xorwow r;
  ref_xorwow_seed(&r, seed);
  for (uint64_t i = 0; i < offset; i++)
    ref_xorwow_next(&r);
  for (int i = 0; i < N; i++)
    want[i] = ref_xorwow_next(&r);
  for (int host = 0; host < 2; host++) {
    gen_u32(HIPRAND_RNG_PSEUDO_XORWOW, host, seed, offset, got, N);
    CHECK(!first_mismatch(got, want, N));
    gen_u32(HIPRAND_RNG_PSEUDO_DEFAULT, host, seed, offset, got, N);
    CHECK(!first_mismatch(got, want, N));
  }
  free(want);
  free(got);
}

static void test_philox(void) {
  /* Random123's known answers for Philox4x32-10. */
  static const uint32_t kat[3][3][4] = {
      {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
      {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
       {0xffffffffu, 0xffffffffu},
       {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
      {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
       {0xa4093822u, 0x299f31d0u},
       {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}}};
  for (int i = 0; i < 3; i++) {
    uint32_t out[4];
    ref_philox(kat[i][0], kat[i][1], out);
    CHECK_MEM(out, kat[i][2], sizeof out);
  }
  uint32_t* want = malloc(N * 4);
  uint32_t* got = malloc(N * 4);
  const uint64_t seed = 0xfeedface12345ull, offset = 0x100000003ull;
  for (int i = 0; i < N; i++)
    want[i] = ref_philox_value(seed, 0, offset + i);
  for (int host = 0; host < 2; host++) {
    gen_u32(HIPRAND_RNG_PSEUDO_PHILOX4_32_10, host, seed, offset, got, N);
    CHECK(!first_mismatch(got, want, N));
  }
  free(want);
  free(got);
}

static void test_mrg(void) {
  uint32_t* want = malloc(N * 4);
  uint32_t* got = malloc(N * 4);
  for (int k = 0; k < 2; k++) {
    const uint64_t seed = k ? 0xdeadbeef00c0ffeeull : 0, offset = 5000;
    ref_mrg r;
    ref_mrg_seed(&r, seed);
    for (uint64_t i = 0; i < offset; i++)
      ref_mrg_next(&r);
    for (int i = 0; i < N; i++)
      want[i] = (uint32_t)(ref_mrg_next(&r) * (1.0 / 4294967088.0) *
                           4294967296.0);
    for (int host = 0; host < 2; host++) {
      gen_u32(HIPRAND_RNG_PSEUDO_MRG32K3A, host, seed, offset, got, N);
      CHECK(!first_mismatch(got, want, N));
    }
  }
  free(want);
  free(got);
}

/* Sobol32 in 7 dimensions, offset 100: dimension d of points 100.. */
static void test_sobol(void) {
  enum { DIMS = 7, PTS = 1000, OFF = 100 };
  hiprandDirectionVectors32_t* v = NULL;
  CHECK_ST(hiprandGetDirectionVectors32(&v, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  for (unsigned d = 1; d <= DIMS; d++) {
    uint32_t rv[33];
    ref_sobol_v(d, rv);
    CHECK_MEM(v[d - 1], rv + 1, 32 * 4);
  }
  static uint32_t ref[DIMS][PTS + OFF], got[DIMS * PTS];
  for (unsigned d = 1; d <= DIMS; d++)
    ref_sobol_points(d, ref[d - 1], PTS + OFF);
  for (int host = 0; host < 2; host++) {
    hiprandGenerator_t g;
    CHECK_ST(host ? hiprandCreateGeneratorHost(&g, HIPRAND_RNG_QUASI_SOBOL32)
                  : hiprandCreateGenerator(&g, HIPRAND_RNG_QUASI_DEFAULT),
             HIPRAND_STATUS_SUCCESS);
    CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, DIMS),
             HIPRAND_STATUS_SUCCESS);
    CHECK_ST(hiprandSetGeneratorOffset(g, OFF), HIPRAND_STATUS_SUCCESS);
    /* Two calls of PTS / 2 points: the second continues the first. */
    uint32_t* d = got;
    if (!host)
      CHECK_ERR(hipMalloc((void**)&d, sizeof got), hipSuccess);
    CHECK_ST(hiprandGenerate(g, d, DIMS * PTS / 2), HIPRAND_STATUS_SUCCESS);
    CHECK_ST(hiprandGenerate(g, d + DIMS * PTS / 2, DIMS * PTS / 2),
             HIPRAND_STATUS_SUCCESS);
    if (!host) {
      CHECK_ERR(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost),
                hipSuccess);
      CHECK_ERR(hipFree(d), hipSuccess);
    }
    int bad = 0;
    for (int half = 0; half < 2; half++)
      for (int dim = 0; dim < DIMS; dim++)
        for (int p = 0; p < PTS / 2; p++) {
          uint32_t x = got[half * DIMS * PTS / 2 + dim * PTS / 2 + p];
          uint32_t w = ref[dim][OFF + half * PTS / 2 + p];
          if (x != w && !bad++)
            fprintf(stderr, "  half %d dim %d point %d: %#x, expected %#x\n",
                    half, dim, p, x, w);
        }
    CHECK_EQ(bad, 0);
    CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  }
}

/* Scrambled Sobol32: the points of the scrambled vectors xor the scramble
 * constants (device and host generators), still a net: the first 2^10
 * points of each dimension fall one in each interval [k/2^10, (k+1)/2^10). */
static void test_scrambled_sobol(void) {
  enum { DIMS = 5, PTS = 1024 };
  hiprandDirectionVectors32_t *v = NULL, *plain = NULL;
  const unsigned int* c = NULL;
  CHECK_ST(hiprandGetDirectionVectors32(
               &v, HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGetDirectionVectors32(&plain,
                                        HIPRAND_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGetScrambleConstants32(&c), HIPRAND_STATUS_SUCCESS);
  CHECK(memcmp(v[0], plain[0], 128) != 0);
  static uint32_t got[2][DIMS * PTS];
  for (int host = 0; host < 2; host++) {
    hiprandGenerator_t g;
    CHECK_ST(host ? hiprandCreateGeneratorHost(&g, HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32)
                  : hiprandCreateGenerator(&g, HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32),
             HIPRAND_STATUS_SUCCESS);
    CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, DIMS),
             HIPRAND_STATUS_SUCCESS);
    uint32_t* d = got[host];
    if (!host)
      CHECK_ERR(hipMalloc((void**)&d, sizeof got[0]), hipSuccess);
    CHECK_ST(hiprandGenerate(g, d, DIMS * PTS), HIPRAND_STATUS_SUCCESS);
    if (!host) {
      CHECK_ERR(hipMemcpy(got[0], d, sizeof got[0], hipMemcpyDeviceToHost),
                hipSuccess);
      CHECK_ERR(hipFree(d), hipSuccess);
    }
    CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  }
  CHECK(!first_mismatch(got[0], got[1], DIMS * PTS));
  for (int dim = 0; dim < DIMS; dim++) {
    uint32_t x = 0;
    int bad = 0;
    static unsigned char seen[PTS];
    memset(seen, 0, sizeof seen);
    for (unsigned i = 0; i < PTS; i++) {
      if (i > 0) {
        unsigned k = 0, val = i - 1;
        while (val & 1u) {
          val >>= 1;
          k++;
        }
        x ^= v[dim][k];
      }
      bad += got[1][dim * PTS + i] != (x ^ c[dim]);
      seen[got[1][dim * PTS + i] >> 22]++;
    }
    for (int k = 0; k < PTS; k++)
      bad += seen[k] != 1;
    CHECK_EQ(bad, 0);
  }
}

/* Uniform floats and doubles are the documented conversions of the
 * values (XORWOW: doubles take two). */
static void test_conversions(void) {
  enum { M = 4096 };
  static uint32_t u[2 * M];
  static float f[M];
  static double dd[M];
  const uint64_t seed = 42;
  ref_xorwow r;
  ref_xorwow_seed(&r, seed);
  for (int i = 0; i < 2 * M; i++)
    u[i] = ref_xorwow_next(&r);
  hiprandGenerator_t g;
  CHECK_ST(hiprandCreateGeneratorHost(&g, HIPRAND_RNG_PSEUDO_XORWOW),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(g, seed),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGenerateUniform(g, f, M), HIPRAND_STATUS_SUCCESS);
  int bad = 0;
  for (int i = 0; i < M; i++)
    bad += f[i] != ref_uniform(u[i]) || !(f[i] > 0.0f && f[i] <= 1.0f);
  CHECK_EQ(bad, 0);
  /* Continues after the M floats: doubles from values M.. in pairs. */
  CHECK_ST(hiprandGenerateUniformDouble(g, dd, M / 2), HIPRAND_STATUS_SUCCESS);
  bad = 0;
  for (int i = 0; i < M / 2; i++)
    bad += dd[i] != ref_uniform_double(u[M + 2 * i], u[M + 2 * i + 1]) ||
           !(dd[i] > 0.0 && dd[i] < 1.0);
  CHECK_EQ(bad, 0);
  /* Normals: Box-Muller of the next pairs, within float rounding. */
  CHECK_ST(hiprandSetGeneratorOffset(g, 0), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGenerateNormal(g, f, M, 1.0f, 2.0f), HIPRAND_STATUS_SUCCESS);
  double worst = 0;
  for (int i = 0; i < M; i += 2) {
    double a = ref_uniform(u[i]), b = ref_uniform(u[i + 1]);
    double rr = sqrt(-2 * log(a)), t = 6.283185307179586 * b;
    double e0 = fabs(f[i] - (1 + 2 * rr * sin(t)));
    double e1 = fabs(f[i + 1] - (1 + 2 * rr * cos(t)));
    worst = fmax(worst, fmax(e0, e1));
  }
  CHECK(worst < 1e-4);
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
}

int main(void) {
  test_xorwow();
  test_philox();
  test_mrg();
  test_sobol();
  test_scrambled_sobol();
  test_conversions();
  return check_summary("test_hiprand_seq");
}
