/* thrust/system/hip/detail/gpu_elementwise.h: the element-wise algorithms
 * as kernels on a GPU's stream (gpu_launch.h): for_each(_n), transform
 * (unary, binary), fill(_n), uninitialized_fill(_n), sequence, tabulate,
 * generate(_n), copy(_n), uninitialized_copy(_n), gather, scatter; copies
 * between host and device memory (cross_system, execution_policy.h) are
 * hipMemcpy, staged through a contiguous buffer when an end is not
 * contiguous or the value types differ. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/cpp/detail/par.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <type_traits>
#include <vector>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

template <typename It, typename F> struct for_each_op {
  It it;
  F f;
  __host__ __device__ void operator()(long long i) { f(HIPC_THRUST_ITEM(it, i)); }
};
template <typename In, typename Out, typename F> struct transform_op {
  In in;
  Out out;
  F f;
  __host__ __device__ void operator()(long long i) { out[i] = f(HIPC_THRUST_ITEM(in, i)); }
};
template <typename In1, typename In2, typename Out, typename F>
struct transform2_op {
  In1 in1;
  In2 in2;
  Out out;
  F f;
  __host__ __device__ void operator()(long long i) {
    out[i] = f(HIPC_THRUST_ITEM(in1, i), HIPC_THRUST_ITEM(in2, i));
  }
};
template <typename Out, typename T> struct fill_op {
  Out out;
  T value;
  __host__ __device__ void operator()(long long i) { out[i] = value; }
};
template <typename Out, typename T> struct sequence_op {
  Out out;
  T init, step;
  __host__ __device__ void operator()(long long i) {
    out[i] = init + step * static_cast<T>(i);
  }
};
template <typename Out, typename F, typename D> struct tabulate_op {
  Out out;
  F f;
  __host__ __device__ void operator()(long long i) {
    out[i] = f(static_cast<D>(i));
  }
};
template <typename Out, typename G> struct generate_op {
  Out out;
  G g;
  __host__ __device__ void operator()(long long i) { out[i] = g(); }
};
template <typename Map, typename In, typename Out> struct gather_op {
  Map map;
  In in;
  Out out;
  __host__ __device__ void operator()(long long i) { out[i] = in[map[i]]; }
};
template <typename In, typename Map, typename Out> struct scatter_op {
  In in;
  Map map;
  Out out;
  __host__ __device__ void operator()(long long i) { out[map[i]] = in[i]; }
};


// for_each, for_each_n
template <typename R, typename P, typename It, typename F>
__host__ typename std::enable_if<device_callable<F &, ref_t<It>>::value,
                                 bool>::type
gpu_for_each(priority<1>, R &result, P &, hipStream_t s, It first, It last,
             F f) {
  launch_indices(s, last - first, for_each_op<view_t<It>, F>{view(first), f});
  finish(s);
  result.put(last);
  return true;
}
template <typename R, typename P, typename It, typename N, typename F>
__host__ typename std::enable_if<device_callable<F &, ref_t<It>>::value,
                                 bool>::type
gpu_for_each_n(priority<1>, R &result, P &, hipStream_t s, It first, N n,
               F f) {
  launch_indices(s, n, for_each_op<view_t<It>, F>{view(first), f});
  finish(s);
  result.put(first + n);
  return true;
}

// transform: unary and binary
template <typename R, typename P, typename In, typename Out, typename F>
__host__ typename std::enable_if<device_callable<F &, ref_t<In>>::value,
                                 bool>::type
gpu_transform(priority<1>, R &result, P &, hipStream_t s, In first, In last,
              Out out, F f) {
  long long n = last - first;
  launch_indices(s, n, transform_op<view_t<In>, view_t<Out>, F>{
                           view(first), view(out), f});
  finish(s);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In1, typename In2, typename Out,
          typename F>
__host__ typename std::enable_if<
    device_callable<F &, ref_t<In1>, ref_t<In2>>::value, bool>::type
gpu_transform(priority<1>, R &result, P &, hipStream_t s, In1 first1,
              In1 last1, In2 first2, Out out, F f) {
  long long n = last1 - first1;
  launch_indices(s, n, transform2_op<view_t<In1>, view_t<In2>, view_t<Out>, F>{
                           view(first1), view(first2), view(out), f});
  finish(s);
  result.put(out + n);
  return true;
}

// fill, fill_n, uninitialized_fill, uninitialized_fill_n
template <typename Out, typename T>
__host__ void fill_indices(hipStream_t s, Out out, long long n, const T &v) {
  typedef value_t<Out> V;
  launch_indices(s, n, fill_op<view_t<Out>, V>{view(out), V(v)});
  finish(s);
}
template <typename R, typename P, typename Out, typename T>
__host__ bool gpu_fill(priority<1>, R &, P &, hipStream_t s, Out first,
                       Out last, const T &v) {
  fill_indices(s, first, last - first, v);
  return true;
}
template <typename R, typename P, typename Out, typename N, typename T>
__host__ bool gpu_fill_n(priority<1>, R &result, P &, hipStream_t s,
                         Out first, N n, const T &v) {
  fill_indices(s, first, n, v);
  result.put(first + n);
  return true;
}
template <typename R, typename P, typename Out, typename T>
__host__ bool gpu_uninitialized_fill(priority<1>, R &, P &, hipStream_t s,
                                     Out first, Out last, const T &v) {
  fill_indices(s, first, last - first, v);
  return true;
}
template <typename R, typename P, typename Out, typename N, typename T>
__host__ bool gpu_uninitialized_fill_n(priority<1>, R &result, P &,
                                       hipStream_t s, Out first, N n,
                                       const T &v) {
  fill_indices(s, first, n, v);
  result.put(first + n);
  return true;
}

// sequence, tabulate, generate, generate_n
template <typename R, typename P, typename Out>
__host__ bool gpu_sequence(priority<1>, R &, P &, hipStream_t s, Out first,
                           Out last) {
  typedef value_t<Out> T;
  launch_indices(s, last - first,
                 sequence_op<view_t<Out>, T>{view(first), T(0), T(1)});
  finish(s);
  return true;
}
template <typename R, typename P, typename Out, typename T>
__host__ bool gpu_sequence(priority<1>, R &, P &, hipStream_t s, Out first,
                           Out last, T init) {
  launch_indices(s, last - first,
                 sequence_op<view_t<Out>, T>{view(first), init, T(1)});
  finish(s);
  return true;
}
template <typename R, typename P, typename Out, typename T>
__host__ bool gpu_sequence(priority<1>, R &, P &, hipStream_t s, Out first,
                           Out last, T init, T step) {
  launch_indices(s, last - first,
                 sequence_op<view_t<Out>, T>{view(first), init, step});
  finish(s);
  return true;
}
template <typename R, typename P, typename Out, typename F>
__host__ typename std::enable_if<
    device_callable<F &, typename thrust::iterator_difference<Out>::type>::
        value,
    bool>::type
gpu_tabulate(priority<1>, R &, P &, hipStream_t s, Out first, Out last, F f) {
  typedef typename thrust::iterator_difference<Out>::type D;
  launch_indices(s, last - first,
                 tabulate_op<view_t<Out>, F, D>{view(first), f});
  finish(s);
  return true;
}
template <typename R, typename P, typename Out, typename G>
__host__ typename std::enable_if<device_callable<G &>::value, bool>::type
gpu_generate(priority<1>, R &, P &, hipStream_t s, Out first, Out last, G g) {
  launch_indices(s, last - first, generate_op<view_t<Out>, G>{view(first), g});
  finish(s);
  return true;
}
template <typename R, typename P, typename Out, typename N, typename G>
__host__ typename std::enable_if<device_callable<G &>::value, bool>::type
gpu_generate_n(priority<1>, R &result, P &, hipStream_t s, Out first, N n,
               G g) {
  launch_indices(s, n, generate_op<view_t<Out>, G>{view(first), g});
  finish(s);
  result.put(first + n);
  return true;
}


/* Whether an iterator's memory is the host's, in a copy between systems. */
template <typename It> struct host_side {
  static const bool value = !std::is_convertible<
      typename thrust::iterator_system<It>::type, tag>::value;
};

