// hipRAND host API, HIPRAND_RNG_PSEUDO_MTGP32: device and host generators
// against the plain reference of hiprand_mtgp_ref.h (64 states, state b with
// parameter set b and seed lo ^ hi + b + 1; value (r * 64 + b) * 256 + t is
// output 256 r + t of state b; each generation starts with fresh rounds;
// a new seed starts over); the conversions; the C++ engine; error codes.
// HIPCC-FLAGS: -lhiprand
#include <cmath>
#include <vector>

#include "common.h"
#include "hiprand_mtgp_ref.h"
#include <hiprand/hiprand.h>
#include <hiprand/hiprand.hpp>
#include <hiprand/hiprand_mtgp32_host.h>

constexpr int S = 64, B = 256;

// The expected values of generations of n[0], n[1], ... from `seed`.
static std::vector<unsigned> expected(unsigned long long seed,
                                      const std::vector<size_t>& ns) {
  std::vector<MtgpRef> ref;
  unsigned base = static_cast<unsigned>(seed ^ (seed >> 32));
  for (int b = 0; b < S; b++)
    ref.emplace_back(mtgp32dc_params_fast_11213[b], base + b + 1u);
  std::vector<unsigned> all;
  for (size_t n : ns) {
    size_t rounds = (n + S * B - 1) / (S * B);
    std::vector<unsigned> v(rounds * S * B);
    for (size_t r = 0; r < rounds; r++)
      for (int b = 0; b < S; b++)
        for (int t = 0; t < B; t++)
          v[(r * S + b) * B + t] = ref[b].next();
    all.insert(all.end(), v.begin(), v.begin() + n);
  }
  return all;
}

// Generations of ns from a device (host = false) or host generator.
static std::vector<unsigned> generated(bool host, unsigned long long seed,
                                       const std::vector<size_t>& ns) {
  hiprandGenerator_t g;
  CHECK_EQ(host ? hiprandCreateGeneratorHost(&g, HIPRAND_RNG_PSEUDO_MTGP32)
                : hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_MTGP32),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, seed),
           HIPRAND_STATUS_SUCCESS);
  size_t total = 0;
  for (size_t n : ns)
    total += n;
  std::vector<unsigned> out(total);
  unsigned* d = out.data();
  if (!host)
    HIP_CHECK(hipMalloc(&d, sizeof(unsigned) * total));
  size_t at = 0;
  for (size_t n : ns) {
    CHECK_EQ(hiprandGenerate(g, d + at, n), HIPRAND_STATUS_SUCCESS);
    at += n;
  }
  if (!host) {
    HIP_CHECK(hipMemcpy(out.data(), d, sizeof(unsigned) * total,
                        hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d));
  }
  CHECK_EQ(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  return out;
}

