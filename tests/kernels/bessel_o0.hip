// HIPCC-FLAGS: -O0
// jn/jnf/yn/ynf in device code built unoptimised: their libdevice calls
// were indirect at -O0 and the CPU image did not link (HeCBench builds
// with HIPC_KC_OPT=-O0). Values against the host C library's.
#include <cmath>

#include "common.h"

constexpr int N = 64;

__global__ void bessel(double* jd, double* yd, float* jf, float* yf) {
  int i = threadIdx.x;
  int n = i % 5 - 1;  // -1 .. 3
  double x = 0.25 + 0.4 * i;
  jd[i] = jn(n, x);
  yd[i] = yn(n, x);
  jf[i] = jnf(n, static_cast<float>(x));
  yf[i] = ynf(n, static_cast<float>(x));
}

// Relative error, and absolute near the functions' zeros, where libdevice
// documents an absolute bound (CUDA's math API: jnf 2.2e-6 for n = 128).
static bool near(double got, double want, double rel, double abs) {
  return std::fabs(got - want) <= rel * std::fabs(want) + abs;
}

int main() {
  double *jd, *yd;
  float *jf, *yf;
  HIP_CHECK(hipMalloc(&jd, N * sizeof(double)));
  HIP_CHECK(hipMalloc(&yd, N * sizeof(double)));
  HIP_CHECK(hipMalloc(&jf, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&yf, N * sizeof(float)));
  bessel<<<1, N>>>(jd, yd, jf, yf);
  HIP_CHECK(hipGetLastError());
  double hjd[N], hyd[N];
  float hjf[N], hyf[N];
  HIP_CHECK(hipMemcpy(hjd, jd, sizeof hjd, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hyd, yd, sizeof hyd, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hjf, jf, sizeof hjf, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hyf, yf, sizeof hyf, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; i++) {
    int n = i % 5 - 1;
    double x = 0.25 + 0.4 * i;
    float xf = static_cast<float>(x);
    // libdevice (GPUs) and glibc (the CPU device) differ in the last bits.
    CHECK(near(hjd[i], ::jn(n, x), 1e-9, 1e-12));
    CHECK(near(hyd[i], ::yn(n, x), 1e-9, 1e-12));
    CHECK(near(hjf[i], ::jnf(n, xf), 1e-4, 1e-5));
    CHECK(near(hyf[i], ::ynf(n, xf), 1e-4, 1e-5));
  }
  HIP_CHECK(hipFree(jd));
  HIP_CHECK(hipFree(yd));
  HIP_CHECK(hipFree(jf));
  HIP_CHECK(hipFree(yf));
  return test_summary("bessel_o0");
}
