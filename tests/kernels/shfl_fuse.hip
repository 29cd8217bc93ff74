// Rows of shuffles by compile-time deltas with straight arithmetic between
// them, which the CPU device's region form runs as one vector loop over
// full warps (kc's form_loops_fuse.c), and the shapes that must not take
// it: a partial last warp, threads returned below the last one, 2D blocks,
// widths below the warp size, __shfl_down/__shfl_xor/__shfl_up mixed with
// float and compare steps, a kernel argument and an earlier value used
// inside the row, a row value used after it, and a row broken by a
// divergent branch. The host computes every step from HIP's semantics; a
// source lane that returned or lies past the block is undefined in HIP and
// reads 0 on the CPU device (README), checked there only.
#include <cstring>
#include <vector>

#include "common.h"

__device__ int flat_tid() { return threadIdx.y * blockDim.x + threadIdx.x; }

__device__ int block_threads() { return blockDim.x * blockDim.y; }

// A warp sum by __shfl_down (every lane's value kept), threads from `lead`
// on leaving first.
__global__ void k_sum(const unsigned* in, unsigned* all, int lead) {
  int t = flat_tid();
  int g = blockIdx.x * block_threads() + t;
  unsigned v = in[g];
  if (t >= lead) return;
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  all[g] = v;
}

// A row of mixed shuffles; threads with t % skip == skip - 1 leave first.
__global__ void k_mix(const unsigned* in, unsigned* o1, float* o2,
                      unsigned* o3, unsigned k, int skip) {
  int t = flat_tid();
  int g = blockIdx.x * block_threads() + t;
  unsigned v = in[g];
  if (t % skip == skip - 1) return;
  unsigned a = __shfl_down(v, 3u, 16);
  unsigned b = (a * k) ^ v;
  unsigned c = __shfl_xor(b, 5, 8);
  bool big = c > a;
  unsigned d = big ? c - a : a + 1;
  float f = static_cast<float>(d & 1023u) * 0.25f;
  float h = __shfl_up(f, 2u, warpSize);
  unsigned e = __shfl_down(d, 1u);
  o1[g] = e + b;
  o2[g] = h;
  o3[g] = big;
}

// A row broken by a branch that differs between lanes (a store in it, so
// that it stays a branch).
__global__ void k_branch(const unsigned* in, unsigned* out, unsigned* odd) {
  int t = flat_tid();
  int g = blockIdx.x * block_threads() + t;
  unsigned a = __shfl_down(in[g], 1u);
  if (a & 1u) {
    odd[g] = a;
    a += 7u;
  }
  unsigned b = __shfl_down(a, 2u);
  out[g] = b + __shfl_xor(b, 1);
}

// The host's model of one block: values and whether each is defined.
struct Lanes {
  int n, ws;
  std::vector<bool> alive;
  std::vector<unsigned> v;
  std::vector<bool> known;
};

enum { DOWN, UP, XOR };

static Lanes shuffle(const Lanes& x, int kind, int p, int width) {
  Lanes r = x;
  for (int t = 0; t < x.n; t++) {
    if (!x.alive[t]) continue;
    int lane = t % x.ws, wb = t - lane, seg = lane - lane % width;
    int src = kind == DOWN ? lane + p : kind == UP ? lane - p : lane ^ p;
    bool own = kind == DOWN ? lane % width + p >= width
             : kind == UP   ? lane % width < p
                            : src >= seg + width;
    if (own) continue;
    int st = wb + src;
    bool there = st < x.n && x.alive[st];
    r.v[t] = there ? x.v[st] : 0;
    r.known[t] = there && x.known[st];
  }
  return r;
}

static Lanes start(const std::vector<unsigned>& in, int b, int n, int ws,
                   bool (*alive)(int, int), int arg) {
  Lanes x{n, ws, std::vector<bool>(n), std::vector<unsigned>(n),
          std::vector<bool>(n, true)};
  for (int t = 0; t < n; t++) {
    x.alive[t] = alive(t, arg);
    x.v[t] = in[b * n + t];
  }
  return x;
}

static bool below(int t, int lead) { return t < lead; }
static bool not_skipped(int t, int skip) { return t % skip != skip - 1; }
static bool every(int, int) { return true; }

static const int kBlocks = 3;

template <typename T>
static T* dev(size_t n) {
  T* p;
  HIP_CHECK(hipMalloc(&p, n * sizeof(T)));
  HIP_CHECK(hipMemset(p, 0, n * sizeof(T)));
  return p;
}

