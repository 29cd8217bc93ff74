// hipRAND Sobol64 and scrambled Sobol64: the direction vectors (Sobol32's in
// their top bits, one new digit each, nets in every dimension tested, also
// scrambled), the device API in a kernel and the host API's device and host
// generators against points computed here from the Gray-code definition;
// the conversions; hipRAND's codes.
// HIPCC-FLAGS: -lhiprand
#include <cmath>
#include <vector>

#include "common.h"
#include <hiprand/hiprand.h>
#include <hiprand/hiprand.hpp>
#include <hiprand/hiprand_kernel.h>

using u64 = unsigned long long;

// Point i of dimension vectors v: xor of v[k] over the set bits k of i's
// Gray code.
static u64 point(const u64* v, u64 i) {
  u64 g = i ^ (i >> 1), x = 0;
  for (int k = 0; k < 64; k++)
    if ((g >> k) & 1)
      x ^= v[k];
  return x;
}

constexpr int D = 3, P = 700;

__global__ void device_api(const u64* v, const u64* sv, const u64* c,
                           u64* out, double* ud) {
  int d = threadIdx.x;
  hiprandStateSobol64_t s;
  hiprand_init(v + 64 * d, 5ull, &s);
  hiprandStateScrambledSobol64_t t;
  hiprand_init(sv + 64 * d, c[d], 5ull, &t);
  for (int k = 0; k < 4; k++) {
    out[d * 12 + k] = hiprand(&s);
    out[d * 12 + 4 + k] = hiprand_long_long(&t);
  }
  skipahead(1000ull, &s);  // point 1009
  out[d * 12 + 8] = hiprand(&s);
  ud[d] = hiprand_uniform_double(&s);  // point 1010
}

