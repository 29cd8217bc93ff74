// Choices between square roots and divisions by a kernel argument, which
// hipcc's GPU pass computes behind a branch instead of computing both arms
// and selecting (src/kc/nvptx_select.c; tests/hipcc/hipcc_device_select.sh
// checks the PTX), in a loop as in HeCBench adam: the results of every
// mode against the host's (square roots, divisions and sums are correctly
// rounded on both, and nothing here can be contracted).
#include <cmath>
#include <vector>

#include "common.h"

__global__ void k_modes(float* out, const float* in, int mode, float e,
                        int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t], acc = 0.0f;
  for (int s = 1; s <= steps; s++) {
    float d;
    if (mode == 0)
      d = sqrtf(v + e);
    else
      d = sqrtf(v) + e;
    float q;
    if (mode == 2)
      q = v / d;
    else
      q = d / (v + 1.0f);
    acc = acc + q;
    v = v + d;
  }
  out[t] = acc;
}

static float host_modes(float v, int mode, float e, int steps) {
  float acc = 0.0f;
  for (int s = 1; s <= steps; s++) {
    volatile float d = mode == 0 ? std::sqrt(v + e) : std::sqrt(v) + e;
    volatile float q = mode == 2 ? v / d : d / (v + 1.0f);
    acc = acc + q;
    v = v + d;
  }
  return acc;
}

int main() {
  const int n = 256;
  std::vector<float> in(n);
  for (int i = 0; i < n; i++) in[i] = 0.37f * static_cast<float>(i) + 0.01f;
  float *d_in, *d_out;
  HIP_CHECK(hipMalloc(&d_in, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&d_out, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float),
                      hipMemcpyHostToDevice));
  for (int mode = 0; mode < 3; mode++) {
    const float e = 1e-3f;
    const int steps = 7 + mode;
    k_modes<<<n / 64, 64>>>(d_out, d_in, mode, e, steps);
    HIP_CHECK(hipGetLastError());
    std::vector<float> got(n), want(n);
    HIP_CHECK(hipMemcpy(got.data(), d_out, n * sizeof(float),
                        hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) want[i] = host_modes(in[i], mode, e, steps);
    CHECK_ARRAY(got.data(), want.data(), n);
  }
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  return test_summary("uniform_select");
}
