// Sums 1..n in blocks of 256 threads (shared memory, __syncthreads), then
// the block sums on the host; prints "reduce ok SUM".
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr int kBlock = 256;

__global__ void block_sums(const int* in, long long* out, int n) {
  __shared__ long long s[kBlock];
  int i = blockIdx.x * kBlock + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int w = kBlock / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main() {
  const int n = 100000, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = i + 1;
  int* din;
  long long* dout;
  if (hipMalloc(&din, n * sizeof(int)) != hipSuccess ||
      hipMalloc(&dout, blocks * sizeof(long long)) != hipSuccess ||
      hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice) !=
          hipSuccess)
    return 1;
  block_sums<<<blocks, kBlock>>>(din, dout, n);
  std::vector<long long> out(blocks);
  if (hipMemcpy(out.data(), dout, blocks * sizeof(long long),
                hipMemcpyDeviceToHost) != hipSuccess)
    return 1;
  long long sum = 0;
  for (long long v : out) sum += v;
  if (hipFree(din) != hipSuccess || hipFree(dout) != hipSuccess) return 1;
  if (sum != (long long)n * (n + 1) / 2) {
    std::printf("reduce wrong: %lld\n", sum);
    return 1;
  }
  std::printf("reduce ok %lld\n", sum);
  return 0;
}
