/* thrust/system/hip/detail/parallel.h: the hip system's sorts, reductions
 * and scans on hipCUB's device algorithms.
 *
 * Where the data is contiguous device memory (raw pointers, device_ptr,
 * device_vector iterators), the keys or values are arithmetic and the
 * operator is one of Thrust's own (less/greater for sorts; plus, maximum,
 * minimum for reductions and scans), the algorithm is hipCUB's
 * (DeviceRadixSort, DeviceReduce, DeviceScan), which runs on the CPU
 * device's worker threads, on the policy's stream; the caller waits for
 * it. User functors are not given to hipCUB: they may be host functions,
 * which the CPP path accepts. Small inputs (below parallel_min_items) stay
 * on the CPP path, where a launch would cost more than the work. On a GPU
 * (use_kernels) every size goes to hipCUB, with temporaries in device
 * memory (gpu_*.h call these for the forms hipCUB takes as they are).
 *
 * Each parallel_NAME(priority<1>, result, stream, args...) returns true
 * when it did the work (the result in `result`); the priority<0> overload
 * takes everything else and returns false. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <thrust/device_ptr.h>
#include <thrust/iterator/detail/normal_iterator.h>
#include <thrust/functional.h>
#include <thrust/system/detail/bad_alloc.h>
#include <thrust/system/hip/detail/error.h>
#include <thrust/system/hip/detail/sync.h>
#include <hipcub/device/device_radix_sort.hpp>
#include <hipcub/device/device_reduce.hpp>
#include <hipcub/device/device_scan.hpp>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

template <int N> struct priority : priority<N - 1> {};
template <> struct priority<0> {};

/* Fewer items than this run on the calling thread. */
static const long parallel_min_items = 1L << 15;

/* What an algorithm returns, when hipCUB computed it. */
template <typename R> struct parallel_result {
  R value;
  __host__ void put(const R &v) { value = v; }
  __host__ R get() { return value; }
};
template <> struct parallel_result<void> {
  __host__ void get() {}
};

/* Iterators over contiguous memory: raw() gives the address. */
template <typename It> struct contiguous {
  static const bool value = false;
  typedef void value_type;
  __host__ static void *raw(const It &) { return nullptr; }
};
template <typename T> struct contiguous<T *> {
  static const bool value = true;
  typedef typename std::remove_const<T>::type value_type;
  __host__ static T *raw(T *p) { return p; }
};
template <typename T> struct contiguous<thrust::device_ptr<T>> {
  static const bool value = true;
  typedef typename std::remove_const<T>::type value_type;
  __host__ static T *raw(thrust::device_ptr<T> p) {
    return thrust::raw_pointer_cast(p);
  }
};
template <typename P>
struct contiguous<thrust::detail::normal_iterator<P>> : contiguous<P> {
  __host__ static auto raw(thrust::detail::normal_iterator<P> it)
      -> decltype(contiguous<P>::raw(it.base())) {
    return contiguous<P>::raw(it.base());
  }
};

/* Keys hipCUB's radix sort orders as Thrust's less does. */
template <typename T> struct radix_key {
  static const bool value = std::is_arithmetic<T>::value &&
                            !std::is_same<T, bool>::value &&
                            !std::is_same<T, long double>::value;
};

template <typename It> struct sortable_range {
  static const bool value =
      contiguous<It>::value &&
      radix_key<typename contiguous<It>::value_type>::value &&
      !std::is_const<typename std::remove_pointer<decltype(
          contiguous<It>::raw(std::declval<It>()))>::type>::value;
};

/* Operators hipCUB gets as they are (Thrust's, __host__ __device__). */
template <typename Op, typename T> struct known_op {
  static const bool value = std::is_same<Op, thrust::plus<T>>::value ||
                            std::is_same<Op, thrust::maximum<T>>::value ||
                            std::is_same<Op, thrust::minimum<T>>::value;
};

