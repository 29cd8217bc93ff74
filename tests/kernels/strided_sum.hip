// Strided sums, the loop shape of HeCBench layout's SoA kernel: a constant
// 4096 steps, which the GPU pass unrolls partially as nvcc does
// (tests/hipcc/hipcc_device_partial_unroll.sh checks the PTX), and counts
// from an argument (0..40: every remainder of run-time unrolling, which
// the GPU pass does by 4, a small body and one of some 30 instructions
// alike: tests/hipcc/hipcc_device_runtime_unroll.sh), against sums
// computed on the host.
#include <vector>

#include "common.h"

constexpr int kSteps = 4096;

__global__ void k_const(const int* __restrict__ in, int* __restrict__ out,
                        int width) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = 0;
  for (int i = 0; i < kSteps; i++) s += in[i * width + gid] * (i % 7 + 1);
  out[gid] = s;
}

__global__ void k_count(const int* __restrict__ in, int* __restrict__ out,
                        int width, int n) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = 0;
  for (int i = 0; i < n; i++) s = s * 3 + in[i * width + gid];
  out[gid] = s;
}

__host__ __device__ unsigned mix(unsigned s, unsigned x, int i) {
  unsigned a = (x ^ (s >> 3)) * 2654435761u + (unsigned)i;
  unsigned b = (a << 7 | a >> 25) ^ (s * 40503u);
  return (a + b) ^ ((b >> 11) * 3u + (x & 0xffu));
}

__global__ void k_mix(const int* __restrict__ in, int* __restrict__ out,
                      int width, int n) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = 0;
  for (int i = 0; i < n; i++) s = mix(s, (unsigned)in[i * width + gid], i);
  out[gid] = s;
}

int main() {
  const int width = 256;
  std::vector<int> in((size_t)kSteps * width);
  for (size_t k = 0; k < in.size(); k++)
    in[k] = (int)((k * 2654435761u) >> 7) - (1 << 23);
  int *d_in, *d_out;
  HIP_CHECK(hipMalloc(&d_in, in.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_out, width * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), in.size() * sizeof(int),
                      hipMemcpyHostToDevice));
  std::vector<int> got(width), want(width);
  k_const<<<width / 64, 64>>>(d_in, d_out, width);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(got.data(), d_out, width * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int t = 0; t < width; t++) {
    unsigned s = 0;
    for (int i = 0; i < kSteps; i++)
      s += (unsigned)in[(size_t)i * width + t] * (unsigned)(i % 7 + 1);
    want[t] = (int)s;
  }
  CHECK_ARRAY(got.data(), want.data(), width);
  for (int n = 0; n <= 40; n++) {
    k_count<<<width / 64, 64>>>(d_in, d_out, width, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(got.data(), d_out, width * sizeof(int),
                        hipMemcpyDeviceToHost));
    for (int t = 0; t < width; t++) {
      unsigned s = 0;
      for (int i = 0; i < n; i++) s = s * 3 + (unsigned)in[(size_t)i * width + t];
      want[t] = (int)s;
    }
    CHECK_ARRAY(got.data(), want.data(), width);
    k_mix<<<width / 64, 64>>>(d_in, d_out, width, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(got.data(), d_out, width * sizeof(int),
                        hipMemcpyDeviceToHost));
    for (int t = 0; t < width; t++) {
      unsigned s = 0;
      for (int i = 0; i < n; i++)
        s = mix(s, (unsigned)in[(size_t)i * width + t], i);
      want[t] = (int)s;
    }
    CHECK_ARRAY(got.data(), want.data(), width);
  }
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  return test_summary("strided_sum");
}