/* Host to device: a contiguous host buffer of the output's type first
 * unless one hipMemcpy does it (copy_from_host). */
template <typename In, typename Out>
__host__ typename std::enable_if<!memcpy_able<In, Out>::value>::type
upload(hipStream_t s, In first, long long n, Out out) {
  typedef value_t<Out> V;
  std::vector<V> host(static_cast<size_t>(n));
  for (long long i = 0; i < n; ++i, ++first)
    host[static_cast<size_t>(i)] = *first;
  copy_from_host(s, host.data(), n, out);
}
template <typename In, typename Out>
__host__ typename std::enable_if<memcpy_able<In, Out>::value>::type
upload(hipStream_t s, In first, long long n, Out out) {
  copy_indices(s, first, n, out);
}

/* Device to host: into a host buffer of the input's type (copy_to_host),
 * then the host's copy to `out`. */
template <typename In, typename Out>
__host__ typename std::enable_if<!memcpy_able<In, Out>::value>::type
download(hipStream_t s, In first, long long n, Out out) {
  typedef value_t<In> V;
  std::vector<V> host(static_cast<size_t>(n));
  copy_to_host(s, first, n, host.data());
  for (long long i = 0; i < n; ++i, ++out)
    *out = host[static_cast<size_t>(i)];
}
template <typename In, typename Out>
__host__ typename std::enable_if<memcpy_able<In, Out>::value>::type
download(hipStream_t s, In first, long long n, Out out) {
  copy_indices(s, first, n, out);
}

