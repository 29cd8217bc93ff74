// A kernel behind a plain C++ function, for main.cpp.
#include <hip/hip_runtime.h>

#include "scale.h"

__global__ void scale_kernel(float* p, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}

int scale_on_device(float* host, float s, int n) {
  float* d;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess) return -1;
  hipError_t e = hipMemcpy(d, host, n * sizeof(float), hipMemcpyHostToDevice);
  if (e == hipSuccess) {
    scale_kernel<<<(n + 127) / 128, 128>>>(d, s, n);
    e = hipMemcpy(host, d, n * sizeof(float), hipMemcpyDeviceToHost);
  }
  if (hipFree(d) != hipSuccess) e = hipErrorInvalidValue;
  return e == hipSuccess ? 0 : -1;
}
