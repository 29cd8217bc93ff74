// The reference warp-shuffle programs: 4x4 matrices transposed by __shfl
// within a warp, and a block reduction whose kernel takes the warp size as
// a template parameter, chosen on the host from the device's warp size.
#include <vector>

#include "common.h"

// Each 16-lane group holds one 4x4 matrix, row-major (lane = row * 4 +
// col); after the shuffle lane (r, c) holds the element at (c, r).
__global__ void k_transpose4(const int* in, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane16 = threadIdx.x % 16;
  int row = lane16 / 4, col = lane16 % 4;
  int v = in[t];
  out[t] = __shfl(v, col * 4 + row, 16);
}

static void test_transpose_4x4() {
  const int blocks = 2, threads = 128, n = blocks * threads;  // 16 matrices
  std::vector<int> h(n), want(n), got(n);
  for (int i = 0; i < n; i++) h[i] = i * 17 % 1009;
  for (int m = 0; m < n / 16; m++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++) want[m * 16 + r * 4 + c] = h[m * 16 + c * 4 + r];
  int *din = nullptr, *dout = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_transpose4<<<blocks, threads>>>(din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

template <int WS>
__global__ void k_reduce(const int* in, long long* out, int n) {
  __shared__ long long partial[1024 / WS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % WS, warp = threadIdx.x / WS;
  int nwarps = (blockDim.x + WS - 1) / WS;
  long long v = i < n ? in[i] : 0;
  for (int off = WS / 2; off > 0; off /= 2) v += __shfl_down(v, off, WS);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < nwarps ? partial[lane] : 0;
    for (int off = WS / 2; off > 0; off /= 2) v += __shfl_down(v, off, WS);
    if (lane == 0) atomicAdd(reinterpret_cast<unsigned long long*>(out),
                             static_cast<unsigned long long>(v));
  }
}

static void test_block_reduction_templated_on_warp_size(int ws) {
  const int n = 100000, threads = 512, blocks = (n + threads - 1) / threads;
  std::vector<int> h(n);
  long long want = 0;
  for (int i = 0; i < n; i++) {
    h[i] = (i * 7919) % 10007 - 5000;
    want += h[i];
  }
  int* din = nullptr;
  long long* dsum = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dsum, sizeof(long long)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dsum, 0, sizeof(long long)));
  if (ws == 64)
    k_reduce<64><<<blocks, threads>>>(din, dsum, n);
  else
    k_reduce<32><<<blocks, threads>>>(din, dsum, n);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  long long got = 0;
  HIP_CHECK(hipMemcpy(&got, dsum, sizeof got, hipMemcpyDeviceToHost));
  CHECK_EQ(got, want);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dsum));
}

int main() {
  int ws = test::device_warp_size();
  test_transpose_4x4();
  test_block_reduction_templated_on_warp_size(ws);
  return test_summary("warp_reduce");
}