int main() {
  hiprandDirectionVectors64_t *dv = nullptr, *sdv = nullptr;
  hiprandDirectionVectors32_t* dv32 = nullptr;
  const u64* c = nullptr;
  CHECK_EQ(hiprandGetDirectionVectors64(&dv, HIPRAND_DIRECTION_VECTORS_64_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGetDirectionVectors64(
               &sdv, HIPRAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGetDirectionVectors32(&dv32, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGetScrambleConstants64(&c), HIPRAND_STATUS_SUCCESS);
  const u64* v = &dv[0][0];
  const u64* sv = &sdv[0][0];
  int bad = 0;
  for (int d = 0; d < 3667; d += d < 20 ? 1 : 97) {
    for (int k = 0; k < 64; k++) {
      u64 x = v[64 * d + k];
      // Sobol32's vectors on top; digit k is the last one set.
      if (k < 32)
        bad += (x >> 32) != dv32[d][k];
      bad += (x & (~0ull >> k)) != (1ull << (63 - k));
    }
    bad += d == 0 && v[5] != 1ull << 58;
    // The first 2^m points of the dimension (plain and scrambled) take
    // every value of their top m bits once.
    for (int m = 1; m <= 10; m++) {
      std::vector<char> seen(1u << m, 0), sseen(1u << m, 0);
      for (u64 i = 0; i < (1ull << m); i++) {
        seen[point(v + 64 * d, i) >> (64 - m)]++;
        sseen[(point(sv + 64 * d, i) ^ c[d]) >> (64 - m)]++;
      }
      for (unsigned j = 0; j < (1u << m); j++)
        bad += seen[j] != 1 || sseen[j] != 1;
    }
  }
  CHECK_EQ(bad, 0);

  // The device API.
  u64 *dvec = nullptr, *dsv = nullptr, *dc = nullptr, *dout = nullptr;
  double* dud = nullptr;
  HIP_CHECK(hipMalloc(&dvec, 8 * 64 * D));
  HIP_CHECK(hipMalloc(&dsv, 8 * 64 * D));
  HIP_CHECK(hipMalloc(&dc, 8 * D));
  HIP_CHECK(hipMalloc(&dout, 8 * 12 * D));
  HIP_CHECK(hipMalloc(&dud, 8 * D));
  HIP_CHECK(hipMemcpy(dvec, v, 8 * 64 * D, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dsv, sv, 8 * 64 * D, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dc, c, 8 * D, hipMemcpyHostToDevice));
  device_api<<<1, D>>>(dvec, dsv, dc, dout, dud);
  HIP_CHECK(hipGetLastError());
  u64 out[12 * D];
  double ud[D];
  HIP_CHECK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ud, dud, sizeof ud, hipMemcpyDeviceToHost));
  for (int d = 0; d < D; d++) {
    for (int k = 0; k < 4; k++) {
      CHECK_EQ(out[d * 12 + k], point(v + 64 * d, 5 + k));
      CHECK_EQ(out[d * 12 + 4 + k], point(sv + 64 * d, 5 + k) ^ c[d]);
    }
    CHECK_EQ(out[d * 12 + 8], point(v + 64 * d, 1009));
    CHECK_EQ(ud[d], static_cast<double>(point(v + 64 * d, 1010) >> 11) *
                            0x1p-53 + 0x1p-54);
  }

  // The host API: D dimensions, P points each from offset 7, in two
  // generations (the second continues).
  for (int scrambled = 0; scrambled < 2; scrambled++)
    for (int host = 0; host < 2; host++) {
      hiprandRngType_t type = scrambled ? HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64
                                        : HIPRAND_RNG_QUASI_SOBOL64;
      hiprandGenerator_t g;
      CHECK_EQ(host ? hiprandCreateGeneratorHost(&g, type)
                    : hiprandCreateGenerator(&g, type),
               HIPRAND_STATUS_SUCCESS);
      CHECK_EQ(hiprandSetQuasiRandomGeneratorDimensions(g, D),
               HIPRAND_STATUS_SUCCESS);
      CHECK_EQ(hiprandSetGeneratorOffset(g, 7), HIPRAND_STATUS_SUCCESS);
      std::vector<u64> got(2 * D * P);
      std::vector<double> gd(D * P);
      u64* d = got.data();
      double* dd = gd.data();
      if (!host) {
        HIP_CHECK(hipMalloc(&d, 8 * got.size()));
        HIP_CHECK(hipMalloc(&dd, 8 * gd.size()));
      }
      CHECK_EQ(hiprandGenerateLongLong(g, d, D * P), HIPRAND_STATUS_SUCCESS);
      CHECK_EQ(hiprandGenerateLongLong(g, d + D * P, D * P),
               HIPRAND_STATUS_SUCCESS);
      CHECK_EQ(hiprandSetGeneratorOffset(g, 7), HIPRAND_STATUS_SUCCESS);
      CHECK_EQ(hiprandGenerateNormalDouble(g, dd, D * P, 2.0, 0.5),
               HIPRAND_STATUS_SUCCESS);
      CHECK_EQ(hiprandGenerate(g, reinterpret_cast<unsigned*>(d), D),
               HIPRAND_STATUS_TYPE_ERROR);
      CHECK_EQ(hiprandGenerateLongLong(g, d, D * P + 1),
               HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
      if (!host) {
        HIP_CHECK(hipMemcpy(got.data(), d, 8 * got.size(), hipMemcpyDeviceToHost));
        HIP_CHECK(hipMemcpy(gd.data(), dd, 8 * gd.size(), hipMemcpyDeviceToHost));
        HIP_CHECK(hipFree(d));
        HIP_CHECK(hipFree(dd));
      }
      const u64* vv = scrambled ? sv : v;
      int wrong = 0;
      for (int call = 0; call < 2; call++)
        for (int dim = 0; dim < D; dim++)
          for (int j = 0; j < P; j++) {
            u64 want = point(vv + 64 * dim, 7 + call * P + j) ^
                       (scrambled ? c[dim] : 0);
            wrong += got[call * D * P + dim * P + j] != want;
            if (call == 0) {
              double u = static_cast<double>(want >> 11) * 0x1p-53 + 0x1p-54;
              double z = (gd[dim * P + j] - 2.0) / 0.5;
              wrong += !(std::fabs(0.5 * std::erfc(-z / std::sqrt(2.0)) - u) <=
                         1e-12 + 1e-9 * u);
            }
          }
      CHECK_EQ(wrong, 0);
      CHECK_EQ(hiprandDestroyGenerator(g), HIPRAND_STATUS_SUCCESS);
    }
  // The C++ engines: D dimensions, P points each.
  {
    hiprand_cpp::scrambled_sobol64 e(D);
    static_assert(sizeof(hiprand_cpp::sobol64::result_type) == 8, "64-bit");
    e(dout, 0);
    u64* dp = nullptr;
    HIP_CHECK(hipMalloc(&dp, 8 * D * P));
    e(dp, D * P);
    std::vector<u64> got(D * P);
    HIP_CHECK(hipMemcpy(got.data(), dp, 8 * D * P, hipMemcpyDeviceToHost));
    int wrong = 0;
    for (int dim = 0; dim < D; dim++)
      for (int j = 0; j < P; j++)
        wrong += got[dim * P + j] != (point(sv + 64 * dim, j) ^ c[dim]);
    CHECK_EQ(wrong, 0);
    hiprand_cpp::sobol64 f;
    CHECK_EQ(f.max(), ~0ull);
    HIP_CHECK(hipFree(dp));
  }
  hiprandGenerator_t g32;
  CHECK_EQ(hiprandCreateGenerator(&g32, HIPRAND_RNG_QUASI_SOBOL32),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandGenerateLongLong(g32, dout, 4), HIPRAND_STATUS_TYPE_ERROR);
  CHECK_EQ(hiprandDestroyGenerator(g32), HIPRAND_STATUS_SUCCESS);
  HIP_CHECK(hipFree(dvec));
  HIP_CHECK(hipFree(dsv));
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dud));
  return test_summary("hiprand_sobol64");
}
