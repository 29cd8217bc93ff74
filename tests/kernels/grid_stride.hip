// Grid-stride and block-stride loops, which hipc-kc interchanges with the
// loop over a block's threads (src/kc/form_loops_interchange.c): sums,
// per-thread results, atomics (global and __shared__), 2-D grids, early
// exits and breaks, n not a multiple of the stride and n below the grid's
// size. Every result is computed again on the host.
#include <cstring>
#include <vector>

#include "common.h"

__global__ void gs_sum(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += in[i];
  atomicAdd(out, sum);
}

// Each thread's own result, and a value it computes before the loop.
__global__ void gs_per_thread(const int* in, long long* part, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  long long acc = 3 * t;
  int count = 0;
  for (int i = t; i < n; i += blockDim.x * gridDim.x) {
    acc += (long long)in[i] * (i % 7 + 1);
    count++;
  }
  part[2 * t] = acc;
  part[2 * t + 1] = count;
}

// y = a * x + y in place, by a block-stride loop over a block's chunk.
__global__ void bs_axpy(float a, const float* x, float* y, int n, int chunk) {
  int lo = blockIdx.x * chunk, hi = min(n, lo + chunk);
  for (int i = lo + threadIdx.x; i < hi; i += blockDim.x) y[i] = a * x[i] + y[i];
}

// __shared__ atomics inside the loop, then a barrier and one thread's add.
__global__ void gs_shared_hist(const int* in, int* hist, int n) {
  __shared__ int h[8];
  if (threadIdx.x < 8) h[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&h[in[i] & 7], 1);
  __syncthreads();
  if (threadIdx.x < 8) atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
}

// A 2-D grid: the stride is the grid's whole size in x and y.
__global__ void gs_2d(const int* in, int* out, int n) {
  int nthreads = blockDim.x * blockDim.y * gridDim.x * gridDim.y;
  int bid = blockIdx.y * gridDim.x + blockIdx.x;
  int t = bid * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
  for (int i = t; i < n; i += nthreads) out[i] = 2 * in[i] + 1;
}

// Threads return before the loop, and leave it early with break.
__global__ void gs_exits(const int* in, int* out, int n, int limit) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 5 == 4) return;
  int sum = 0, last = -1;
  for (int i = t; i < n; i += blockDim.x * gridDim.x) {
    if (in[i] > limit) break;
    sum += in[i];
    last = i;
  }
  out[2 * t] = sum;
  out[2 * t + 1] = last;
}

// Float min and max reductions per thread, used after the loop.
__global__ void gs_minmax(const float* in, float* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float lo = 1e30f, hi = -1e30f;
  for (int i = t; i < n; i += blockDim.x * gridDim.x) {
    lo = fminf(lo, in[i]);
    hi = fmaxf(hi, in[i]);
  }
  out[2 * t] = lo;
  out[2 * t + 1] = hi;
}

// A 64-bit unsigned index with `<=` to the last element, a scale computed
// before the loop, and a third of the threads that skip the loop.
__global__ void gs_u64(const int* in, long long* out, unsigned long long last) {
  unsigned long long t = blockIdx.x * blockDim.x + threadIdx.x;
  long long acc = 0;
  int scale = (int)(t % 3);
  if (scale != 0)
    for (unsigned long long i = t; i <= last;
         i += (unsigned long long)blockDim.x * gridDim.x)
      acc += scale * in[i];
  out[t] = acc;
}

static std::vector<int> data(int n) {
  std::vector<int> v(n);
  unsigned s = 12345u;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    v[i] = (int)((s >> 8) % 1000) - 300;
  }
  return v;
}

