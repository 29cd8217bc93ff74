// __syncthreads: block reductions in static __shared__ memory, neighbour
// exchanges over many rounds, barriers in loops, threads that exit before a
// barrier, 1024-thread blocks, and far more blocks than worker threads.
#include <vector>

#include "common.h"

// Sum of each block's values, tree reduction in shared memory.
__global__ void k_block_sum(const int* in, long long* out) {
  __shared__ long long s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

static void test_block_reduction() {
  const int blocks = 37, threads = 256, n = blocks * threads;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 2001 - 1000;
  std::vector<long long> want(blocks, 0), got(blocks, -1);
  for (int i = 0; i < n; i++) want[i / threads] += h[i];
  int* d = nullptr;
  long long* dout = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, blocks * sizeof(long long)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_block_sum<<<blocks, threads>>>(d, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, blocks * sizeof(long long),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), blocks);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dout));
}

// Each round every thread combines its value with its right neighbour's
// (double-buffered), so any missing barrier shows up as a wrong value.
__global__ void k_neighbours(unsigned* io, int rounds) {
  __shared__ unsigned buf[2][512];
  int t = threadIdx.x, n = blockDim.x;
  unsigned* base = io + blockIdx.x * n;
  buf[0][t] = base[t];
  __syncthreads();
  for (int r = 0; r < rounds; r++) {
    int cur = r & 1;
    buf[cur ^ 1][t] = buf[cur][t] * 31u + buf[cur][(t + 1) % n] + r;
    __syncthreads();
  }
  base[t] = buf[rounds & 1][t];
}

static void test_neighbour_exchange() {
  const int blocks = 6, threads = 300, rounds = 100, n = blocks * threads;
  std::vector<unsigned> h(n), want(n);
  for (int i = 0; i < n; i++) h[i] = unsigned(i * 2654435761u);
  for (int b = 0; b < blocks; b++) {
    std::vector<unsigned> cur(h.begin() + b * threads,
                              h.begin() + (b + 1) * threads),
        next(threads);
    for (int r = 0; r < rounds; r++) {
      for (int t = 0; t < threads; t++)
        next[t] = cur[t] * 31u + cur[(t + 1) % threads] + r;
      cur.swap(next);
    }
    for (int t = 0; t < threads; t++) want[b * threads + t] = cur[t];
  }
  unsigned* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  k_neighbours<<<blocks, threads>>>(d, rounds);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

// A loop whose trip count differs between blocks (uniform within a block)
// with two barriers per iteration: counts how often each thread saw every
// other thread's increment.
__global__ void k_barrier_loop(int* out) {
  __shared__ int counter;
  int iters = 3 + blockIdx.x % 5;
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  int ok = 0;
  for (int i = 0; i < iters; i++) {
    atomicAdd(&counter, 1);
    __syncthreads();
    if (counter == int(blockDim.x) * (i + 1)) ok++;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = ok * 100 + iters;
}

static void test_barriers_in_loops() {
  const int blocks = 10, threads = 96, n = blocks * threads;
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  k_barrier_loop<<<blocks, threads>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) {
    int iters = 3 + (i / threads) % 5;
    want[i] = iters * 100 + iters;
  }
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

// Threads at or past `n` return before the barrier; the others still get
// through it and read what the others wrote.
__global__ void k_early_exit(const int* in, int* out, int n) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t >= n) return;
  s[t] = in[t] * 2;
  __syncthreads();
  out[t] = s[n - 1 - t];
}

static void test_early_exit_before_barrier() {
  const int threads = 256;
  const int ns[] = {1, 100, 129, 255};
  int *din = nullptr, *dout = nullptr;
  HIP_CHECK(hipMalloc(&din, threads * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, threads * sizeof(int)));
  std::vector<int> h(threads), got(threads), want(threads);
  for (int i = 0; i < threads; i++) h[i] = i * 3 + 1;
  HIP_CHECK(hipMemcpy(din, h.data(), threads * sizeof(int), hipMemcpyHostToDevice));
  for (int n : ns) {
    HIP_CHECK(hipMemset(dout, 0xFF, threads * sizeof(int)));
    k_early_exit<<<1, threads>>>(din, dout, n);
    HIP_CHECK(hipDeviceSynchronize());
    for (int i = 0; i < threads; i++) want[i] = i < n ? h[n - 1 - i] * 2 : -1;
    HIP_CHECK(hipMemcpy(got.data(), dout, threads * sizeof(int),
                        hipMemcpyDeviceToHost));
    if (!CHECK_ARRAY(got.data(), want.data(), threads))
      std::fprintf(stderr, "  n = %d\n", n);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// 1024 threads, 2D block: reverse the block's values through shared memory.
__global__ void k_reverse_1024(int* io) {
  __shared__ int s[1024];
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int n = blockDim.x * blockDim.y;
  int* base = io + blockIdx.x * n;
  s[t] = base[t];
  __syncthreads();
  base[t] = s[n - 1 - t] + t;
}

static void test_1024_thread_blocks() {
  const int blocks = 4, n = blocks * 1024;
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) h[i] = i * 11 - 7;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < 1024; t++)
      want[b * 1024 + t] = h[b * 1024 + 1023 - t] + t;
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_reverse_1024<<<blocks, dim3(32, 32)>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

// Blocks far outnumber the worker threads; each reverses its own segment.
__global__ void k_reverse(int* io) {
  __shared__ int s[64];
  int t = threadIdx.x, n = blockDim.x;
  int* base = io + blockIdx.x * n;
  s[t] = base[t];
  __syncthreads();
  base[t] = s[n - 1 - t];
}

static void test_many_blocks_with_barriers() {
  const int blocks = 5000, threads = 48, n = blocks * threads;
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) h[i] = i ^ 0x5A5A;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++)
      want[b * threads + t] = h[b * threads + threads - 1 - t];
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_reverse<<<blocks, threads>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_block_reduction();
  test_neighbour_exchange();
  test_barriers_in_loops();
  test_early_exit_before_barrier();
  test_1024_thread_blocks();
  test_many_blocks_with_barriers();
  return test_summary("syncthreads");
}
