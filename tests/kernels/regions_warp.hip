// Warp shuffles in region form (docs/internals.md "Regions"): shuffle
// statements split a kernel as barriers do, and an `if` that threads take
// differently around shuffles is predicated. Every result is checked
// against a host model of HIP's shuffle semantics (the suite runs this at
// warp size 64 and 32); tests/shell/regions.sh checks which kernels took
// the region form and builds this file again with HIPC_NO_REGIONS=1
// (everything on fibers), which must pass the same checks.
#include <vector>

#include "common.h"

// ---- Host model: the lane each shuffle reads (its own when none).
static int src_idx(int lane, int width, int p) {
  return lane - lane % width + ((p % width) + width) % width;
}
static int src_up(int lane, int width, int d) {
  return lane % width < d ? lane : lane - d;
}
static int src_down(int lane, int width, int d) {
  return lane % width + d >= width ? lane : lane + d;
}
static int src_xor(int lane, int width, int m) {
  int s = lane ^ m, end = lane - lane % width + width;
  return s >= end ? lane : s;
}

// ---- Every kind, with width, several per kernel, each its own split.
__global__ void k_rw_kinds(const int* in, int* out, int width, int p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  float f = v * 0.5f;
  int a = 0, b = 0, c = 0, d = 0;
  a = __shfl(v, p, width);
  b = __shfl_up(v, (unsigned)p, width);
  c += __shfl_down(v, (unsigned)p, width);
  d = 3 * __shfl_xor(v, p, width) + 1;
  f = __shfl_xor(f, 1, width);
  out[5 * t + 0] = a;
  out[5 * t + 1] = b;
  out[5 * t + 2] = c;
  out[5 * t + 3] = d;
  out[5 * t + 4] = (int)(f * 2.0f);
}

static void test_kinds() {
  const int ws = test::device_warp_size(), block = 128, grid = 2, n = block * grid;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 37 + 11) % 1000;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, 5 * n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  for (int width = 1; width <= ws; width *= 2)
    for (int p : {0, 1, 3, width - 1, width + 2}) {
      hipLaunchKernelGGL(k_rw_kinds, dim3(grid), dim3(block), 0, 0, din, dout,
                         width, p);
      HIP_CHECK(hipDeviceSynchronize());
      std::vector<int> got(5 * n), want(5 * n);
      HIP_CHECK(hipMemcpy(got.data(), dout, 5 * n * sizeof(int),
                          hipMemcpyDeviceToHost));
      for (int t = 0; t < n; t++) {
        int lane = t % block % ws, first = t - lane;
        int pp = p < 0 ? 0 : p;
        want[5 * t + 0] = h[first + src_idx(lane, width, pp)];
        want[5 * t + 1] = h[first + src_up(lane, width, pp)];
        want[5 * t + 2] = h[first + src_down(lane, width, pp)];
        int x = src_xor(lane, width, pp);
        want[5 * t + 3] = 3 * h[first + (x < ws ? x : lane)] + 1;
        want[5 * t + 4] = h[first + src_xor(lane, width, 1)];
      }
      if (!CHECK_ARRAY(got.data(), want.data(), 5 * n))
        std::fprintf(stderr, "  width %d p %d\n", width, p);
    }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- The block sum of bench/reduce.hip: barriers, then the first warp
