// hipCUB's block primitives against host loops: BlockReduce, BlockScan
// (sums, scans with initial values, aggregates and prefix callbacks),
// BlockLoad/BlockStore (every algorithm), BlockExchange, BlockRadixSort,
// BlockHistogram, BlockDiscontinuity, BlockAdjacentDifference; at the run's
// warp size (the runner tries 64 and 32) and with blocks that are not a
// multiple of the warp.
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

#include "common.h"

template <int B, int N>
__global__ void reduce_scan(const int* in, int* red, int* red_valid,
                            int* excl, int* incl, int* agg, int valid) {
  typedef hipcub::BlockReduce<int, B> R;
  typedef hipcub::BlockScan<int, B> S;
  __shared__ typename R::TempStorage rs;
  __shared__ typename S::TempStorage ss;
  int t = threadIdx.x, b = blockIdx.x;
  int items[N];
  hipcub::LoadDirectBlocked(t, in + b * B * N, items);
  int r = R(rs).Sum(items);
  if (t == 0) red[b] = r;
  __syncthreads();
  int r2 = R(rs).Reduce(items[0], hipcub::Max(), valid);
  if (t == 0) red_valid[b] = r2;
  int out[N], a;
  S(ss).ExclusiveSum(items, out, a);
  hipcub::StoreDirectBlocked(t, excl + b * B * N, out);
  if (t == 0) agg[b] = a;
  __syncthreads();
  S(ss).InclusiveScan(items, out, hipcub::Sum());
  hipcub::StoreDirectBlocked(t, incl + b * B * N, out);
}

// A running total across tiles: the prefix callback of CUB's examples.
struct Running {
  int total;
  __device__ int operator()(int block_aggregate) {
    int old = total;
    total += block_aggregate;
    return old;
  }
};

template <int B>
__global__ void scan_tiles(const int* in, int* out, int n) {
  typedef hipcub::BlockScan<int, B> S;
  __shared__ typename S::TempStorage ss;
  Running cb{10};
  for (int base = 0; base < n; base += B) {
    int i = base + threadIdx.x;
    int v = i < n ? in[i] : 0, o;
    S(ss).InclusiveSum(v, o, cb);
    __syncthreads();
    if (i < n) out[i] = o;
  }
}

// Exclusive scan with Max and an initial value (a non-sum operator).
template <int B>
__global__ void scan_max(const int* in, int* out) {
  typedef hipcub::BlockScan<int, B> S;
  __shared__ typename S::TempStorage ss;
  int o;
  S(ss).ExclusiveScan(in[threadIdx.x], o, -1000, hipcub::Max());
  out[threadIdx.x] = o;
}

template <int B, int N, hipcub::BlockLoadAlgorithm L,
          hipcub::BlockStoreAlgorithm St>
__global__ void load_store(const int* in, int* out, int valid) {
  typedef hipcub::BlockLoad<int, B, N, L> Ld;
  typedef hipcub::BlockStore<int, B, N, St> Sto;
  __shared__ typename Ld::TempStorage ls;
  __shared__ typename Sto::TempStorage ss;
  int items[N];
  Ld(ls).Load(in, items, valid, -7);
  for (int i = 0; i < N; ++i) items[i] += 1;
  __syncthreads();
  Sto(ss).Store(out, items, valid);
}

// Blocked items whose value is their blocked index: after BlockedToStriped
// thread t's item i must be i*B + t.
template <int B, int N>
__global__ void exchange(int* out) {
  typedef hipcub::BlockExchange<int, B, N> E;
  __shared__ typename E::TempStorage es;
  int items[N];
  for (int i = 0; i < N; ++i) items[i] = threadIdx.x * N + i;
  E(es).BlockedToStriped(items);
  hipcub::StoreDirectBlocked(threadIdx.x, out, items);
  __syncthreads();
  for (int i = 0; i < N; ++i) items[i] = threadIdx.x * N + i;
  E(es).BlockedToWarpStriped(items);
  E(es).WarpStripedToBlocked(items);
  hipcub::StoreDirectBlocked(threadIdx.x, out + B * N, items);
}

