// Thrust (Debian's headers, hipc's "hip" device system) on device_vector:
// each algorithm's result against the same computation done with std::
// algorithms or loops on the host, on data that is not sorted or regular.
// NEEDS-HEADER: thrust/version.h
// -O0: Thrust's templates at -O2 cost hipc-kc 5-8x the compile time
// (280-300 s of CPU against 40-60 s) for a test that runs in a second.
// HIPCC-FLAGS: -O0
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/find.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/merge.h>
#include <thrust/partition.h>
#include <thrust/tabulate.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>
#include <thrust/unique.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include "common.h"

static std::vector<int> random_ints(size_t n, unsigned seed, int range) {
  std::vector<int> v(n);
  for (auto& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = static_cast<int>((seed >> 8) % static_cast<unsigned>(range)) - range / 4;
  }
  return v;
}

template <typename T>
static std::vector<T> to_std(const thrust::device_vector<T>& d) {
  thrust::host_vector<T> h = d;
  return std::vector<T>(h.begin(), h.end());
}

struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct square {
  __host__ __device__ long long operator()(int x) const {
    return static_cast<long long>(x) * x;
  }
};
struct by_tens {  // compares by x / 10 only: equal keys show stability
  __host__ __device__ bool operator()(int a, int b) const {
    return a / 10 < b / 10;
  }
};
struct add_one {
  __host__ __device__ void operator()(int& x) const { x += 1; }
};
struct zip_sum {
  __host__ __device__ void operator()(thrust::tuple<int, int, int&> t) const {
    thrust::get<2>(t) = thrust::get<0>(t) + 2 * thrust::get<1>(t);
  }
};

static void test_sort(size_t n) {
  std::vector<int> h = random_ints(n, 7u + n, 1000);
  thrust::device_vector<int> d(h.begin(), h.end());
  thrust::sort(d.begin(), d.end());
  std::vector<int> want = h;
  std::sort(want.begin(), want.end());
  CHECK_ARRAY(to_std(d).data(), want.data(), n);

  d = thrust::device_vector<int>(h.begin(), h.end());
  thrust::sort(thrust::device, d.begin(), d.end(), thrust::greater<int>());
  std::sort(want.begin(), want.end(), std::greater<int>());
  CHECK_ARRAY(to_std(d).data(), want.data(), n);

  d = thrust::device_vector<int>(h.begin(), h.end());
  thrust::stable_sort(d.begin(), d.end(), by_tens());
  want = h;
  std::stable_sort(want.begin(), want.end(),
                   [](int a, int b) { return a / 10 < b / 10; });
  CHECK_ARRAY(to_std(d).data(), want.data(), n);

  // sort_by_key with distinct keys (a permutation): the order is fixed.
  std::vector<int> keys(n), vals(n);
  for (size_t i = 0; i < n; i++) {
    keys[i] = static_cast<int>((i * 7919u) % n);
    vals[i] = static_cast<int>(i);
  }
  thrust::device_vector<int> dk(keys.begin(), keys.end());
  thrust::device_vector<int> dv(vals.begin(), vals.end());
  thrust::sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<int> wk(n), wv(n);
  for (size_t i = 0; i < n; i++) {
    wk[keys[i]] = keys[i];
    wv[keys[i]] = vals[i];
  }
  CHECK_ARRAY(to_std(dk).data(), wk.data(), n);
  CHECK_ARRAY(to_std(dv).data(), wv.data(), n);
  thrust::sort_by_key(dk.begin(), dk.end(), dv.begin(), thrust::greater<int>());
  std::reverse(wk.begin(), wk.end());
  std::reverse(wv.begin(), wv.end());
  CHECK_ARRAY(to_std(dk).data(), wk.data(), n);
  CHECK_ARRAY(to_std(dv).data(), wv.data(), n);

  // Floating-point keys, negative and positive.
  std::vector<double> hd(n);
  for (size_t i = 0; i < n; i++) hd[i] = (h[i] - 250) * 0.37;
  thrust::device_vector<double> dd(hd.begin(), hd.end());
  thrust::sort(dd.begin(), dd.end());
  std::sort(hd.begin(), hd.end());
  CHECK_ARRAY(to_std(dd).data(), hd.data(), n);

  // stable_sort_by_key with repeated keys: values keep their order.
  std::vector<int> rk = random_ints(n, 99u, 40);
  dk.assign(rk.begin(), rk.end());
  thrust::sequence(dv.begin(), dv.end());
  thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<std::pair<int, int>> pairs(n);
  for (size_t i = 0; i < n; i++) pairs[i] = {rk[i], static_cast<int>(i)};
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](auto a, auto b) { return a.first < b.first; });
  for (size_t i = 0; i < n; i++) {
    wk[i] = pairs[i].first;
    wv[i] = pairs[i].second;
  }
  CHECK_ARRAY(to_std(dk).data(), wk.data(), n);
  CHECK_ARRAY(to_std(dv).data(), wv.data(), n);
}

