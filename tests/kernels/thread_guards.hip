// Guards on the thread index against block-wide bounds, the code kc's
// region form splits its thread loops at (src/kc/form_loops_split.c): every
// comparison (unsigned and signed, both operand orders, == 0 and != 0, in
// 32 and 64 bits), bounds below, inside and above the block, negative
// signed bounds, guards inside a loop with barriers (a tree reduction),
// under block-wide conditions, after threads have returned, and in 2D
// blocks. Each thread writes which guards held; the host computes the same
// from the thread index alone.
#include <vector>

#include "common.h"

enum { NG = 16 };

__global__ void k_guards(int* out, unsigned u, int s, unsigned long long w,
                         long long sw) {
  unsigned t = threadIdx.x;
  int* o = out + (blockIdx.x * blockDim.x + t) * NG;
  for (int g = 0; g < NG; g++) o[g] = 0;
  if (t < u) o[0] = 1;
  if (t <= u) o[1] = 1;
  if (t > u) o[2] = 1;
  if (t >= u) o[3] = 1;
  if (u > t) o[4] = 1;
  if ((int)t < s) o[5] = 1;
  if ((int)t <= s) o[6] = 1;
  if ((int)t > s) o[7] = 1;
  if ((int)t >= s) o[8] = 1;
  if (s >= (int)t) o[9] = 1;
  if (t == 0) o[10] = 1;
  if (t != 0) o[11] = 1;
  if ((unsigned long long)t < w) o[12] = 1;
  if ((long long)t >= sw) o[13] = 1;
  if (t < u / 2 + 1) o[14] = 1;   // a bound computed in the loop
  if (t < u) { if (t >= u / 4) o[15] = 1; }  // a guard inside a guard
}

static void host_guards(std::vector<int>& want, unsigned blocks,
                        unsigned threads, unsigned u, int s,
                        unsigned long long w, long long sw) {
  for (unsigned b = 0; b < blocks; b++)
    for (unsigned t = 0; t < threads; t++) {
      int* o = &want[(b * threads + t) * NG];
      long long ti = t;
      o[0] = t < u;
      o[1] = t <= u;
      o[2] = t > u;
      o[3] = t >= u;
      o[4] = u > t;
      o[5] = ti < s;
      o[6] = ti <= s;
      o[7] = ti > s;
      o[8] = ti >= s;
      o[9] = s >= ti;
      o[10] = t == 0;
      o[11] = t != 0;
      o[12] = (unsigned long long)t < w;
      o[13] = ti >= sw;
      o[14] = t < u / 2 + 1;
      o[15] = t < u && t >= u / 4;
    }
}

static void test_guards() {
  const unsigned blocks = 3;
  const unsigned sizes[] = {1, 7, 64, 100, 256};
  struct bounds { unsigned u; int s; unsigned long long w; long long sw; };
  const bounds cases[] = {
      {0, -5, 0, -1},        {1, 0, 1, 0},          {5, 3, 9, 4},
      {64, 64, 64, 64},      {99, 63, 100, 99},     {300, 2000, 1ull << 40, 1ll << 40},
      {0xffffffffu, 0x7fffffff, ~0ull, -(1ll << 40)},
  };
  for (unsigned threads : sizes)
    for (const bounds& c : cases) {
      const unsigned n = blocks * threads * NG;
      std::vector<int> want(n), got(n);
      host_guards(want, blocks, threads, c.u, c.s, c.w, c.sw);
      int* d = nullptr;
      HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
      k_guards<<<blocks, threads>>>(d, c.u, c.s, c.w, c.sw);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipMemcpy(got.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
      CHECK_ARRAY(got.data(), want.data(), n);
      HIP_CHECK(hipFree(d));
    }
}

// The reduction of the bench: guards against a bound halved around
// barriers, then a guard on the warp, then on thread 0; the block size is
// not a power of two in some launches (a thread past the end reads 0).
__global__ void k_tree(const unsigned* in, unsigned* out, unsigned n) {
  __shared__ unsigned sh[512];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  sh[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = 256; stride >= 1; stride /= 2) {
    if (tid < stride && tid + stride < blockDim.x) sh[tid] += sh[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sh[0];
}

static void test_tree() {
  const unsigned sizes[] = {1, 2, 33, 64, 96, 256, 512};
  for (unsigned threads : sizes) {
    const unsigned n = 5 * threads - 3, blocks = (n + threads - 1) / threads;
    std::vector<unsigned> in(n), got(blocks), want(blocks, 0);
    for (unsigned i = 0; i < n; i++) in[i] = i * 2654435761u % 1000;
    for (unsigned i = 0; i < n; i++) want[i / threads] += in[i];
    unsigned *din = nullptr, *dout = nullptr;
    HIP_CHECK(hipMalloc(&din, n * sizeof(unsigned)));
    HIP_CHECK(hipMalloc(&dout, blocks * sizeof(unsigned)));
    HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
    k_tree<<<blocks, threads>>>(din, dout, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(got.data(), dout, blocks * sizeof(unsigned), hipMemcpyDeviceToHost));
    CHECK_ARRAY(got.data(), want.data(), blocks);
    HIP_CHECK(hipFree(din));
    HIP_CHECK(hipFree(dout));
  }
}

// Threads return early (the x loop then stops below the block's end), and
// the survivors meet guards after a barrier; in a 2D block the guard on x
// holds per row.
__global__ void k_after_return(int* out, int keep, int lim) {
  int tx = threadIdx.x, ty = threadIdx.y;
  int t = ty * blockDim.x + tx;
  __shared__ int sh[1024];
  sh[t] = t * 3;
  if (tx >= keep) return;
  __syncthreads();
  int v = -1;
  if (tx < lim) v = sh[t] + 1;
  else if (tx == lim) v = 7;
  out[blockIdx.x * blockDim.x * blockDim.y + t] = v;
}

static void test_after_return() {
  const int bx = 40, by = 3, blocks = 2;
  const int keeps[] = {1, 17, 40};
  const int lims[] = {-3, 0, 9, 39, 80};
  for (int keep : keeps)
    for (int lim : lims) {
      const int n = blocks * bx * by;
      std::vector<int> got(n), want(n, -2);
      for (int b = 0; b < blocks; b++)
        for (int ty = 0; ty < by; ty++)
          for (int tx = 0; tx < keep; tx++) {
            int t = ty * bx + tx;
            want[b * bx * by + t] = tx < lim ? t * 3 + 1 : tx == lim ? 7 : -1;
          }
      int* d = nullptr;
      HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
      std::vector<int> fill(n, -2);
      HIP_CHECK(hipMemcpy(d, fill.data(), n * sizeof(int), hipMemcpyHostToDevice));
      k_after_return<<<blocks, dim3(bx, by)>>>(d, keep, lim);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipMemcpy(got.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
      CHECK_ARRAY(got.data(), want.data(), n);
      HIP_CHECK(hipFree(d));
    }
}

int main() {
  test_guards();
  test_tree();
  test_after_return();
  return test_summary("thread_guards");
}