int main() {
  const std::vector<size_t> ns = {1000, 40000, 3};
  const unsigned long long seed = 0xabcdef0012345678ull;
  std::vector<unsigned> want = expected(seed, ns);
  for (int host = 0; host < 2; host++) {
    std::vector<unsigned> got = generated(host, seed, ns);
    CHECK_ARRAY(got.data(), want.data(), want.size());
  }
  // The default seed is 0.
  std::vector<unsigned> want0 = expected(0, {5000});
  {
    hiprandGenerator_t g;
    CHECK_EQ(hiprandCreateGeneratorHost(&g, HIPRAND_RNG_PSEUDO_MTGP32),
             HIPRAND_STATUS_SUCCESS);
    std::vector<unsigned> got(5000);
    CHECK_EQ(hiprandGenerate(g, got.data(), 5000), HIPRAND_STATUS_SUCCESS);
    CHECK_ARRAY(got.data(), want0.data(), 5000);
    // A seed (even the same) starts over.
    CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, 0),
             HIPRAND_STATUS_SUCCESS);
    CHECK_EQ(hiprandGenerate(g, got.data(), 5000), HIPRAND_STATUS_SUCCESS);
    CHECK_ARRAY(got.data(), want0.data(), 5000);
    // Offsets are not for MTGP32; the ordering is a pseudo one.
    CHECK_EQ(hiprandSetGeneratorOffset(g, 5), HIPRAND_STATUS_TYPE_ERROR);
    CHECK_EQ(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_QUASI_DEFAULT),
             HIPRAND_STATUS_OUT_OF_RANGE);
    CHECK_EQ(hiprandSetQuasiRandomGeneratorDimensions(g, 2),
             HIPRAND_STATUS_TYPE_ERROR);
    CHECK_EQ(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_PSEUDO_SEEDED),
             HIPRAND_STATUS_SUCCESS);
    // One output per value; (log-)normals in pairs as every pseudo-random
    // generator's.
    float f[7];
    CHECK_EQ(hiprandGenerateNormal(g, f, 7, 0.0f, 1.0f),
             HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
    CHECK_EQ(hiprandGenerateLongLong(g, nullptr, 4),
             HIPRAND_STATUS_TYPE_ERROR);
    CHECK_EQ(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
  }

  // The conversions, on the device: the first 600 outputs of seed 9 each
  // time (a new seed before each).
  const int n = 600;
  std::vector<unsigned> x = expected(9, {n});
  hiprandGenerator_t g;
  CHECK_EQ(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_MTGP32),
           HIPRAND_STATUS_SUCCESS);
  void* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(double) * n));
  std::vector<float> hf(n);
  std::vector<double> hd(n);
  std::vector<unsigned char> hc(n);
  std::vector<unsigned> hp(n);
  CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, 9), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGenerateUniform(g, static_cast<float*>(d), n),
           HIPRAND_STATUS_SUCCESS);
  HIP_CHECK(hipMemcpy(hf.data(), d, sizeof(float) * n, hipMemcpyDeviceToHost));
  CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, 9), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGenerateNormalDouble(g, static_cast<double*>(d), n, 1.0, 3.0),
           HIPRAND_STATUS_SUCCESS);
  HIP_CHECK(hipMemcpy(hd.data(), d, sizeof(double) * n, hipMemcpyDeviceToHost));
  CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, 9), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGenerateChar(g, static_cast<unsigned char*>(d), n),
           HIPRAND_STATUS_SUCCESS);
  HIP_CHECK(hipMemcpy(hc.data(), d, n, hipMemcpyDeviceToHost));
  CHECK_EQ(hiprandSetPseudoRandomGeneratorSeed(g, 9), HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGeneratePoisson(g, static_cast<unsigned*>(d), n, 20.0),
           HIPRAND_STATUS_SUCCESS);
  HIP_CHECK(hipMemcpy(hp.data(), d, sizeof(unsigned) * n, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    double u = x[i] * 0x1p-32 + 0x1p-33;
    bad += hf[i] != static_cast<float>(x[i] * 0x1p-32f + 0x1p-33f);
    bad += hc[i] != (x[i] >> 24);
    double phi = 0.5 * std::erfc(-(hd[i] - 1.0) / 3.0 / std::sqrt(2.0));
    bad += !(std::fabs(phi - u) <= 1e-12 + 1e-9 * u);
    // Poisson(20): the CDF at k brackets u (to the table's rounding).
    double p = std::exp(-20.0), c = p, below = 0;
    for (unsigned k = 1; k <= hp[i]; k++) {
      below = c;
      p *= 20.0 / k;
      c += p;
    }
    bad += !(c >= u - 1e-9 && (hp[i] == 0 || below < u + 1e-9));
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(d));
  CHECK_EQ(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);

  // The C++ engine.
  {
    hiprand_cpp::mtgp32 e(seed);
    unsigned* du = nullptr;
    HIP_CHECK(hipMalloc(&du, sizeof(unsigned) * 1000));
    e(du, 1000);
    std::vector<unsigned> got(1000);
    HIP_CHECK(hipMemcpy(got.data(), du, sizeof(unsigned) * 1000,
                        hipMemcpyDeviceToHost));
    CHECK_ARRAY(got.data(), want.data(), 1000);
    HIP_CHECK(hipFree(du));
  }
  return test_summary("hiprand_mtgp32_gen");
}
