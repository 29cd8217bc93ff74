// AMD's safeAtomicMin/Max and unsafeAtomicMin/Max on float and double from
// every thread of several blocks: the extremes of the values, computed on
// the host.
#include <cfloat>

#include "common.h"

__device__ float val_f(int i) { return static_cast<float>((i * 7919) % 1013) - 500.25f; }
__device__ double val_d(int i) { return static_cast<double>((i * 104729) % 2003) * 0.5 - 321.0; }

__global__ void k(float* f, double* d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  safeAtomicMin(&f[0], val_f(i));
  unsafeAtomicMin(&f[1], val_f(i));
  safeAtomicMax(&f[2], val_f(i));
  unsafeAtomicMax(&f[3], val_f(i));
  safeAtomicMin(&d[0], val_d(i));
  unsafeAtomicMin(&d[1], val_d(i));
  safeAtomicMax(&d[2], val_d(i));
  unsafeAtomicMax(&d[3], val_d(i));
}

int main() {
  const int blocks = 5, threads = 128, n = blocks * threads;
  float hf[4] = {FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX};
  double hd[4] = {DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX};
  float* f;
  double* d;
  HIP_CHECK(hipMalloc(&f, sizeof hf));
  HIP_CHECK(hipMalloc(&d, sizeof hd));
  HIP_CHECK(hipMemcpy(f, hf, sizeof hf, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d, hd, sizeof hd, hipMemcpyHostToDevice));
  k<<<blocks, threads>>>(f, d);
  HIP_CHECK(hipMemcpy(hf, f, sizeof hf, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hd, d, sizeof hd, hipMemcpyDeviceToHost));
  float fmin = FLT_MAX, fmax = -FLT_MAX;
  double dmin = DBL_MAX, dmax = -DBL_MAX;
  for (int i = 0; i < n; i++) {
    float x = static_cast<float>((i * 7919) % 1013) - 500.25f;
    double y = static_cast<double>((i * 104729) % 2003) * 0.5 - 321.0;
    fmin = x < fmin ? x : fmin;
    fmax = x > fmax ? x : fmax;
    dmin = y < dmin ? y : dmin;
    dmax = y > dmax ? y : dmax;
  }
  CHECK_EQ(hf[0], fmin);
  CHECK_EQ(hf[1], fmin);
  CHECK_EQ(hf[2], fmax);
  CHECK_EQ(hf[3], fmax);
  CHECK_EQ(hd[0], dmin);
  CHECK_EQ(hd[1], dmin);
  CHECK_EQ(hd[2], dmax);
  CHECK_EQ(hd[3], dmax);
  HIP_CHECK(hipFree(f));
  HIP_CHECK(hipFree(d));
  return test_summary("atomics_safe_minmax");
}