template <typename K, int B, int N, bool DESC>
__global__ void radix(K* keys, int* vals, int begin_bit, int end_bit) {
  typedef hipcub::BlockRadixSort<K, B, N, int> S;
  __shared__ typename S::TempStorage ss;
  K k[N];
  int v[N];
  hipcub::LoadDirectBlocked(threadIdx.x, keys + blockIdx.x * B * N, k);
  hipcub::LoadDirectBlocked(threadIdx.x, vals + blockIdx.x * B * N, v);
  if (DESC)
    S(ss).SortDescending(k, v, begin_bit, end_bit);
  else
    S(ss).Sort(k, v, begin_bit, end_bit);
  hipcub::StoreDirectBlocked(threadIdx.x, keys + blockIdx.x * B * N, k);
  hipcub::StoreDirectBlocked(threadIdx.x, vals + blockIdx.x * B * N, v);
}

template <int B, int N>
__global__ void radix_striped(float* keys) {
  typedef hipcub::BlockRadixSort<float, B, N> S;
  __shared__ typename S::TempStorage ss;
  float k[N];
  hipcub::LoadDirectBlocked(threadIdx.x, keys, k);
  S(ss).SortBlockedToStriped(k);
  hipcub::StoreDirectStriped<B>(threadIdx.x, keys, k);
}

template <int B, int N, int BINS>
__global__ void histo(const unsigned char* in, unsigned int* out) {
  typedef hipcub::BlockHistogram<unsigned char, B, N, BINS> H;
  __shared__ typename H::TempStorage hs;
  __shared__ unsigned int h[BINS];
  unsigned char items[N];
  hipcub::LoadDirectStriped<B>(threadIdx.x, in, items);
  H(hs).Histogram(items, h);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += B) out[b] = h[b];
}

template <int B, int N>
__global__ void discontinuity(const int* in, int* heads, int* tails,
                              int* left, int* right) {
  typedef hipcub::BlockDiscontinuity<int, B> D;
  typedef hipcub::BlockAdjacentDifference<int, B> A;
  __shared__ typename D::TempStorage ds;
  __shared__ typename A::TempStorage as;
  int items[N], h[N], t[N], l[N], r[N];
  hipcub::LoadDirectBlocked(threadIdx.x, in, items);
  D(ds).FlagHeadsAndTails(h, t, items, hipcub::Inequality());
  A(as).SubtractLeft(items, l, hipcub::Difference());
  __syncthreads();
  A(as).SubtractRight(items, r, hipcub::Difference());
  hipcub::StoreDirectBlocked(threadIdx.x, heads, h);
  hipcub::StoreDirectBlocked(threadIdx.x, tails, t);
  hipcub::StoreDirectBlocked(threadIdx.x, left, l);
  hipcub::StoreDirectBlocked(threadIdx.x, right, r);
}

