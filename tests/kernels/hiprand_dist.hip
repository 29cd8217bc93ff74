// hipRAND device API distributions in kernels, for every engine: mean and
// variance of uniform, normal (single, pairs, fours), log-normal and
// Poisson values (both of Poisson's methods) and of hiprand_discrete over a
// Poisson distribution made by the host API; the ranges of the uniforms.
// HIPCC-FLAGS: -lhiprand
#include <cmath>
#include <vector>

#include "common.h"
#include <hiprand/hiprand_kernel.h>

constexpr int kThreads = 256, kPer = 64, kN = kThreads * kPer;

enum Dist { UNIFORM, UNIFORM_D, NORMAL, NORMAL_D, NORMAL2, LOG_NORMAL,
            POISSON_SMALL, POISSON_LARGE, DISCRETE, NDIST };

template <class State>
__device__ void init(State* s, int id, const unsigned*) {
  hiprand_init(2024, id, 0, s);
}
__device__ void init(hiprandStateSobol32_t* s, int id, const unsigned* v) {
  hiprand_init(v, 1 + id * kPer, s);
}
__device__ void init(hiprandStateScrambledSobol32_t* s, int id,
                     const unsigned* v) {
  hiprand_init(v, 0x2545F491u, id * kPer, s);
}

template <class State>
__device__ void pairs(State* s, double* o) {
  float2 p = hiprand_normal2(s);
  o[0] = p.x;
  o[1] = p.y;
}
__device__ void pairs(hiprandStateSobol32_t* s, double* o) {
  o[0] = hiprand_normal(s);
  o[1] = hiprand_normal(s);
}
__device__ void pairs(hiprandStateScrambledSobol32_t* s, double* o) {
  o[0] = hiprand_normal(s);
  o[1] = hiprand_normal(s);
}

template <class State>
__global__ void sample(double* out, int dist, const unsigned* vectors,
                       hiprandDiscreteDistribution_t dd) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  State s;
  init(&s, id, vectors);
  double* o = out + id * kPer;
  for (int k = 0; k < kPer; k += 2) {
    switch (dist) {
    case UNIFORM: o[k] = hiprand_uniform(&s); o[k + 1] = hiprand_uniform(&s); break;
    case UNIFORM_D:
      o[k] = hiprand_uniform_double(&s);
      o[k + 1] = hiprand_uniform_double(&s);
      break;
    case NORMAL: o[k] = hiprand_normal(&s); o[k + 1] = hiprand_normal(&s); break;
    case NORMAL_D:
      o[k] = hiprand_normal_double(&s);
      o[k + 1] = hiprand_normal_double(&s);
      break;
    case NORMAL2: pairs(&s, o + k); break;
    case LOG_NORMAL:
      o[k] = hiprand_log_normal(&s, 0.5f, 0.25f);
      o[k + 1] = hiprand_log_normal_double(&s, 0.5, 0.25);
      break;
    case POISSON_SMALL:
      o[k] = hiprand_poisson(&s, 3.5);
      o[k + 1] = hiprand_poisson(&s, 3.5);
      break;
    case POISSON_LARGE:
      o[k] = hiprand_poisson(&s, 700.0);
      o[k + 1] = hiprand_poisson(&s, 700.0);
      break;
    case DISCRETE:
      o[k] = hiprand_discrete(&s, dd);
      o[k + 1] = hiprand_discrete(&s, dd);
      break;
    }
  }
}

// Philox's groups of four against its single values.
__global__ void philox_fours(double* out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(77, id, 0, &s);
  double* o = out + id * kPer;
  for (int k = 0; k < kPer; k += 4) {
    float4 v = k % 8 ? hiprand_normal4(&s) : hiprand_log_normal4(&s, 0, 0.25f);
    o[k] = v.x; o[k + 1] = v.y; o[k + 2] = v.z; o[k + 3] = v.w;
  }
}

static void moments(const std::vector<double>& x, size_t from, size_t step,
                    double* m, double* v) {
  double s = 0, q = 0;
  size_t n = 0;
  for (size_t i = from; i < x.size(); i += step, n++)
    s += x[i];
  *m = s / n;
  for (size_t i = from; i < x.size(); i += step)
    q += (x[i] - *m) * (x[i] - *m);
  *v = q / (n - 1);
}

