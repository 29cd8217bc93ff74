/* thrust/system/hip/detail/gpu_modify.h: more element-wise algorithms as
 * kernels on a GPU's stream (gpu_launch.h): replace, replace_if,
 * replace_copy, replace_copy_if, transform_if (unary, with a stencil,
 * binary), reverse (one index per pair of items), reverse_copy,
 * swap_ranges, adjacent_difference, gather_if, scatter_if. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <thrust/system/hip/detail/gpu_reduce.h>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* Whether the i-th item matches: pred(stencil[i]). */
template <typename St, typename Pred> struct match_at {
  St stencil;
  mutable Pred pred;
  __host__ __device__ bool operator()(long long i) const {
    return pred(HIPC_THRUST_ITEM(stencil, i)) ? true : false;
  }
};
/* x == value, as a predicate. */
template <typename T> struct equals_value {
  T value;
  template <typename X> __host__ __device__ bool operator()(const X &x) const {
    return x == value;
  }
};

/* out[i] = match(i) ? value : in[i]; in == out replaces in place. */
template <typename In, typename Out, typename Match, typename T>
struct replace_op {
  In in;
  Out out;
  Match match;
  T value;
  __host__ __device__ void operator()(long long i) {
    if (match(i))
      out[i] = value;
    else
      out[i] = in[i];
  }
};
template <typename Out, typename Match, typename T> struct replace_in_place_op {
  Out out;
  Match match;
  T value;
  __host__ __device__ void operator()(long long i) {
    if (match(i))
      out[i] = value;
  }
};

template <typename It, typename St, typename Pred, typename T>
__host__ void replace_items(hipStream_t s, It first, long long n, St stencil,
                            Pred pred, const T &value) {
  typedef match_at<view_t<St>, Pred> M;
  typedef value_t<It> V;
  launch_indices(s, n, replace_in_place_op<view_t<It>, M, V>{
                           view(first), M{view(stencil), pred}, V(value)});
  finish(s);
}
template <typename In, typename St, typename Out, typename Pred, typename T>
__host__ void replace_copy_items(hipStream_t s, In first, long long n,
                                 St stencil, Out out, Pred pred,
                                 const T &value) {
  typedef match_at<view_t<St>, Pred> M;
  typedef value_t<Out> V;
  launch_indices(s, n, replace_op<view_t<In>, view_t<Out>, M, V>{
                           view(first), view(out), M{view(stencil), pred},
                           V(value)});
  finish(s);
}

// replace(first, last, old, new), replace_if(first, last[, stencil], pred, new)
template <typename R, typename P, typename It, typename T>
__host__ bool gpu_replace(priority<1>, R &, P &, hipStream_t s, It first,
                          It last, const T &old_value, const T &new_value) {
  replace_items(s, first, last - first, first, equals_value<T>{old_value},
                new_value);
  return true;
}
template <typename R, typename P, typename It, typename Pred, typename T>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_replace_if(priority<1>, R &, P &, hipStream_t s, It first, It last,
               Pred pred, const T &new_value) {
  replace_items(s, first, last - first, first, pred, new_value);
  return true;
}
template <typename R, typename P, typename It, typename St, typename Pred,
          typename T>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<St>>::value,
                                 bool>::type
gpu_replace_if(priority<1>, R &, P &, hipStream_t s, It first, It last,
               St stencil, Pred pred, const T &new_value) {
  replace_items(s, first, last - first, stencil, pred, new_value);
  return true;
}