template <typename P, typename In, typename Out>
__host__ void copy_any(P &, hipStream_t s, In first, long long n, Out out) {
  copy_indices(s, first, n, out);
}
/* Which ends are host memory: 2 the input, 1 the output. */
template <int Ends> using host_ends = std::integral_constant<int, Ends>;
template <typename In, typename Out>
__host__ void cross_copy(host_ends<2>, hipStream_t s, In first, long long n,
                         Out out) {
  upload(s, first, n, out);
}
template <typename In, typename Out>
__host__ void cross_copy(host_ends<1>, hipStream_t s, In first, long long n,
                         Out out) {
  download(s, first, n, out);
}
template <typename In, typename Out>
__host__ void cross_copy(host_ends<0>, hipStream_t s, In first, long long n,
                         Out out) {
  copy_indices(s, first, n, out);
}
template <typename In, typename Out>
__host__ void cross_copy(host_ends<3>, hipStream_t, In first, long long n,
                         Out out) {
  for (long long i = 0; i < n; ++i, ++first, ++out)
    *out = *first;
}
template <typename In, typename Out>
__host__ void copy_any(cross_system &, hipStream_t s, In first, long long n,
                       Out out) {
  cross_copy(host_ends<host_side<In>::value * 2 + host_side<Out>::value>(), s,
             first, n, out);
}

template <typename R, typename P, typename In, typename Out>
__host__ bool gpu_copy(priority<1>, R &result, P &exec, hipStream_t s,
                       In first, In last, Out out) {
  long long n = last - first;
  copy_any(exec, s, first, n, out);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename N, typename Out>
__host__ bool gpu_copy_n(priority<1>, R &result, P &exec, hipStream_t s,
                         In first, N n, Out out) {
  copy_any(exec, s, first, n, out);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename Out>
__host__ bool gpu_uninitialized_copy(priority<1>, R &result, P &exec,
                                     hipStream_t s, In first, In last,
                                     Out out) {
  long long n = last - first;
  copy_any(exec, s, first, n, out);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename N, typename Out>
__host__ bool gpu_uninitialized_copy_n(priority<1>, R &result, P &exec,
                                       hipStream_t s, In first, N n,
                                       Out out) {
  copy_any(exec, s, first, n, out);
  result.put(out + n);
  return true;
}

// gather, scatter
template <typename R, typename P, typename Map, typename In, typename Out>
__host__ bool gpu_gather(priority<1>, R &result, P &, hipStream_t s,
                         Map map_first, Map map_last, In in, Out out) {
  long long n = map_last - map_first;
  launch_indices(s, n, gather_op<view_t<Map>, view_t<In>, view_t<Out>>{
                           view(map_first), view(in), view(out)});
  finish(s);
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename Map, typename Out>
__host__ bool gpu_scatter(priority<1>, R &, P &, hipStream_t s, In first,
                          In last, Map map, Out out) {
  launch_indices(s, last - first,
                 scatter_op<view_t<In>, view_t<Map>, view_t<Out>>{
                     view(first), view(map), view(out)});
  finish(s);
  return true;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