template <typename T>
static std::vector<T> host(const T* d, size_t n) {
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

static std::vector<unsigned> inputs(int total, unsigned seed) {
  std::vector<unsigned> in(total);
  for (int i = 0; i < total; i++) in[i] = (i * 2654435761u + seed) % 5003u;
  return in;
}

static int bad = 0;

static void expect(bool cpu, bool known, double got, double want,
                   const char* what, int b, int t, dim3 blk, int arg) {
  if (!cpu && !known) return;
  CHECK(got == want);
  if (got != want && bad++ < 8)
    std::printf("%s: block (%u,%u) arg %d: block %d thread %d: %g, want %g\n",
                what, blk.x, blk.y, arg, b, t, got, want);
}

static void run_sum(int ws, bool cpu, dim3 blk, int lead) {
  int n = blk.x * blk.y, total = kBlocks * n;
  std::vector<unsigned> in = inputs(total, 17);
  unsigned* din = dev<unsigned>(total);
  unsigned* dall = dev<unsigned>(total);
  HIP_CHECK(hipMemcpy(din, in.data(), total * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_sum, dim3(kBlocks), blk, 0, 0, din, dall, lead);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> all = host(dall, total);
  for (int b = 0; b < kBlocks; b++) {
    Lanes x = start(in, b, n, ws, below, lead);
    for (int o = ws / 2; o > 0; o /= 2) {
      Lanes y = shuffle(x, DOWN, o, ws);
      for (int t = 0; t < n; t++) {
        x.v[t] += y.v[t];
        x.known[t] = x.known[t] && y.known[t];
      }
    }
    for (int t = 0; t < n; t++)
      if (x.alive[t])
        expect(cpu, x.known[t], all[b * n + t], x.v[t], "sum", b, t, blk, lead);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dall));
}

static void run_mix(int ws, bool cpu, dim3 blk, int skip) {
  int n = blk.x * blk.y, total = kBlocks * n;
  const unsigned k = 2654435761u;
  std::vector<unsigned> in = inputs(total, 5);
  unsigned* din = dev<unsigned>(total);
  unsigned *d1 = dev<unsigned>(total), *d3 = dev<unsigned>(total);
  float* d2 = dev<float>(total);
  HIP_CHECK(hipMemcpy(din, in.data(), total * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_mix, dim3(kBlocks), blk, 0, 0, din, d1, d2, d3, k, skip);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> o1 = host(d1, total), o3 = host(d3, total);
  std::vector<float> o2 = host(d2, total);
  for (int b = 0; b < kBlocks; b++) {
    Lanes v = start(in, b, n, ws, not_skipped, skip);
    Lanes a = shuffle(v, DOWN, 3, 16), bb = a;
    for (int t = 0; t < n; t++) {
      bb.v[t] = (a.v[t] * k) ^ v.v[t];
      bb.known[t] = a.known[t];
    }
    Lanes c = shuffle(bb, XOR, 5, 8), d = c, big = c;
    for (int t = 0; t < n; t++) {
      big.v[t] = c.v[t] > a.v[t];
      d.v[t] = big.v[t] ? c.v[t] - a.v[t] : a.v[t] + 1;
      big.known[t] = d.known[t] = c.known[t] && a.known[t];
    }
    // The float step: its bits go through the shuffle.
    Lanes fb = d;
    for (int t = 0; t < n; t++) {
      float f = static_cast<float>(d.v[t] & 1023u) * 0.25f;
      std::memcpy(&fb.v[t], &f, 4);
    }
    Lanes h = shuffle(fb, UP, 2, ws), e = shuffle(d, DOWN, 1, ws);
    for (int t = 0; t < n; t++) {
      if (!v.alive[t]) continue;
      float hf;
      std::memcpy(&hf, &h.v[t], 4);
      expect(cpu, e.known[t] && bb.known[t], o1[b * n + t], e.v[t] + bb.v[t],
             "mix e + b", b, t, blk, skip);
      expect(cpu, h.known[t], o2[b * n + t], hf, "mix h", b, t, blk, skip);
      expect(cpu, big.known[t], o3[b * n + t], big.v[t], "mix big", b, t, blk,
             skip);
    }
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(d1));
  HIP_CHECK(hipFree(d2));
  HIP_CHECK(hipFree(d3));
}

static void run_branch(int ws, bool cpu, dim3 blk) {
  int n = blk.x * blk.y, total = kBlocks * n;
  std::vector<unsigned> in = inputs(total, 99);
  unsigned *din = dev<unsigned>(total), *dout = dev<unsigned>(total);
  unsigned* dodd = dev<unsigned>(total);
  HIP_CHECK(hipMemcpy(din, in.data(), total * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_branch, dim3(kBlocks), blk, 0, 0, din, dout, dodd);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> out = host(dout, total), odd = host(dodd, total);
  for (int b = 0; b < kBlocks; b++) {
    Lanes a = shuffle(start(in, b, n, ws, every, 0), DOWN, 1, ws);
    for (int t = 0; t < n; t++) {
      expect(cpu, a.known[t], odd[b * n + t], a.v[t] & 1u ? a.v[t] : 0,
             "branch odd", b, t, blk, 0);
      if (a.v[t] & 1u) a.v[t] += 7u;
    }
    Lanes bb = shuffle(a, DOWN, 2, ws), x = shuffle(bb, XOR, 1, ws);
    for (int t = 0; t < n; t++)
      expect(cpu, bb.known[t] && x.known[t], out[b * n + t],
             bb.v[t] + x.v[t], "branch", b, t, blk, 0);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dodd));
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const bool cpu = std::strncmp(prop.name, "hipc CPU", 8) == 0;
  // Full warps, a partial last warp, 2D blocks (full and partial).
  const dim3 blocks[] = {dim3(256), dim3(100), dim3(32, 4), dim3(16, 6),
                         dim3(64)};
  for (dim3 blk : blocks) {
    int n = blk.x * blk.y;
    const int leads[] = {n, ws, 2 * ws, ws / 2, 37};
    for (int lead : leads) run_sum(ws, cpu, blk, lead);
    const int skips[] = {1 << 20, 7, 64};
    for (int skip : skips) run_mix(ws, cpu, blk, skip);
    run_branch(ws, cpu, blk);
  }
  return test_summary("shfl_fuse");
}
