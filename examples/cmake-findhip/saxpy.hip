// saxpy in a static library built by hip_add_library(... STATIC ...).
#include <hip/hip_runtime.h>

#include "findhip_example.h"

#if !EXAMPLE_HIPCC_FLAGS
#error "HIP_HIPCC_FLAGS did not reach hipcc"
#endif

__global__ void saxpy_kernel(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int run_saxpy(int n, float a, const float* x, float* y) {
  float *dx = nullptr, *dy = nullptr;
  size_t bytes = n * sizeof(float);
  hipError_t e = hipMalloc(&dx, bytes);
  if (e == hipSuccess) e = hipMalloc(&dy, bytes);
  if (e == hipSuccess) e = hipMemcpy(dx, x, bytes, hipMemcpyHostToDevice);
  if (e == hipSuccess) e = hipMemcpy(dy, y, bytes, hipMemcpyHostToDevice);
  if (e == hipSuccess) {
    saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, dx, dy);
    e = hipGetLastError();
  }
  if (e == hipSuccess) e = hipMemcpy(y, dy, bytes, hipMemcpyDeviceToHost);
  (void)hipFree(dx);
  (void)hipFree(dy);
  return e == hipSuccess ? 0 : -1;
}
