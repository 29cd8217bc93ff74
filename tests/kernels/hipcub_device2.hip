// hipCUB's device-level selection, histogram, run-length, segmented and
// merge-sort algorithms and the iterators, against host loops; sizes
// around the chunking's edges, the two-call protocol, a stream.
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

static unsigned rng = 4242;
static int next_rand() {
  rng = rng * 1103515245u + 12345u;
  return static_cast<int>(rng >> 8);
}

static hipStream_t stream;

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};
struct Square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct Greater {
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};

static void test_select(int n) {
  std::vector<int> in(n);
  std::vector<unsigned char> flags(n);
  for (int i = 0; i < n; ++i) {
    in[i] = next_rand() % 10;
    flags[i] = next_rand() % 3 == 0;
  }
  dev<int> d(in), out(n), num(1);
  dev<unsigned char> f(flags);
  std::vector<int> want;
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSelect::Flagged(t, b, d.p, f.p, out.p, num.p, n, stream);
  });
  for (int i = 0; i < n; ++i) if (flags[i]) want.push_back(in[i]);
  CHECK_EQ(num.get()[0], (int)want.size());
  auto got = out.get(want.size());
  CHECK_ARRAY(got.data(), want.data(), want.size());
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSelect::If(t, b, d.p, out.p, num.p, n, IsOdd(), stream);
  });
  want.clear();
  for (int x : in) if (x & 1) want.push_back(x);
  CHECK_EQ(num.get()[0], (int)want.size());
  got = out.get(want.size());
  CHECK_ARRAY(got.data(), want.data(), want.size());
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSelect::Unique(t, b, d.p, out.p, num.p, n, stream);
  });
  want.assign(in.begin(), in.end());
  want.erase(std::unique(want.begin(), want.end()), want.end());
  CHECK_EQ(num.get()[0], (int)want.size());
  got = out.get(want.size());
  CHECK_ARRAY(got.data(), want.data(), want.size());
  two_call([&](void* t, size_t& b) {
    return hipcub::DevicePartition::If(t, b, d.p, out.p, num.p, n, IsOdd(), stream);
  });
  want.clear();
  for (int x : in) if (x & 1) want.push_back(x);
  int sel = want.size();
  for (int i = n - 1; i >= 0; --i) if (!(in[i] & 1)) want.push_back(in[i]);
  CHECK_EQ(num.get()[0], sel);
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  // Run-length encoding.
  dev<int> counts(n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceRunLengthEncode::Encode(t, b, d.p, out.p, counts.p,
                                                 num.p, n, stream);
  });
  std::vector<int> wu, wc, wo, wl;
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && in[j] == in[i]) ++j;
    wu.push_back(in[i]);
    wc.push_back(j - i);
    if (j - i > 1) { wo.push_back(i); wl.push_back(j - i); }
    i = j;
  }
  CHECK_EQ(num.get()[0], (int)wu.size());
  got = out.get(wu.size());
  CHECK_ARRAY(got.data(), wu.data(), wu.size());
  auto gc = counts.get(wc.size());
  CHECK_ARRAY(gc.data(), wc.data(), wc.size());
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, d.p, out.p,
                                                         counts.p, num.p, n,
                                                         stream);
  });
  CHECK_EQ(num.get()[0], (int)wo.size());
  got = out.get(wo.size());
  CHECK_ARRAY(got.data(), wo.data(), wo.size());
  gc = counts.get(wl.size());
  CHECK_ARRAY(gc.data(), wl.data(), wl.size());
}

static void test_histogram(int n) {
  std::vector<float> in(n);
  for (auto& x : in) x = (next_rand() % 12000) / 100.0f - 10.0f;  // [-10, 110)
  dev<float> d(in);
  dev<int> h(10);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceHistogram::HistogramEven(t, b, d.p, h.p, 11, 0.0f,
                                                  100.0f, n, stream);
  });
  std::vector<int> want(10, 0);
  for (float x : in)
    if (x >= 0.0f && x < 100.0f) want[int(double(x) * 10 / 100)]++;
  auto got = h.get();
  CHECK_ARRAY(got.data(), want.data(), 10);
  std::vector<float> levels = {-5.0f, 0.0f, 1.0f, 50.0f, 99.5f};
  dev<float> dl(levels);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceHistogram::HistogramRange(t, b, d.p, h.p, 5,
                                                   (const float*)dl.p, n, stream);
  });
  std::vector<int> w2(4, 0);
  for (float x : in)
    for (int k = 0; k < 4; ++k)
      if (x >= levels[k] && x < levels[k + 1]) w2[k]++;
  got = h.get(4);
  CHECK_ARRAY(got.data(), w2.data(), 4);
}

