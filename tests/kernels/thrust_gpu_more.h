// The checks of thrust_gpu_paths.hip beyond thrust_algorithms.hip's: the
// algorithms whose GPU paths came later (gpu_modify.h, gpu_search.h,
// gpu_select.h, gpu_staged.h), each against a host computation. Included
// after thrust_algorithms.hip, whose helpers it uses.
#pragma once
#include <set>

#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/logical.h>
#include <thrust/mismatch.h>
#include <thrust/remove.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/set_operations.h>
#include <thrust/swap.h>
#include <thrust/transform_scan.h>

struct is_neg {
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};
struct same_tens {
  __host__ __device__ bool operator()(int a, int b) const {
    return a / 10 == b / 10;
  }
};

static void test_modify(size_t n) {
  std::vector<int> h = random_ints(n, 41u, 50), g = random_ints(n, 42u, 50);
  thrust::device_vector<int> a(h.begin(), h.end()), b(g.begin(), g.end());
  thrust::device_vector<int> out(n, -7);
  std::vector<int> want(h), w2(g);

  thrust::replace(a.begin(), a.end(), h[0], 99);
  std::replace(want.begin(), want.end(), h[0], 99);
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  thrust::replace_if(a.begin(), a.end(), is_even(), -1);
  std::replace_if(want.begin(), want.end(), [](int x) { return x % 2 == 0; }, -1);
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  thrust::replace_if(a.begin(), a.end(), b.begin(), is_neg(), 5);
  for (size_t i = 0; i < n; i++) if (g[i] < 0) want[i] = 5;
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  auto e = thrust::replace_copy(b.begin(), b.end(), out.begin(), g[n / 2], 0);
  CHECK_EQ(static_cast<size_t>(e - out.begin()), n);
  std::replace_copy(g.begin(), g.end(), w2.begin(), g[n / 2], 0);
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  thrust::replace_copy_if(b.begin(), b.end(), out.begin(), is_neg(), 3);
  std::replace_copy_if(g.begin(), g.end(), w2.begin(), [](int x) { return x < 0; }, 3);
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  thrust::replace_copy_if(b.begin(), b.end(), a.begin(), out.begin(), is_even(), 8);
  for (size_t i = 0; i < n; i++) w2[i] = want[i] % 2 == 0 ? 8 : g[i];
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);

  // transform_if: unary, stencil, binary.
  a.assign(h.begin(), h.end());
  thrust::fill(out.begin(), out.end(), -7);
  e = thrust::transform_if(a.begin(), a.end(), out.begin(), thrust::negate<int>(),
                           is_even());
  CHECK_EQ(static_cast<size_t>(e - out.begin()), n);
  for (size_t i = 0; i < n; i++) w2[i] = h[i] % 2 == 0 ? -h[i] : -7;
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  thrust::transform_if(a.begin(), a.end(), b.begin(), out.begin(),
                       thrust::negate<int>(), is_neg());
  for (size_t i = 0; i < n; i++) if (g[i] < 0) w2[i] = -h[i];
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  thrust::transform_if(a.begin(), a.end(), b.begin(), a.begin(), out.begin(),
                       thrust::plus<int>(), is_neg());
  for (size_t i = 0; i < n; i++) if (h[i] < 0) w2[i] = h[i] + g[i];
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);

  // reverse, reverse_copy, swap_ranges, adjacent_difference.
  thrust::reverse(a.begin(), a.end());
  want = h;
  std::reverse(want.begin(), want.end());
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  thrust::reverse_copy(b.begin(), b.end(), out.begin());
  w2 = g;
  std::reverse(w2.begin(), w2.end());
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  e = thrust::swap_ranges(a.begin(), a.end(), b.begin());
  CHECK_EQ(static_cast<size_t>(e - b.begin()), n);
  CHECK_ARRAY(to_std(a).data(), g.data(), n);
  CHECK_ARRAY(to_std(b).data(), want.data(), n);
  a.assign(h.begin(), h.end());
  thrust::adjacent_difference(a.begin(), a.end(), out.begin());
  std::adjacent_difference(h.begin(), h.end(), w2.begin());
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  thrust::adjacent_difference(a.begin(), a.end(), a.begin(), thrust::maximum<int>());
  for (size_t i = 0; i < n; i++) w2[i] = i ? std::max(h[i], h[i - 1]) : h[0];
  CHECK_ARRAY(to_std(a).data(), w2.data(), n);

  // gather_if, scatter_if through a permutation, the stencil's sign.
  std::vector<int> perm(n);
  for (size_t i = 0; i < n; i++) perm[i] = static_cast<int>((i * 17u + 3) % n);
  thrust::device_vector<int> dp(perm.begin(), perm.end());
  a.assign(h.begin(), h.end());
  b.assign(g.begin(), g.end());
  thrust::fill(out.begin(), out.end(), -7);
  thrust::gather_if(dp.begin(), dp.end(), b.begin(), a.begin(), out.begin(), is_neg());
  for (size_t i = 0; i < n; i++) w2[i] = g[i] < 0 ? h[perm[i]] : -7;
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  thrust::device_vector<int> flags(n);
  for (size_t i = 0; i < n; i++) flags[i] = static_cast<int>(i % 3 == 0);
  thrust::scatter_if(a.begin(), a.end(), dp.begin(), flags.begin(), out.begin());
  for (size_t i = 0; i < n; i++) if (i % 3 == 0) w2[perm[i]] = h[i];
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
}

