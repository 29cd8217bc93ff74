/* thrust/system/hip/detail/gpu_staged.h: the algorithms that have no
 * kernel formulation here yet run on a GPU's stream through host memory:
 * the input ranges are copied to host buffers (hipMemcpy, or a kernel
 * into a contiguous device buffer first for fancy iterators), the host
 * computes the result, and the written items are copied back (a kernel
 * writes them where the output is not contiguous, so discard_iterator
 * works). Functors run on the host here, as in the CPP system:
 * inclusive_scan_by_key, exclusive_scan_by_key, reduce_by_key, unique,
 * merge, stable_partition, partition, minmax_element (the forms whose
 * functors are host-only: gpu_select.h, gpu_segmented.h and gpu_search.h
 * take the others), the set operations. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/pair.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <algorithm>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <vector>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* n items of a device range, on the host. */
template <typename It>
__host__ std::vector<value_t<It>> fetch(hipStream_t s, It first,
                                         long long n) {
  std::vector<value_t<It>> host(static_cast<size_t>(n));
  if (n > 0)
    download(s, first, n, host.begin());
  return host;
}

/* The first m items of a host buffer, to a device range. */
template <typename T, typename Out>
__host__ void store(hipStream_t s, const std::vector<T> &host, long long m,
                    Out out) {
  if (m > 0)
    upload(s, host.begin(), m, out);
}

/* The I-th optional argument, else `d`. */
template <size_t I, typename D, typename Tuple>
__host__ auto pick(D, const Tuple &t, std::true_type)
    -> decltype(std::get<I>(t)) {
  return std::get<I>(t);
}
template <size_t I, typename D, typename Tuple>
__host__ D pick(D d, const Tuple &, std::false_type) {
  return d;
}
template <size_t I, typename D, typename... A>
__host__ auto arg_or(D d, const std::tuple<A...> &t)
    -> typename std::decay<decltype(pick<I>(
        d, t, std::integral_constant<bool, (I < sizeof...(A))>()))>::type {
  return pick<I>(d, t, std::integral_constant<bool, (I < sizeof...(A))>());
}

// inclusive_scan_by_key(keys, values, out[, pred[, op]])
template <typename R, typename P, typename K, typename V, typename Out,
          typename... A>
__host__ bool gpu_inclusive_scan_by_key(priority<1>, R &result, P &,
                                        hipStream_t s, K kf, K kl, V vf,
                                        Out out, A... a) {
  typedef value_t<V> T;
  long long n = kl - kf;
  std::tuple<A...> args(a...);
  auto same = arg_or<0>(thrust::equal_to<value_t<K>>(), args);
  auto op = arg_or<1>(thrust::plus<T>(), args);
  auto k = fetch(s, kf, n);
  auto v = fetch(s, vf, n);
  std::vector<T> o(static_cast<size_t>(n));
  for (size_t i = 0; i < o.size(); i++)
    o[i] = i && same(k[i - 1], k[i]) ? T(op(o[i - 1], v[i])) : T(v[i]);
  store(s, o, n, out);
  result.put(out + n);
  return true;
}

// exclusive_scan_by_key(keys, values, out[, init[, pred[, op]]])
template <typename R, typename P, typename K, typename V, typename Out,
          typename... A>
__host__ bool gpu_exclusive_scan_by_key(priority<1>, R &result, P &,
                                        hipStream_t s, K kf, K kl, V vf,
                                        Out out, A... a) {
  typedef value_t<V> T;
  long long n = kl - kf;
  std::tuple<A...> args(a...);
  auto init = arg_or<0>(T(), args);
  typedef decltype(init) I;
  auto same = arg_or<1>(thrust::equal_to<value_t<K>>(), args);
  auto op = arg_or<2>(thrust::plus<I>(), args);
  auto k = fetch(s, kf, n);
  auto v = fetch(s, vf, n);
  std::vector<I> o(static_cast<size_t>(n));
  I acc = init;
  for (size_t i = 0; i < o.size(); i++) {
    if (i == 0 || !same(k[i - 1], k[i]))
      acc = init;
    o[i] = acc;
    acc = op(acc, v[i]);
  }
  store(s, o, n, out);
  result.put(out + n);
  return true;
}