static void test_segmented(int nseg) {
  std::vector<int> offs(nseg + 1, 0);
  for (int s = 0; s < nseg; ++s) offs[s + 1] = offs[s] + (s % 5 == 0 ? 0 : next_rand() % 300);
  int n = offs[nseg];
  std::vector<int> in(n);
  for (auto& x : in) x = next_rand() % 1000 - 500;
  dev<int> d(in), o(offs), out(nseg);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSegmentedReduce::Sum(t, b, d.p, out.p, nseg, o.p,
                                              o.p + 1, stream);
  });
  std::vector<int> want(nseg);
  for (int s = 0; s < nseg; ++s)
    want[s] = std::accumulate(in.begin() + offs[s], in.begin() + offs[s + 1], 0);
  auto got = out.get();
  CHECK_ARRAY(got.data(), want.data(), nseg);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSegmentedReduce::Max(t, b, d.p, out.p, nseg, o.p,
                                              o.p + 1, stream);
  });
  for (int s = 0; s < nseg; ++s)
    want[s] = offs[s] == offs[s + 1]
                  ? std::numeric_limits<int>::lowest()
                  : *std::max_element(in.begin() + offs[s], in.begin() + offs[s + 1]);
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), nseg);
  dev<hipcub::KeyValuePair<int, int>> kv(nseg);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSegmentedReduce::ArgMin(t, b, d.p, kv.p, nseg, o.p,
                                                 o.p + 1, stream);
  });
  auto gkv = kv.get();
  for (int s = 0; s < nseg; ++s) {
    if (offs[s] == offs[s + 1]) { CHECK_EQ(gkv[s].key, 1); continue; }
    auto m = std::min_element(in.begin() + offs[s], in.begin() + offs[s + 1]);
    CHECK_EQ(gkv[s].key, int(m - (in.begin() + offs[s])));
    CHECK_EQ(gkv[s].value, *m);
  }
  // Segmented radix sort, pairs, ascending and descending.
  std::vector<int> vals(n);
  std::iota(vals.begin(), vals.end(), 0);
  dev<int> dv(vals), ko(n), vo(n);
  for (int desc = 0; desc < 2; ++desc) {
    two_call([&](void* t, size_t& b) {
      return desc ? hipcub::DeviceSegmentedRadixSort::SortPairsDescending(
                        t, b, d.p, ko.p, dv.p, vo.p, n, nseg, o.p, o.p + 1, 0, 32,
                        stream)
                  : hipcub::DeviceSegmentedRadixSort::SortPairs(
                        t, b, d.p, ko.p, dv.p, vo.p, n, nseg, o.p, o.p + 1, 0, 32,
                        stream);
    });
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    for (int s = 0; s < nseg; ++s)
      std::stable_sort(idx.begin() + offs[s], idx.begin() + offs[s + 1],
                       [&](int x, int y) { return desc ? in[x] > in[y] : in[x] < in[y]; });
    std::vector<int> wk(n);
    for (int i = 0; i < n; ++i) wk[i] = in[idx[i]];
    auto gk = ko.get(), gv = vo.get();
    CHECK_ARRAY(gk.data(), wk.data(), n);
    CHECK_ARRAY(gv.data(), idx.data(), n);
  }
}

static void test_merge_sort(int n) {
  std::vector<int> keys(n), vals(n);
  for (int i = 0; i < n; ++i) { keys[i] = next_rand() % 1000; vals[i] = i; }
  dev<int> dk(keys), dv(vals);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceMergeSort::SortPairs(t, b, dk.p, dv.p, n, Greater(), stream);
  });
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return keys[x] > keys[y]; });
  std::vector<int> wk(n);
  for (int i = 0; i < n; ++i) wk[i] = keys[idx[i]];
  auto gk = dk.get(), gv = dv.get();
  CHECK_ARRAY(gk.data(), wk.data(), n);
  CHECK_ARRAY(gv.data(), idx.data(), n);
}

static void test_adjacent_and_iterators(int n) {
  std::vector<int> in(n);
  for (auto& x : in) x = next_rand() % 1000;
  dev<int> d(in), out(n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, d.p, out.p, n,
                                                              hipcub::Difference(),
                                                              stream);
  });
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = i ? in[i] - in[i - 1] : in[i];
  auto got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceAdjacentDifference::SubtractRight(t, b, d.p, n,
                                                           hipcub::Difference(),
                                                           stream);
  });
  for (int i = 0; i < n; ++i) want[i] = i + 1 < n ? in[i] - in[i + 1] : in[i];
  got = d.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  // Iterators as inputs: the sum of i*i over a counting range, a constant,
  // and an output that discards.
  hipcub::CountingInputIterator<int> count(0);
  hipcub::TransformInputIterator<long long, Square, hipcub::CountingInputIterator<int>>
      sq(count, Square());
  dev<long long> s(1);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Sum(t, b, sq, s.p, n, stream);
  });
  long long ws = 0;
  for (long long i = 0; i < n; ++i) ws += i * i;
  CHECK_EQ(s.get()[0], ws);
  hipcub::ConstantInputIterator<long long> seven(7);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::InclusiveSum(t, b, seven, out.p, n, stream);
  });
  for (int i = 0; i < n; ++i) want[i] = 7 * (i + 1);
  got = out.get();
  CHECK_ARRAY(got.data(), want.data(), n);
  hipcub::DiscardOutputIterator<> discard;
  dev<int> num(1);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceSelect::If(t, b, count, discard, num.p, n, IsOdd(), stream);
  });
  CHECK_EQ(num.get()[0], n / 2);
  auto dcur = d.get();
  hipcub::CacheModifiedInputIterator<hipcub::LOAD_LDG, int> ldg(d.p);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Max(t, b, ldg, num.p, n, stream);
  });
  CHECK_EQ(num.get()[0], *std::max_element(dcur.begin(), dcur.end()));
  // Too little temporary storage is an error.
  size_t small = 1;
  void* tmp;
  HIP_CHECK(hipMalloc(&tmp, 1));
  CHECK_ERR(hipcub::DeviceScan::InclusiveSum(tmp, small, d.p, out.p, 100000, stream),
            hipErrorInvalidValue);
  HIP_CHECK(hipFree(tmp));
}

int main() {
  HIP_CHECK(hipStreamCreate(&stream));
  for (int n : {0, 1, 5000, 16385, 70001}) test_select(n);
  for (int n : {1, 999, 50000}) test_histogram(n);
  for (int nseg : {1, 7, 300}) test_segmented(nseg);
  for (int n : {1, 17, 1000, 16385, 100000}) test_merge_sort(n);
  for (int n : {1, 2, 1000, 40001}) test_adjacent_and_iterators(n);
  HIP_CHECK(hipStreamDestroy(stream));
  return test_summary("hipcub_device2");
}