static void test_search(size_t n) {
  std::vector<int> h = random_ints(n, 51u, 90), g = h;
  g[n * 2 / 3] += 1;
  thrust::device_vector<int> a(h.begin(), h.end()), b(g.begin(), g.end());
  auto mm = thrust::mismatch(a.begin(), a.end(), b.begin());
  CHECK_EQ(static_cast<size_t>(mm.first - a.begin()), n * 2 / 3);
  CHECK_EQ(static_cast<size_t>(mm.second - b.begin()), n * 2 / 3);
  mm = thrust::mismatch(a.begin(), a.end(), a.begin(), thrust::equal_to<int>());
  CHECK(mm.first == a.end());
  CHECK_EQ(thrust::all_of(a.begin(), a.end(), is_neg()),
           std::all_of(h.begin(), h.end(), [](int x) { return x < 0; }));
  CHECK_EQ(thrust::any_of(a.begin(), a.end(), is_neg()),
           std::any_of(h.begin(), h.end(), [](int x) { return x < 0; }));

  // minmax_element: repeated extremes, the first of each is the answer.
  auto ext = thrust::minmax_element(a.begin(), a.end());
  auto wext = std::minmax_element(h.begin(), h.end());
  CHECK_EQ(ext.first - a.begin(), wext.first - h.begin());
  CHECK_EQ(ext.second - a.begin(),
           std::max_element(h.begin(), h.end()) - h.begin());
  ext = thrust::minmax_element(a.begin(), a.end(), thrust::greater<int>());
  CHECK_EQ(ext.first - a.begin(), std::max_element(h.begin(), h.end()) - h.begin());

  // Searches of a sorted range: each value of g, one value, equal_range.
  std::vector<int> sorted = h;
  std::sort(sorted.begin(), sorted.end());
  thrust::device_vector<int> hay(sorted.begin(), sorted.end());
  thrust::device_vector<unsigned> idx(n);
  thrust::device_vector<bool> found(n);
  std::vector<unsigned> wi(n);
  thrust::lower_bound(hay.begin(), hay.end(), b.begin(), b.end(), idx.begin());
  for (size_t i = 0; i < n; i++)
    wi[i] = std::lower_bound(sorted.begin(), sorted.end(), g[i]) - sorted.begin();
  CHECK_ARRAY(to_std(idx).data(), wi.data(), n);
  thrust::upper_bound(hay.begin(), hay.end(), b.begin(), b.end(), idx.begin(),
                      thrust::less<int>());
  for (size_t i = 0; i < n; i++)
    wi[i] = std::upper_bound(sorted.begin(), sorted.end(), g[i]) - sorted.begin();
  CHECK_ARRAY(to_std(idx).data(), wi.data(), n);
  thrust::binary_search(hay.begin(), hay.end(), thrust::counting_iterator<int>(-30),
                        thrust::counting_iterator<int>(-30) + n, found.begin());
  std::vector<bool> gotf = to_std(found);
  bool ok = true;
  for (size_t i = 0; i < n; i++)
    ok = ok && gotf[i] == std::binary_search(sorted.begin(), sorted.end(),
                                             static_cast<int>(i) - 30);
  CHECK(ok);
  int v = sorted[n / 2];
  CHECK_EQ(thrust::lower_bound(hay.begin(), hay.end(), v) - hay.begin(),
           std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
  CHECK_EQ(thrust::upper_bound(thrust::device, hay.begin(), hay.end(), v) - hay.begin(),
           std::upper_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
  CHECK(thrust::binary_search(hay.begin(), hay.end(), v));
  CHECK(!thrust::binary_search(hay.begin(), hay.end(), 1000));
  auto range = thrust::equal_range(hay.begin(), hay.end(), v);
  auto wrange = std::equal_range(sorted.begin(), sorted.end(), v);
  CHECK_EQ(range.first - hay.begin(), wrange.first - sorted.begin());
  CHECK_EQ(range.second - hay.begin(), wrange.second - sorted.begin());

  // partition_point, is_partitioned, transform scans.
  std::vector<int> parts = h;
  std::stable_partition(parts.begin(), parts.end(), [](int x) { return x < 0; });
  thrust::device_vector<int> dparts(parts.begin(), parts.end());
  CHECK_EQ(thrust::partition_point(dparts.begin(), dparts.end(), is_neg()) - dparts.begin(),
           std::partition_point(parts.begin(), parts.end(),
                                [](int x) { return x < 0; }) - parts.begin());
  CHECK(thrust::is_partitioned(dparts.begin(), dparts.end(), is_neg()));
  CHECK_EQ(thrust::is_partitioned(a.begin(), a.end(), is_neg()),
           std::is_partitioned(h.begin(), h.end(), [](int x) { return x < 0; }));
  thrust::device_vector<long long> sq(n);
  std::vector<long long> wsq(n);
  thrust::transform_inclusive_scan(a.begin(), a.end(), sq.begin(), square(),
                                   thrust::plus<long long>());
  for (size_t i = 0; i < n; i++)
    wsq[i] = (i ? wsq[i - 1] : 0) + static_cast<long long>(h[i]) * h[i];
  CHECK_ARRAY(to_std(sq).data(), wsq.data(), n);
  thrust::transform_exclusive_scan(a.begin(), a.end(), sq.begin(), square(), 7LL,
                                   thrust::plus<long long>());
  for (size_t i = n; i-- > 0;) wsq[i] = 7 + (i ? wsq[i - 1] : 0);
  CHECK_ARRAY(to_std(sq).data(), wsq.data(), n);
}

static void test_select(size_t n) {
  std::vector<int> h = random_ints(n, 61u, 40), g = random_ints(n, 62u, 40);
  thrust::device_vector<int> a(h.begin(), h.end()), b(g.begin(), g.end());
  thrust::device_vector<int> out(n, -7), out2(n, -7);
  auto even = [](int x) { return x % 2 == 0; };
  std::vector<int> want = h, w2(n, -7);

  auto e = thrust::remove(a.begin(), a.end(), h[0]);
  auto we = std::remove(want.begin(), want.end(), h[0]);
  CHECK_EQ(e - a.begin(), we - want.begin());
  CHECK_ARRAY(to_std(a).data(), want.data(), static_cast<size_t>(we - want.begin()));
  a.assign(h.begin(), h.end());
  e = thrust::remove_if(a.begin(), a.end(), is_even());
  want = h;
  we = std::remove_if(want.begin(), want.end(), even);
  CHECK_EQ(e - a.begin(), we - want.begin());
  CHECK_ARRAY(to_std(a).data(), want.data(), static_cast<size_t>(we - want.begin()));
  a.assign(h.begin(), h.end());
  e = thrust::remove_if(a.begin(), a.end(), b.begin(), is_neg());
  want.clear();
  for (size_t i = 0; i < n; i++) if (g[i] >= 0) want.push_back(h[i]);
  CHECK_EQ(static_cast<size_t>(e - a.begin()), want.size());
  CHECK_ARRAY(to_std(a).data(), want.data(), want.size());
  e = thrust::remove_copy(b.begin(), b.end(), out.begin(), g[1 % n]);
  we = std::remove_copy(g.begin(), g.end(), w2.begin(), g[1 % n]);
  CHECK_EQ(e - out.begin(), we - w2.begin());
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  e = thrust::remove_copy_if(b.begin(), b.end(), out.begin(), is_even());
  we = std::remove_copy_if(g.begin(), g.end(), w2.begin(), even);
  CHECK_EQ(e - out.begin(), we - w2.begin());
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);

  // unique forms over runs of tens (a user predicate) and plain equality.
  std::vector<int> s = h;
  std::sort(s.begin(), s.end());
  thrust::device_vector<int> ds(s.begin(), s.end());
  e = thrust::unique_copy(ds.begin(), ds.end(), out.begin(), same_tens());
  we = std::unique_copy(s.begin(), s.end(), w2.begin(),
                        [](int x, int y) { return x / 10 == y / 10; });
  CHECK_EQ(e - out.begin(), we - w2.begin());
  CHECK_ARRAY(to_std(out).data(), w2.data(), n);
  CHECK_EQ(static_cast<size_t>(thrust::unique_count(ds.begin(), ds.end())),
           std::set<int>(s.begin(), s.end()).size());
  thrust::device_vector<int> vals(n);
  thrust::sequence(vals.begin(), vals.end());
  auto ue = thrust::unique_by_key(ds.begin(), ds.end(), vals.begin());
  std::vector<int> wk, wv;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || s[i] != s[i - 1]) { wk.push_back(s[i]); wv.push_back(static_cast<int>(i)); }
  CHECK_EQ(static_cast<size_t>(ue.first - ds.begin()), wk.size());
  CHECK_EQ(static_cast<size_t>(ue.second - vals.begin()), wk.size());
  CHECK_ARRAY(to_std(ds).data(), wk.data(), wk.size());
  CHECK_ARRAY(to_std(vals).data(), wv.data(), wv.size());
  ds.assign(s.begin(), s.end());
  thrust::sequence(vals.begin(), vals.end());
  auto uc = thrust::unique_by_key_copy(ds.begin(), ds.end(), vals.begin(), out.begin(),
                                       out2.begin(), same_tens());
  wk.clear(); wv.clear();
  for (size_t i = 0; i < n; i++)
    if (i == 0 || s[i] / 10 != s[i - 1] / 10) { wk.push_back(s[i]); wv.push_back(static_cast<int>(i)); }
  CHECK_EQ(static_cast<size_t>(uc.first - out.begin()), wk.size());
  CHECK_ARRAY(to_std(out).data(), wk.data(), wk.size());
  CHECK_ARRAY(to_std(out2).data(), wv.data(), wv.size());

  // partition (stable here), stable_partition with a stencil, the copies.
  a.assign(h.begin(), h.end());
  auto mid = thrust::partition(a.begin(), a.end(), is_even());
  want = h;
  auto wmid = std::stable_partition(want.begin(), want.end(), even);
  CHECK_EQ(mid - a.begin(), wmid - want.begin());
  std::vector<int> got = to_std(a);
  CHECK(std::all_of(got.begin(), got.begin() + (mid - a.begin()), even));
  CHECK(std::none_of(got.begin() + (mid - a.begin()), got.end(), even));
  std::sort(got.begin(), got.end());
  std::vector<int> hs = h;
  std::sort(hs.begin(), hs.end());
  CHECK_ARRAY(got.data(), hs.data(), n);
  a.assign(h.begin(), h.end());
  mid = thrust::stable_partition(a.begin(), a.end(), b.begin(), is_neg());
  want.clear();
  for (size_t i = 0; i < n; i++) if (g[i] < 0) want.push_back(h[i]);
  size_t yes = want.size();
  for (size_t i = 0; i < n; i++) if (g[i] >= 0) want.push_back(h[i]);
  CHECK_EQ(static_cast<size_t>(mid - a.begin()), yes);
  CHECK_ARRAY(to_std(a).data(), want.data(), n);
  auto pc = thrust::stable_partition_copy(b.begin(), b.end(), out.begin(), out2.begin(),
                                          is_even());
  std::vector<int> wy(n, -7), wn(n, -7);
  auto wpc = std::partition_copy(g.begin(), g.end(), wy.begin(), wn.begin(), even);
  CHECK_EQ(pc.first - out.begin(), wpc.first - wy.begin());
  CHECK_EQ(pc.second - out2.begin(), wpc.second - wn.begin());
  CHECK_ARRAY(to_std(out).data(), wy.data(), static_cast<size_t>(wpc.first - wy.begin()));
  CHECK_ARRAY(to_std(out2).data(), wn.data(), static_cast<size_t>(wpc.second - wn.begin()));
}