template <typename T> struct is_less {
  static const bool value = false;
};
template <typename T> struct is_less<thrust::less<T>> {
  static const bool value = true;
};
template <typename T> struct is_greater {
  static const bool value = false;
};
template <typename T> struct is_greater<thrust::greater<T>> {
  static const bool value = true;
};

/* Temporary storage for hipCUB: device memory (hipMalloc) where the
 * stream runs kernels (use_kernels), host memory otherwise (the CPU
 * device's kernels read it like any other). */
template <typename T> struct host_buffer {
  T *p = nullptr;
  bool device;
  __host__ explicit host_buffer(size_t n, hipStream_t stream = nullptr)
      : device(use_kernels(stream)) {
    size_t bytes = n ? n * sizeof(T) : 1;
    if (device) {
      if (hipMalloc(reinterpret_cast<void **>(&p), bytes) != hipSuccess)
        p = nullptr;
    } else {
      p = static_cast<T *>(std::malloc(bytes));
    }
    if (!p)
      throw thrust::system::detail::bad_alloc("hip system temporary buffer");
  }
  __host__ ~host_buffer() {
    if (device)
      (void)hipFree(p);
    else
      std::free(p);
  }
  host_buffer(const host_buffer &) = delete;
  host_buffer &operator=(const host_buffer &) = delete;
};

/* Copies `bytes` between two buffers of the stream's device. */
__host__ inline void copy_bytes(void *dst, const void *src, size_t bytes,
                                bool device) {
  if (device)
    throw_on_error(hipMemcpy(dst, src, bytes, hipMemcpyDefault), "hipMemcpy");
  else
    std::memcpy(dst, src, bytes);
}

/* Runs `call(temp, bytes)` with hipCUB's two-call protocol and waits for
 * the stream, which is the policy's. */
template <typename Call>
__host__ void run_hipcub(hipStream_t stream, Call call) {
  size_t bytes = 0;
  throw_on_error(call(nullptr, bytes), "hipCUB");
  host_buffer<unsigned char> temp(bytes, stream);
  hipError_t status = call(temp.p, bytes);
  if (status == hipSuccess)
    status = hipStreamSynchronize(stream);
  throw_on_error(status, "hipCUB");
}

/* Whether n items go to hipCUB: any count on kernel streams. */
__host__ inline bool parallel_size_ok(long n, hipStream_t stream) {
  return n <= INT_MAX && (n >= parallel_min_items || use_kernels(stream));
}

/* hipCUB's ascending or descending radix sorts, chosen at compile time
 * (only the one used is instantiated). */
template <bool Descending> struct radix_sorts;
template <> struct radix_sorts<false> {
  template <typename... A> __host__ static hipError_t keys(A &&...a) {
    return hipcub::DeviceRadixSort::SortKeys(a...);
  }
  template <typename... A> __host__ static hipError_t pairs(A &&...a) {
    return hipcub::DeviceRadixSort::SortPairs(a...);
  }
};
template <> struct radix_sorts<true> {
  template <typename... A> __host__ static hipError_t keys(A &&...a) {
    return hipcub::DeviceRadixSort::SortKeysDescending(a...);
  }
  template <typename... A> __host__ static hipError_t pairs(A &&...a) {
    return hipcub::DeviceRadixSort::SortPairsDescending(a...);
  }
};

/* Sorts keys[0..n) in place: a radix sort into a second buffer, copied
 * back when the sort ended there. */
template <bool Descending, typename K>
__host__ void radix_sort(hipStream_t stream, K *keys, long n) {
  if (n == 0)
    return;
  host_buffer<K> alt(n, stream);
  hipcub::DoubleBuffer<K> kb(keys, alt.p);
  int count = static_cast<int>(n), bits = static_cast<int>(sizeof(K) * 8);
  run_hipcub(stream, [&](void *t, size_t &b) {
    return radix_sorts<Descending>::keys(t, b, kb, count, 0, bits, stream);
  });
  if (kb.Current() != keys)
    copy_bytes(keys, kb.Current(), n * sizeof(K), alt.device);
}

