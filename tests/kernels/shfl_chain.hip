// Chains of warp shuffles whose results feed the next shuffle directly, as
// in warp reductions: on the CPU device these are computed where they are
// used (the region form reads the source lane's operand in the consumer's
// thread loop, kc's form_loops_shfl.c). Blocks of 100 threads (a partial
// last warp), 1D and 2D, some threads returning before the shuffles, every
// kind of shuffle, widths 4 to warpSize and deltas 0 to 70 (past the warp).
// The host computes each stage from HIP's documented semantics. A source
// lane that has returned or lies past the block's last thread is undefined
// in HIP; on the CPU device it reads 0 (README), which is checked there.
#include <cstring>
#include <vector>

#include "common.h"

constexpr int kBlock = 100;

__device__ int linear_tid() { return threadIdx.y * blockDim.x + threadIdx.x; }

__global__ void k_chain(const int* in, int* out, float* outf, int delta,
                        int width) {
  int t = linear_tid();
  int g = blockIdx.x * kBlock + t;
  int v = in[g];
  if (t % 7 == 3) return;  // these lanes leave before the shuffles
  int a = __shfl_down(v, static_cast<unsigned>(delta), width);
  int b = __shfl_up(a + 1, static_cast<unsigned>(delta), width);
  int c = __shfl_xor(b * 3, delta & (width - 1), width);
  int d = __shfl(c - 2, t + delta, width);
  float f = __shfl_down(static_cast<float>(d) * 0.5f, 1u, width);
  out[g] = d;
  outf[g] = f;
}

static bool alive(int t) { return t < kBlock && t % 7 != 3; }

// One shuffle over a block's threads. kind: 0 idx, 1 up, 2 down, 3 xor.
// known[t] is false where the result read an undefined source.
static void shuffle(const std::vector<long long>& v, std::vector<bool>& known,
                    std::vector<long long>& r, int kind, int p, int width,
                    int ws) {
  std::vector<bool> k2(kBlock, false);
  r.assign(kBlock, 0);
  for (int t = 0; t < kBlock; t++) {
    if (!alive(t)) continue;
    int lane = t % ws, wb = t - lane;
    int seg = lane - lane % width, in_seg = lane % width;
    int src;
    bool own = false;
    switch (kind) {
      case 0: src = seg + (((p % width) + width) % width); break;
      case 1: own = in_seg < p; src = lane - p; break;
      case 2: own = in_seg + p >= width; src = lane + p; break;
      default:
        src = lane ^ p;
        own = src >= seg + width;
        break;
    }
    if (own) {
      r[t] = v[t];
      k2[t] = known[t];
      continue;
    }
    int st = wb + src;
    if (st < kBlock && alive(st)) {
      r[t] = v[st];
      k2[t] = known[st];
    } else {
      r[t] = 0;      // the CPU device's value for an absent source,
      k2[t] = false; // undefined in HIP: checked on the CPU device only
    }
  }
  known = k2;
}

static int run(int ws, bool cpu, dim3 block, int delta, int width,
               const char* label) {
  const int blocks = 3, n = blocks * kBlock;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = (i * 37 + 11) % 1000 - 300;
  int *din, *dout;
  float* doutf;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&doutf, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dout, 0x7f, n * sizeof(int)));
  HIP_CHECK(hipMemset(doutf, 0, n * sizeof(float)));
  hipLaunchKernelGGL(k_chain, dim3(blocks), block, 0, 0, din, dout, doutf,
                     delta, width);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> out(n);
  std::vector<float> outf(n);
  HIP_CHECK(hipMemcpy(out.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(outf.data(), doutf, n * sizeof(float), hipMemcpyDeviceToHost));
  int bad = 0, checked = 0;
  for (int b = 0; b < blocks; b++) {
    std::vector<long long> v(kBlock), r;
    std::vector<bool> known(kBlock, true);
    for (int t = 0; t < kBlock; t++) v[t] = in[b * kBlock + t];
    shuffle(v, known, r, 2, delta, width, ws);                       // a
    for (int t = 0; t < kBlock; t++) v[t] = static_cast<int>(r[t]) + 1;
    shuffle(v, known, r, 1, delta, width, ws);                       // b
    for (int t = 0; t < kBlock; t++) v[t] = static_cast<int>(r[t]) * 3;
    shuffle(v, known, r, 3, delta & (width - 1), width, ws);         // c
    for (int t = 0; t < kBlock; t++) v[t] = static_cast<int>(r[t]) - 2;
    // __shfl(x, t + delta): the source differs per lane.
    std::vector<long long> d(kBlock, 0);
    std::vector<bool> kd(kBlock, false);
    for (int t = 0; t < kBlock; t++) {
      if (!alive(t)) continue;
      int lane = t % ws, wb = t - lane, seg = lane - lane % width;
      int st = wb + seg + (t + delta) % width;
      bool ok = st < kBlock && alive(st);
      d[t] = ok ? v[st] : 0;
      kd[t] = ok && known[st];
    }
    std::vector<long long> fv(kBlock);
    for (int t = 0; t < kBlock; t++) fv[t] = d[t];
    std::vector<bool> kf = kd;
    std::vector<long long> fr;
    shuffle(fv, kf, fr, 2, 1, width, ws);
    for (int t = 0; t < kBlock; t++) {
      if (!alive(t)) continue;
      int got = out[b * kBlock + t];
      float gotf = outf[b * kBlock + t];
      float wantf = static_cast<float>(fr[t]) * 0.5f;
      // An absent source is 0 on the CPU device: then every value is known.
      if (cpu || kd[t]) {
        checked++;
        if (got != d[t] && bad++ < 5)
          std::printf("%s: block %d thread %d: d = %d, want %lld\n", label, b,
                      t, got, d[t]);
      }
      if (cpu || kf[t]) {
        checked++;
        if (gotf != wantf && bad++ < 5)
          std::printf("%s: block %d thread %d: f = %g, want %g\n", label, b,
                      t, gotf, wantf);
      }
    }
  }
  CHECK(bad == 0);
  CHECK(checked > 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(doutf));
  return bad;
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const bool cpu = std::strncmp(prop.name, "hipc CPU", 8) == 0;
  const int deltas[] = {0, 1, 3, 16, 31, 40, 70};
  for (int width = 4; width <= ws; width *= 2)
    for (int delta : deltas) {
      char label[64];
      std::snprintf(label, sizeof label, "1D width %d delta %d", width, delta);
      run(ws, cpu, dim3(kBlock), delta, width, label);
      std::snprintf(label, sizeof label, "2D width %d delta %d", width, delta);
      run(ws, cpu, dim3(10, 10), delta, width, label);
    }
  return test_summary("shfl_chain");
}