static void test_segmented_sets(size_t n) {
  // Keys in runs of varying length; a user operator (maximum), equality by tens.
  std::vector<int> keys(n), h = random_ints(n, 71u, 1000);
  for (size_t i = 0; i < n; i++) keys[i] = static_cast<int>((i * i) / (3 * n + 1));
  thrust::device_vector<int> k(keys.begin(), keys.end()), v(h.begin(), h.end());
  thrust::device_vector<int> out(n), ko(n), vo(n);
  std::vector<int> want(n);
  thrust::inclusive_scan_by_key(k.begin(), k.end(), v.begin(), out.begin(),
                                thrust::equal_to<int>(), thrust::maximum<int>());
  for (size_t i = 0; i < n; i++)
    want[i] = i && keys[i] == keys[i - 1] ? std::max(want[i - 1], h[i]) : h[i];
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  thrust::exclusive_scan_by_key(k.begin(), k.end(), v.begin(), out.begin(), 3);
  for (size_t i = 0; i < n; i++)
    want[i] = i && keys[i] == keys[i - 1] ? want[i - 1] + h[i - 1] : 3;
  CHECK_ARRAY(to_std(out).data(), want.data(), n);
  auto re = thrust::reduce_by_key(k.begin(), k.end(), v.begin(), ko.begin(), vo.begin(),
                                  thrust::equal_to<int>(), thrust::minimum<int>());
  std::vector<int> wk, wv;
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || keys[i] != keys[i - 1]) { wk.push_back(keys[i]); wv.push_back(h[i]); }
    else wv.back() = std::min(wv.back(), h[i]);
  }
  CHECK_EQ(static_cast<size_t>(re.first - ko.begin()), wk.size());
  CHECK_EQ(static_cast<size_t>(re.second - vo.begin()), wk.size());
  CHECK_ARRAY(to_std(ko).data(), wk.data(), wk.size());
  CHECK_ARRAY(to_std(vo).data(), wv.data(), wv.size());

  // Set operations of two sorted ranges with repeats.
  std::vector<int> x = random_ints(n, 72u, 60), y = random_ints(n / 2 + 1, 73u, 60);
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  thrust::device_vector<int> dx(x.begin(), x.end()), dy(y.begin(), y.end());
  thrust::device_vector<int> so(x.size() + y.size());
  std::vector<int> ws(x.size() + y.size());
  auto se = thrust::set_union(dx.begin(), dx.end(), dy.begin(), dy.end(), so.begin());
  auto wse = std::set_union(x.begin(), x.end(), y.begin(), y.end(), ws.begin());
  CHECK_EQ(se - so.begin(), wse - ws.begin());
  CHECK_ARRAY(to_std(so).data(), ws.data(), static_cast<size_t>(wse - ws.begin()));
  se = thrust::set_intersection(dx.begin(), dx.end(), dy.begin(), dy.end(), so.begin());
  wse = std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), ws.begin());
  CHECK_EQ(se - so.begin(), wse - ws.begin());
  CHECK_ARRAY(to_std(so).data(), ws.data(), static_cast<size_t>(wse - ws.begin()));
  se = thrust::set_symmetric_difference(dx.begin(), dx.end(), dy.begin(), dy.end(),
                                        so.begin(), thrust::less<int>());
  wse = std::set_symmetric_difference(x.begin(), x.end(), y.begin(), y.end(), ws.begin());
  CHECK_EQ(se - so.begin(), wse - ws.begin());
  CHECK_ARRAY(to_std(so).data(), ws.data(), static_cast<size_t>(wse - ws.begin()));
  // set_difference_by_key: the values follow the first range's keys.
  thrust::device_vector<int> vx(n), vy(y.size(), -1), sv(so.size());
  thrust::sequence(vx.begin(), vx.end());
  auto sk = thrust::set_difference_by_key(dx.begin(), dx.end(), dy.begin(), dy.end(),
                                          vx.begin(), vy.begin(), so.begin(), sv.begin());
  std::vector<std::pair<int, int>> px(n), py(y.size()), pw(n);
  for (size_t i = 0; i < n; i++) px[i] = {x[i], static_cast<int>(i)};
  for (size_t i = 0; i < y.size(); i++) py[i] = {y[i], -1};
  auto pe = std::set_difference(px.begin(), px.end(), py.begin(), py.end(), pw.begin(),
                                [](auto p, auto q) { return p.first < q.first; });
  size_t m = static_cast<size_t>(pe - pw.begin());
  CHECK_EQ(static_cast<size_t>(sk.first - so.begin()), m);
  CHECK_EQ(static_cast<size_t>(sk.second - sv.begin()), m);
  std::vector<int> gk = to_std(so), gv = to_std(sv);
  bool ok = true;
  for (size_t i = 0; i < m; i++) ok = ok && gk[i] == pw[i].first && gv[i] == pw[i].second;
  CHECK(ok);
}

