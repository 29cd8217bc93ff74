// __syncthreads_count / _and / _or (block-wide, the reduced predicate
// returned to every thread, over several rounds; threads that exited do
// not count), and the fences, in the "last block sums the partial results"
// pattern (__threadfence + atomicInc).
#include <vector>

#include "common.h"

const int ROUNDS = 5;

// Round r: thread t's predicate is (t + r) % (r + 2) == 0.
__host__ __device__ inline int pred_of(int t, int r) {
  return (t + r) % (r + 2) == 0;
}

__global__ void k_counts(int* out, int live) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  if (t >= live) return;  // these threads exit before the barriers
  for (int r = 0; r < ROUNDS; r++) {
    int p = pred_of(t, r);
    int* o = out + (blockIdx.x * ROUNDS + r) * 3 * 1024 + 3 * t;
    o[0] = __syncthreads_count(p);
    o[1] = __syncthreads_and(r == 3 ? 1 : p);
    o[2] = __syncthreads_or(r == 4 ? 0 : p);
  }
}

static void run_counts(dim3 block, int live) {
  const int blocks = 3;
  int n = blocks * ROUNDS * 3 * 1024;
  int* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0xff, n * sizeof(int)));
  k_counts<<<blocks, block>>>(d, live);
  std::vector<int> got(n), want(n, -1);
  HIP_CHECK(hipMemcpy(got.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  int threads = block.x * block.y;
  for (int b = 0; b < blocks; b++) {
    for (int r = 0; r < ROUNDS; r++) {
      int count = 0;
      for (int t = 0; t < live && t < threads; t++) count += pred_of(t, r);
      int all = r == 3 ? 1 : count == live;
      int any = r == 4 ? 0 : count > 0;
      for (int t = 0; t < live && t < threads; t++) {
        int* w = &want[(b * ROUNDS + r) * 3 * 1024 + 3 * t];
        w[0] = count, w[1] = all, w[2] = any;
      }
    }
  }
  if (!CHECK_ARRAY(got.data(), want.data(), static_cast<size_t>(n)))
    std::fprintf(stderr, "  block (%u,%u), %d live threads\n", block.x,
                 block.y, live);
  HIP_CHECK(hipFree(d));
}

static void test_sync_counts() {
  run_counts(dim3(200), 200);      // not a multiple of the warp size
  run_counts(dim3(16, 16), 256);   // two dimensions
  run_counts(dim3(128), 100);      // 28 threads exit first
  run_counts(dim3(1), 1);          // a block of one
  run_counts(dim3(1024), 1024);    // the largest block
}

// Each block writes its partial sum, fences, and takes a ticket; the block
// that takes the last ticket sums the partial results.
__device__ unsigned int tickets = 0;

__global__ void k_last_block_sum(const int* in, int* partial, int* total,
                                 int n) {
  __shared__ int sum;
  __shared__ bool last;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&sum, in[i]);
  __threadfence_block();
  __syncthreads();
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = sum;
    __threadfence();  // the partial sum is visible before the ticket
    unsigned t = atomicInc(&tickets, gridDim.x - 1);
    last = t == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int s = 0;
    for (unsigned b = 0; b < gridDim.x; b++)
      s += reinterpret_cast<volatile int*>(partial)[b];
    *total = s;
    __threadfence_system();
  }
}

static void test_fences() {
  const int n = 100000, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<int> h(n);
  long long want = 0;
  for (int i = 0; i < n; i++) want += h[i] = (i * 7919) % 1000 - 500;
  int *in, *partial, *total;
  HIP_CHECK(hipMalloc(&in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&partial, blocks * sizeof(int)));
  HIP_CHECK(hipMalloc(&total, sizeof(int)));
  HIP_CHECK(hipMemcpy(in, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  for (int rep = 0; rep < 3; rep++) {
    HIP_CHECK(hipMemset(total, 0, sizeof(int)));
    k_last_block_sum<<<blocks, threads>>>(in, partial, total, n);
    int got = 0;
    HIP_CHECK(hipMemcpy(&got, total, sizeof got, hipMemcpyDeviceToHost));
    CHECK_EQ(got, want);
    unsigned tk = 1;
    HIP_CHECK(hipMemcpyFromSymbol(&tk, tickets, sizeof tk));
    CHECK_EQ(tk, 0u);  // atomicInc wrapped back to 0 after the last block
  }
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(partial));
  HIP_CHECK(hipFree(total));
}

int main() {
  test_sync_counts();
  test_fences();
  // On the host, outside any kernel: a "block" of one thread.
  CHECK_EQ(__syncthreads_count(5), 1);
  CHECK_EQ(__syncthreads_and(0), 0);
  CHECK_EQ(__syncthreads_or(1), 1);
  return test_summary("sync_count");
}
