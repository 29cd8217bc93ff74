// Shuffles computed where their results are used (kc's form_loops_shfl.c)
// in the shapes that inlining gained: a __shfl_down in a region where some
// threads return and the others meet a barrier, a shuffle in the kernel's
// last region (every thread returns there), and __shfl / __shfl_xor whose
// source lane differs per thread, read with a 32-bit index. Blocks of 100
// threads (a partial last warp), 1D and 2D, widths 4 to warpSize, sources
// and masks past the segment, the warp and below zero. The host computes
// each shuffle from HIP's documented semantics; a source lane that has
// returned or lies past the block is undefined in HIP and 0 on the CPU
// device (README), which is checked there only.
#include <cstring>
#include <vector>

#include "common.h"

constexpr int kBlock = 100, kBlocks = 3;

__device__ int linear_tid() { return threadIdx.y * blockDim.x + threadIdx.x; }

// Returns before barriers, with the shuffles' results used on both sides.
__global__ void k_ret(const int* in, int* out, int delta, int width) {
  int t = linear_tid();
  int g = blockIdx.x * kBlock + t;
  // a and b are used only before the next barrier (as inlining needs).
  int a = __shfl_down(in[g], static_cast<unsigned>(delta), width);
  int a2 = a * 2 + 1;
  if (t % 5 == 2) {
    out[g] = a;
    return;
  }
  __syncthreads();
  int b = __shfl_up(a2, static_cast<unsigned>(delta), width);
  int b2 = b - 5;
  if (t % 3 == 1) {
    out[g] = b;
    return;
  }
  __syncthreads();
  out[g] = __shfl_down(b2, static_cast<unsigned>(delta), width) + 7;
}

// Sources that differ per lane; the last shuffle is in the last region.
__global__ void k_lane(const int* in, int* out, int width, int salt) {
  int t = linear_tid();
  int g = blockIdx.x * kBlock + t;
  int v = in[g];
  if (t % 11 == 5) return;
  int a = __shfl(v, static_cast<int>(t * 7u + salt) % warpSize, width);
  int b = __shfl_xor(a + 1, (t * 3 + salt) & 127, width);
  int c = __shfl(b * 3, static_cast<int>(threadIdx.x + threadIdx.y) % warpSize - 3,
                 width);
  out[g] = c;
}

// One shuffle of v over a block (kind: 0 idx, 1 up, 2 down, 3 xor, with
// p[t] the thread's operand); live[t]: the thread takes part; known[t]:
// the value is defined in HIP (updated).
static void shuffle(std::vector<long long>& v, std::vector<bool>& known,
                    const std::vector<bool>& live, int kind,
                    const std::vector<int>& p, int width, int ws) {
  std::vector<long long> r(kBlock, 0);
  std::vector<bool> k2(kBlock, false);
  for (int t = 0; t < kBlock; t++) {
    if (!live[t]) continue;
    int lane = t % ws, wb = t - lane, seg = lane - lane % width;
    int src = 0;
    bool own = false;
    switch (kind) {
      case 0: src = seg + ((p[t] % width) + width) % width; break;
      case 1: own = lane % width < p[t]; src = lane - p[t]; break;
      case 2: own = lane % width + p[t] >= width; src = lane + p[t]; break;
      default:
        src = lane ^ p[t];
        own = src >= seg + width || src < 0;
        break;
    }
    if (own) {
      r[t] = v[t];
      k2[t] = known[t];
      continue;
    }
    int st = wb + src;
    bool ok = st < kBlock && live[st];
    r[t] = ok ? v[st] : 0;
    k2[t] = ok && known[st];
  }
  v = r;
  known = k2;
}