static void test_zip_keys_merge(size_t n) {
  // Sorts of zip keys (non-contiguous): lexicographic pairs.
  std::vector<int> h = random_ints(n, 81u, 20), g = random_ints(n, 82u, 1000);
  thrust::device_vector<int> a(h.begin(), h.end()), b(g.begin(), g.end()), v(n);
  auto z = thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin()));
  std::vector<std::pair<int, int>> p(n);
  for (size_t i = 0; i < n; i++) p[i] = {h[i], g[i]};
  std::vector<std::pair<int, int>> sorted = p;
  std::stable_sort(sorted.begin(), sorted.end());
  thrust::sort(z, z + n);
  std::vector<int> ga = to_std(a), gb = to_std(b);
  bool ok = true;
  for (size_t i = 0; i < n; i++) ok = ok && ga[i] == sorted[i].first && gb[i] == sorted[i].second;
  CHECK(ok);
  // sort_by_key on zip keys (descending) with values: their indices.
  a.assign(h.begin(), h.end());
  b.assign(g.begin(), g.end());
  thrust::sequence(v.begin(), v.end());
  thrust::stable_sort_by_key(z, z + n, v.begin(),
                             thrust::greater<thrust::tuple<int, int>>());
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; i++) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return p[x] > p[y]; });
  ga = to_std(a);
  gb = to_std(b);
  std::vector<int> gv = to_std(v);
  ok = true;
  for (size_t i = 0; i < n; i++)
    ok = ok && gv[i] == static_cast<int>(order[i]) && ga[i] == h[order[i]] && gb[i] == g[order[i]];
  CHECK(ok);

  // merge_by_key: ties keep the first range's items first.
  std::vector<int> x = random_ints(n, 83u, 50), y = random_ints(n, 84u, 50);
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  thrust::device_vector<int> dx(x.begin(), x.end()), dy(y.begin(), y.end());
  thrust::device_vector<int> vx(n, 1), vy(n, 2), ko(2 * n), vo(2 * n);
  auto me = thrust::merge_by_key(dx.begin(), dx.end(), dy.begin(), dy.end(), vx.begin(),
                                 vy.begin(), ko.begin(), vo.begin());
  CHECK_EQ(static_cast<size_t>(me.first - ko.begin()), 2 * n);
  std::vector<int> gk = to_std(ko), gvo = to_std(vo), wk(2 * n);
  std::merge(x.begin(), x.end(), y.begin(), y.end(), wk.begin());
  CHECK_ARRAY(gk.data(), wk.data(), 2 * n);
  ok = true;
  for (size_t i = 1; i < 2 * n; i++)
    ok = ok && !(gk[i] == gk[i - 1] && gvo[i] < gvo[i - 1]);
  CHECK(ok);
}

static void test_gpu_more(size_t n) {
  test_zip_keys_merge(n);
  test_modify(n);
  test_search(n);
  test_select(n);
  test_segmented_sets(n);
}
