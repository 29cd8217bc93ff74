// Many independent shuffles in a row, which the CPU device's region form
// makes one shuffle of a vector per run of up to 32 (kc's
// form_loops_group.c; HeCBench hadamard's butterflies): a float butterfly
// over the warp (32 shuffles of one lane mask per step, arithmetic between
// them that reads their results and some that does not), 64-bit words
// (double and long long) by __shfl_down with a width and an fma between
// them, a __shfl_xor row cut by a store, and __shfl with a source lane that
// differs per lane. The host computes every step from HIP's semantics;
// every source lane is defined (full warps, deltas inside the width).
#include <cmath>
#include <cstring>
#include <vector>

#include "common.h"

#define NC 4
#define NI 8
#define NW 24

__global__ void k_butterfly(const float* in, float* out) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int g = blockIdx.x * blockDim.x * blockDim.y + t;
  float x[NC][NI];
#pragma unroll
  for (int c = 0; c < NC; ++c)
#pragma unroll
    for (int i = 0; i < NI; ++i) x[c][i] = in[g * NC * NI + c * NI + i];
  int lane = t % warpSize;
#pragma unroll
  for (int step = 0; step < 5; ++step) {
    int m = 1 << step;
    float sign = (lane & m) ? -1.f : 1.f;
#pragma unroll
    for (int c = 0; c < NC; ++c)
#pragma unroll
      for (int i = 0; i < NI; ++i) {
        float o = __shfl_xor(x[c][i], m);
        x[c][i] = sign * x[c][i] + o;
      }
  }
#pragma unroll
  for (int c = 0; c < NC; ++c)
#pragma unroll
    for (int i = 0; i < NI; ++i) out[g * NC * NI + c * NI + i] = x[c][i];
}

__global__ void k_words(const double* din, const long long* lin, double* dout,
                        long long* lout, int* iout, long long* cut) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int g = blockIdx.x * blockDim.x * blockDim.y + t;
  int lane = t % warpSize;
  double d[NW];
  long long y[NW];
  int v[NW];
#pragma unroll
  for (int i = 0; i < NW; ++i) {
    d[i] = din[g * NW + i];
    y[i] = lin[g * NW + i];
    v[i] = static_cast<int>(y[i] & 0xffff) - 30000;
  }
  // 64-bit words, a width of 16 and a pure intrinsic between them.
#pragma unroll
  for (int i = 0; i < NW; ++i) {
    double o = __shfl_down(d[i], 3, 16);
    d[i] = fma(o, 0.5, d[i]);
  }
  // A store in the middle cuts the row in two.
#pragma unroll
  for (int i = 0; i < NW; ++i) {
    long long o = __shfl_xor(y[i], 5);
    y[i] = o ^ (y[i] << 1);
    if (i == NW / 2) cut[g] = y[3];
  }
  // A source lane that differs per lane, the same for every word.
  int src = (lane * 5 + 3) & (warpSize - 1);
#pragma unroll
  for (int i = 0; i < NW; ++i) v[i] = __shfl(v[i], src) * (i + 1);
#pragma unroll
  for (int i = 0; i < NW; ++i) {
    dout[g * NW + i] = d[i];
    lout[g * NW + i] = y[i];
    iout[g * NW + i] = v[i];
  }
}

// Lane `t`'s source in its warp, or -1 for its own value.
static int down_src(int t, int ws, int d, int w) {
  int lane = t % ws;
  return lane % w + d >= w ? -1 : t + d;
}

