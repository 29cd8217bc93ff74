// malloc / free (and new / delete) in kernels: per-thread buffers of
// varying sizes, a block-shared buffer handed out through __shared__
// memory, and a buffer that outlives its kernel (kept in a __device__
// variable, used and freed by later kernels), from all workers at once.
#include "common.h"

const int BLOCKS = 16, THREADS = 128;

__global__ void k_per_thread(long long* sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = 1 + t % 97;
  int* p = static_cast<int*>(malloc(n * sizeof(int)));
  if (!p) {
    sums[t] = -1;
    return;
  }
  for (int i = 0; i < n; i++) p[i] = t + i;
  long long s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  free(p);
  double* d = new double[3]{0.5, 1.5, static_cast<double>(t)};
  s += static_cast<long long>(d[0] + d[1] + d[2]);
  delete[] d;
  sums[t] = s;
}

__global__ void k_block_buffer(int* out) {
  __shared__ int* buf;
  if (threadIdx.x == 0) buf = static_cast<int*>(malloc(blockDim.x * sizeof(int)));
  __syncthreads();
  buf[threadIdx.x] = threadIdx.x * 2 + blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      buf[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  if (threadIdx.x == 0) free(buf);
}

__device__ int* kept;

__global__ void k_alloc_kept(int n) {
  kept = static_cast<int*>(malloc(n * sizeof(int)));
  for (int i = 0; i < n; i++) kept[i] = i * i;
}
__global__ void k_use_kept(long long* out) {
  out[threadIdx.x] = kept[threadIdx.x] + 1;
}
__global__ void k_free_kept() {
  free(kept);
  kept = nullptr;
}

int main() {
  long long* sums;
  HIP_CHECK(hipMalloc(&sums, BLOCKS * THREADS * sizeof(long long)));
  k_per_thread<<<BLOCKS, THREADS>>>(sums);
  long long got[BLOCKS * THREADS], want[BLOCKS * THREADS];
  HIP_CHECK(hipMemcpy(got, sums, sizeof got, hipMemcpyDeviceToHost));
  for (int t = 0; t < BLOCKS * THREADS; t++) {
    long long n = 1 + t % 97;
    want[t] = n * t + n * (n - 1) / 2 + static_cast<long long>(2.0 + t);
  }
  CHECK_ARRAY(got, want, BLOCKS * THREADS);

  int* out;
  HIP_CHECK(hipMalloc(&out, BLOCKS * THREADS * sizeof(int)));
  k_block_buffer<<<BLOCKS, THREADS>>>(out);
  int gi[BLOCKS * THREADS], wi[BLOCKS * THREADS];
  HIP_CHECK(hipMemcpy(gi, out, sizeof gi, hipMemcpyDeviceToHost));
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0; t < THREADS; t++)
      wi[b * THREADS + t] = ((t + 1) % THREADS) * 2 + b;
  CHECK_ARRAY(gi, wi, BLOCKS * THREADS);

  k_alloc_kept<<<1, 1>>>(64);
  k_use_kept<<<1, 64>>>(sums);
  k_free_kept<<<1, 1>>>();
  HIP_CHECK(hipMemcpy(got, sums, 64 * sizeof(long long), hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++) want[i] = i * i + 1;
  CHECK_ARRAY(got, want, 64);
  int* k = reinterpret_cast<int*>(1);
  HIP_CHECK(hipMemcpyFromSymbol(&k, kept, sizeof k));
  CHECK(k == nullptr);

  HIP_CHECK(hipFree(sums));
  HIP_CHECK(hipFree(out));
  return test_summary("device_malloc");
}
