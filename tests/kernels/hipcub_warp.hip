// hipCUB's warp primitives against host loops: WarpReduce (full, partial,
// head- and tail-segmented), WarpScan (sums, scans, aggregates, Broadcast),
// WarpLoad/WarpStore; logical warps of 32 and 16 lanes and the default
// (the hardware warp: 64 or 32 as the runner sets it); a struct type goes
// through the word-wise shuffles.
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

#include "common.h"

struct Pair {
  int a;
  float b;
};
struct PairSum {
  __device__ Pair operator()(const Pair& x, const Pair& y) const {
    return Pair{x.a + y.a, x.b + y.b};
  }
};

// out: per thread [sum, partial sum (valid 5), head-seg, tail-seg, incl,
// excl, aggregate, broadcast of lane 2, struct sum .a]
template <int W>
__global__ void warp_ops(const int* in, const int* heads, int* out) {
  typedef hipcub::WarpReduce<int, W> R;
  typedef hipcub::WarpScan<int, W> S;
  typedef hipcub::WarpReduce<Pair, W> RP;
  __shared__ typename R::TempStorage rs[16];
  __shared__ typename S::TempStorage ss[16];
  __shared__ typename RP::TempStorage ps[16];
  int t = threadIdx.x, w = t / (W < warpSize ? W : warpSize);
  int x = in[t];
  int* o = out + t * 9;
  o[0] = R(rs[w]).Sum(x);
  o[1] = R(rs[w]).Reduce(x, hipcub::Sum(), 5);
  o[2] = R(rs[w]).HeadSegmentedSum(x, heads[t]);
  o[3] = R(rs[w]).TailSegmentedSum(x, heads[t]);
  int inc, exc, agg;
  S(ss[w]).InclusiveSum(x, inc);
  S(ss[w]).ExclusiveSum(x, exc, agg);
  o[4] = inc;
  o[5] = exc;
  o[6] = agg;
  o[7] = S(ss[w]).Broadcast(x, 2);
  Pair p = RP(ps[w]).Reduce(Pair{x, 0.5f}, PairSum());
  o[8] = p.a;
}

template <int W, int N, hipcub::WarpLoadAlgorithm L, hipcub::WarpStoreAlgorithm St>
__global__ void warp_io(const int* in, int* out, int valid) {
  typedef hipcub::WarpLoad<int, N, L, W> Ld;
  typedef hipcub::WarpStore<int, N, St, W> Sto;
  __shared__ typename Ld::TempStorage ls[8];
  __shared__ typename Sto::TempStorage ss[8];
  int width = W < warpSize ? W : warpSize;
  int w = threadIdx.x / width;
  int items[N];
  Ld(ls[w]).Load(in + w * width * N, items, valid, -1);
  for (int i = 0; i < N; ++i) items[i] *= 2;
  Sto(ss[w]).Store(out + w * width * N, items, valid);
}

static unsigned rng = 99;
static int next_rand() {
  rng = rng * 1103515245u + 12345u;
  return static_cast<int>(rng >> 8);
}

template <int W>
static void test_ops(int hw) {
  const int B = 128, width = W < hw ? W : hw;
  std::vector<int> in(B), heads(B);
  for (int i = 0; i < B; ++i) {
    in[i] = next_rand() % 100;
    heads[i] = next_rand() % 4 == 0;
  }
  int *din, *dh, *dout;
  HIP_CHECK(hipMalloc(&din, B * sizeof(int)));
  HIP_CHECK(hipMalloc(&dh, B * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, B * 9 * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), B * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dh, heads.data(), B * sizeof(int), hipMemcpyHostToDevice));
  warp_ops<W><<<1, B>>>(din, dh, dout);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> out(B * 9);
  HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(int), hipMemcpyDeviceToHost));
  for (int base = 0; base < B; base += width) {
    const int* x = in.data() + base;
    int sum = std::accumulate(x, x + width, 0);
    CHECK_EQ(out[base * 9 + 0], sum);
    CHECK_EQ(out[base * 9 + 1], std::accumulate(x, x + 5, 0));
    CHECK_EQ(out[base * 9 + 8], sum);
    int run = 0;
    for (int l = 0; l < width; ++l) {
      const int* o = out.data() + (base + l) * 9;
      CHECK_EQ(o[5], run);
      run += x[l];
      CHECK_EQ(o[4], run);
      CHECK_EQ(o[6], sum);
      CHECK_EQ(o[7], x[2]);
      // Head-segmented: at each segment's first lane (lane 0 or a head).
      if (l == 0 || heads[base + l]) {
        int e = l + 1;
        while (e < width && !heads[base + e]) ++e;
        CHECK_EQ(o[2], std::accumulate(x + l, x + e, 0));
      }
      // Tail-segmented: a segment ends at each tail; its sum at its start.
      if (l == 0 || heads[base + l - 1]) {
        int e = l;
        while (e < width - 1 && !heads[base + e]) ++e;
        CHECK_EQ(o[3], std::accumulate(x + l, x + e + 1, 0));
      }
    }
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dh));
  HIP_CHECK(hipFree(dout));
}

template <int W, int N, hipcub::WarpLoadAlgorithm L, hipcub::WarpStoreAlgorithm St>
static void test_io(int hw, int valid) {
  const int B = 128, width = W < hw ? W : hw, total = B * N;
  std::vector<int> in(total), init(total, 5);
  for (auto& v : in) v = next_rand() % 1000;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, total * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, total * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), total * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dout, init.data(), total * sizeof(int), hipMemcpyHostToDevice));
  warp_io<W, N, L, St><<<1, B>>>(din, dout, valid);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> out(total), want(total, 5);
  HIP_CHECK(hipMemcpy(out.data(), dout, total * sizeof(int), hipMemcpyDeviceToHost));
  for (int w = 0; w < B / width; ++w)
    for (int i = 0; i < valid && i < width * N; ++i)
      want[w * width * N + i] = 2 * in[w * width * N + i];
  CHECK_ARRAY(out.data(), want.data(), total);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

int main() {
  int hw = 0;
  HIP_CHECK(hipDeviceGetAttribute(&hw, hipDeviceAttributeWarpSize, 0));
  test_ops<HIPCUB_WARP_THREADS>(hw);
  test_ops<32>(hw);
  test_ops<16>(hw);
  test_io<32, 4, hipcub::WARP_LOAD_DIRECT, hipcub::WARP_STORE_DIRECT>(hw, 100);
  test_io<32, 4, hipcub::WARP_LOAD_STRIPED, hipcub::WARP_STORE_STRIPED>(hw, 128);
  test_io<32, 3, hipcub::WARP_LOAD_TRANSPOSE, hipcub::WARP_STORE_TRANSPOSE>(hw, 77);
  test_io<16, 2, hipcub::WARP_LOAD_VECTORIZE, hipcub::WARP_STORE_VECTORIZE>(hw, 32);
  test_io<HIPCUB_WARP_THREADS, 2, hipcub::WARP_LOAD_TRANSPOSE,
          hipcub::WARP_STORE_TRANSPOSE>(hw, 1000);
  return test_summary("hipcub_warp");
}
