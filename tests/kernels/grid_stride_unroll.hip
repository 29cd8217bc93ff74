// Grid-stride loops, whose step (the grid's thread count) is known only
// at run time, which hipcc's GPU pass has LLVM unroll by 4 with a
// division for the trip count and a remainder loop
// (src/kc/nvptx_stride_unroll.c; tests/hipcc/hipcc_device_stride_unroll.sh
// checks the PTX): sums, a copy with a store per trip and a loop that
// starts past its bound, for sizes around multiples of the stride and of
// 4 strides, against the host's sums.
#include <vector>

#include "common.h"

__global__ void k_sum(long long* out, const int* in, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;
  long long sum = 0;
  for (int i = tid; i < n; i += stride) sum = sum * 3 + in[i];
  out[tid] = sum;
}

__global__ void k_scale(int* out, const int* in, int n, int a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    out[i] = a * in[i] + 1;
}

int main() {
  const int blocks = 3, threads = 64, stride = blocks * threads;
  const int max_n = 9 * stride + 7;
  std::vector<int> in(max_n);
  for (int i = 0; i < max_n; i++) in[i] = (i * 37) % 101 - 50;
  int *d_in, *d_out;
  long long* d_sum;
  HIP_CHECK(hipMalloc(&d_in, max_n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_out, max_n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_sum, stride * sizeof(long long)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), max_n * sizeof(int),
                      hipMemcpyHostToDevice));
  const int sizes[] = {0,          1,          stride - 1, stride,
                       stride + 1, 3 * stride, 4 * stride, 4 * stride + 5,
                       5 * stride - 1, 8 * stride + 3, max_n};
  for (int n : sizes) {
    k_sum<<<blocks, threads>>>(d_sum, d_in, n);
    HIP_CHECK(hipGetLastError());
    std::vector<long long> got(stride), want(stride);
    HIP_CHECK(hipMemcpy(got.data(), d_sum, stride * sizeof(long long),
                        hipMemcpyDeviceToHost));
    for (int t = 0; t < stride; t++) {
      long long s = 0;
      for (int i = t; i < n; i += stride) s = s * 3 + in[i];
      want[t] = s;
    }
    CHECK_ARRAY(got.data(), want.data(), stride);

    HIP_CHECK(hipMemset(d_out, 0, max_n * sizeof(int)));
    k_scale<<<blocks, threads>>>(d_out, d_in, n, 5);
    HIP_CHECK(hipGetLastError());
    std::vector<int> out(max_n), ref(max_n, 0);
    HIP_CHECK(hipMemcpy(out.data(), d_out, max_n * sizeof(int),
                        hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) ref[i] = 5 * in[i] + 1;
    CHECK_ARRAY(out.data(), ref.data(), max_n);
  }
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  HIP_CHECK(hipFree(d_sum));
  return test_summary("grid_stride_unroll");
}
