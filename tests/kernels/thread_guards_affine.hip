// Guards on the thread index plus a block-wide value (`blockIdx.x *
// blockDim.x + threadIdx.x < n`), which kc's region form rewrites as a
// guard on the thread index and splits its thread loops at
// (src/kc/form_loops_split.c): unsigned sums that wrap inside the block
// (the loop is then versioned and runs unsplit), signed sums (no wrap),
// every comparison and both operand orders, bounds below, inside and above
// the block, before and after a barrier, in 1D and 2D blocks. Each thread
// writes which guards held; the host computes the same with the same
// wrapping arithmetic.
#include <vector>

#include "common.h"

enum { NG = 10 };

__global__ void k_affine(int* out, unsigned c, unsigned u, int sc, int su) {
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  unsigned b = blockIdx.x * blockDim.x * blockDim.y;
  int* o = out + (b + t) * NG;
  __shared__ int flags[NG][1024];
  for (int g = 0; g < NG; g++) flags[g][t] = 0;
  unsigned x = threadIdx.x;
  if (x + c < u) flags[0][t] = 1;
  if (c + x <= u) flags[1][t] = 1;
  if (u > x + c) flags[2][t] = 1;
  if (x + c >= u) flags[3][t] = 1;
  int sx = (int)threadIdx.x;
  if (sx + sc < su) flags[4][t] = 1;
  if (sx + sc >= su) flags[5][t] = 1;
  __syncthreads();
  if (x + c > u) flags[6][t] = 1;
  if (su <= sc + sx) flags[7][t] = 1;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < u) flags[8][t] = 1;
  __syncthreads();
  if (u >= i + c) flags[9][t] = 1;
  for (int g = 0; g < NG; g++) o[g] = flags[g][t];
}

static void host_affine(std::vector<int>& want, unsigned blocks, unsigned bx,
                        unsigned by, unsigned c, unsigned u, int sc, int su) {
  for (unsigned bl = 0; bl < blocks; bl++)
    for (unsigned y = 0; y < by; y++)
      for (unsigned x = 0; x < bx; x++) {
        unsigned t = x + bx * y;
        int* o = &want[(bl * bx * by + t) * NG];
        unsigned s = x + c; /* wraps as the kernel's does */
        long long ss = (long long)x + sc;
        unsigned i = bl * bx + x;
        o[0] = s < u;
        o[1] = s <= u;
        o[2] = u > s;
        o[3] = s >= u;
        o[4] = ss < su;
        o[5] = ss >= su;
        o[6] = s > u;
        o[7] = su <= ss;
        o[8] = i < u;
        o[9] = u >= i + c;
      }
}

static void run(unsigned blocks, unsigned bx, unsigned by, unsigned c,
                unsigned u, int sc, int su) {
  size_t n = (size_t)blocks * bx * by * NG;
  int* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0xff, n * sizeof(int)));
  hipLaunchKernelGGL(k_affine, dim3(blocks), dim3(bx, by), 0, 0, d, c, u, sc,
                     su);
  HIP_CHECK(hipGetLastError());
  std::vector<int> got(n), want(n);
  HIP_CHECK(hipMemcpy(got.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  host_affine(want, blocks, bx, by, c, u, sc, su);
  int bad = 0;
  for (size_t k = 0; k < n; k++)
    if (got[k] != want[k] && bad++ < 3)
      std::printf("blocks %u block (%u,%u) c %u u %u sc %d su %d: thread %zu "
                  "guard %zu: %d, want %d\n",
                  blocks, bx, by, c, u, sc, su, k / NG, k % NG, got[k],
                  want[k]);
  CHECK(bad == 0);
}

int main() {
  const unsigned cs[] = {0u, 5u, 100u, 0xffffff80u, 0xfffffff0u};
  const unsigned us[] = {0u, 1u, 37u, 200u, 300u, 0xffffffffu, 0xffffff90u};
  const int ss[][2] = {{0, 0},     {0, 50},       {-40, 10}, {10, 300},
                       {-300, -1}, {2147483000, 2147483647}};
  for (unsigned c : cs)
    for (unsigned u : us) {
      run(3, 256, 1, c, u, 7, 40);
      run(2, 64, 3, c, u, -5, 20);
    }
  for (auto& s : ss) {
    run(2, 256, 1, 3, 100, s[0], s[1]);
    run(1, 96, 2, 3, 100, s[0], s[1]);
  }
  return test_summary("thread_guards_affine");
}