// reduce_by_key(keys, values, keys_out, values_out[, pred[, op]])
template <typename R, typename P, typename K, typename V, typename KO,
          typename VO, typename... A>
__host__ bool gpu_reduce_by_key(priority<1>, R &result, P &, hipStream_t s,
                                K kf, K kl, V vf, KO ko, VO vo, A... a) {
  typedef value_t<V> T;
  long long n = kl - kf;
  std::tuple<A...> args(a...);
  auto same = arg_or<0>(thrust::equal_to<value_t<K>>(), args);
  auto op = arg_or<1>(thrust::plus<T>(), args);
  auto k = fetch(s, kf, n);
  auto v = fetch(s, vf, n);
  std::vector<value_t<K>> keys;
  std::vector<T> sums;
  for (size_t i = 0; i < k.size(); i++) {
    if (i == 0 || !same(k[i - 1], k[i])) {
      keys.push_back(k[i]);
      sums.push_back(v[i]);
    } else {
      sums.back() = op(sums.back(), v[i]);
    }
  }
  long long m = static_cast<long long>(keys.size());
  store(s, keys, m, ko);
  store(s, sums, m, vo);
  result.put(thrust::make_pair(ko + m, vo + m));
  return true;
}

// unique(first, last[, pred])
template <typename R, typename P, typename It, typename... A>
__host__ bool gpu_unique(priority<1>, R &result, P &, hipStream_t s,
                         It first, It last, A... a) {
  long long n = last - first;
  auto same = arg_or<0>(thrust::equal_to<value_t<It>>(), std::tuple<A...>(a...));
  auto h = fetch(s, first, n);
  long long m = std::unique(h.begin(), h.end(), same) - h.begin();
  store(s, h, m, first);
  result.put(first + m);
  return true;
}

// merge(first1, last1, first2, last2, out[, comp])
template <typename R, typename P, typename A1, typename A2, typename Out,
          typename... A>
__host__ bool gpu_merge(priority<1>, R &result, P &, hipStream_t s, A1 f1,
                        A1 l1, A2 f2, A2 l2, Out out, A... a) {
  auto comp = arg_or<0>(thrust::less<value_t<A1>>(), std::tuple<A...>(a...));
  auto x = fetch(s, f1, l1 - f1);
  auto y = fetch(s, f2, l2 - f2);
  std::vector<value_t<A1>> o(x.size() + y.size());
  std::merge(x.begin(), x.end(), y.begin(), y.end(), o.begin(), comp);
  long long m = static_cast<long long>(o.size());
  store(s, o, m, out);
  result.put(out + m);
  return true;
}

// stable_partition, partition (first, last, pred): stable either way
template <typename R, typename It, typename Pred>
__host__ bool partition_items(R &result, hipStream_t s, It first, It last,
                              Pred pred) {
  long long n = last - first;
  auto h = fetch(s, first, n);
  long long m = std::stable_partition(h.begin(), h.end(), pred) - h.begin();
  store(s, h, n, first);
  result.put(first + m);
  return true;
}
template <typename R, typename P, typename It, typename Pred>
__host__ bool gpu_stable_partition(priority<1>, R &result, P &, hipStream_t s,
                                   It first, It last, Pred pred) {
  return partition_items(result, s, first, last, pred);
}
template <typename R, typename P, typename It, typename Pred>
__host__ bool gpu_partition(priority<1>, R &result, P &, hipStream_t s,
                            It first, It last, Pred pred) {
  return partition_items(result, s, first, last, pred);
}