static void test_reduce_scan(size_t n) {
  std::vector<int> h = random_ints(n, 3u, 2000);
  thrust::device_vector<int> d(h.begin(), h.end());
  CHECK_EQ(thrust::reduce(d.begin(), d.end()),
           std::accumulate(h.begin(), h.end(), 0));
  CHECK_EQ(thrust::reduce(thrust::device, d.begin(), d.end(), 5, thrust::plus<int>()),
           std::accumulate(h.begin(), h.end(), 5));
  CHECK_EQ(thrust::reduce(d.begin(), d.end(), -100000, thrust::maximum<int>()),
           *std::max_element(h.begin(), h.end()));
  CHECK_EQ(thrust::reduce(d.begin(), d.end(), 100000, thrust::minimum<int>()),
           *std::min_element(h.begin(), h.end()));
  long long sq = 0;
  for (int x : h) sq += static_cast<long long>(x) * x;
  CHECK_EQ(thrust::transform_reduce(d.begin(), d.end(), square(), 0LL,
                                    thrust::plus<long long>()),
           sq);

  thrust::device_vector<int> out(n);
  std::vector<int> want(n);
  thrust::inclusive_scan(d.begin(), d.end(), out.begin());
  std::partial_sum(h.begin(), h.end(), want.begin());
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::exclusive_scan(d.begin(), d.end(), out.begin(), 10);
  int run = 10;
  for (size_t i = 0; i < n; i++) {
    want[i] = run;
    run += h[i];
  }
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::inclusive_scan(d.begin(), d.end(), out.begin(), thrust::maximum<int>());
  for (size_t i = 0; i < n; i++) want[i] = i ? std::max(want[i - 1], h[i]) : h[0];
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::exclusive_scan(d.begin(), d.end(), out.begin(), -5000,
                         thrust::maximum<int>());
  for (size_t i = 0; i < n; i++) want[i] = i ? std::max(want[i - 1], h[i - 1]) : -5000;
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::inclusive_scan(d.begin(), d.end(), d.begin());  // in place
  std::partial_sum(h.begin(), h.end(), want.begin());
  CHECK_ARRAY(to_std(d).data(), want.data(), n);

  // By key: runs of equal keys (i / 7).
  std::vector<int> keys(n);
  for (size_t i = 0; i < n; i++) keys[i] = static_cast<int>(i / 7);
  thrust::device_vector<int> dk(keys.begin(), keys.end());
  d.assign(h.begin(), h.end());
  thrust::inclusive_scan_by_key(dk.begin(), dk.end(), d.begin(), out.begin());
  for (size_t i = 0; i < n; i++)
    want[i] = (i && keys[i] == keys[i - 1]) ? want[i - 1] + h[i] : h[i];
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::exclusive_scan_by_key(dk.begin(), dk.end(), d.begin(), out.begin());
  for (size_t i = 0; i < n; i++)
    want[i] = (i && keys[i] == keys[i - 1]) ? want[i - 1] + h[i - 1] : 0;
  CHECK_ARRAY(to_std(out).data(), want.data(), n);

  thrust::device_vector<int> rk(n), rv(n);
  auto ends = thrust::reduce_by_key(dk.begin(), dk.end(), d.begin(), rk.begin(),
                                    rv.begin());
  size_t runs = (n + 6) / 7;
  CHECK_EQ(static_cast<size_t>(ends.first - rk.begin()), runs);
  CHECK_EQ(static_cast<size_t>(ends.second - rv.begin()), runs);
  std::vector<int> wk(runs), wv(runs, 0);
  for (size_t i = 0; i < n; i++) {
    wk[i / 7] = keys[i];
    wv[i / 7] += h[i];
  }
  CHECK_ARRAY(to_std(rk).data(), wk.data(), runs);
  CHECK_ARRAY(to_std(rv).data(), wv.data(), runs);
}