// replace_copy(first, last, out, old, new),
// replace_copy_if(first, last[, stencil], out, pred, new)
template <typename R, typename P, typename In, typename Out, typename T>
__host__ bool gpu_replace_copy(priority<1>, R &result, P &, hipStream_t s,
                               In first, In last, Out out, const T &old_value,
                               const T &new_value) {
  long long n = last - first;
  replace_copy_items(s, first, n, first, out, equals_value<T>{old_value},
                     new_value);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename Out, typename Pred,
          typename T>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<In>>::value,
                                 bool>::type
gpu_replace_copy_if(priority<1>, R &result, P &, hipStream_t s, In first,
                    In last, Out out, Pred pred, const T &new_value) {
  long long n = last - first;
  replace_copy_items(s, first, n, first, out, pred, new_value);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename St, typename Out,
          typename Pred, typename T>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<St>>::value,
                                 bool>::type
gpu_replace_copy_if(priority<1>, R &result, P &, hipStream_t s, In first,
                    In last, St stencil, Out out, Pred pred,
                    const T &new_value) {
  long long n = last - first;
  replace_copy_items(s, first, n, stencil, out, pred, new_value);
  result.put(out + n);
  return true;
}

// transform_if: out[i] = f(in[i]) (or f(in1[i], in2[i])) where pred holds
template <typename In, typename Out, typename F, typename Match>
struct transform_if_op {
  In in;
  Out out;
  F f;
  Match match;
  __host__ __device__ void operator()(long long i) {
    if (match(i))
      out[i] = f(HIPC_THRUST_ITEM(in, i));
  }
};
template <typename In1, typename In2, typename Out, typename F,
          typename Match>
struct transform2_if_op {
  In1 in1;
  In2 in2;
  Out out;
  F f;
  Match match;
  __host__ __device__ void operator()(long long i) {
    if (match(i))
      out[i] = f(HIPC_THRUST_ITEM(in1, i), HIPC_THRUST_ITEM(in2, i));
  }
};
template <typename R, typename P, typename In, typename Out, typename F,
          typename Pred>
__host__ typename std::enable_if<
    device_callable<F &, ref_t<In>>::value &&
        device_callable<Pred &, ref_t<In>>::value,
    bool>::type
gpu_transform_if(priority<1>, R &result, P &, hipStream_t s, In first,
                 In last, Out out, F f, Pred pred) {
  long long n = last - first;
  typedef match_at<view_t<In>, Pred> M;
  launch_indices(s, n, transform_if_op<view_t<In>, view_t<Out>, F, M>{
                           view(first), view(out), f, M{view(first), pred}});
  finish(s);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename St, typename Out,
          typename F, typename Pred>
__host__ typename std::enable_if<
    device_callable<F &, ref_t<In>>::value &&
        device_callable<Pred &, ref_t<St>>::value,
    bool>::type
gpu_transform_if(priority<1>, R &result, P &, hipStream_t s, In first,
                 In last, St stencil, Out out, F f, Pred pred) {
  long long n = last - first;
  typedef match_at<view_t<St>, Pred> M;
  launch_indices(s, n, transform_if_op<view_t<In>, view_t<Out>, F, M>{
                           view(first), view(out), f, M{view(stencil), pred}});
  finish(s);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In1, typename In2, typename St,
          typename Out, typename F, typename Pred>
__host__ typename std::enable_if<
    device_callable<F &, ref_t<In1>, ref_t<In2>>::value &&
        device_callable<Pred &, ref_t<St>>::value,
    bool>::type
gpu_transform_if(priority<1>, R &result, P &, hipStream_t s, In1 first1,
                 In1 last1, In2 first2, St stencil, Out out, F f, Pred pred) {
  long long n = last1 - first1;
  typedef match_at<view_t<St>, Pred> M;
  launch_indices(s, n,
                 transform2_if_op<view_t<In1>, view_t<In2>, view_t<Out>, F, M>{
                     view(first1), view(first2), view(out), f,
                     M{view(stencil), pred}});
  finish(s);
  result.put(out + n);
  return true;
}

// reverse, swap_ranges: item swaps; reverse_copy
template <typename A, typename B> struct swap_op {
  A a;
  B b;
  long long last; // b's index of a[i]: last - i (reverse), else i
  bool mirrored;
  __host__ __device__ void operator()(long long i) {
    long long j = mirrored ? last - i : i;
    value_t<A> t = a[i];
    a[i] = b[j];
    b[j] = t;
  }
};
template <typename In, typename Out> struct reverse_copy_op {
  In in;
  Out out;
  long long last;
  __host__ __device__ void operator()(long long i) { out[i] = in[last - i]; }
};
template <typename R, typename P, typename It>
__host__ bool gpu_reverse(priority<1>, R &, P &, hipStream_t s, It first,
                          It last) {
  long long n = last - first;
  launch_indices(s, n / 2, swap_op<view_t<It>, view_t<It>>{
                               view(first), view(first), n - 1, true});
  finish(s);
  return true;
}
template <typename R, typename P, typename In, typename Out>
__host__ bool gpu_reverse_copy(priority<1>, R &result, P &, hipStream_t s,
                               In first, In last, Out out) {
  long long n = last - first;
  launch_indices(s, n, reverse_copy_op<view_t<In>, view_t<Out>>{
                           view(first), view(out), n - 1});
  finish(s);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename A, typename B>
__host__ bool gpu_swap_ranges(priority<1>, R &result, P &, hipStream_t s,
                              A first1, A last1, B first2) {
  long long n = last1 - first1;
  launch_indices(s, n, swap_op<view_t<A>, view_t<B>>{view(first1),
                                                     view(first2), 0, false});
  finish(s);
  result.put(first2 + n);
  return true;
}

// adjacent_difference(first, last, out[, op]): out[0] = in[0],
// out[i] = op(in[i], in[i - 1]); an output that is the input reads a copy
template <typename In, typename Out, typename Op> struct difference_op {
  In in;
  Out out;
  mutable Op op;
  __host__ __device__ void operator()(long long i) {
    if (i == 0)
      out[0] = in[0];
    else
      out[i] = op(HIPC_THRUST_ITEM(in, i), HIPC_THRUST_ITEM(in, i - 1));
  }
};
template <typename In, typename Out>
__host__ bool same_memory(In a, Out b, std::true_type) {
  return static_cast<const void *>(view(a)) ==
         static_cast<const void *>(view(b));
}
template <typename In, typename Out>
__host__ bool same_memory(In, Out, std::false_type) {
  return false;
}
template <typename R, typename P, typename In, typename Out, typename... Op>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Op>()...,
                                      thrust::minus<value_t<In>>())) &,
                    ref_t<In>, ref_t<In>>::value,
    bool>::type
gpu_adjacent_difference(priority<1>, R &result, P &, hipStream_t s, In first,
                        In last, Out out, Op... op) {
  typedef value_t<In> T;
  long long n = last - first;
  auto f = first_of(op..., thrust::minus<T>());
  std::integral_constant<bool, contiguous<In>::value && contiguous<Out>::value>
      both;
  if (same_memory(first, out, both)) {
    device_buffer<T> copy(static_cast<size_t>(n));
    copy_indices(s, first, n, copy.p);
    launch_indices(s, n, difference_op<T *, view_t<Out>, decltype(f)>{
                             copy.p, view(out), f});
    finish(s);
  } else {
    launch_indices(s, n, difference_op<view_t<In>, view_t<Out>, decltype(f)>{
                             view(first), view(out), f});
    finish(s);
  }
  result.put(out + n);
  return true;
}

// gather_if(map, map_end, stencil, in, out[, pred]),
// scatter_if(first, last, map, stencil, out[, pred])
template <typename Map, typename In, typename Out, typename Match>
struct gather_if_op {
  Map map;
  In in;
  Out out;
  Match match;
  __host__ __device__ void operator()(long long i) {
    if (match(i))
      out[i] = in[map[i]];
  }
};
template <typename In, typename Map, typename Out, typename Match>
struct scatter_if_op {
  In in;
  Map map;
  Out out;
  Match match;
  __host__ __device__ void operator()(long long i) {
    if (match(i))
      out[map[i]] = in[i];
  }
};
template <typename R, typename P, typename Map, typename St, typename In,
          typename Out, typename... Pred>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Pred>()...,
                                      thrust::identity<value_t<St>>())) &,
                    ref_t<St>>::value,
    bool>::type
gpu_gather_if(priority<1>, R &result, P &, hipStream_t s, Map map_first,
              Map map_last, St stencil, In in, Out out, Pred... pred) {
  long long n = map_last - map_first;
  auto p = first_of(pred..., thrust::identity<value_t<St>>());
  typedef match_at<view_t<St>, decltype(p)> M;
  launch_indices(s, n, gather_if_op<view_t<Map>, view_t<In>, view_t<Out>, M>{
                           view(map_first), view(in), view(out),
                           M{view(stencil), p}});
  finish(s);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename Map, typename St,
          typename Out, typename... Pred>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Pred>()...,
                                      thrust::identity<value_t<St>>())) &,
                    ref_t<St>>::value,
    bool>::type
gpu_scatter_if(priority<1>, R &, P &, hipStream_t s, In first, In last,
               Map map, St stencil, Out out, Pred... pred) {
  auto p = first_of(pred..., thrust::identity<value_t<St>>());
  typedef match_at<view_t<St>, decltype(p)> M;
  launch_indices(s, last - first,
                 scatter_if_op<view_t<In>, view_t<Map>, view_t<Out>, M>{
                     view(first), view(map), view(out), M{view(stencil), p}});
  finish(s);
  return true;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
