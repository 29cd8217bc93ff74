// A second code object for tests/shell/module_api.sh, with a kernel of the
// same name as mod_a's: each module finds its own.
#include <hip/hip_runtime.h>

__device__ int bias = 1000;

extern "C" __global__ void scale_add(float* out, const float* in, float a,
                                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = -a * in[i] + bias;
}
