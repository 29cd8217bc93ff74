/* hipRAND host API, HIPRAND_RNG_PSEUDO_MT19937: device and host generators
 * against a plain reference of the Mersenne Twister written here from
 * Matsumoto and Nishimura's definition, and the published fact that the
 * 10000th output of the default std::mt19937 (seed 5489) is 4123659995;
 * continuation across generations of any size; seeds (lo ^ hi) start over;
 * the conversions; hipRAND's codes (no offsets). */
// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhiprand -lhipc -lm
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hiprand/hiprand.h"

#define CHECK_ST(expr, want) CHECK_EQ((int)(expr), (int)(want))

/* The reference: x[k + 624] = x[k + 397] ^ A(upper(x[k]) | lower(x[k+1])),
 * tempered; x[0..624) from init_genrand. */
struct ref {
  uint32_t x[624];
  int i;
};

static void ref_init(struct ref* r, uint32_t seed) {
  r->x[0] = seed;
  for (int i = 1; i < 624; i++)
    r->x[i] = 1812433253u * (r->x[i - 1] ^ (r->x[i - 1] >> 30)) + (uint32_t)i;
  r->i = 0;
}

static uint32_t ref_next(struct ref* r) {
  /* Word k + 624 replaces word k (ring of 624). */
  int k = r->i;
  uint32_t y = (r->x[k] & 0x80000000u) | (r->x[(k + 1) % 624] & 0x7fffffffu);
  uint32_t w = r->x[(k + 397) % 624] ^ (y >> 1) ^ (y & 1u ? 0x9908b0dfu : 0u);
  r->x[k] = w;
  r->i = (k + 1) % 624;
  w ^= w >> 11;
  w ^= (w << 7) & 0x9d2c5680u;
  w ^= (w << 15) & 0xefc60000u;
  return w ^ (w >> 18);
}

enum { N = 30000 };

/* Generations of the sizes in ns (ending with 0) into out. */
static void generated(int host, unsigned long long seed, const size_t* ns,
                      uint32_t* out) {
  hiprandGenerator_t g;
  CHECK_ST(host ? hiprandCreateGeneratorHost(&g, HIPRAND_RNG_PSEUDO_MT19937)
                : hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_MT19937),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(g, seed),
           HIPRAND_STATUS_SUCCESS);
  size_t total = 0;
  for (const size_t* n = ns; *n; n++)
    total += *n;
  uint32_t* d = out;
  if (!host)
    CHECK_ERR(hipMalloc((void**)&d, total * 4), hipSuccess);
  size_t at = 0;
  for (const size_t* n = ns; *n; n++) {
    CHECK_ST(hiprandGenerate(g, d + at, *n), HIPRAND_STATUS_SUCCESS);
    at += *n;
  }
  if (!host) {
    CHECK_ERR(hipMemcpy(out, d, total * 4, hipMemcpyDeviceToHost), hipSuccess);
    CHECK_ERR(hipFree(d), hipSuccess);
  }
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
}

int main(void) {
  static uint32_t got[N], want[N];
  struct ref r;

  /* The published value, for the reference and the generators. */
  ref_init(&r, 5489);
  for (int i = 0; i < N; i++)
    want[i] = ref_next(&r);
  CHECK_EQ(want[9999], 4123659995u);
  const size_t one[] = {N, 0};
  for (int host = 0; host < 2; host++) {
    generated(host, 5489, one, got);
    CHECK_EQ(got[9999], 4123659995u);
    CHECK_EQ(memcmp(got, want, sizeof got), 0);
  }

  /* Continuation across sizes that cut the 624-word twists anywhere;
   * seed lo ^ hi. */
  const size_t parts[] = {1, 622, 1, 624, 625, 1000, 3, 5000, N - 7876, 0};
  unsigned long long seed = 0x1234567800000000ull ^ 0x9abcdef0ull;
  ref_init(&r, 0x12345678u ^ 0x9abcdef0u);
  for (int i = 0; i < N; i++)
    want[i] = ref_next(&r);
  for (int host = 0; host < 2; host++) {
    for (int i = 0; i < N; i++)
      got[i] = 0;
    generated(host, seed, parts, got);
    CHECK_EQ(memcmp(got, want, sizeof got), 0);
  }

  /* Conversions (one output each), a new seed starting over, codes. */
  hiprandGenerator_t g;
  CHECK_ST(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_MT19937),
           HIPRAND_STATUS_SUCCESS);
  ref_init(&r, 0); /* the default seed */
  for (int i = 0; i < 1000; i++)
    want[i] = ref_next(&r);
  float* df = NULL;
  double* dd = NULL;
  CHECK_ERR(hipMalloc((void**)&df, 1000 * sizeof(float)), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&dd, 1000 * sizeof(double)), hipSuccess);
  CHECK_ST(hiprandGenerateUniform(g, df, 1000), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(g, 0), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGenerateLogNormalDouble(g, dd, 1000, 0.25, 0.5),
           HIPRAND_STATUS_SUCCESS);
  static float hf[1000];
  static double hd[1000];
  CHECK_ERR(hipMemcpy(hf, df, sizeof hf, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_ERR(hipMemcpy(hd, dd, sizeof hd, hipMemcpyDeviceToHost), hipSuccess);
  int bad = 0;
  for (int i = 0; i < 1000; i++) {
    double u = want[i] * 0x1p-32 + 0x1p-33;
    bad += hf[i] != (float)(want[i] * 0x1p-32f + 0x1p-33f);
    /* exp(0.25 + 0.5 z) with Phi(z) = u. */
    double z = (log(hd[i]) - 0.25) / 0.5;
    bad += !(fabs(0.5 * erfc(-z / sqrt(2.0)) - u) <= 1e-11);
  }
  CHECK_EQ(bad, 0);
  CHECK_ST(hiprandSetGeneratorOffset(g, 10), HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ST(hiprandGenerateNormal(g, df, 3, 0.0f, 1.0f),
           HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, 2),
           HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ERR(hipFree(df), hipSuccess);
  CHECK_ERR(hipFree(dd), hipSuccess);
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  return check_summary("test_hiprand_mt19937");
}