// under a per-thread if, __shfl_down in a uniform loop.
template <int WarpSize>
__global__ void k_rw_block_sum(const unsigned* in, unsigned* out, unsigned n) {
  __shared__ unsigned s[256];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride >= WarpSize; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < WarpSize) {
    unsigned v = s[tid];
    for (int off = WarpSize / 2; off > 0; off /= 2)
      v += __shfl_down(v, off, WarpSize);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

static void test_block_sum() {
  const unsigned n = 256 * 5 + 77, block = 256, grid = (n + block - 1) / block;
  std::vector<unsigned> h(n), got(grid);
  for (unsigned i = 0; i < n; i++) h[i] = (i * 2654435761u) >> 20;
  unsigned *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&dout, grid * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  if (test::device_warp_size() == 64)
    hipLaunchKernelGGL(k_rw_block_sum<64>, dim3(grid), dim3(block), 0, 0, din, dout, n);
  else
    hipLaunchKernelGGL(k_rw_block_sum<32>, dim3(grid), dim3(block), 0, 0, din, dout, n);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, grid * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (unsigned b = 0; b < grid; b++) {
    unsigned want = 0;
    for (unsigned i = b * block; i < (b + 1) * block && i < n; i++) want += h[i];
    CHECK_EQ(got[b], want);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- A butterfly all-reduce in a uniform loop (every lane gets its
// segment's sum), then the same on doubles after a barrier.
__global__ void k_rw_butterfly(const int* in, int* out, double* dout, int width) {
  __shared__ double s[128];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  for (int m = width / 2; m > 0; m /= 2) v += __shfl_xor(v, m, width);
  out[t] = v;
  s[threadIdx.x] = in[t] * 0.25;
  __syncthreads();
  double d = s[blockDim.x - 1 - threadIdx.x];
  for (int m = 1; m < width; m *= 2) d += __shfl_xor(d, m, width);
  dout[t] = d;
}

static void test_butterfly() {
  const int ws = test::device_warp_size(), block = 128, grid = 3, n = block * grid;
  std::vector<int> h(n), got(n), want(n);
  std::vector<double> gotd(n), wantd(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7 + 3) % 101 - 50;
  int *din, *dout;
  double* dd;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dd, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  for (int width = 2; width <= ws; width *= 4) {
    hipLaunchKernelGGL(k_rw_butterfly, dim3(grid), dim3(block), 0, 0, din, dout,
                       dd, width);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(gotd.data(), dd, n * sizeof(double), hipMemcpyDeviceToHost));
    for (int t = 0; t < n; t++) {
      int seg = t - t % width, b0 = t - t % block;
      want[t] = 0;
      wantd[t] = 0;
      for (int j = seg; j < seg + width; j++) {
        want[t] += h[j];
        wantd[t] += h[b0 + block - 1 - (j - b0)] * 0.25;  // exact: quarters
      }
    }
    if (!CHECK_ARRAY(got.data(), want.data(), n) ||
        !CHECK_ARRAY(gotd.data(), wantd.data(), n))
      std::fprintf(stderr, "  width %d\n", width);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dd));
}

// ---- Predicated ifs: then and else branches that shuffle among their own
// threads, a nested one, a barrier before, and values kept across.
__global__ void k_rw_predicated(const int* in, int* out) {
  __shared__ int s[128];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads();
  int v = s[(t + 5) % blockDim.x], r = -1, w = -2;
  if (t < 32) {
    r = v;
    for (int off = 16; off > 0; off /= 2) r += __shfl_down(r, off, 32);
    if (t % 8 < 4) {
      w = __shfl_xor(v, 1, 4);
      w += __shfl_up(w, 1, 4);
    }
  } else {
    r = __shfl_xor(v, 1) * 10;
  }
  out[3 * g] = r;
  out[3 * g + 1] = w;
  out[3 * g + 2] = v;
}

static void test_predicated() {
  const int block = 128, grid = 2, n = block * grid;
  std::vector<int> h(n), got(3 * n), want(3 * n);
  for (int i = 0; i < n; i++) h[i] = (i * 13 + 1) % 97;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, 3 * n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_rw_predicated, dim3(grid), dim3(block), 0, 0, din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, 3 * n * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < grid; b++) {
    auto v = [&](int t) { return h[b * block + (t + 5) % block]; };
    for (int t = 0; t < block; t++) {
      int g = b * block + t, r, w = -2;
      if (t < 32) {
        // Lane t after the shuffle-down tree: the sum of lanes t.. while the
        // tree's partial sums stay in range: model the tree directly.
        int rr[32];
        for (int j = 0; j < 32; j++) rr[j] = v(j);
        for (int off = 16; off > 0; off /= 2) {
          int nx[32];
          for (int j = 0; j < 32; j++) nx[j] = rr[j] + rr[j + off < 32 ? j + off : j];
          for (int j = 0; j < 32; j++) rr[j] = nx[j];
        }
        r = rr[t];
        if (t % 8 < 4) {
          int ww[4];
          for (int j = 0; j < 4; j++) ww[j] = v(t - t % 4 + (j ^ 1));
          w = ww[t % 4] + (t % 4 == 0 ? ww[0] : ww[t % 4 - 1]);
        }
      } else {
        r = v(t ^ 1) * 10;
      }
      want[3 * g] = r;
      want[3 * g + 1] = w;
      want[3 * g + 2] = v(t);
    }
  }
  CHECK_ARRAY(got.data(), want.data(), 3 * n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Threads that returned (whole warps) and shuffles into shared memory
// between barriers.
__global__ void k_rw_returns(const int* in, int* out) {
  __shared__ int s[128];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  out[g] = -1;
  if (t >= 64) return;
  int v = in[g];
  s[t] = __shfl_up(v, 1) + 1;
  __syncthreads();
  v = s[63 - t];
  v -= __shfl(v, 0, 16);
  out[g] = v;
}

static void test_returns() {
  const int ws = test::device_warp_size(), block = 128, grid = 2, n = block * grid;
  std::vector<int> h(n), got(n), want(n);
  for (int i = 0; i < n; i++) h[i] = (i * 31 + 7) % 89;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_rw_returns, dim3(grid), dim3(block), 0, 0, din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < grid; b++) {
    int s[64];
    for (int t = 0; t < 64; t++) {
      int lane = t % ws;
      s[t] = h[b * block + t - lane + src_up(lane, ws, 1)] + 1;
    }
    for (int t = 0; t < block; t++) {
      int lane = t % 16;
      want[b * block + t] = t >= 64 ? -1 : s[63 - t] - s[63 - (t - lane)];
    }
  }
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- A 2D block: lanes follow the linear thread index (x fastest); a
// predicated if over rows runs on the whole block.
__global__ void k_rw_2d(const int* in, int* out) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int v = in[t];
  v += __shfl_xor(v, 17);
  if (threadIdx.y < 4) v = __shfl_up(v, 3, 16) * 2;
  out[t] = v;
}

static void test_2d() {
  const int n = 16 * 8;
  std::vector<int> h(n), got(n), want(n), w(n);
  for (int i = 0; i < n; i++) h[i] = (i * 17 + 5) % 71;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_rw_2d, dim3(1), dim3(16, 8), 0, 0, din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; t++) w[t] = h[t] + h[t ^ 17];  // 17 < any warp size
  for (int t = 0; t < n; t++)
    want[t] = t < 64 ? (t % 16 < 3 ? w[t] : w[t - 3]) * 2 : w[t];
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Shapes that stay on fibers (regions.sh checks which): the results
// must be right all the same.
__global__ void k_rw_fiber_decl(const int* in, int* out) {  // a declaration
  int t = threadIdx.x;
  int v = in[t];
  int w = __shfl_xor(v, 1);
  out[t] = w;
}

__global__ void k_rw_fiber_cond(const int* in, int* out, int c) {  // ?: around it
  int t = threadIdx.x;
  int v = in[t];
  v = c ? __shfl_xor(v, 1) : v;
  out[t] = v;
}

__global__ void k_rw_fiber_mem(const int* in, int* out, const int* np) {
  int t = threadIdx.x;  // a uniform loop reading memory under a predicate
  int v = in[t];
  if (t < 32)
    for (int i = 0; i < np[0]; i++) v = __shfl_xor(v, 1, 32);
  out[t] = v;
}

static void test_fibers() {
  const int block = 64;
  std::vector<int> h(block), got(block), want(block);
  for (int i = 0; i < block; i++) h[i] = i * 3 + 1;
  int *din, *dout, *dn;
  HIP_CHECK(hipMalloc(&din, block * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, block * sizeof(int)));
  HIP_CHECK(hipMalloc(&dn, sizeof(int)));
  int three = 3;
  HIP_CHECK(hipMemcpy(dn, &three, sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(din, h.data(), block * sizeof(int), hipMemcpyHostToDevice));
  for (int which = 0; which < 3; which++) {
    if (which == 0)
      hipLaunchKernelGGL(k_rw_fiber_decl, dim3(1), dim3(block), 0, 0, din, dout);
    else if (which == 1)
      hipLaunchKernelGGL(k_rw_fiber_cond, dim3(1), dim3(block), 0, 0, din, dout, 1);
    else
      hipLaunchKernelGGL(k_rw_fiber_mem, dim3(1), dim3(block), 0, 0, din, dout, dn);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(got.data(), dout, block * sizeof(int), hipMemcpyDeviceToHost));
    for (int t = 0; t < block; t++)
      want[t] = which == 2 && t >= 32 ? h[t] : h[t ^ 1];
    if (!CHECK_ARRAY(got.data(), want.data(), block))
      std::fprintf(stderr, "  kernel %d\n", which);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dn));
}

int main() {
  test_kinds();
  test_block_sum();
  test_butterfly();
  test_predicated();
  test_returns();
  test_2d();
  test_fibers();
  return test_summary("regions_warp");
}