template <typename T>
struct dev {
  T* p = nullptr;
  size_t n;
  explicit dev(size_t n_) : n(n_) { HIP_CHECK(hipMalloc(&p, n * sizeof(T) + 1)); }
  dev(const std::vector<T>& v) : dev(v.size()) { put(v); }
  ~dev() { (void)hipFree(p); }
  void put(const std::vector<T>& v) {
    HIP_CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  }
  std::vector<T> get() const {
    std::vector<T> v(n);
    HIP_CHECK(hipMemcpy(v.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
    return v;
  }
};

static unsigned rng = 12345;
static int next_rand() {
  rng = rng * 1103515245u + 12345u;
  return static_cast<int>(rng >> 8);
}

template <int B, int N>
static void test_reduce_scan() {
  const int blocks = 3, per = B * N, valid = B / 3 + 1;
  std::vector<int> in(blocks * per);
  for (auto& x : in) x = next_rand() % 1000 - 500;
  dev<int> din(in), red(blocks), redv(blocks), ex(in.size()), inc(in.size()),
      agg(blocks);
  reduce_scan<B, N><<<blocks, B>>>(din.p, red.p, redv.p, ex.p, inc.p, agg.p,
                                   valid);
  HIP_CHECK(hipDeviceSynchronize());
  auto r = red.get(), rv = redv.get(), e = ex.get(), ic = inc.get(),
       a = agg.get();
  for (int b = 0; b < blocks; ++b) {
    const int* p = in.data() + b * per;
    CHECK_EQ(r[b], std::accumulate(p, p + per, 0));
    CHECK_EQ(a[b], std::accumulate(p, p + per, 0));
    int m = -1000000;
    for (int t = 0; t < valid; ++t) m = std::max(m, p[t * N]);
    CHECK_EQ(rv[b], m);
    std::vector<int> want_e(per), want_i(per);
    std::exclusive_scan(p, p + per, want_e.begin(), 0);
    std::inclusive_scan(p, p + per, want_i.begin());
    CHECK_ARRAY(e.data() + b * per, want_e.data(), per);
    CHECK_ARRAY(ic.data() + b * per, want_i.data(), per);
  }
}

template <int B>
static void test_scan_callback(int n) {
  std::vector<int> in(n);
  for (auto& x : in) x = next_rand() % 100;
  dev<int> din(in), out(n);
  scan_tiles<B><<<1, B>>>(din.p, out.p, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> want(n);
  std::inclusive_scan(in.begin(), in.end(), want.begin(), std::plus<int>(), 10);
  auto got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);

  std::vector<int> in2(B);
  for (auto& x : in2) x = next_rand() % 2000 - 1000;
  dev<int> d2(in2), o2(B);
  scan_max<B><<<1, B>>>(d2.p, o2.p);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> w2(B);
  int run = -1000;
  for (int i = 0; i < B; ++i) { w2[i] = run; run = std::max(run, in2[i]); }
  auto g2 = o2.get();
  CHECK_ARRAY(g2.data(), w2.data(), B);
}

template <int B, int N, hipcub::BlockLoadAlgorithm L,
          hipcub::BlockStoreAlgorithm St>
static void test_load_store(int valid) {
  std::vector<int> in(B * N);
  for (auto& x : in) x = next_rand() % 100000;
  std::vector<int> init(B * N, -1);
  dev<int> din(in), out(init);
  load_store<B, N, L, St><<<1, B>>>(din.p, out.p, valid);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> want(B * N, -1);
  for (int i = 0; i < valid; ++i) want[i] = in[i] + 1;
  auto got = out.get();
  CHECK_ARRAY(got.data(), want.data(), B * N);
}

template <int B, int N>
static void test_exchange() {
  dev<int> out(2 * B * N);
  exchange<B, N><<<1, B>>>(out.p);
  HIP_CHECK(hipDeviceSynchronize());
  auto got = out.get();
  std::vector<int> want(2 * B * N);
  for (int t = 0; t < B; ++t)
    for (int i = 0; i < N; ++i) {
      want[t * N + i] = i * B + t;
      want[B * N + t * N + i] = t * N + i;
    }
  CHECK_ARRAY(got.data(), want.data(), 2 * B * N);
}

template <typename K, int B, int N, bool DESC>
static void test_radix(int begin_bit, int end_bit) {
  const int blocks = 2, per = B * N;
  std::vector<K> keys(blocks * per);
  std::vector<int> vals(blocks * per);
  for (int i = 0; i < blocks * per; ++i) {
    keys[i] = static_cast<K>(next_rand() % 2001 - 1000);
    vals[i] = i;
  }
  dev<K> dk(keys);
  dev<int> dv(vals);
  radix<K, B, N, DESC><<<blocks, B>>>(dk.p, dv.p, begin_bit, end_bit);
  HIP_CHECK(hipDeviceSynchronize());
  auto gk = dk.get();
  auto gv = dv.get();
  typedef typename hipcub::detail::radix_key<K> tw;
  typedef typename tw::bits bits;
  auto digit = [&](K k) {
    bits b = tw::encode(k);
    int w = end_bit - begin_bit;
    bits m = w >= int(sizeof(bits) * 8) ? bits(~bits(0)) : bits((bits(1) << w) - 1);
    return bits((b >> begin_bit) & m);
  };
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> idx(per);
    std::iota(idx.begin(), idx.end(), b * per);
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) {
      return DESC ? digit(keys[x]) > digit(keys[y]) : digit(keys[x]) < digit(keys[y]);
    });
    std::vector<K> wk(per);
    for (int i = 0; i < per; ++i) wk[i] = keys[idx[i]];
    CHECK_ARRAY(gk.data() + b * per, wk.data(), per);
    CHECK_ARRAY(gv.data() + b * per, idx.data(), per);
  }
}

