/* hipRAND host API: the documented status codes, settings, and the
 * distributions' statistics (mean and variance within bounds) for every
 * generator, on the device (the generator's stream) and the host. */
// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhiprand -lhipc -lm
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "hiprand/hiprand.h"

#define CHECK_ST(expr, want) CHECK_EQ((int)(expr), (int)(want))

static void test_status(void) {
  int v = 0;
  CHECK_ST(hiprandGetVersion(&v), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(v, HIPRAND_VERSION);
  CHECK_EQ(v, 201100);
  CHECK_ST(hiprandGetVersion(NULL), HIPRAND_STATUS_OUT_OF_RANGE);

  hiprandGenerator_t g = NULL;
  CHECK_ST(hiprandCreateGenerator(&g, (hiprandRngType_t)7),
           HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ST(hiprandCreateGenerator(&g, HIPRAND_RNG_TEST),
           HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ST(hiprandCreateGenerator(NULL, HIPRAND_RNG_PSEUDO_XORWOW),
           HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK_ST(hiprandDestroyGenerator(NULL), HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK_ST(hiprandSetStream(NULL, 0), HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK_ST(hiprandGenerate(NULL, NULL, 4), HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(NULL, 1),
           HIPRAND_STATUS_NOT_INITIALIZED);

  /* A pseudo-random generator. */
  CHECK_ST(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_PHILOX4_32_10),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, 2),
           HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ST(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_QUASI_DEFAULT),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_PSEUDO_LEGACY),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetGeneratorOrdering(g, (hiprandOrdering_t)99),
           HIPRAND_STATUS_OUT_OF_RANGE);
  float* f = NULL;
  CHECK_ERR(hipMalloc((void**)&f, 64 * sizeof(float)), hipSuccess);
  CHECK_ST(hiprandGenerateNormal(g, f, 63, 0, 1),
           HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK_ST(hiprandGenerateNormal(g, f + 1, 62, 0, 1),
           HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK_ST(hiprandGenerateLogNormal(g, f, 3, 0, 1),
           HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK_ST(hiprandGenerateNormalDouble(g, (double*)f, 5, 0, 1),
           HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK_ST(hiprandGenerateUniform(g, f + 1, 63), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGenerateNormal(g, f, 64, 0, 1), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGeneratePoisson(g, (unsigned*)f, 64, 0.0),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGeneratePoisson(g, (unsigned*)f, 64, -2.0),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGenerateLongLong(g, (unsigned long long*)f, 8),
           HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ST(hiprandGenerate(g, (unsigned*)f, 0), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGenerate(g, NULL, 4), HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGenerateSeeds(g), HIPRAND_STATUS_SUCCESS);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);

  /* A quasi-random generator. */
  CHECK_ST(hiprandCreateGenerator(&g, HIPRAND_RNG_QUASI_SOBOL32),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(g, 5),
           HIPRAND_STATUS_TYPE_ERROR);
  CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, 0),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, 3668),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, 3667),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetQuasiRandomGeneratorDimensions(g, 3),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_PSEUDO_DEFAULT),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_QUASI_DEFAULT),
           HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandGenerateUniform(g, f, 64),
           HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK_ST(hiprandGenerateNormal(g, f, 63, 0, 1), HIPRAND_STATUS_SUCCESS);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  CHECK_ERR(hipFree(f), hipSuccess);

  hiprandDirectionVectors32_t* dv = NULL;
  CHECK_ST(hiprandGetDirectionVectors32(NULL, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGetDirectionVectors32(&dv, HIPRAND_DIRECTION_VECTORS_64_JOEKUO6),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGetScrambleConstants32(NULL), HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGetScrambleConstants64(NULL), HIPRAND_STATUS_OUT_OF_RANGE);
  hiprandDirectionVectors64_t* dv64 = NULL;
  CHECK_ST(hiprandGetDirectionVectors64(&dv64, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandGetDirectionVectors64(NULL, HIPRAND_DIRECTION_VECTORS_64_JOEKUO6),
           HIPRAND_STATUS_OUT_OF_RANGE);
  hiprandDiscreteDistribution_t dd = NULL;
  CHECK_ST(hiprandCreatePoissonDistribution(0.0, &dd),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_ST(hiprandCreatePoissonDistribution(3.0, &dd), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandDestroyDistribution(dd), HIPRAND_STATUS_SUCCESS);
  CHECK_ST(hiprandDestroyDistribution(NULL), HIPRAND_STATUS_OUT_OF_RANGE);
}

/* Mean and variance of n samples. */
static void moments(const double* x, size_t n, double* mean, double* var) {
  double s = 0, q = 0;
  for (size_t i = 0; i < n; i++)
    s += x[i];
  *mean = s / n;
  for (size_t i = 0; i < n; i++)
    q += (x[i] - *mean) * (x[i] - *mean);
  *var = q / (n - 1);
}

/* Both within `k` standard errors of the expected values (the variance's
 * standard error taken as var * sqrt(2 / n) * kurt). */
static int near(double m, double v, double em, double ev, size_t n,
                 double kurt) {
  double k = 6;
  return fabs(m - em) <= k * sqrt(ev / n) &&
         fabs(v - ev) <= k * kurt * ev * sqrt(2.0 / n);
}

enum { N = 1 << 16 };

static void test_stats(hiprandRngType_t type, int host) {
  static float f[N];
  static double d[N], x[N];
  static unsigned u[N];
  hiprandGenerator_t g;
  CHECK_ST(host ? hiprandCreateGeneratorHost(&g, type)
                : hiprandCreateGenerator(&g, type),
           HIPRAND_STATUS_SUCCESS);
  int quasi = type == HIPRAND_RNG_QUASI_SOBOL32 ||
              type == HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32;
  if (!quasi)
    CHECK_ST(hiprandSetPseudoRandomGeneratorSeed(g, 1234567),
             HIPRAND_STATUS_SUCCESS);
  void* dev = NULL;
  if (!host)
    CHECK_ERR(hipMalloc(&dev, sizeof d), hipSuccess);
/* GEN runs `call` into OUT(type), the host buffer `pbuf` or the device
 * buffer, and leaves the values in `buf`. */
#define GEN(call, buf)                                                      \
  do {                                                                      \
    CHECK_ST(call, HIPRAND_STATUS_SUCCESS);                                 \
    if (!host)                                                              \
      CHECK_ERR(hipMemcpy(buf, dev, sizeof(buf), hipMemcpyDeviceToHost),   \
                hipSuccess);                                                \
  } while (0)
#define OUT(type) ((type)(host ? (void*)pbuf : dev))
  double m, v;
  void* pbuf;
  int fails = check_failures;

  pbuf = f;
  GEN(hiprandGenerateUniform(g, OUT(float*), N), f);
  for (int i = 0; i < N; i++)
    x[i] = f[i], fails += !(f[i] > 0 && f[i] <= 1);
  moments(x, N, &m, &v);
  CHECK(near(m, v, 0.5, 1.0 / 12, N, 0.8));
  pbuf = d;
  GEN(hiprandGenerateUniformDouble(g, OUT(double*), N), d);
  moments(d, N, &m, &v);
  CHECK(near(m, v, 0.5, 1.0 / 12, N, 0.8));
  pbuf = f;
  GEN(hiprandGenerateNormal(g, OUT(float*), N, 2.0f, 3.0f), f);
  for (int i = 0; i < N; i++)
    x[i] = f[i];
  moments(x, N, &m, &v);
  CHECK(near(m, v, 2.0, 9.0, N, 1.5));
  pbuf = d;
  GEN(hiprandGenerateNormalDouble(g, OUT(double*), N, -1.0, 0.5), d);
  moments(d, N, &m, &v);
  CHECK(near(m, v, -1.0, 0.25, N, 1.5));
  pbuf = f;
  GEN(hiprandGenerateLogNormal(g, OUT(float*), N, 0.0f, 0.25f), f);
  for (int i = 0; i < N; i++)
    x[i] = f[i];
  moments(x, N, &m, &v);
  double s2 = 0.0625;
  CHECK(near(m, v, exp(s2 / 2), (exp(s2) - 1) * exp(s2), N, 2));
  pbuf = d;
  GEN(hiprandGenerateLogNormalDouble(g, OUT(double*), N, 1.0, 0.25), d);
  moments(d, N, &m, &v);
  CHECK(near(m, v, exp(1 + s2 / 2), (exp(s2) - 1) * exp(2 + s2), N, 2));
  static const double lambdas[] = {0.5, 4.0, 1000.0, 3e9};
  for (int k = 0; k < 4; k++) {
    double lam = lambdas[k];
    pbuf = u;
    GEN(hiprandGeneratePoisson(g, OUT(unsigned*), N, lam), u);
    for (int i = 0; i < N; i++)
      x[i] = u[i];
    moments(x, N, &m, &v);
    if (!near(m, v, lam, lam, N, 2))
      fprintf(stderr, "  poisson %g: mean %g variance %g\n", lam, m, v);
    CHECK(near(m, v, lam, lam, N, 2));
  }
  /* 32-, 16- and 8-bit integers: uniform over their range. */
  pbuf = u;
  GEN(hiprandGenerate(g, OUT(unsigned*), N), u);
  for (int i = 0; i < N; i++)
    x[i] = u[i] / 4294967296.0;
  moments(x, N, &m, &v);
  CHECK(near(m, v, 0.5, 1.0 / 12, N, 0.8));
  pbuf = u;
  GEN(hiprandGenerateShort(g, OUT(unsigned short*), 2 * N), u);
  for (int i = 0; i < N; i++)
    x[i] = ((unsigned short*)u)[i] / 65536.0;
  moments(x, N, &m, &v);
  CHECK(near(m, v, 0.5, 1.0 / 12, N, 0.8));
  pbuf = u;
  GEN(hiprandGenerateChar(g, OUT(unsigned char*), 4 * N), u);
  for (int i = 0; i < N; i++)
    x[i] = ((unsigned char*)u)[i] / 256.0;
  moments(x, N, &m, &v);
  CHECK(near(m, v, 0.5, 1.0 / 12, N, 0.8));
  if (check_failures != fails)
    fprintf(stderr, "  (generator %d, %s)\n", type, host ? "host" : "device");
  if (!host)
    CHECK_ERR(hipFree(dev), hipSuccess);
  CHECK_ST(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
}

int main(void) {
  test_status();
  static const hiprandRngType_t types[] = {
      HIPRAND_RNG_PSEUDO_XORWOW, HIPRAND_RNG_PSEUDO_PHILOX4_32_10,
      HIPRAND_RNG_PSEUDO_MRG32K3A, HIPRAND_RNG_QUASI_SOBOL32,
      HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32};
  for (int t = 0; t < 5; t++)
    for (int host = 0; host < 2; host++)
      test_stats(types[t], host);
  return check_summary("test_hiprand_api");
}
