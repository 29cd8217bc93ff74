// A 1-D stencil through shared memory, in the program's own .hip source;
// STENCIL_RADIUS comes from the HIPCC_OPTIONS section.
#include <hip/hip_runtime.h>

#include "findhip_example.h"

#if !EXAMPLE_HIPCC_FLAGS
#error "HIP_HIPCC_FLAGS did not reach hipcc"
#endif
#if STENCIL_RADIUS != STENCIL_RADIUS_VALUE
#error "HIPCC_OPTIONS did not reach hipcc"
#endif

constexpr int kBlock = 128;

__global__ void stencil_kernel(int n, const float* in, float* out) {
  __shared__ float tile[kBlock + 2 * STENCIL_RADIUS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x + STENCIL_RADIUS;
  tile[t] = i < n ? in[i] : 0.0f;
  if (threadIdx.x < STENCIL_RADIUS) {
    int left = i - STENCIL_RADIUS, right = i + kBlock;
    tile[t - STENCIL_RADIUS] = left >= 0 && left < n ? in[left] : 0.0f;
    tile[t + kBlock] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (i < n) {
    float sum = 0.0f;
    for (int k = -STENCIL_RADIUS; k <= STENCIL_RADIUS; k++) sum += tile[t + k];
    out[i] = sum;
  }
}

int run_stencil(int n, const float* in, float* out) {
  float *din = nullptr, *dout = nullptr;
  size_t bytes = n * sizeof(float);
  hipError_t e = hipMalloc(&din, bytes);
  if (e == hipSuccess) e = hipMalloc(&dout, bytes);
  if (e == hipSuccess) e = hipMemcpy(din, in, bytes, hipMemcpyHostToDevice);
  if (e == hipSuccess) {
    stencil_kernel<<<(n + kBlock - 1) / kBlock, kBlock>>>(n, din, dout);
    e = hipGetLastError();
  }
  if (e == hipSuccess) e = hipMemcpy(out, dout, bytes, hipMemcpyDeviceToHost);
  (void)hipFree(din);
  (void)hipFree(dout);
  return e == hipSuccess ? 0 : -1;
}