static bool near(double m, double v, double em, double ev, size_t n,
                 double kurt) {
  return std::fabs(m - em) <= 6 * std::sqrt(ev / n) &&
         std::fabs(v - ev) <= 6 * kurt * ev * std::sqrt(2.0 / n);
}

template <class State>
static void test_engine(const char* name, const unsigned* vectors,
                        hiprandDiscreteDistribution_t dd, double* dev) {
  std::vector<double> x(kN);
  const double s2 = 0.0625, lm = std::exp(0.5 + s2 / 2),
               lv = (std::exp(s2) - 1) * std::exp(1 + s2);
  for (int d = 0; d < NDIST; d++) {
    sample<State><<<kThreads / 64, 64>>>(dev, d, vectors, dd);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(x.data(), dev, kN * sizeof(double),
                        hipMemcpyDeviceToHost));
    double m, v, m2, v2;
    bool ok = true;
    switch (d) {
    case UNIFORM:
    case UNIFORM_D:
      for (double u : x)
        ok &= u > 0 && u <= 1;
      moments(x, 0, 1, &m, &v);
      ok &= near(m, v, 0.5, 1.0 / 12, kN, 0.8);
      break;
    case NORMAL:
    case NORMAL_D:
    case NORMAL2:
      moments(x, 0, 1, &m, &v);
      ok &= near(m, v, 0, 1, kN, 1.5);
      break;
    case LOG_NORMAL:
      moments(x, 0, 2, &m, &v);
      moments(x, 1, 2, &m2, &v2);
      ok &= near(m, v, lm, lv, kN / 2, 2) && near(m2, v2, lm, lv, kN / 2, 2);
      break;
    case POISSON_SMALL:
      moments(x, 0, 1, &m, &v);
      ok &= near(m, v, 3.5, 3.5, kN, 2);
      break;
    case POISSON_LARGE:
      moments(x, 0, 1, &m, &v);
      ok &= near(m, v, 700, 700, kN, 2);
      break;
    case DISCRETE:
      moments(x, 0, 1, &m, &v);
      ok &= near(m, v, 12, 12, kN, 2);
      break;
    }
    if (!ok)
      std::fprintf(stderr, "%s, distribution %d: mean %g variance %g\n", name,
                   d, m, v);
    CHECK(ok);
  }
}

int main() {
  double* dev;
  HIP_CHECK(hipMalloc(&dev, kN * sizeof(double)));
  hiprandDirectionVectors32_t* hv;
  CHECK_EQ(hiprandGetDirectionVectors32(&hv, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  unsigned* vectors;
  HIP_CHECK(hipMalloc(&vectors, 32 * 4));
  HIP_CHECK(hipMemcpy(vectors, hv[0], 32 * 4, hipMemcpyHostToDevice));
  hiprandDiscreteDistribution_t dd;
  CHECK_EQ(hiprandCreatePoissonDistribution(12.0, &dd), HIPRAND_STATUS_SUCCESS);

  test_engine<hiprandStateXORWOW_t>("xorwow", vectors, dd, dev);
  test_engine<hiprandStatePhilox4_32_10_t>("philox", vectors, dd, dev);
  test_engine<hiprandStateMRG32k3a_t>("mrg32k3a", vectors, dd, dev);
  test_engine<hiprandStateSobol32_t>("sobol32", vectors, dd, dev);
  test_engine<hiprandStateScrambledSobol32_t>("scrambled sobol32", vectors,
                                              dd, dev);

  philox_fours<<<kThreads / 64, 64>>>(dev);
  std::vector<double> x(kN);
  HIP_CHECK(hipMemcpy(x.data(), dev, kN * sizeof(double), hipMemcpyDeviceToHost));
  std::vector<double> n, l;
  for (int i = 0; i < kN; i++)
    ((i % kPer) % 8 < 4 ? l : n).push_back(x[i]);
  double m, v;
  moments(n, 0, 1, &m, &v);
  CHECK(near(m, v, 0, 1, n.size(), 1.5));
  moments(l, 0, 1, &m, &v);
  const double s2 = 0.0625;
  CHECK(near(m, v, std::exp(s2 / 2), (std::exp(s2) - 1) * std::exp(s2),
             l.size(), 2));

  CHECK_EQ(hiprandDestroyDistribution(dd), HIPRAND_STATUS_SUCCESS);
  HIP_CHECK(hipFree(vectors));
  HIP_CHECK(hipFree(dev));
  return test_summary("hiprand_dist");
}
