/* thrust/system/hip/detail/gpu_segmented.h: the algorithms over runs of
 * equal keys on a GPU's stream: inclusive_scan_by_key,
 * exclusive_scan_by_key, reduce_by_key. One DeviceScan::InclusiveScan of
 * (heads so far, value) pairs whose operator starts over at a run's head
 * (associative, so hipCUB may group it as it likes) gives each item its
 * run's inclusive result and its run's number; a kernel then writes each
 * item's result (scans) or each run's key and last result
 * (reduce_by_key). Host-only functors take gpu_staged.h's paths. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/pair.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <thrust/system/hip/detail/gpu_reduce.h>
#include <thrust/system/hip/detail/gpu_select.h>
#include <thrust/system/hip/detail/gpu_staged.h>
#include <hipcub/device/device_scan.hpp>
#include <tuple>
#include <type_traits>
#include <utility>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

template <typename T> struct run_value {
  long long heads; // run heads up to here: the item's run is heads - 1
  T v;
};
template <typename T, typename Op> struct run_combine {
  mutable Op op;
  __host__ __device__ run_value<T> operator()(const run_value<T> &a,
                                              const run_value<T> &b) const {
    run_value<T> r;
    r.heads = a.heads + b.heads;
    r.v = b.heads ? b.v : T(op(a.v, b.v));
    return r;
  }
};
template <typename K, typename V, typename Same, typename T>
struct run_value_at {
  run_head<K, Same> head;
  V values;
  __host__ __device__ run_value<T> operator()(long long i) const {
    run_value<T> r;
    r.heads = head(i) ? 1 : 0;
    r.v = T(values[i]);
    return r;
  }
};

/* The segmented inclusive scan of values[0..n) into runs[0..n). */
template <typename T, typename K, typename V, typename Same, typename Op>
__host__ void scan_runs(hipStream_t s, K kf, long long n, V vf, Same same,
                        Op op, run_value<T> *runs) {
  if (n > INT_MAX)
    unsupported_on_gpu("a scan by key of more than INT_MAX items");
  typedef run_value_at<view_t<K>, view_t<V>, Same, T> At;
  auto in = terms(At{{view(kf), same}, view(vf)});
  run_combine<T, Op> combine{op};
  run_hipcub(s, [&](void *t, size_t &b) {
    return hipcub::DeviceScan::InclusiveScan(t, b, in, runs, combine,
                                             static_cast<int>(n), s);
  });
}

template <typename T, typename Out> struct write_inclusive {
  const run_value<T> *runs;
  Out out;
  __host__ __device__ void operator()(long long i) { out[i] = runs[i].v; }
};
template <typename T, typename I, typename Op, typename Out>
struct write_exclusive {
  const run_value<T> *runs;
  I init;
  mutable Op op;
  Out out;
  __host__ __device__ void operator()(long long i) {
    if (i == 0 || runs[i - 1].heads != runs[i].heads)
      out[i] = init;
    else
      out[i] = op(init, runs[i - 1].v);
  }
};
template <typename T, typename K, typename KO, typename VO>
struct write_runs {
  const run_value<T> *runs;
  long long n;
  K keys;
  KO ko;
  VO vo;
  __host__ __device__ void operator()(long long i) {
    long long run = runs[i].heads - 1;
    if (i == 0 || runs[i - 1].heads != runs[i].heads)
      ko[run] = keys[i];
    if (i == n - 1 || runs[i + 1].heads != runs[i].heads)
      vo[run] = runs[i].v;
  }
};

/* The I-th optional argument's type, else D. */
template <size_t I, typename D, typename... A>
using arg_t = decltype(arg_or<I>(std::declval<D>(),
                                 std::declval<const std::tuple<A...> &>()));
template <typename K, typename... A>
using same_t = arg_t<0, thrust::equal_to<value_t<K>>, A...>;

