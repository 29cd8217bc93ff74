// Shuffles whose source lane is known at compile time as a function of the
// lane: xor by constants, a constant source (broadcast), sources computed
// from threadIdx.x alone (rotation, the 4x4 transpose of a tile, lane * 2,
// which is not a permutation). On the CPU device kc moves a full warp of
// active lanes by one shufflevector (form_loops_perm.c); partial warps,
// lanes that returned and 2D blocks take the lane loop. Blocks of 100 (a
// partial last warp) and 128 threads, 1D and 2D, with and without threads
// returning first; widths 8 and warpSize; xor masks past the warp. The host
// computes every stage from HIP's documented semantics; a source lane that
// returned or lies past the block is undefined in HIP and reads 0 on the
// CPU device (README), which is checked there only.
#include <cstring>
#include <vector>

#include "common.h"

__global__ void k_perm(const int* in, int* out, double* outd, int ret) {
  int bx = blockDim.x, t = threadIdx.y * bx + threadIdx.x;
  int g = blockIdx.x * blockDim.x * blockDim.y + t;
  int v = in[g];
  if (ret && t % 7 == 3) return;  // these lanes leave before the shuffles
  int lane = threadIdx.x % warpSize;
  unsigned l16 = threadIdx.x % 16, base = threadIdx.x - l16;
  int a = __shfl_xor(v, 1);
  int b = __shfl_xor(a + 1, 16);
  int c = __shfl_xor(b * 3, 5, 8);
  int d = __shfl(c - 2, (lane + 3) & 31);
  int e = __shfl(d ^ 5, (int)(base + (l16 % 4) * 4 + l16 / 4) % warpSize);
  int f = __shfl(e + 7, lane * 2 % warpSize);
  int h = __shfl(f + lane, 5, 8);
  int i = __shfl_xor(h, 40);
  int j = __shfl(i * 5, 0);
  double x = __shfl_xor(static_cast<double>(i) * 0.5, 4);
  out[g] = i;
  out[g + 1024] = j;
  outd[g] = x;
}

struct sim {
  int n, bx, ws;
  std::vector<bool> alive;
};

// One shuffle over a block's threads (HIP's rules): p[t] the source lane
// or mask. kind 0 idx, 3 xor. known[t]: the value is defined in HIP.
static void shuffle(const sim& s, std::vector<long long>& v,
                    std::vector<bool>& known, int kind,
                    const std::vector<int>& p, int width) {
  std::vector<long long> r(s.n, 0);
  std::vector<bool> k2(s.n, false);
  for (int t = 0; t < s.n; t++) {
    if (!s.alive[t]) continue;
    int lane = t % s.ws, wb = t - lane, seg = lane - lane % width;
    int src = kind == 0 ? seg + (((p[t] % width) + width) % width)
                        : lane ^ p[t];
    if (kind == 3 && src >= seg + width) {
      r[t] = v[t];
      k2[t] = known[t];
      continue;
    }
    int st = wb + src;
    if (st < s.n && s.alive[st]) {
      r[t] = v[st];
      k2[t] = known[st];
    }
  }
  v = r;
  known = k2;
}