// minmax_element(first, last[, comp]): the first least, the first largest
template <typename R, typename P, typename It, typename... A>
__host__ bool gpu_minmax_element(priority<1>, R &result, P &, hipStream_t s,
                                 It first, It last, A... a) {
  auto comp = arg_or<0>(thrust::less<value_t<It>>(), std::tuple<A...>(a...));
  auto h = fetch(s, first, last - first);
  if (h.empty()) {
    result.put(thrust::make_pair(last, last));
    return true;
  }
  long long lo = std::min_element(h.begin(), h.end(), comp) - h.begin();
  long long hi = std::max_element(h.begin(), h.end(), comp) - h.begin();
  result.put(thrust::make_pair(first + lo, first + hi));
  return true;
}

// set_union, set_intersection, set_difference, set_symmetric_difference
// (first1, last1, first2, last2, out[, comp]) and their _by_key forms:
// the std:: algorithm on host copies (pairs compared by key for _by_key)
struct std_set_union {
  template <typename... X> __host__ auto operator()(X... x) const
      -> decltype(std::set_union(x...)) {
    return std::set_union(x...);
  }
};
struct std_set_intersection {
  template <typename... X> __host__ auto operator()(X... x) const
      -> decltype(std::set_intersection(x...)) {
    return std::set_intersection(x...);
  }
};
struct std_set_difference {
  template <typename... X> __host__ auto operator()(X... x) const
      -> decltype(std::set_difference(x...)) {
    return std::set_difference(x...);
  }
};
struct std_set_symmetric_difference {
  template <typename... X> __host__ auto operator()(X... x) const
      -> decltype(std::set_symmetric_difference(x...)) {
    return std::set_symmetric_difference(x...);
  }
};
struct std_merge {
  template <typename... X> __host__ auto operator()(X... x) const
      -> decltype(std::merge(x...)) {
    return std::merge(x...);
  }
};
template <typename Op, typename R, typename A1, typename A2, typename Out,
          typename... A>
__host__ bool set_items(Op set_op, R &result, hipStream_t s, A1 f1, A1 l1,
                        A2 f2, A2 l2, Out out, A... a) {
  auto comp = arg_or<0>(thrust::less<value_t<A1>>(), std::tuple<A...>(a...));
  auto x = fetch(s, f1, l1 - f1);
  auto y0 = fetch(s, f2, l2 - f2);
  std::vector<value_t<A1>> y(y0.begin(), y0.end());
  std::vector<value_t<A1>> o(x.size() + y.size());
  long long m =
      set_op(x.begin(), x.end(), y.begin(), y.end(), o.begin(), comp) -
      o.begin();
  store(s, o, m, out);
  result.put(out + m);
  return true;
}
/* Host copies of a range of keys and its values, as (key, value) pairs. */
template <typename K, typename V, typename KT, typename VT>
__host__ std::vector<std::pair<KT, VT>>
fetch_pairs(hipStream_t s, K kf, K kl, V vf, KT *, VT *) {
  long long n = kl - kf;
  auto k = fetch(s, kf, n);
  auto v = fetch(s, vf, n);
  std::vector<std::pair<KT, VT>> kv(static_cast<size_t>(n));
  for (size_t i = 0; i < kv.size(); i++)
    kv[i] = std::pair<KT, VT>(k[i], v[i]);
  return kv;
}
template <typename K, typename KT, typename VT>
__host__ std::vector<std::pair<KT, VT>>
fetch_pairs(hipStream_t s, K kf, K kl, std::nullptr_t, KT *, VT *) {
  auto k = fetch(s, kf, kl - kf);
  std::vector<std::pair<KT, VT>> kv(k.size());
  for (size_t i = 0; i < kv.size(); i++)
    kv[i].first = k[i];
  return kv;
}
template <typename Op, typename R, typename K1, typename K2, typename V1,
          typename V2, typename KO, typename VO, typename... A>