static void test_transform_select(size_t n) {
  std::vector<int> h = random_ints(n, 11u, 300);
  std::vector<int> g = random_ints(n, 12u, 300);
  thrust::device_vector<int> a(h.begin(), h.end()), b(g.begin(), g.end());
  thrust::device_vector<int> out(n);
  std::vector<int> want(n);

  thrust::transform(a.begin(), a.end(), out.begin(), thrust::negate<int>());
  std::transform(h.begin(), h.end(), want.begin(), std::negate<int>());
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::transform(a.begin(), a.end(), b.begin(), out.begin(), thrust::minus<int>());
  std::transform(h.begin(), h.end(), g.begin(), want.begin(), std::minus<int>());
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::transform(thrust::device, a.begin(), a.end(), b.begin(), out.begin(),
                    thrust::multiplies<int>());
  std::transform(h.begin(), h.end(), g.begin(), want.begin(), std::multiplies<int>());
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::transform(a.begin(), a.end(), out.begin(), thrust::identity<int>());
  CHECK_ARRAY(to_std(out).data(), h.data(), n);
  thrust::transform(a.begin(), a.end(), out.begin(),
                    [] __host__ __device__(int x) { return 3 * x + 1; });
  for (size_t i = 0; i < n; i++) want[i] = 3 * h[i] + 1;
  CHECK_ARRAY(to_std(out).data(), want.data(), n);

  // copy_if, count, count_if.
  thrust::fill(out.begin(), out.end(), -1);
  auto end = thrust::copy_if(a.begin(), a.end(), out.begin(), is_even());
  want.assign(n, -1);
  auto wend = std::copy_if(h.begin(), h.end(), want.begin(),
                           [](int x) { return x % 2 == 0; });
  CHECK_EQ(end - out.begin(), wend - want.begin());
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  CHECK_EQ(thrust::count_if(a.begin(), a.end(), is_even()),
           std::count_if(h.begin(), h.end(), [](int x) { return x % 2 == 0; }));
  CHECK_EQ(thrust::count(a.begin(), a.end(), h[n / 2]),
           std::count(h.begin(), h.end(), h[n / 2]));

  // unique after sort.
  thrust::sort(a.begin(), a.end());
  auto uend = thrust::unique(a.begin(), a.end());
  std::vector<int> s = h;
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  CHECK_EQ(static_cast<size_t>(uend - a.begin()), s.size());
  CHECK_ARRAY(to_std(a).data(), s.data(), s.size());

  // inner_product, min/max_element.
  a.assign(h.begin(), h.end());
  long long ip = 0;
  for (size_t i = 0; i < n; i++) ip += static_cast<long long>(h[i]) * g[i];
  CHECK_EQ(thrust::inner_product(a.begin(), a.end(), b.begin(), 0LL), ip);
  CHECK_EQ(thrust::min_element(a.begin(), a.end()) - a.begin(),
           std::min_element(h.begin(), h.end()) - h.begin());
  CHECK_EQ(thrust::max_element(a.begin(), a.end()) - a.begin(),
           std::max_element(h.begin(), h.end()) - h.begin());
  auto mm = thrust::minmax_element(a.begin(), a.end());
  CHECK_EQ(static_cast<int>(*mm.first), *std::min_element(h.begin(), h.end()));
  CHECK_EQ(static_cast<int>(*mm.second), *std::max_element(h.begin(), h.end()));

  // gather / scatter through a permutation.
  std::vector<int> perm(n);
  for (size_t i = 0; i < n; i++) perm[i] = static_cast<int>((i * 31u) % n);
  thrust::device_vector<int> dp(perm.begin(), perm.end());
  thrust::gather(dp.begin(), dp.end(), a.begin(), out.begin());
  for (size_t i = 0; i < n; i++) want[i] = h[perm[i]];
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::scatter(a.begin(), a.end(), dp.begin(), out.begin());
  for (size_t i = 0; i < n; i++) want[perm[i]] = h[i];
  CHECK_ARRAY(to_std(out).data(), want.data(), n);

  // for_each, sequence, fill, copy.
  thrust::for_each(a.begin(), a.end(), add_one());
  for (size_t i = 0; i < n; i++) want[i] = h[i] + 1;
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  thrust::sequence(out.begin(), out.end(), 5, 3);
  for (size_t i = 0; i < n; i++) want[i] = 5 + 3 * static_cast<int>(i);
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  if (n >= 2) {
    thrust::fill(out.begin() + 1, out.end() - 1, 42);
    for (size_t i = 1; i + 1 < n; i++) want[i] = 42;
  }
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::copy(b.begin(), b.end(), out.begin());
  CHECK_ARRAY(to_std(out).data(), g.data(), n);
}