// inclusive_scan_by_key(keys, keys_end, values, out[, same[, op]])
template <typename R, typename P, typename K, typename V, typename Out,
          typename... A>
__host__ typename std::enable_if<
    device_callable<same_t<K, A...> &, ref_t<K>, ref_t<K>>::value &&
        device_callable<arg_t<1, thrust::plus<value_t<V>>, A...> &,
                        value_t<V>, value_t<V>>::value,
    bool>::type
gpu_inclusive_scan_by_key(priority<2>, R &result, P &, hipStream_t s, K kf,
                          K kl, V vf, Out out, A... a) {
  typedef value_t<V> T;
  long long n = kl - kf;
  std::tuple<A...> args(a...);
  if (n > 0) {
    device_buffer<run_value<T>> runs(static_cast<size_t>(n));
    scan_runs(s, kf, n, vf, arg_or<0>(thrust::equal_to<value_t<K>>(), args),
              arg_or<1>(thrust::plus<T>(), args), runs.p);
    launch_indices(s, n, write_inclusive<T, view_t<Out>>{runs.p, view(out)});
    finish(s);
  }
  result.put(out + n);
  return true;
}

// exclusive_scan_by_key(keys, keys_end, values, out[, init[, same[, op]]])
template <typename V, typename... A>
using init_t = arg_t<0, value_t<V>, A...>;
template <typename R, typename P, typename K, typename V, typename Out,
          typename... A>
__host__ typename std::enable_if<
    device_callable<arg_t<1, thrust::equal_to<value_t<K>>, A...> &, ref_t<K>,
                    ref_t<K>>::value &&
        device_callable<arg_t<2, thrust::plus<init_t<V, A...>>, A...> &,
                        init_t<V, A...>, init_t<V, A...>>::value,
    bool>::type
gpu_exclusive_scan_by_key(priority<2>, R &result, P &, hipStream_t s, K kf,
                          K kl, V vf, Out out, A... a) {
  typedef init_t<V, A...> I;
  long long n = kl - kf;
  std::tuple<A...> args(a...);
  I init = arg_or<0>(value_t<V>(), args);
  auto op = arg_or<2>(thrust::plus<I>(), args);
  if (n > 0) {
    device_buffer<run_value<I>> runs(static_cast<size_t>(n));
    scan_runs(s, kf, n, vf, arg_or<1>(thrust::equal_to<value_t<K>>(), args),
              op, runs.p);
    launch_indices(s, n, write_exclusive<I, I, decltype(op), view_t<Out>>{
                             runs.p, init, op, view(out)});
    finish(s);
  }
  result.put(out + n);
  return true;
}

// reduce_by_key(keys, keys_end, values, keys_out, values_out[, same[, op]])
template <typename R, typename P, typename K, typename V, typename KO,
          typename VO, typename... A>
__host__ typename std::enable_if<
    device_callable<same_t<K, A...> &, ref_t<K>, ref_t<K>>::value &&
        device_callable<arg_t<1, thrust::plus<value_t<V>>, A...> &,
                        value_t<V>, value_t<V>>::value,
    bool>::type
gpu_reduce_by_key(priority<2>, R &result, P &, hipStream_t s, K kf, K kl,
                  V vf, KO ko, VO vo, A... a) {
  typedef value_t<V> T;
  long long n = kl - kf, m = 0;
  std::tuple<A...> args(a...);
  if (n > 0) {
    device_buffer<run_value<T>> runs(static_cast<size_t>(n));
    scan_runs(s, kf, n, vf, arg_or<0>(thrust::equal_to<value_t<K>>(), args),
              arg_or<1>(thrust::plus<T>(), args), runs.p);
    launch_indices(s, n, write_runs<T, view_t<K>, view_t<KO>, view_t<VO>>{
                             runs.p, n, view(kf), view(ko), view(vo)});
    finish(s);
    m = read_back(runs.p + n - 1).heads;
  }
  result.put(thrust::make_pair(ko + m, vo + m));
  return true;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