__host__ bool set_pairs(Op set_op, R &result, hipStream_t s, K1 kf1, K1 kl1,
                        K2 kf2, K2 kl2, V1 vf1, V2 vf2, KO ko, VO vo,
                        A... a) {
  typedef value_t<K1> KT;
  typedef value_t<V1> VT;
  auto comp = arg_or<0>(thrust::less<KT>(), std::tuple<A...>(a...));
  auto x = fetch_pairs(s, kf1, kl1, vf1, (KT *)nullptr, (VT *)nullptr);
  auto y = fetch_pairs(s, kf2, kl2, vf2, (KT *)nullptr, (VT *)nullptr);
  std::vector<std::pair<KT, VT>> o(x.size() + y.size());
  long long m = set_op(x.begin(), x.end(), y.begin(), y.end(), o.begin(),
                       [&](const std::pair<KT, VT> &p,
                           const std::pair<KT, VT> &q) {
                         return comp(p.first, q.first);
                       }) -
                o.begin();
  std::vector<KT> keys(static_cast<size_t>(m));
  std::vector<VT> values(static_cast<size_t>(m));
  for (size_t i = 0; i < keys.size(); i++) {
    keys[i] = o[i].first;
    values[i] = o[i].second;
  }
  store(s, keys, m, ko);
  store(s, values, m, vo);
  result.put(thrust::make_pair(ko + m, vo + m));
  return true;
}
#define HIPC_THRUST_SET_OP(NAME)                                               \
  template <typename R, typename P, typename A1, typename A2, typename Out,    \
            typename... A>                                                     \
  __host__ bool gpu_##NAME(priority<1>, R &result, P &, hipStream_t s,        \
                           A1 f1, A1 l1, A2 f2, A2 l2, Out out, A... a) {      \
    static_assert(sizeof...(A) <= 1, "one comparator");                        \
    return set_items(std_##NAME(), result, s, f1, l1, f2, l2, out, a...);      \
  }
#define HIPC_THRUST_SET_OP_BY_KEY(NAME)                                        \
  template <typename R, typename P, typename K1, typename K2, typename V1,     \
            typename V2, typename KO, typename VO, typename... A>              \
  __host__ bool gpu_##NAME##_by_key(priority<1>, R &result, P &,              \
                                    hipStream_t s, K1 kf1, K1 kl1, K2 kf2,     \
                                    K2 kl2, V1 vf1, V2 vf2, KO ko, VO vo,      \
                                    A... a) {                                  \
    static_assert(sizeof...(A) <= 1, "one comparator");                        \
    return set_pairs(std_##NAME(), result, s, kf1, kl1, kf2, kl2, vf1, vf2,    \
                     ko, vo, a...);                                            \
  }
HIPC_THRUST_SET_OP(set_union)
HIPC_THRUST_SET_OP(set_intersection)
HIPC_THRUST_SET_OP(set_difference)
HIPC_THRUST_SET_OP(set_symmetric_difference)
HIPC_THRUST_SET_OP_BY_KEY(set_union)
HIPC_THRUST_SET_OP_BY_KEY(set_difference)
HIPC_THRUST_SET_OP_BY_KEY(set_symmetric_difference)
HIPC_THRUST_SET_OP_BY_KEY(merge)
#undef HIPC_THRUST_SET_OP
#undef HIPC_THRUST_SET_OP_BY_KEY
/* set_intersection_by_key has no second values: the result's values are
 * the first range's. */
template <typename R, typename P, typename K1, typename K2, typename V1,
          typename KO, typename VO, typename... A>
__host__ bool gpu_set_intersection_by_key(priority<1>, R &result, P &,
                                          hipStream_t s, K1 kf1, K1 kl1,
                                          K2 kf2, K2 kl2, V1 vf1, KO ko,
                                          VO vo, A... a) {
  static_assert(sizeof...(A) <= 1, "one comparator");
  return set_pairs(std_set_intersection(), result, s, kf1, kl1, kf2, kl2,
                   vf1, nullptr, ko, vo, a...);
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
