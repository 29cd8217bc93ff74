/* thrust/system/hip/detail/gpu_search.h: searches and reductions of
 * indices on a GPU's stream (gpu_launch.h, gpu_reduce.h): mismatch (the
 * least index that differs), minmax_element (one reduction of pairs of
 * indices), partition_point, is_partitioned, lower_bound, upper_bound,
 * binary_search (one search per thread, for a range of values or for one
 * value), equal_range, transform_inclusive_scan and
 * transform_exclusive_scan (DeviceScan over a transform_iterator). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/pair.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <thrust/system/hip/detail/gpu_reduce.h>
#include <type_traits>
#include <utility>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

// mismatch(first1, last1, first2[, pred]): the least i with !pred(a[i], b[i])
template <typename A, typename B, typename Pred> struct differ_at {
  A a;
  B b;
  mutable Pred pred;
  __host__ __device__ bool operator()(long long i) const {
    return !pred(HIPC_THRUST_ITEM(a, i), HIPC_THRUST_ITEM(b, i));
  }
};
template <typename R, typename P, typename A, typename B, typename... Pred>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Pred>()...,
                                      thrust::equal_to<value_t<A>>())) &,
                    ref_t<A>, ref_t<B>>::value,
    bool>::type
gpu_mismatch(priority<1>, R &result, P &, hipStream_t s, A first1, A last1,
             B first2, Pred... pred) {
  auto p = first_of(pred..., thrust::equal_to<value_t<A>>());
  typedef differ_at<view_t<A>, view_t<B>, decltype(p)> D;
  long long i = first_hit(s, last1 - first1, D{view(first1), view(first2), p});
  result.put(thrust::make_pair(first1 + i, first2 + i));
  return true;
}

// minmax_element(first, last[, comp]): the first least and the first
// largest item's indices, reduced together (hipCUB combines in order, so
// a tie keeps the left index)
struct index_pair {
  long long least, largest;
};
struct index_pair_at {
  __host__ __device__ index_pair operator()(long long i) const {
    return index_pair{i, i};
  }
};
template <typename It, typename Comp> struct index_pair_best {
  It it;
  mutable Comp comp;
  __host__ __device__ index_pair operator()(const index_pair &x,
                                            const index_pair &y) const {
    index_pair r;
    r.least = comp(HIPC_THRUST_ITEM(it, y.least), HIPC_THRUST_ITEM(it, x.least))
                  ? y.least
                  : x.least;
    r.largest =
        comp(HIPC_THRUST_ITEM(it, x.largest), HIPC_THRUST_ITEM(it, y.largest))
            ? y.largest
            : x.largest;
    return r;
  }
};
template <typename R, typename P, typename It, typename... Comp>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Comp>()...,
                                      thrust::less<value_t<It>>())) &,
                    ref_t<It>, ref_t<It>>::value,
    bool>::type
gpu_minmax_element(priority<2>, R &result, P &, hipStream_t s, It first,
                   It last, Comp... comp) {
  long long n = last - first;
  auto c = first_of(comp..., thrust::less<value_t<It>>());
  index_pair best = reduce_any(s, terms(index_pair_at()), n, index_pair{0, 0},
                               index_pair_best<view_t<It>, decltype(c)>{
                                   view(first), c});
  if (n == 0)
    result.put(thrust::make_pair(last, last));
  else
    result.put(thrust::make_pair(first + best.least, first + best.largest));
  return true;
}

// partition_point, is_partitioned
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_partition_point(priority<1>, R &result, P &, hipStream_t s, It first,
                    It last, Pred pred) {
  return find_first(result, s, first, last, pred, true);
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_is_partitioned(priority<1>, R &result, P &, hipStream_t s, It first,
                   It last, Pred pred) {
  parallel_result<It> point;
  find_first(point, s, first, last, pred, true);
  result.put(!any_match(s, point.get(), last, pred, false));
  return true;
}

// lower_bound, upper_bound, binary_search: each thread one search
enum search_kind { search_lower, search_upper, search_found };
template <typename Hay, typename Comp, int Kind> struct searcher {
  Hay hay;
  long long n;
  mutable Comp comp;
  template <typename V>
  __host__ __device__ long long operator()(const V &v) const {
    long long lo = 0, hi = n;
    while (lo < hi) {
      long long mid = lo + (hi - lo) / 2;
      bool right = Kind == search_upper ? !comp(v, HIPC_THRUST_ITEM(hay, mid))
                                        : comp(HIPC_THRUST_ITEM(hay, mid), v);
      if (right)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (Kind == search_found)
      return lo < n && !comp(v, HIPC_THRUST_ITEM(hay, lo));
    return lo;
  }
};
template <typename S, typename Val, typename Out> struct search_many_op {
  S search;
  Val values;
  Out out;
  __host__ __device__ void operator()(long long i) {
    out[i] = search(HIPC_THRUST_ITEM(values, i));
  }
};
template <typename S, typename T> struct search_one_op {
  S search;
  T value;
  long long *out;
  __host__ __device__ void operator()(long long) { *out = search(value); }
};

template <int Kind, typename Hay, typename Val, typename Out, typename Comp>
__host__ void search_many(hipStream_t s, Hay first, Hay last, Val vf,
                          long long m, Out out, Comp comp) {
  typedef searcher<view_t<Hay>, Comp, Kind> S;
  launch_indices(s, m, search_many_op<S, view_t<Val>, view_t<Out>>{
                           S{view(first), last - first, comp}, view(vf),
                           view(out)});
  finish(s);
}
template <int Kind, typename Hay, typename T, typename Comp>
__host__ long long search_one(hipStream_t s, Hay first, Hay last,
                              const T &value, Comp comp) {
  typedef searcher<view_t<Hay>, Comp, Kind> S;
  device_buffer<long long> at(1);
  launch_indices(s, 1, search_one_op<S, T>{S{view(first), last - first, comp},
                                           value, at.p});
  finish(s);
  return read_back(at.p);
}

/* Whether comp(hay item, value) and comp(value, hay item) are device
 * calls. */