static std::vector<int> launch(bool lane_kernel, dim3 block, int a, int b,
                               const std::vector<int>& in) {
  const int n = kBlocks * kBlock;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dout, 0x7f, n * sizeof(int)));
  if (lane_kernel)
    hipLaunchKernelGGL(k_lane, dim3(kBlocks), block, 0, 0, din, dout, a, b);
  else
    hipLaunchKernelGGL(k_ret, dim3(kBlocks), block, 0, 0, din, dout, a, b);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> out(n);
  HIP_CHECK(hipMemcpy(out.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  return out;
}

// Compares one block's results; returns the number of values checked.
static int compare(const char* label, int blk, const std::vector<int>& out,
                   const std::vector<long long>& want,
                   const std::vector<bool>& known, const std::vector<bool>& sel,
                   bool cpu, int* bad) {
  int checked = 0;
  for (int t = 0; t < kBlock; t++) {
    if (!sel[t] || !(cpu || known[t])) continue;
    checked++;
    int got = out[blk * kBlock + t];
    if (got != static_cast<int>(want[t]) && (*bad)++ < 5)
      std::printf("%s: block %d thread %d: %d, want %lld\n", label, blk, t,
                  got, want[t]);
  }
  return checked;
}

static void run_ret(int ws, bool cpu, dim3 block, int delta, int width,
                    const char* label) {
  std::vector<int> in(kBlocks * kBlock);
  for (size_t i = 0; i < in.size(); i++) in[i] = (int)(i * 29 + 5) % 997 - 400;
  std::vector<int> out = launch(false, block, delta, width, in);
  int bad = 0, checked = 0;
  std::vector<int> d(kBlock, delta);
  for (int blk = 0; blk < kBlocks; blk++) {
    std::vector<bool> all(kBlock, true), live1(kBlock), live2(kBlock),
        ret1(kBlock), ret2(kBlock);
    for (int t = 0; t < kBlock; t++) {
      ret1[t] = t % 5 == 2;
      live1[t] = !ret1[t];
      ret2[t] = live1[t] && t % 3 == 1;
      live2[t] = live1[t] && !ret2[t];
    }
    std::vector<long long> v(kBlock);
    std::vector<bool> known(kBlock, true);
    for (int t = 0; t < kBlock; t++) v[t] = in[blk * kBlock + t];
    shuffle(v, known, all, 2, d, width, ws);  // a
    checked += compare(label, blk, out, v, known, ret1, cpu, &bad);
    for (int t = 0; t < kBlock; t++) v[t] = v[t] * 2 + 1;
    shuffle(v, known, live1, 1, d, width, ws);  // b
    checked += compare(label, blk, out, v, known, ret2, cpu, &bad);
    for (int t = 0; t < kBlock; t++) v[t] -= 5;
    shuffle(v, known, live2, 2, d, width, ws);
    for (int t = 0; t < kBlock; t++) v[t] += 7;
    checked += compare(label, blk, out, v, known, live2, cpu, &bad);
  }
  CHECK(bad == 0);
  CHECK(checked > 0);
}

static void run_lane(int ws, bool cpu, dim3 block, int width, int salt,
                     const char* label) {
  std::vector<int> in(kBlocks * kBlock);
  for (size_t i = 0; i < in.size(); i++) in[i] = (int)(i * 41 + 3) % 1009 - 500;
  std::vector<int> out = launch(true, block, width, salt, in);
  int bad = 0, checked = 0;
  std::vector<bool> live(kBlock);
  std::vector<int> pa(kBlock), pb(kBlock), pc(kBlock);
  for (int t = 0; t < kBlock; t++) {
    live[t] = t % 11 != 5;
    pa[t] = static_cast<int>(t * 7u + salt) % ws;
    pb[t] = (t * 3 + salt) & 127;
    int x = t % (int)block.x, y = t / (int)block.x;
    pc[t] = (x + y) % ws - 3;
  }
  for (int blk = 0; blk < kBlocks; blk++) {
    std::vector<long long> v(kBlock);
    std::vector<bool> known(kBlock, true);
    for (int t = 0; t < kBlock; t++) v[t] = in[blk * kBlock + t];
    shuffle(v, known, live, 0, pa, width, ws);
    for (int t = 0; t < kBlock; t++) v[t] += 1;
    shuffle(v, known, live, 3, pb, width, ws);
    for (int t = 0; t < kBlock; t++) v[t] *= 3;
    shuffle(v, known, live, 0, pc, width, ws);
    checked += compare(label, blk, out, v, known, live, cpu, &bad);
  }
  CHECK(bad == 0);
  CHECK(checked > 0);
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const bool cpu = std::strncmp(prop.name, "hipc CPU", 8) == 0;
  const int deltas[] = {0, 1, 5, 16, 33, 70};
  const dim3 blocks[] = {dim3(kBlock), dim3(10, 10)};
  char label[80];
  for (int width = 4; width <= ws; width *= 2)
    for (const dim3& block : blocks) {
      for (int delta : deltas) {
        std::snprintf(label, sizeof label, "ret %ux%u width %d delta %d",
                      block.x, block.y, width, delta);
        run_ret(ws, cpu, block, delta, width, label);
      }
      for (int salt : {0, 3, 50}) {
        std::snprintf(label, sizeof label, "lane %ux%u width %d salt %d",
                      block.x, block.y, width, salt);
        run_lane(ws, cpu, block, width, salt, label);
      }
    }
  return test_summary("shfl_inline_ret");
}