static void test_iterators(size_t n) {
  thrust::device_vector<int> out(n);
  std::vector<int> want(n);
  thrust::counting_iterator<int> first(10);
  thrust::transform(first, first + n, thrust::make_constant_iterator(4),
                    out.begin(), thrust::multiplies<int>());
  for (size_t i = 0; i < n; i++) want[i] = 4 * (10 + static_cast<int>(i));
  CHECK_ARRAY(to_std(out).data(), want.data(), n);

  auto sq = thrust::make_transform_iterator(out.begin(), thrust::negate<int>());
  CHECK_EQ(thrust::reduce(sq, sq + n),
           -std::accumulate(want.begin(), want.end(), 0));

  thrust::device_vector<int> a(n), b(n), c(n);
  thrust::sequence(a.begin(), a.end());
  thrust::fill(b.begin(), b.end(), 7);
  auto zf = thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin(), c.begin()));
  thrust::for_each(zf, zf + n, zip_sum());
  for (size_t i = 0; i < n; i++) want[i] = static_cast<int>(i) + 14;
  CHECK_ARRAY(to_std(c).data(), want.data(), n);

  // Sorting a zip of two vectors by the first one's values (descending).
  std::vector<int> h = random_ints(n, 5u, 100000);
  a.assign(h.begin(), h.end());
  thrust::sequence(b.begin(), b.end());
  thrust::sort_by_key(a.begin(), a.end(),
                      thrust::make_zip_iterator(thrust::make_tuple(b.begin(), c.begin())),
                      thrust::greater<int>());
  std::vector<int> got_a = to_std(a), got_b = to_std(b);
  bool ok = std::is_sorted(got_a.begin(), got_a.end(), std::greater<int>());
  for (size_t i = 0; i < n; i++) ok = ok && h[got_b[i]] == got_a[i];
  CHECK(ok);

  thrust::tuple<int, float> t = thrust::make_tuple(3, 2.5f);
  CHECK_EQ(thrust::get<0>(t), 3);
  CHECK_EQ(thrust::get<1>(t), 2.5f);
}

static void test_more(size_t n) {
  std::vector<int> h = random_ints(n, 31u, 700);
  thrust::device_vector<int> a(h.begin(), h.end()), out(n);
  std::vector<int> want(n);
  // permutation_iterator (reversed), tabulate, find, partition, merge.
  thrust::device_vector<int> idx(n);
  thrust::sequence(idx.begin(), idx.end(), static_cast<int>(n) - 1, -1);
  auto perm = thrust::make_permutation_iterator(a.begin(), idx.begin());
  thrust::copy(perm, perm + n, out.begin());
  std::reverse_copy(h.begin(), h.end(), want.begin());
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::tabulate(out.begin(), out.end(), thrust::negate<int>());
  for (size_t i = 0; i < n; i++) want[i] = -static_cast<int>(i);
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  CHECK_EQ(thrust::find(a.begin(), a.end(), h[n - 1]) - a.begin(),
           std::find(h.begin(), h.end(), h[n - 1]) - h.begin());
  auto mid = thrust::stable_partition(a.begin(), a.end(), is_even());
  want = h;
  auto wmid = std::stable_partition(want.begin(), want.end(),
                                    [](int x) { return x % 2 == 0; });
  CHECK_EQ(mid - a.begin(), wmid - want.begin());
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  thrust::device_vector<int> b(h.begin(), h.end()), m(2 * n);
  thrust::sort(a.begin(), a.end());
  thrust::sort(b.begin(), b.end());
  thrust::merge(a.begin(), a.end(), b.begin(), b.end(), m.begin());
  std::vector<int> wm(2 * n);
  std::sort(want.begin(), want.end());
  std::merge(want.begin(), want.end(), want.begin(), want.end(), wm.begin());
  CHECK_ARRAY(to_std(m).data(), wm.data(), 2 * n);
  // reduce_by_key with the keys discarded.
  thrust::device_vector<int> ones(n, 1), counts(n);
  auto ends = thrust::reduce_by_key(a.begin(), a.end(), ones.begin(),
                                    thrust::make_discard_iterator(), counts.begin());
  CHECK_EQ(static_cast<size_t>(ends.second - counts.begin()),
           static_cast<size_t>(std::unique(want.begin(), want.end()) - want.begin()));
}

static void test_host_policy(size_t n) {
  std::vector<int> h = random_ints(n, 21u, 500);
  thrust::host_vector<int> hv(h.begin(), h.end());
  thrust::sort(thrust::host, hv.begin(), hv.end());
  std::sort(h.begin(), h.end());
  CHECK_ARRAY(hv.data(), h.data(), n);
  CHECK_EQ(thrust::reduce(thrust::host, hv.begin(), hv.end()),
           std::accumulate(h.begin(), h.end(), 0));
}

int main() {
  // 70001 and up: the parallel paths (hipCUB) of sorts, reduce and scans.
  for (size_t n : {1u, 2u, 1000u, 4099u, 70001u}) {
    test_sort(n);
    test_reduce_scan(n);
    test_transform_select(n);
    test_iterators(n);
    test_more(n);
    test_host_policy(n);
#ifdef THRUST_MORE_TESTS
    THRUST_MORE_TESTS(n);
#endif
  }
  return test_summary("thrust_algorithms");
}
