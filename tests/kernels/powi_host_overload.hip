// A program's own host powi(double, int) and powi(float, int) next to
// hipc's: in AMD's headers powi is device-only, so such programs exist
// (HeCBench's kmc, svm.cpp) and used to fail with "__host__ function
// 'powi' cannot overload __host__ __device__ function 'powi'". Host calls
// take the program's functions, kernels hipc's; values against the host.
#include <cmath>

#include "common.h"

static inline double powi(double base, int times) {
  double r = 1.0;
  for (int i = 0; i < times; i++) r *= base;
  return r + 1000.0;  // marks the program's function
}
static inline float powi(float base, int times) {
  return static_cast<float>(powi(static_cast<double>(base), times)) + 1.0f;
}

__global__ void k(double* d, float* f) {
  d[threadIdx.x] = powi(1.5, static_cast<int>(threadIdx.x) - 3);
  f[threadIdx.x] = powi(1.5f, static_cast<int>(threadIdx.x) - 3);
}

int main() {
  CHECK_EQ(powi(2.0, 3), 1008.0);
  CHECK_EQ(powi(2.0f, 3), 1009.0f);
  double* d;
  float* f;
  HIP_CHECK(hipMallocManaged(&d, 8 * sizeof(double)));
  HIP_CHECK(hipMallocManaged(&f, 8 * sizeof(float)));
  k<<<1, 8>>>(d, f);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 8; i++) {
    CHECK(std::fabs(d[i] - std::pow(1.5, i - 3)) <= 1e-15 * std::pow(1.5, i - 3));
    CHECK(std::fabs(f[i] - std::pow(1.5f, i - 3)) <= 1e-6f * std::pow(1.5f, i - 3));
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(f));
  return test_summary("powi_host_overload");
}
