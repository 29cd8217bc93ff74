// Dynamic shared memory: `extern __shared__ T s[]` sized by the launch,
// HIP_DYNAMIC_SHARED, two kernels with different sizes, alignment.
#include <cstdint>
#include <vector>

#include "common.h"

// Reverses each block's floats through dynamic shared memory.
__global__ void k_reverse_dyn(float* io) {
  extern __shared__ float s[];
  int t = threadIdx.x, n = blockDim.x;
  float* base = io + blockIdx.x * n;
  s[t] = base[t];
  __syncthreads();
  base[t] = s[n - 1 - t];
}

static void test_extern_shared_sized_by_launch() {
  const int blocks = 20, threads = 200, n = blocks * threads;
  std::vector<float> h(n), want(n);
  for (int i = 0; i < n; i++) h[i] = 0.25f * i - 100.0f;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++)
      want[b * threads + t] = h[b * threads + threads - 1 - t];
  float* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_reverse_dyn<<<blocks, threads, threads * sizeof(float)>>>(d);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

// Fills `words` ints of dynamic shared memory (every word, strided over the
// block), then each thread sums a slice: a wrong size or aliasing between
// blocks gives a wrong sum.
__global__ void k_fill_sum(long long* out, int words) {
  HIP_DYNAMIC_SHARED(int, buf);
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    buf[i] = i * 3 + static_cast<int>(blockIdx.x);
  __syncthreads();
  long long sum = 0;
  for (int i = threadIdx.x; i < words; i += blockDim.x) sum += buf[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

static void run_fill_sum(int words, int blocks, int threads) {
  const int n = blocks * threads;
  long long* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(long long)));
  k_fill_sum<<<blocks, threads, words * sizeof(int)>>>(d, words);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> h(n), want(n, 0);
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++)
      for (int i = t; i < words; i += threads)
        want[b * threads + t] += i * 3 + b;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(long long), hipMemcpyDeviceToHost));
  if (!CHECK_ARRAY(h.data(), want.data(), n))
    std::fprintf(stderr, "  words = %d\n", words);
  HIP_CHECK(hipFree(d));
}

static void test_hip_dynamic_shared_macro() { run_fill_sum(1000, 8, 64); }

static void test_two_kernels_different_sizes() {
  // Small, then the largest allowed, then small again: each launch gets
  // at least the memory it asked for.
  int max_shared = 0;
  HIP_CHECK(hipDeviceGetAttribute(
      &max_shared, hipDeviceAttributeMaxSharedMemoryPerBlock, 0));
  run_fill_sum(16, 4, 32);
  run_fill_sum(max_shared / int(sizeof(int)), 4, 256);
  run_fill_sum(300, 3, 100);
  test_extern_shared_sized_by_launch();
}

// A different element type with an alignment attribute: the memory is
// aligned for it.
__global__ void k_aligned(unsigned long long* out) {
  extern __shared__ __attribute__((aligned(16))) double sd[];
  sd[threadIdx.x] = threadIdx.x * 0.5;
  __syncthreads();
  out[threadIdx.x] =
      (reinterpret_cast<uintptr_t>(&sd[0]) % 16) * 1000000ull +
      static_cast<unsigned long long>(sd[blockDim.x - 1 - threadIdx.x] * 2);
}

static void test_alignment() {
  const int n = 50;
  unsigned long long* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(unsigned long long)));
  k_aligned<<<1, n, n * sizeof(double)>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned long long> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = n - 1 - i;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(unsigned long long),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_extern_shared_sized_by_launch();
  test_hip_dynamic_shared_macro();
  test_two_kernels_different_sizes();
  test_alignment();
  return test_summary("dynamic_shared");
}