static void run(int ws, bool cpu, dim3 block, int ret, const char* label) {
  const int blocks = 3, bt = block.x * block.y, n = blocks * bt;
  std::vector<int> in(n);
  for (int q = 0; q < n; q++) in[q] = (q * 37 + 11) % 1000 - 300;
  int* din;
  int* dout;
  double* doutd;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, (n + 1024) * sizeof(int)));
  HIP_CHECK(hipMalloc(&doutd, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dout, 0, (n + 1024) * sizeof(int)));
  HIP_CHECK(hipMemset(doutd, 0, n * sizeof(double)));
  hipLaunchKernelGGL(k_perm, dim3(blocks), block, 0, 0, din, dout, doutd, ret);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> out(n + 1024);
  std::vector<double> outd(n);
  HIP_CHECK(hipMemcpy(out.data(), dout, (n + 1024) * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(outd.data(), doutd, n * sizeof(double), hipMemcpyDeviceToHost));
  sim s{bt, (int)block.x, ws, std::vector<bool>(bt)};
  for (int t = 0; t < bt; t++) s.alive[t] = !(ret && t % 7 == 3);
  int bad = 0, checked = 0;
  std::vector<int> p(bt);
  auto each = [&](auto fn) { for (int t = 0; t < bt; t++) p[t] = fn(t % s.bx); };
  for (int b = 0; b < blocks; b++) {
    std::vector<long long> v(bt);
    std::vector<bool> known(bt, true);
    for (int t = 0; t < bt; t++) v[t] = in[b * bt + t];
    auto map = [&](auto fn) { for (int t = 0; t < bt; t++) v[t] = fn(v[t], t % s.bx); };
    each([](int) { return 1; });
    shuffle(s, v, known, 3, p, ws);
    map([](long long x, int) { return (long long)(int)x + 1; });
    each([](int) { return 16; });
    shuffle(s, v, known, 3, p, ws);
    map([](long long x, int) { return (long long)(int)x * 3; });
    each([](int) { return 5; });
    shuffle(s, v, known, 3, p, 8);
    map([](long long x, int) { return (long long)(int)x - 2; });
    each([&](int tx) { return ((tx % ws) + 3) & 31; });
    shuffle(s, v, known, 0, p, ws);
    map([](long long x, int) { return (long long)((int)x ^ 5); });
    each([&](int tx) {
      int l16 = tx % 16;
      return (tx - l16 + (l16 % 4) * 4 + l16 / 4) % ws;
    });
    shuffle(s, v, known, 0, p, ws);
    map([](long long x, int) { return (long long)(int)x + 7; });
    each([&](int tx) { return (tx % ws) * 2 % ws; });
    shuffle(s, v, known, 0, p, ws);
    map([&](long long x, int tx) { return (long long)(int)x + tx % ws; });
    each([](int) { return 5; });
    shuffle(s, v, known, 0, p, 8);
    each([](int) { return 40; });
    shuffle(s, v, known, 3, p, ws);
    std::vector<long long> iv = v;
    std::vector<bool> ik = known;
    map([](long long x, int) { return (long long)(int)x * 5; });
    each([](int) { return 0; });
    shuffle(s, v, known, 0, p, ws);
    std::vector<long long> jv = v;
    std::vector<bool> jk = known;
    v = iv;
    known = ik;
    each([](int) { return 4; });
    shuffle(s, v, known, 3, p, ws);
    for (int t = 0; t < bt; t++) {
      if (!s.alive[t]) continue;
      int q = b * bt + t;
      double want = static_cast<double>((int)v[t]) * 0.5;
      if (cpu || ik[t]) {
        checked++;
        if (out[q] != (int)iv[t] && bad++ < 5)
          std::printf("%s: block %d thread %d: i = %d, want %d\n", label, b, t,
                      out[q], (int)iv[t]);
      }
      if (cpu || jk[t]) {
        checked++;
        if (out[q + 1024] != (int)jv[t] && bad++ < 5)
          std::printf("%s: block %d thread %d: j = %d, want %d\n", label, b, t,
                      out[q + 1024], (int)jv[t]);
      }
      if (cpu || known[t]) {
        checked++;
        if (outd[q] != want && bad++ < 5)
          std::printf("%s: block %d thread %d: x = %g, want %g\n", label, b, t,
                      outd[q], want);
      }
    }
  }
  CHECK(bad == 0);
  CHECK(checked > 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(doutd));
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const bool cpu = std::strncmp(prop.name, "hipc CPU", 8) == 0;
  const dim3 shapes[] = {dim3(100), dim3(128), dim3(10, 10), dim3(32, 4),
                         dim3(16, 8)};
  for (const dim3& sh : shapes)
    for (int ret = 0; ret < 2; ret++) {
      char label[64];
      std::snprintf(label, sizeof label, "block %ux%u%s", sh.x, sh.y,
                    ret ? " with returns" : "");
      run(ws, cpu, sh, ret, label);
    }
  return test_summary("shfl_perm");
}