template <int B, int N>
static void test_radix_striped() {
  std::vector<float> keys(B * N);
  for (auto& k : keys) k = (next_rand() % 20001 - 10000) / 7.0f + 0.01f;
  dev<float> dk(keys);
  radix_striped<B, N><<<1, B>>>(dk.p);
  HIP_CHECK(hipDeviceSynchronize());
  std::sort(keys.begin(), keys.end());
  auto got = dk.get();
  CHECK_ARRAY(got.data(), keys.data(), B * N);
}

template <int B, int N, int BINS>
static void test_histo() {
  std::vector<unsigned char> in(B * N);
  for (auto& x : in) x = static_cast<unsigned char>(next_rand() % BINS);
  dev<unsigned char> din(in);
  dev<unsigned int> out(BINS);
  histo<B, N, BINS><<<1, B>>>(din.p, out.p);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned int> want(BINS, 0);
  for (auto x : in) want[x]++;
  auto got = out.get();
  CHECK_ARRAY(got.data(), want.data(), BINS);
}

template <int B, int N>
static void test_discontinuity() {
  std::vector<int> in(B * N);
  for (auto& x : in) x = next_rand() % 4;
  dev<int> din(in), h(B * N), t(B * N), l(B * N), r(B * N);
  discontinuity<B, N><<<1, B>>>(din.p, h.p, t.p, l.p, r.p);
  HIP_CHECK(hipDeviceSynchronize());
  int n = B * N;
  std::vector<int> wh(n), wt(n), wl(n), wr(n);
  for (int i = 0; i < n; ++i) {
    wh[i] = i == 0 || in[i] != in[i - 1];
    wt[i] = i == n - 1 || in[i] != in[i + 1];
    wl[i] = i == 0 ? in[i] : in[i] - in[i - 1];
    wr[i] = i == n - 1 ? in[i] : in[i] - in[i + 1];
  }
  auto gh = h.get(), gt = t.get(), gl = l.get(), gr = r.get();
  CHECK_ARRAY(gh.data(), wh.data(), n);
  CHECK_ARRAY(gt.data(), wt.data(), n);
  CHECK_ARRAY(gl.data(), wl.data(), n);
  CHECK_ARRAY(gr.data(), wr.data(), n);
}

int main() {
  test_reduce_scan<128, 4>();
  test_reduce_scan<96, 3>();
  test_reduce_scan<33, 1>();
  test_scan_callback<128>(1000);
  test_scan_callback<80>(333);
  test_load_store<96, 4, hipcub::BLOCK_LOAD_DIRECT, hipcub::BLOCK_STORE_DIRECT>(300);
  test_load_store<96, 4, hipcub::BLOCK_LOAD_STRIPED, hipcub::BLOCK_STORE_STRIPED>(384);
  test_load_store<96, 4, hipcub::BLOCK_LOAD_TRANSPOSE, hipcub::BLOCK_STORE_TRANSPOSE>(201);
  test_load_store<128, 2, hipcub::BLOCK_LOAD_WARP_TRANSPOSE,
                  hipcub::BLOCK_STORE_WARP_TRANSPOSE>(256);
  test_load_store<96, 3, hipcub::BLOCK_LOAD_WARP_TRANSPOSE,
                  hipcub::BLOCK_STORE_WARP_TRANSPOSE>(250);
  test_load_store<64, 4, hipcub::BLOCK_LOAD_VECTORIZE, hipcub::BLOCK_STORE_VECTORIZE>(256);
  test_exchange<96, 3>();
  test_exchange<128, 4>();
  test_radix<int, 128, 4, false>(0, 32);
  test_radix<int, 96, 3, true>(0, 32);
  test_radix<unsigned, 64, 2, false>(3, 9);
  test_radix<double, 80, 2, false>(0, 64);
  test_radix<short, 64, 5, true>(0, 16);
  test_radix_striped<128, 4>();
  test_histo<96, 5, 37>();
  test_histo<128, 8, 256>();
  test_discontinuity<96, 3>();
  test_discontinuity<64, 1>();
  return test_summary("hipcub_block");
}
