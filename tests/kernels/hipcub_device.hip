// hipCUB's device-level algorithms against host computations (std::sort,
// std::accumulate, loops), for sizes around the chunking's edges, with the
// two-call temporary-storage protocol and a stream.
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

#include "common.h"

template <typename T>
struct dev {
  T* p = nullptr;
  size_t n;
  explicit dev(size_t n_) : n(n_) { HIP_CHECK(hipMalloc(&p, n * sizeof(T) + 1)); }
  dev(const std::vector<T>& v) : dev(v.size()) {
    HIP_CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  }
  ~dev() { (void)hipFree(p); }
  std::vector<T> get(size_t m = size_t(-1)) const {
    std::vector<T> v(m == size_t(-1) ? n : m);
    HIP_CHECK(hipMemcpy(v.data(), p, v.size() * sizeof(T), hipMemcpyDeviceToHost));
    return v;
  }
};

// Runs `f(temp, bytes)` twice: the size query, then the real call.
template <typename F>
static void two_call(F f) {
  size_t bytes = 0;
  HIP_CHECK(f(nullptr, bytes));
  CHECK(bytes > 0);
  void* temp;
  HIP_CHECK(hipMalloc(&temp, bytes));
  HIP_CHECK(f(temp, bytes));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipFree(temp));
}

static unsigned rng = 777;
static int next_rand() {
  rng = rng * 1103515245u + 12345u;
  return static_cast<int>(rng >> 8);
}

static hipStream_t stream;

static void test_reduce(int n) {
  std::vector<int> in(n);
  for (auto& x : in) x = next_rand() % 2001 - 1000;
  dev<int> d(in), out(1);
  dev<hipcub::KeyValuePair<int, int>> kv(1);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Sum(t, b, d.p, out.p, n, stream);
  });
  CHECK_EQ(out.get()[0], std::accumulate(in.begin(), in.end(), 0));
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Min(t, b, d.p, out.p, n, stream);
  });
  CHECK_EQ(out.get()[0], n ? *std::min_element(in.begin(), in.end())
                           : std::numeric_limits<int>::max());
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Max(t, b, d.p, out.p, n, stream);
  });
  CHECK_EQ(out.get()[0], n ? *std::max_element(in.begin(), in.end())
                           : std::numeric_limits<int>::lowest());
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Reduce(t, b, d.p, out.p, n, hipcub::Sum(), 5,
                                        stream);
  });
  CHECK_EQ(out.get()[0], std::accumulate(in.begin(), in.end(), 5));
  if (n == 0) return;
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::ArgMin(t, b, d.p, kv.p, n, stream);
  });
  auto m = std::min_element(in.begin(), in.end());
  CHECK_EQ(kv.get()[0].key, int(m - in.begin()));
  CHECK_EQ(kv.get()[0].value, *m);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::ArgMax(t, b, d.p, kv.p, n, stream);
  });
  auto M = std::max_element(in.begin(), in.end());
  CHECK_EQ(kv.get()[0].key, int(M - in.begin()));
  CHECK_EQ(kv.get()[0].value, *M);
}

