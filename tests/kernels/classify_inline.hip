// The classification functions (isnan, isinf, isfinite, signbit in their
// float and double forms, and CUDA's __isnanf, __isinff, __finitef,
// __signbitf, __isnan, __isinf, __finite) and rsqrtf give
// the C library's answers on special and ordinary values. On the CPU
// device they are inline code rather than calls to libhipc's __nv_*
// (hip/hipc/libdevice_nvptx.h; hipcc_classify_inline.sh checks that), so
// this test holds the inline forms to the library's results.
#include <cmath>
#include <cstring>

#include "common.h"

#define NV 10
#define NF 13

__global__ void classify_f(const float* x, int* r, float* rs) {
  int i = threadIdx.x;
  float v = x[i];
  r[i * 8 + 0] = isnan(v) ? 1 : 0;
  r[i * 8 + 1] = isinf(v) ? 1 : 0;
  r[i * 8 + 2] = isfinite(v) ? 1 : 0;
  r[i * 8 + 3] = signbit(v) ? 1 : 0;
  r[i * 8 + 4] = __isnanf(v) != 0;
  r[i * 8 + 5] = __isinff(v) != 0;
  r[i * 8 + 6] = __finitef(v) != 0;
  r[i * 8 + 7] = __signbitf(v) != 0;
  rs[i] = rsqrtf(v);
}

__global__ void classify_d(const double* x, int* r) {
  int i = threadIdx.x;
  double v = x[i];
  r[i * 8 + 0] = isnan(v) ? 1 : 0;
  r[i * 8 + 1] = isinf(v) ? 1 : 0;
  r[i * 8 + 2] = isfinite(v) ? 1 : 0;
  r[i * 8 + 3] = signbit(v) ? 1 : 0;
  r[i * 8 + 4] = __isnan(v) != 0;
  r[i * 8 + 5] = __isinf(v) != 0;
  r[i * 8 + 6] = __finite(v) != 0;
  r[i * 8 + 7] = std::signbit(v) ? 1 : 0;
}

static unsigned bits(float f) {
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

int main() {
  const float fx[NF] = {0.0f, -0.0f, 1.0f, -2.5f, INFINITY, -INFINITY, NAN,
                        -NAN, 1e-40f, -1e-40f, 3.4e38f, 0.25f, 4.0f};
  const double dx[NV] = {0.0, -0.0, 1.0, -2.5, INFINITY, -INFINITY, NAN,
                         -NAN, 4.9e-324, -1.7e308};
  float *d_fx, *d_rs;
  double* d_dx;
  int *d_rf, *d_rd;
  HIP_CHECK(hipMalloc(&d_fx, sizeof fx));
  HIP_CHECK(hipMalloc(&d_dx, sizeof dx));
  HIP_CHECK(hipMalloc(&d_rs, NF * sizeof(float)));
  HIP_CHECK(hipMalloc(&d_rf, NF * 8 * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_rd, NV * 8 * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_fx, fx, sizeof fx, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_dx, dx, sizeof dx, hipMemcpyHostToDevice));
  classify_f<<<1, NF>>>(d_fx, d_rf, d_rs);
  classify_d<<<1, NV>>>(d_dx, d_rd);
  int rf[NF * 8], rd[NV * 8];
  float rs[NF];
  HIP_CHECK(hipMemcpy(rf, d_rf, sizeof rf, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(rd, d_rd, sizeof rd, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(rs, d_rs, sizeof rs, hipMemcpyDeviceToHost));
  for (int i = 0; i < NF; i++) {
    float v = fx[i];
    int want[4] = {std::isnan(v), std::isinf(v), std::isfinite(v),
                   std::signbit(v)};
    for (int k = 0; k < 8; k++) CHECK_EQ(rf[i * 8 + k], want[k % 4] ? 1 : 0);
    // rsqrtf: 1 / sqrt in double, rounded once (libhipc's definition).
    float r = static_cast<float>(1.0 / std::sqrt(static_cast<double>(v)));
    if (std::isnan(r))
      CHECK(std::isnan(rs[i]));
    else
      CHECK_EQ(bits(rs[i]), bits(r));
  }
  for (int i = 0; i < NV; i++) {
    double v = dx[i];
    int want[4] = {std::isnan(v), std::isinf(v), std::isfinite(v),
                   std::signbit(v)};
    for (int k = 0; k < 8; k++) CHECK_EQ(rd[i * 8 + k], want[k % 4] ? 1 : 0);
  }
  HIP_CHECK(hipFree(d_fx));
  HIP_CHECK(hipFree(d_dx));
  HIP_CHECK(hipFree(d_rs));
  HIP_CHECK(hipFree(d_rf));
  HIP_CHECK(hipFree(d_rd));
  return test_summary("classify_inline");
}
