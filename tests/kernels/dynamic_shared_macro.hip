// HIP_DYNAMIC_SHARED(type, var) written without a trailing semicolon, as
// AMD's definition (`extern __shared__ type var[];`) allows and as HIP code
// commonly writes it.
#include <vector>

#include "common.h"

__global__ void k_rotate(int* io) {
  HIP_DYNAMIC_SHARED(int, sbuf)
  int t = threadIdx.x, n = blockDim.x;
  sbuf[t] = io[blockIdx.x * n + t];
  __syncthreads();
  io[blockIdx.x * n + t] = sbuf[(t + 1) % n];
}

static void test_macro_without_semicolon() {
  const int blocks = 3, threads = 40, n = blocks * threads;
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) h[i] = i * i;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++)
      want[b * threads + t] = h[b * threads + (t + 1) % threads];
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_rotate<<<blocks, threads, threads * sizeof(int)>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_macro_without_semicolon();
  return test_summary("dynamic_shared_macro");
}
