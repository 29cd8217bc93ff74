// Loops of warp collectives counted by a bound every lane shares, which
// hipcc's GPU pass unrolls by 4 with the remainder after
// (src/kc/nvptx_unroll.c; tests/hipcc/hipcc_device_warp_unroll.sh checks
// the PTX): votes, ballots and shuffles for trip counts 0..11 (each
// remainder, and fewer trips than the unroll count), in a block where only
// some lanes enter the loop, and a loop of several blocks (a branch that
// differs between lanes, one every lane of a warp takes alike, values
// joined after them), against the host's simulation of the warps.
#include <vector>

#include "common.h"

// Lane t folds, for i = 0..n-1, whether any/all entering lanes of its warp
// have in[(lane + i) % 64] > i, and lane t ^ 1's value (a shuffle).
__global__ void k_votes(const int* in, unsigned long long* out, int n,
                        int enter) {
  int t = threadIdx.x;
  unsigned long long acc = 1;
  if (t < enter) {
    for (int i = 0; i < n; i++) {
      int v = in[(t + i) % 64];
      int any = __any(v > i), all = __all(v > i);
      int pop = __popcll(__ballot(v > 2 * i));
      acc = acc * 7 + any + 2 * all + 4 * pop;
    }
  }
  out[t] = acc;
}

__global__ void k_shfl(const int* in, long long* out, int n) {
  int t = threadIdx.x;
  long long acc = 0;
  int v = in[t];
  for (int i = 0; i < n; i++) {
    v = __shfl_xor(v, 1) + i;
    acc = acc * 3 + v;
  }
  out[t] = acc;
}

// Lane t's branch on (v + i) & 1 differs between lanes (its store keeps it
// a branch); the one on __all is the same for the lanes of a warp and
// holds a shuffle. The votes follow the join of the first branch.
__global__ void k_branchy(const int* in, long long* out, int* side, int n) {
  int t = threadIdx.x;
  long long acc = 0;
  int v = in[t], last = -1;
  for (int i = 0; i < n; i++) {
    if ((v + i) & 1) side[t] += v;
    int any = __any(v > 20);
    int w = v;
    if (__all(v >= i % 3)) {
      w = __shfl_xor(v, 1) + i;
      side[t] ^= 1 << (i % 8);
    }
    acc = acc * 5 + w + any;
    v = (w * 7 + i) % 23;
    last = w;
  }
  out[t] = acc * 64 + last;
}

// The host's k_branchy for one warp size: out and side for every lane.
static void branchy_ref(const std::vector<int>& in, int n, int ws,
                        std::vector<long long>& out, std::vector<int>& side) {
  int nt = (int)in.size();
  std::vector<int> v(in), last(nt, -1), w(nt);
  std::vector<long long> acc(nt, 0);
  side.assign(nt, 0);
  for (int i = 0; i < n; i++) {
    for (int w0 = 0; w0 < nt; w0 += ws) {
      int any = 0, all = 1;
      for (int t = w0; t < w0 + ws; t++) {
        if ((v[t] + i) & 1) side[t] += v[t];
        any |= v[t] > 20, all &= v[t] >= i % 3;
      }
      for (int t = w0; t < w0 + ws; t++) {
        w[t] = all ? v[t ^ 1] + i : v[t];
        if (all) side[t] ^= 1 << (i % 8);
      }
      for (int t = w0; t < w0 + ws; t++) {
        acc[t] = acc[t] * 5 + w[t] + any;
        v[t] = (w[t] * 7 + i) % 23;
        last[t] = w[t];
      }
    }
  }
  for (int t = 0; t < nt; t++) out[t] = acc[t] * 64 + last[t];
}

int main() {
  const int nt = 64;
  const int ws = test::device_warp_size();
  std::vector<int> in(nt);
  for (int t = 0; t < nt; t++) in[t] = (t * 37 + 11) % 23;
  int* d_in;
  unsigned long long* d_out;
  long long* d_sh;
  HIP_CHECK(hipMalloc(&d_in, nt * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_out, nt * sizeof(unsigned long long)));
  HIP_CHECK(hipMalloc(&d_sh, nt * sizeof(long long)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), nt * sizeof(int),
                      hipMemcpyHostToDevice));
  const int enters[] = {nt, 40, 7};
  for (int n = 0; n < 12; n++) {
    for (int enter : enters) {
      k_votes<<<1, nt>>>(d_in, d_out, n, enter);
      HIP_CHECK(hipGetLastError());
      std::vector<unsigned long long> got(nt), want(nt);
      HIP_CHECK(hipMemcpy(got.data(), d_out, nt * sizeof(*d_out),
                          hipMemcpyDeviceToHost));
      for (int t = 0; t < nt; t++) {
        unsigned long long acc = 1;
        int w0 = t / ws * ws;
        for (int i = 0; t < enter && i < n; i++) {
          int any = 0, all = 1, pop = 0;
          for (int l = w0; l < w0 + ws && l < enter; l++) {
            int v = in[(l + i) % 64];
            any |= v > i, all &= v > i, pop += v > 2 * i;
          }
          acc = acc * 7 + any + 2 * all + 4 * pop;
        }
        want[t] = acc;
      }
      CHECK_ARRAY(got.data(), want.data(), nt);
    }
    k_shfl<<<1, nt>>>(d_in, d_sh, n);
    HIP_CHECK(hipGetLastError());
    std::vector<long long> got(nt), want(nt);
    HIP_CHECK(hipMemcpy(got.data(), d_sh, nt * sizeof(*d_sh),
                        hipMemcpyDeviceToHost));
    std::vector<int> v(in);
    std::vector<long long> acc(nt, 0);
    for (int i = 0; i < n; i++) {
      std::vector<int> nv(nt);
      for (int t = 0; t < nt; t++) nv[t] = v[t ^ 1] + i;
      for (int t = 0; t < nt; t++) acc[t] = acc[t] * 3 + nv[t];
      v = nv;
    }
    CHECK_ARRAY(got.data(), acc.data(), nt);
  }
  // k_branchy's __all holds in about half the trips, its __any in most.
  std::vector<int> bin(in);
  for (int t = 0; t < nt; t++) bin[t] = 2 + (t * 5 + 3) % 19;
  bin[5] = 1;
  int* d_side;
  HIP_CHECK(hipMalloc(&d_side, nt * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_in, bin.data(), nt * sizeof(int),
                      hipMemcpyHostToDevice));
  for (int n = 0; n < 12; n++) {
    HIP_CHECK(hipMemset(d_side, 0, nt * sizeof(int)));
    k_branchy<<<1, nt>>>(d_in, d_sh, d_side, n);
    HIP_CHECK(hipGetLastError());
    std::vector<long long> got(nt), want(nt);
    std::vector<int> gside(nt), wside;
    HIP_CHECK(hipMemcpy(got.data(), d_sh, nt * sizeof(*d_sh),
                        hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(gside.data(), d_side, nt * sizeof(int),
                        hipMemcpyDeviceToHost));
    branchy_ref(bin, n, ws, want, wside);
    CHECK_ARRAY(got.data(), want.data(), nt);
    CHECK_ARRAY(gside.data(), wside.data(), nt);
  }
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  HIP_CHECK(hipFree(d_sh));
  HIP_CHECK(hipFree(d_side));
  return test_summary("warp_loop_unroll");
}