/* The same with values[0..n) moved with their keys. */
template <bool Descending, typename K, typename V>
__host__ void radix_sort(hipStream_t stream, K *keys, V *values, long n) {
  if (n == 0)
    return;
  host_buffer<K> alt_keys(n, stream);
  host_buffer<V> alt_values(n, stream);
  hipcub::DoubleBuffer<K> kb(keys, alt_keys.p);
  hipcub::DoubleBuffer<V> vb(values, alt_values.p);
  int count = static_cast<int>(n), bits = static_cast<int>(sizeof(K) * 8);
  run_hipcub(stream, [&](void *t, size_t &b) {
    return radix_sorts<Descending>::pairs(t, b, kb, vb, count, 0, bits,
                                          stream);
  });
  if (kb.Current() != keys)
    copy_bytes(keys, kb.Current(), n * sizeof(K), alt_keys.device);
  if (vb.Current() != values)
    copy_bytes(values, vb.Current(), n * sizeof(V), alt_keys.device);
}

template <typename It>
__host__ bool sort_size_ok(It first, It last, hipStream_t stream) {
  return parallel_size_ok(static_cast<long>(last - first), stream);
}

// sort, stable_sort: keys alone.
template <typename R, typename... Args>
__host__ bool parallel_sort(priority<0>, R &, hipStream_t, Args &&...) {
  return false;
}
template <typename It>
__host__ typename std::enable_if<sortable_range<It>::value, bool>::type
parallel_sort(priority<2>, parallel_result<void> &, hipStream_t stream,
              It first, It last) {
  if (!sort_size_ok(first, last, stream))
    return false;
  radix_sort<false>(stream, contiguous<It>::raw(first),
                    static_cast<long>(last - first));
  return true;
}
template <typename It, typename Compare>
__host__ typename std::enable_if<sortable_range<It>::value &&
                                     (is_less<Compare>::value ||
                                      is_greater<Compare>::value),
                                 bool>::type
parallel_sort(priority<1>, parallel_result<void> &, hipStream_t stream,
              It first, It last, Compare) {
  if (!sort_size_ok(first, last, stream))
    return false;
  radix_sort<is_greater<Compare>::value>(stream, contiguous<It>::raw(first),
                                         static_cast<long>(last - first));
  return true;
}
template <typename R, typename... Args>
__host__ bool parallel_stable_sort(priority<2> p, R &r, hipStream_t s,
                                   Args &&...args) {
  return parallel_sort(p, r, s, args...);  // the radix sort is stable
}

// sort_by_key, stable_sort_by_key: values of any trivially copyable type.
template <typename VIt> struct value_range {
  static const bool value =
      contiguous<VIt>::value &&
      std::is_trivially_copyable<typename contiguous<VIt>::value_type>::value;
};
template <typename R, typename... Args>
__host__ bool parallel_sort_by_key(priority<0>, R &, hipStream_t, Args &&...) {
  return false;
}
template <typename It, typename VIt>
__host__ typename std::enable_if<
    sortable_range<It>::value && value_range<VIt>::value, bool>::type
parallel_sort_by_key(priority<2>, parallel_result<void> &, hipStream_t stream,
                     It first, It last, VIt values) {
  if (!sort_size_ok(first, last, stream))
    return false;
  radix_sort<false>(stream, contiguous<It>::raw(first),
                    contiguous<VIt>::raw(values),
                    static_cast<long>(last - first));
  return true;
}
template <typename It, typename VIt, typename Compare>
__host__ typename std::enable_if<sortable_range<It>::value &&
                                     value_range<VIt>::value &&
                                     (is_less<Compare>::value ||
                                      is_greater<Compare>::value),
                                 bool>::type
parallel_sort_by_key(priority<1>, parallel_result<void> &, hipStream_t stream,
                     It first, It last, VIt values, Compare) {
  if (!sort_size_ok(first, last, stream))
    return false;
  radix_sort<is_greater<Compare>::value>(stream, contiguous<It>::raw(first),
                                         contiguous<VIt>::raw(values),
                                         static_cast<long>(last - first));
  return true;
}
template <typename R, typename... Args>
__host__ bool parallel_stable_sort_by_key(priority<2> p, R &r, hipStream_t s,
                                          Args &&...args) {
  return parallel_sort_by_key(p, r, s, args...);
}