template <typename Comp, typename Hay, typename T>
using comparable = std::integral_constant<
    bool, device_callable<Comp &, ref_t<Hay>, const T &>::value &&
              device_callable<Comp &, const T &, ref_t<Hay>>::value>;
#define HIPC_THRUST_SEARCH_COMP                                                \
  decltype(first_of(std::declval<Comp>()..., thrust::less<value_t<Hay>>()))

#define HIPC_THRUST_SEARCHES(NAME, KIND)                                       \
  template <typename R, typename P, typename Hay, typename T,                  \
            typename... Comp>                                                  \
  __host__ typename std::enable_if<                                            \
      comparable<HIPC_THRUST_SEARCH_COMP, Hay, T>::value, bool>::type          \
  gpu_##NAME(priority<1>, R &result, P &, hipStream_t s, Hay first,            \
             Hay last, const T &value, Comp... comp) {                         \
    static_assert(sizeof...(Comp) <= 1, "one comparator");                     \
    long long i = search_one<KIND>(                                            \
        s, first, last, value,                                                 \
        first_of(comp..., thrust::less<value_t<Hay>>()));                      \
    put_search(result, first, i);                                              \
    return true;                                                               \
  }                                                                            \
  template <typename R, typename P, typename Hay, typename Val, typename Out,  \
            typename... Comp>                                                  \
  __host__ typename std::enable_if<                                            \
      comparable<HIPC_THRUST_SEARCH_COMP, Hay, value_t<Val>>::value,           \
      bool>::type                                                              \
  gpu_##NAME(priority<1>, R &result, P &, hipStream_t s, Hay first,            \
             Hay last, Val vf, Val vl, Out out, Comp... comp) {                \
    search_many<KIND>(s, first, last, vf, vl - vf, out,                        \
                      first_of(comp..., thrust::less<value_t<Hay>>()));        \
    result.put(out + (vl - vf));                                               \
    return true;                                                               \
  }

/* A scalar search's result: an iterator (bounds) or a bool. */
template <typename It>
__host__ void put_search(parallel_result<It> &r, It first, long long i) {
  r.put(first + i);
}
template <typename It>
__host__ void put_search(parallel_result<bool> &r, It, long long i) {
  r.put(i != 0);
}

HIPC_THRUST_SEARCHES(lower_bound, search_lower)
HIPC_THRUST_SEARCHES(upper_bound, search_upper)
HIPC_THRUST_SEARCHES(binary_search, search_found)

template <typename R, typename P, typename Hay, typename T, typename... Comp>
__host__ typename std::enable_if<
    comparable<HIPC_THRUST_SEARCH_COMP, Hay, T>::value, bool>::type
gpu_equal_range(priority<1>, R &result, P &, hipStream_t s, Hay first,
                Hay last, const T &value, Comp... comp) {
  auto c = first_of(comp..., thrust::less<value_t<Hay>>());
  long long lo = search_one<search_lower>(s, first, last, value, c);
  long long hi = search_one<search_upper>(s, first, last, value, c);
  result.put(thrust::make_pair(first + lo, first + hi));
  return true;
}
#undef HIPC_THRUST_SEARCHES
#undef HIPC_THRUST_SEARCH_COMP

// transform_inclusive_scan(first, last, out, f, op),
// transform_exclusive_scan(first, last, out, f, init, op): the scans of a
// transform_iterator, whose values are f's result (inclusive) or init's
// type (exclusive), as Thrust's generic algorithms have them
template <typename R, typename P, typename In, typename Out, typename F,
          typename Op>
__host__ typename std::enable_if<device_callable<F &, ref_t<In>>::value,
                                 bool>::type
gpu_transform_inclusive_scan(priority<1>, R &result, P &exec, hipStream_t s,
                             In first, In last, Out out, F f, Op op) {
  typedef typename std::remove_reference<decltype(
      std::declval<F &>()(std::declval<ref_t<In>>()))>::type T;
  typedef thrust::transform_iterator<F, view_t<In>, T> TI;
  parallel_result<view_t<Out>> end;
  if (!gpu_inclusive_scan(priority<1>(), end, exec, s, TI(view(first), f),
                          TI(view(first), f) + (last - first), view(out), op))
    return false;
  result.put(out + (last - first));
  return true;
}
template <typename R, typename P, typename In, typename Out, typename F,
          typename T, typename Op>
__host__ typename std::enable_if<device_callable<F &, ref_t<In>>::value,
                                 bool>::type
gpu_transform_exclusive_scan(priority<1>, R &result, P &exec, hipStream_t s,
                             In first, In last, Out out, F f, T init, Op op) {
  typedef typename std::remove_reference<T>::type V;
  typedef thrust::transform_iterator<F, view_t<In>, V> TI;
  parallel_result<view_t<Out>> end;
  if (!gpu_exclusive_scan(priority<1>(), end, exec, s, TI(view(first), f),
                          TI(view(first), f) + (last - first), view(out),
                          V(init), op))
    return false;
  result.put(out + (last - first));
  return true;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