template <typename T>
static std::vector<T> dev_copy(const T* p, size_t n) {
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

template <typename T>
static T* dev_alloc(const std::vector<T>& h) {
  T* p;
  HIP_CHECK(hipMalloc(&p, h.size() * sizeof(T)));
  HIP_CHECK(hipMemcpy(p, h.data(), h.size() * sizeof(T),
                      hipMemcpyHostToDevice));
  return p;
}

static void run_butterfly(int ws, dim3 blk, int blocks) {
  int n = blk.x * blk.y, total = blocks * n, per = NC * NI;
  std::vector<float> in(total * per);
  for (size_t i = 0; i < in.size(); i++)
    in[i] = static_cast<float>(static_cast<int>((i * 37) % 101) - 50);
  float* din = dev_alloc(in);
  float* dout = dev_alloc(std::vector<float>(total * per));
  hipLaunchKernelGGL(k_butterfly, dim3(blocks), blk, 0, 0, din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> got = dev_copy(dout, in.size());
  std::vector<float> x = in, y(in.size());
  for (int step = 0; step < 5; step++) {
    int m = 1 << step;
    for (int g = 0; g < total; g++) {
      int lane = (g % n) % ws;
      int src = g - lane + (lane ^ m);
      float sign = (lane & m) ? -1.f : 1.f;
      for (int e = 0; e < per; e++)
        y[g * per + e] = sign * x[g * per + e] + x[src * per + e];
    }
    x = y;
  }
  CHECK_ARRAY(got.data(), x.data(), x.size());
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

static void run_words(int ws, dim3 blk, int blocks) {
  int n = blk.x * blk.y, total = blocks * n;
  std::vector<double> d(total * NW);
  std::vector<long long> y(total * NW);
  for (size_t i = 0; i < d.size(); i++) {
    d[i] = static_cast<double>((i * 7919) % 10007) / 8.0 - 600.0;
    y[i] = static_cast<long long>(i * 2654435761ull % 1000000007ull) -
           400000000ll;
  }
  double* dd = dev_alloc(d);
  long long* dy = dev_alloc(y);
  double* dd_out = dev_alloc(std::vector<double>(d.size()));
  long long* dy_out = dev_alloc(std::vector<long long>(d.size()));
  int* dv_out = dev_alloc(std::vector<int>(d.size()));
  long long* dcut = dev_alloc(std::vector<long long>(total));
  hipLaunchKernelGGL(k_words, dim3(blocks), blk, 0, 0, dd, dy, dd_out, dy_out,
                     dv_out, dcut);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<double> wd(d.size());
  std::vector<long long> wy(d.size()), wcut(total);
  std::vector<int> wv(d.size());
  for (int g = 0; g < total; g++) {
    int t = g % n, lane = t % ws, wb = g - lane;
    int ds = down_src(t, ws, 3, 16);
    int xs = wb + (lane ^ 5);
    int is = wb + ((lane * 5 + 3) & (ws - 1));
    for (int i = 0; i < NW; i++) {
      double o = ds < 0 ? d[g * NW + i] : d[(g + 3) * NW + i];
      wd[g * NW + i] = std::fma(o, 0.5, d[g * NW + i]);
      wy[g * NW + i] = y[xs * NW + i] ^ (long long)((unsigned long long)y[g * NW + i] << 1);
      int vs = static_cast<int>(y[is * NW + i] & 0xffff) - 30000;
      wv[g * NW + i] = vs * (i + 1);
    }
    wcut[g] = wy[g * NW + 3];
  }
  std::vector<double> gd = dev_copy(dd_out, d.size());
  std::vector<long long> gy = dev_copy(dy_out, d.size()),
                         gcut = dev_copy(dcut, total);
  std::vector<int> gv = dev_copy(dv_out, d.size());
  CHECK_ARRAY(gd.data(), wd.data(), wd.size());
  CHECK_ARRAY(gy.data(), wy.data(), wy.size());
  CHECK_ARRAY(gv.data(), wv.data(), wv.size());
  CHECK_ARRAY(gcut.data(), wcut.data(), wcut.size());
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(dy));
  HIP_CHECK(hipFree(dd_out));
  HIP_CHECK(hipFree(dy_out));
  HIP_CHECK(hipFree(dv_out));
  HIP_CHECK(hipFree(dcut));
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  // Whole warps at either warp size: one row, two rows, three warps of 64.
  const dim3 blocks[] = {dim3(128), dim3(64, 2), dim3(192)};
  for (const dim3& b : blocks) {
    run_butterfly(ws, b, 3);
    run_words(ws, b, 2);
  }
  return test_summary("shfl_group");
}
