// A .cpp that hipcc compiles (HIP_SOURCE_PROPERTY_FORMAT), in a shared
// library; SQUARE_OFFSET comes from the CLANG_OPTIONS section.
#include <hip/hip_runtime.h>

#include "findhip_example.h"

#if !EXAMPLE_HIPCC_FLAGS
#error "HIP_HIPCC_FLAGS did not reach hipcc"
#endif
#if SQUARE_OFFSET != SQUARE_OFFSET_VALUE
#error "CLANG_OPTIONS did not reach hipcc"
#endif

__global__ void square_kernel(int n, const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i] + SQUARE_OFFSET;
}

int run_square(int n, const int* in, int* out) {
  int *din = nullptr, *dout = nullptr;
  size_t bytes = n * sizeof(int);
  hipError_t e = hipMalloc(&din, bytes);
  if (e == hipSuccess) e = hipMalloc(&dout, bytes);
  if (e == hipSuccess) e = hipMemcpy(din, in, bytes, hipMemcpyHostToDevice);
  if (e == hipSuccess) {
    square_kernel<<<(n + 127) / 128, 128>>>(n, din, dout);
    e = hipGetLastError();
  }
  if (e == hipSuccess) e = hipMemcpy(out, dout, bytes, hipMemcpyDeviceToHost);
  (void)hipFree(din);
  (void)hipFree(dout);
  return e == hipSuccess ? 0 : -1;
}