// reduce: init of the values' type, Thrust's plus, maximum or minimum.
template <typename It> struct reducible_range {
  static const bool value =
      contiguous<It>::value &&
      radix_key<typename contiguous<It>::value_type>::value;
};
template <typename R, typename... Args>
__host__ bool parallel_reduce(priority<0>, R &, hipStream_t, Args &&...) {
  return false;
}
template <typename T, typename It, typename Op>
__host__ typename std::enable_if<
    reducible_range<It>::value &&
        std::is_same<T, typename contiguous<It>::value_type>::value &&
        known_op<Op, T>::value,
    bool>::type
parallel_reduce(priority<2>, parallel_result<T> &result, hipStream_t stream,
                It first, It last, T init, Op op) {
  long n = static_cast<long>(last - first);
  if (!parallel_size_ok(n, stream))
    return false;
  host_buffer<T> out(1, stream);
  const T *in = contiguous<It>::raw(first);
  T value = init;
  if (n > 0) {
    run_hipcub(stream, [&](void *t, size_t &b) {
      return hipcub::DeviceReduce::Reduce(t, b, in, out.p,
                                          static_cast<int>(n), op, init,
                                          stream);
    });
    copy_bytes(&value, out.p, sizeof(T), out.device);
  }
  result.put(value);
  return true;
}
template <typename T, typename It>
__host__ bool parallel_reduce(priority<1>, parallel_result<T> &result,
                              hipStream_t stream, It first, It last, T init) {
  return parallel_reduce(priority<2>(), result, stream, first, last, init,
                         thrust::plus<T>());
}
template <typename T, typename It>
__host__ bool parallel_reduce(priority<1>, parallel_result<T> &result,
                              hipStream_t stream, It first, It last) {
  return parallel_reduce(priority<2>(), result, stream, first, last, T(),
                         thrust::plus<T>());
}

// inclusive_scan, exclusive_scan: same value type in and out.
template <typename It, typename Out> struct scannable {
  typedef typename contiguous<It>::value_type T;
  static const bool value =
      reducible_range<It>::value && contiguous<Out>::value &&
      std::is_same<T, typename contiguous<Out>::value_type>::value;
};
template <typename T, typename Op>
__host__ void inclusive_scan(hipStream_t stream, const T *in, T *out, long n,
                             Op op) {
  run_hipcub(stream, [&](void *t, size_t &b) {
    return hipcub::DeviceScan::InclusiveScan(t, b, in, out, op,
                                             static_cast<int>(n), stream);
  });
}
template <typename T, typename Op>
__host__ void exclusive_scan(hipStream_t stream, const T *in, T *out, long n,
                             T init, Op op) {
  run_hipcub(stream, [&](void *t, size_t &b) {
    return hipcub::DeviceScan::ExclusiveScan(t, b, in, out, op, init,
                                             static_cast<int>(n), stream);
  });
}
template <typename R, typename... Args>
__host__ bool parallel_inclusive_scan(priority<0>, R &, hipStream_t,
                                      Args &&...) {
  return false;
}
template <typename It, typename Out, typename Op>
__host__ typename std::enable_if<
    scannable<It, Out>::value &&
        known_op<Op, typename contiguous<It>::value_type>::value,
    bool>::type