static void test_scan(int n) {
  std::vector<long long> in(n);
  for (auto& x : in) x = next_rand() % 100;
  dev<long long> d(in), out(n);
  std::vector<long long> want(n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::InclusiveSum(t, b, d.p, out.p, n, stream);
  });
  std::inclusive_scan(in.begin(), in.end(), want.begin());
  auto got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::ExclusiveSum(t, b, d.p, out.p, n, stream);
  });
  std::exclusive_scan(in.begin(), in.end(), want.begin(), 0LL);
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::ExclusiveScan(t, b, d.p, out.p, hipcub::Max(),
                                             -1LL, n, stream);
  });
  long long run = -1;
  for (int i = 0; i < n; ++i) { want[i] = run; run = std::max(run, in[i]); }
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  // By key: runs of equal keys of random lengths.
  std::vector<int> keys(n);
  int k = 0;
  for (int i = 0; i < n; ++i) { if (next_rand() % 7 == 0) ++k; keys[i] = k; }
  dev<int> dk(keys);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::InclusiveSumByKey(t, b, dk.p, d.p, out.p, n,
                                                 hipcub::Equality(), stream);
  });
  for (int i = 0; i < n; ++i)
    want[i] = (i > 0 && keys[i] == keys[i - 1]) ? want[i - 1] + in[i] : in[i];
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::ExclusiveScanByKey(t, b, dk.p, d.p, out.p,
                                                  hipcub::Sum(), 100LL, n,
                                                  hipcub::Equality(), stream);
  });
  for (int i = 0; i < n; ++i)
    want[i] = (i > 0 && keys[i] == keys[i - 1]) ? want[i - 1] + in[i - 1] : 100;
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
}

template <typename K>
static void test_radix(int n, int begin_bit, int end_bit) {
  std::vector<K> keys(n);
  std::vector<int> vals(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = static_cast<K>(next_rand() % 200001 - 100000) / K(3);
    vals[i] = i;
  }
  typedef hipcub::detail::radix_key<K> tw;
  typedef typename tw::bits bits;
  auto digit = [&](K key) {
    bits b = tw::encode(key);
    int w = end_bit - begin_bit;
    bits m = w >= int(sizeof(bits) * 8) ? bits(~bits(0)) : bits((bits(1) << w) - 1);
    return bits((b >> begin_bit) & m);
  };
  for (int desc = 0; desc < 2; ++desc) {
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) {
      return desc ? digit(keys[x]) > digit(keys[y]) : digit(keys[x]) < digit(keys[y]);
    });
    std::vector<K> wk(n);
    for (int i = 0; i < n; ++i) wk[i] = keys[idx[i]];
    dev<K> dk(keys), ko(n);
    dev<int> dv(vals), vo(n);
    two_call([&](void* t, size_t& b) {
      return desc ? hipcub::DeviceRadixSort::SortPairsDescending(
                        t, b, dk.p, ko.p, dv.p, vo.p, n, begin_bit, end_bit, stream)
                  : hipcub::DeviceRadixSort::SortPairs(
                        t, b, dk.p, ko.p, dv.p, vo.p, n, begin_bit, end_bit, stream);
    });
    auto gk = ko.get();
    auto gv = vo.get();
    CHECK_ARRAY(gk.data(), wk.data(), n);
    CHECK_ARRAY(gv.data(), idx.data(), n);
    // DoubleBuffer keys only.
    hipcub::DoubleBuffer<K> db(dk.p, ko.p);
    two_call([&](void* t, size_t& b) {
      return desc ? hipcub::DeviceRadixSort::SortKeysDescending(
                        t, b, db, n, begin_bit, end_bit, stream)
                  : hipcub::DeviceRadixSort::SortKeys(t, b, db, n, begin_bit,
                                                      end_bit, stream);
    });
    std::vector<K> g2(n);
    HIP_CHECK(hipMemcpy(g2.data(), db.Current(), n * sizeof(K), hipMemcpyDeviceToHost));
    CHECK_ARRAY(g2.data(), wk.data(), n);
  }
}

int main() {
  HIP_CHECK(hipStreamCreate(&stream));
  for (int n : {0, 1, 1000, 16385, 100003}) test_reduce(n);
  for (int n : {1, 777, 40000, 100003}) test_scan(n);
  test_radix<int>(50001, 0, 32);
  test_radix<unsigned>(1000, 4, 13);
  test_radix<float>(33333, 0, 32);
  test_radix<double>(20000, 0, 64);
  test_radix<long long>(20000, 0, 64);
  test_radix<short>(4097, 0, 16);
  HIP_CHECK(hipStreamDestroy(stream));
  return test_summary("hipcub_device");
}