template <typename T>
static T* dev(const std::vector<T>& h) {
  T* d;
  HIP_CHECK(hipMalloc(&d, h.size() * sizeof(T) + 1));
  if (!h.empty())
    HIP_CHECK(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}

template <typename T>
static std::vector<T> host(const T* d, size_t n) {
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

static void test_sum(int grid, int block, int n) {
  std::vector<int> in = data(n);
  long long want = 0;
  for (int v : in) want += v;
  int* din = dev(in);
  int* dout = dev(std::vector<int>(1, 0));
  gs_sum<<<grid, block>>>(din, dout, n);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(host(dout, 1)[0], (int)want);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

static void test_per_thread(int grid, int block, int n) {
  std::vector<int> in = data(n);
  int nt = grid * block;
  std::vector<long long> want(2 * nt);
  for (int t = 0; t < nt; t++) {
    long long acc = 3 * t, count = 0;
    for (int i = t; i < n; i += nt) {
      acc += (long long)in[i] * (i % 7 + 1);
      count++;
    }
    want[2 * t] = acc;
    want[2 * t + 1] = count;
  }
  int* din = dev(in);
  long long* dp = dev(std::vector<long long>(2 * nt, -1));
  gs_per_thread<<<grid, block>>>(din, dp, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> got = host(dp, 2 * nt);
  CHECK_ARRAY(got.data(), want.data(), 2 * nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dp));
}

static void test_axpy(int grid, int block, int n) {
  std::vector<float> x(n), y(n), want(n);
  for (int i = 0; i < n; i++) {
    x[i] = 0.25f * (i % 97);
    y[i] = 1.5f - 0.125f * (i % 13);
    want[i] = 3.0f * x[i] + y[i];
  }
  float* dx = dev(x);
  float* dy = dev(y);
  int chunk = (n + grid - 1) / grid;
  bs_axpy<<<grid, block>>>(3.0f, dx, dy, n, chunk);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> got = host(dy, n);
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
}

static void test_hist(int grid, int block, int n) {
  std::vector<int> in = data(n);
  std::vector<int> want(8, 0);
  for (int v : in) want[v & 7]++;
  int* din = dev(in);
  int* dh = dev(std::vector<int>(8, 0));
  gs_shared_hist<<<grid, block>>>(din, dh, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> got = host(dh, 8);
  CHECK_ARRAY(got.data(), want.data(), 8);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dh));
}

static void test_2d(dim3 grid, dim3 block, int n) {
  std::vector<int> in = data(n), want(n);
  for (int i = 0; i < n; i++) want[i] = 2 * in[i] + 1;
  int* din = dev(in);
  int* dout = dev(std::vector<int>(n, 0));
  gs_2d<<<grid, block>>>(din, dout, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> got = host(dout, n);
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

static void test_exits(int grid, int block, int n, int limit) {
  std::vector<int> in = data(n);
  int nt = grid * block;
  std::vector<int> want(2 * nt, 77);
  for (int t = 0; t < nt; t++) {
    if (t % 5 == 4) continue;
    int sum = 0, last = -1;
    for (int i = t; i < n; i += nt) {
      if (in[i] > limit) break;
      sum += in[i];
      last = i;
    }
    want[2 * t] = sum;
    want[2 * t + 1] = last;
  }
  int* din = dev(in);
  int* dout = dev(std::vector<int>(2 * nt, 77));
  gs_exits<<<grid, block>>>(din, dout, n, limit);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> got = host(dout, 2 * nt);
  CHECK_ARRAY(got.data(), want.data(), 2 * nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

static void test_minmax(int grid, int block, int n) {
  int nt = grid * block;
  std::vector<float> in(n);
  for (int i = 0; i < n; i++) in[i] = 0.5f * ((i * 37) % 101) - 20.0f;
  std::vector<float> want(2 * nt);
  for (int t = 0; t < nt; t++) {
    float lo = 1e30f, hi = -1e30f;
    for (int i = t; i < n; i += nt) {
      lo = in[i] < lo ? in[i] : lo;
      hi = in[i] > hi ? in[i] : hi;
    }
    want[2 * t] = lo;
    want[2 * t + 1] = hi;
  }
  float* din = dev(in);
  float* dout = dev(std::vector<float>(2 * nt, 0.0f));
  gs_minmax<<<grid, block>>>(din, dout, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> got = host(dout, 2 * nt);
  CHECK_ARRAY(got.data(), want.data(), 2 * nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

static void test_u64(int grid, int block, int n) {
  std::vector<int> in = data(n);
  int nt = grid * block;
  std::vector<long long> want(nt, 0);
  for (int t = 0; t < nt; t++)
    for (int i = t; t % 3 && i < n; i += nt) want[t] += (t % 3) * in[i];
  int* din = dev(in);
  long long* dout = dev(std::vector<long long>(nt, -1));
  gs_u64<<<grid, block>>>(din, dout, (unsigned long long)n - 1);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> got = host(dout, nt);
  CHECK_ARRAY(got.data(), want.data(), nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

int main() {
  // n a multiple of the stride, not one, below the grid, zero.
  const int sizes[] = {4096, 100003, 16389, 16384, 1000, 37, 0};
  for (int n : sizes) {
    test_sum(8, 128, n);
    test_per_thread(8, 128, n);
    test_per_thread(3, 100, n);  // a block size that is no warp multiple
    test_axpy(8, 64, n);
    test_hist(6, 96, n);
    test_2d(dim3(3, 2), dim3(16, 4), n);
    test_exits(4, 128, n, 600);
    test_minmax(5, 64, n);
    if (n > 0) test_u64(4, 96, n);
  }
  test_sum(1, 1, 999);
  test_sum(2048, 256, 1 << 20);
  test_exits(4, 128, 50000, 2000);  // no break taken
  return test_summary("grid_stride");
}