parallel_inclusive_scan(priority<2>, parallel_result<Out> &result,
                        hipStream_t stream, It first, It last, Out out, Op op) {
  typedef typename contiguous<It>::value_type T;
  long n = static_cast<long>(last - first);
  if (!parallel_size_ok(n, stream))
    return false;
  if (n > 0)
    inclusive_scan(stream, static_cast<const T *>(contiguous<It>::raw(first)),
                 contiguous<Out>::raw(out), n, op);
  result.put(out + n);
  return true;
}
template <typename It, typename Out>
__host__ bool parallel_inclusive_scan(priority<1>, parallel_result<Out> &result,
                                      hipStream_t stream, It first, It last,
                                      Out out) {
  typedef typename contiguous<It>::value_type T;
  return parallel_inclusive_scan(priority<2>(), result, stream, first, last,
                                 out, thrust::plus<T>());
}
template <typename R, typename... Args>
__host__ bool parallel_exclusive_scan(priority<0>, R &, hipStream_t,
                                      Args &&...) {
  return false;
}
template <typename It, typename Out, typename T, typename Op>
__host__ typename std::enable_if<
    scannable<It, Out>::value &&
        std::is_same<T, typename contiguous<It>::value_type>::value &&
        known_op<Op, T>::value,
    bool>::type
parallel_exclusive_scan(priority<2>, parallel_result<Out> &result,
                        hipStream_t stream, It first, It last, Out out, T init,
                        Op op) {
  long n = static_cast<long>(last - first);
  if (!parallel_size_ok(n, stream))
    return false;
  if (n > 0)
    exclusive_scan(stream, static_cast<const T *>(contiguous<It>::raw(first)),
                 contiguous<Out>::raw(out), n, init, op);
  result.put(out + n);
  return true;
}
template <typename It, typename Out, typename T>
__host__ bool parallel_exclusive_scan(priority<1>, parallel_result<Out> &result,
                                      hipStream_t stream, It first, It last,
                                      Out out, T init) {
  return parallel_exclusive_scan(priority<2>(), result, stream, first, last,
                                 out, init, thrust::plus<T>());
}
template <typename It, typename Out>
__host__ bool parallel_exclusive_scan(priority<1>, parallel_result<Out> &result,
                                      hipStream_t stream, It first, It last,
                                      Out out) {
  typedef typename contiguous<It>::value_type T;
  return parallel_exclusive_scan(priority<2>(), result, stream, first, last,
                                 out, T(), thrust::plus<T>());
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END

/* Like HIPC_THRUST_FORWARD (dispatch.h), trying parallel_NAME first. */
#define HIPC_THRUST_FORWARD_PARALLEL_WITH(NAME, CPU_KERNELS)                  \
  HIPC_THRUST_GPU_DEFAULT(NAME)                                                \
  template <typename Derived, typename... Args>                                \
  __host__ auto NAME(thrust::system::hip::detail::execution_policy<Derived>   \
                         &exec,                                                \
                     Args &&...args)                                           \
      -> decltype(thrust::NAME(thrust::cpp::par,                               \
                               static_cast<Args &&>(args)...)) {               \
    typedef decltype(thrust::NAME(thrust::cpp::par,                            \
                                  static_cast<Args &&>(args)...)) result_type; \
    HIPC_THRUST_GPU_BRANCH(NAME, result_type, exec, args)                      \
    hipStream_t stream = thrust::system::hip::detail::synchronize(exec);       \
    thrust::system::hip::detail::algorithm_scope scope;                        \
    thrust::system::hip::detail::parallel_result<result_type> result;          \
    if (parallel_##NAME(thrust::system::hip::detail::priority<2>(), result,    \
                        stream, args...))                                      \
      return result.get();                                                     \
    CPU_KERNELS(NAME, result_type, stream, exec, args)                         \
    return thrust::NAME(thrust::cpp::par, static_cast<Args &&>(args)...);     \
  }
/* Without, and with, the CPU device's kernel paths (dispatch.h). */
#define HIPC_THRUST_FORWARD_PARALLEL(NAME)                                     \
  HIPC_THRUST_FORWARD_PARALLEL_WITH(NAME, HIPC_THRUST_NO_CPU_KERNELS)
#define HIPC_THRUST_FORWARD_PARALLEL_CPU_KERNELS(NAME)                         \
  HIPC_THRUST_FORWARD_PARALLEL_WITH(NAME, HIPC_THRUST_CPU_KERNELS_BRANCH)
#define HIPC_THRUST_NO_CPU_KERNELS(NAME, result_type, stream, exec, args)
