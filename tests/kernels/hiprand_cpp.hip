// hipRAND's C++ API (hiprand/hiprand.hpp): engines and distributions give
// what the C API gives for the same settings; errors are thrown as
// hiprand_cpp::error with the C API's status.
// HIPCC-FLAGS: -lhiprand
#include <cmath>
#include <utility>
#include <vector>

#include "common.h"
#include <hiprand.hpp>

constexpr size_t kN = 4096;

// n 32-bit values of the C API's generator `type` (seed, offset, dims).
static std::vector<unsigned> c_api(hiprandRngType_t type,
                                   unsigned long long seed,
                                   unsigned long long offset, unsigned dims) {
  hiprandGenerator_t g;
  std::vector<unsigned> v(kN);
  CHECK_EQ(hiprandCreateGeneratorHost(&g, type), HIPRAND_STATUS_SUCCESS);
  if (dims == 0)
    CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, seed),
             HIPRAND_STATUS_SUCCESS);
  else
    CHECK_EQ(hiprandSetQuasiRandomGeneratorDimensions(g, dims),
             HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandSetGeneratorOffset(g, offset), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGenerate(g, v.data(), kN), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  return v;
}

template <class T>
static std::vector<T> fetch(const T* d, size_t n) {
  std::vector<T> v(n);
  HIP_CHECK(hipMemcpy(v.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return v;
}

static void moments(const std::vector<double>& x, double* m, double* v) {
  double s = 0, q = 0;
  for (double a : x)
    s += a;
  *m = s / x.size();
  for (double a : x)
    q += (a - *m) * (a - *m);
  *v = q / (x.size() - 1);
}

int main() {
  unsigned* du;
  double* dd;
  HIP_CHECK(hipMalloc(&du, kN * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&dd, kN * sizeof(double)));

  CHECK_EQ(hiprand_cpp::version(), HIPRAND_VERSION);

  {  // The default engine is XORWOW with seed 0.
    hiprand_cpp::default_random_engine e;
    hiprand_cpp::uniform_int_distribution<unsigned> u;
    u(e, du, kN);
    CHECK(fetch(du, kN) == c_api(HIPRAND_RNG_PSEUDO_XORWOW, 0, 0, 0));
    CHECK_EQ(u.max(), 0xffffffffu);
  }
  {  // Seed and offset; the engine's own operator().
    hiprand_cpp::philox4x32_10 e(5, 3);
    e(du, kN);
    CHECK(fetch(du, kN) == c_api(HIPRAND_RNG_PSEUDO_PHILOX4_32_10, 5, 3, 0));
    hiprand_cpp::philox4x32_10 moved(std::move(e));
    moved.seed(5);
    moved.offset(3);
    moved(du, kN);
    CHECK(fetch(du, kN) == c_api(HIPRAND_RNG_PSEUDO_PHILOX4_32_10, 5, 3, 0));
  }
  {  // Quasi-random: dimensions.
    hiprand_cpp::sobol32 e(4);
    hiprand_cpp::uniform_int_distribution<unsigned> u;
    u(e, du, kN);
    CHECK(fetch(du, kN) == c_api(HIPRAND_RNG_QUASI_SOBOL32, 0, 0, 4));
  }
  {  // Distributions' statistics.
    hiprand_cpp::mrg32k3a e(99);
    hiprand_cpp::normal_distribution<double> n(2.0, 3.0);
    CHECK_EQ(n.mean(), 2.0);
    CHECK_EQ(n.stddev(), 3.0);
    n(e, dd, kN);
    double m, v;
    moments(fetch(dd, kN), &m, &v);
    CHECK(std::fabs(m - 2) < 6 * 3 / std::sqrt(kN) && std::fabs(v - 9) < 1.5);
    hiprand_cpp::poisson_distribution<unsigned> p(6.5);
    p(e, du, kN);
    std::vector<double> x;
    for (unsigned a : fetch(du, kN))
      x.push_back(a);
    moments(x, &m, &v);
    CHECK(std::fabs(m - 6.5) < 0.25 && std::fabs(v - 6.5) < 1.2);
    hiprand_cpp::uniform_real_distribution<float> ur;
    ur(e, reinterpret_cast<float*>(dd), kN);
    int bad = 0;
    for (float f : fetch(reinterpret_cast<float*>(dd), kN))
      bad += !(f > 0 && f <= 1);
    CHECK_EQ(bad, 0);
    hiprand_cpp::lognormal_distribution<float> ln(0.0f, 0.5f);
    ln(e, reinterpret_cast<float*>(dd), kN);
    x.clear();
    for (float f : fetch(reinterpret_cast<float*>(dd), kN))
      x.push_back(f);
    moments(x, &m, &v);
    CHECK(std::fabs(m - std::exp(0.125)) < 0.05);
    hiprand_cpp::uniform_int_distribution<unsigned char> uc;
    uc(e, reinterpret_cast<unsigned char*>(du), kN);
    CHECK_EQ(uc.max(), 255);
  }
  {  // Errors carry the C API's status.
    hiprand_cpp::xorwow e;
    hiprand_cpp::normal_distribution<float> n;
    hiprandStatus_t got = HIPRAND_STATUS_SUCCESS;
    try {
      n(e, reinterpret_cast<float*>(dd), 3);
    } catch (const hiprand_cpp::error& err) {
      got = err.error_code();
      CHECK(err.error_string() == "HIPRAND_STATUS_LENGTH_NOT_MULTIPLE");
    }
    CHECK_EQ(got, HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
    got = HIPRAND_STATUS_SUCCESS;
    try {
      hiprand_cpp::mtgp32 m(1, 5);  // MTGP32 has no offsets
    } catch (const hiprand_cpp::error& err) {
      got = err.error_code();
    }
    CHECK_EQ(got, HIPRAND_STATUS_TYPE_ERROR);
    got = HIPRAND_STATUS_SUCCESS;
    try {
      hiprand_cpp::sobol32 s(0);
    } catch (const hiprand_cpp::error& err) {
      got = err.error_code();
    }
    CHECK_EQ(got, HIPRAND_STATUS_OUT_OF_RANGE);
  }
  HIP_CHECK(hipFree(du));
  HIP_CHECK(hipFree(dd));
  return test_summary("hiprand_cpp");
}
