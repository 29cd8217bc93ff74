/* thrust/system/hip/detail/gpu_launch.h: what the hip system's kernel
 * paths share (dispatch.h's HIPC_THRUST_GPU_BRANCH; gpu_elementwise.h,
 * gpu_reduce.h).
 *
 * An algorithm on a GPU's stream runs as kernels queued on that stream:
 * one thread per index, i → op(i), where op holds the algorithm's
 * iterators and functor by value (Thrust's fancy iterators and functors
 * are __host__ __device__ values). Iterators over contiguous memory go to
 * kernels as raw pointers (device_view). A functor that cannot be called
 * in device code (a host-only operator()) is detected at compile time
 * (device_callable) and the algorithm throws hipErrorNotSupported instead
 * of failing to compile. Every path waits for its stream before it
 * returns. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/raw_reference_cast.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/bad_alloc.h>
#include <thrust/tuple.h>
#include <thrust/system/hip/detail/error.h>
#include <thrust/system/hip/detail/parallel.h>
#include <thrust/system/hip/detail/sync.h>
#include <hip/hip_runtime.h>
#include <string>
#include <type_traits>
#include <utility>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* The call of an algorithm that has no kernel path for its arguments. */
[[noreturn]] __host__ inline void unsupported_on_gpu(const char *name) {
  throw thrust::system_error(
      hipErrorNotSupported, thrust::system::hip::hip_category(),
      std::string(name) +
          " with these arguments on a GPU (hipc's Thrust: docs/thrust.md)");
}

/* Whether F(Args...) can be called in device code: overload resolution
 * in a __device__ function's signature rejects host-only candidates. */
template <typename F, typename... Args>
__device__ auto device_call_probe(F &&f, Args &&...args)
    -> decltype(f(static_cast<Args &&>(args)...), std::true_type());
template <typename F, typename... Args>
__device__ std::false_type device_call_probe(...);
template <typename F, typename... Args>
struct device_callable
    : decltype(device_call_probe<F, Args...>(std::declval<F>(),
                                             std::declval<Args>()...)) {};

/* An iterator as kernels take it: a raw pointer for contiguous memory. */
template <typename It, bool = contiguous<It>::value> struct device_view {
  typedef It type;
  __host__ static It get(It it) { return it; }
};
template <typename It> struct device_view<It, true> {
  typedef decltype(contiguous<It>::raw(std::declval<It>())) type;
  __host__ static type get(It it) { return contiguous<It>::raw(it); }
};
template <typename It>
__host__ typename device_view<It>::type view(It it) {
  return device_view<It>::get(it);
}
template <typename It>
using view_t = typename device_view<It>::type;
/* An item as functors get it: Thrust's raw_reference_cast turns
 * device_reference (and tuples of them, from zip_iterator) into plain
 * references, as the CPP system's algorithms do. */
template <typename It>
using ref_t =
    decltype(thrust::raw_reference_cast(*std::declval<view_t<It>>()));
#define HIPC_THRUST_ITEM(it, i) thrust::raw_reference_cast((it)[i])

/* i → op(i) for i in [0, n): a GPU's shape strides the grid over the
 * range (chunk 0); the CPU device's (chunk > 0) has one work item per
 * block walk its chunk [b * chunk, (b + 1) * chunk) of contiguous items
 * (with the GPU's shape each of a CPU worker's work items strode across
 * the whole range: 5x slower). One kernel for both, so that kc compiles
 * each operation once. */
template <typename Op>
__global__ void hipc_thrust_index_kernel(long long n, long long chunk, Op op) {
  if (chunk > 0) {
    long long i = static_cast<long long>(blockIdx.x) * chunk;
    long long end = i + chunk < n ? i + chunk : n;
    for (; i < end; ++i)
      op(i);
    return;
  }
  long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (; i < n; i += stride)
    op(i);
}

/* Whether `stream` is the CPU device's (its memory is host memory). */
__host__ inline bool cpu_stream(hipStream_t stream) {
  hipc_stream_info info;
  return hipc_stream_native(stream, &info) == hipSuccess &&
         info.host_memory;
}

/* The CPU device's chunks of n items: at most 256, of 2^14 items or more. */
struct chunking {
  long long size, count;
};
__host__ inline chunking cpu_chunks(long long n) {
  const long long min_chunk = 1 << 14, max_blocks = 256;
  long long size = (n + max_blocks - 1) / max_blocks;
  if (size < min_chunk)
    size = min_chunk;
  return chunking{size, n > 0 ? (n + size - 1) / size : 0};
}

/* op(b, begin, end) for each chunk b of [0, n), one block of one work
 * item each (the CPU device's algorithms that keep per-chunk state). */
template <typename Op>
__global__ void hipc_thrust_chunk_range_kernel(long long n, long long chunk,
                                               Op op) {
  long long b = blockIdx.x, begin = b * chunk;
  op(b, begin, begin + chunk < n ? begin + chunk : n);
}
template <typename Op>
__host__ void launch_chunks(hipStream_t stream, long long n, chunking c,
                            Op op) {
  if (c.count <= 0)
    return;
  hipc_thrust_chunk_range_kernel<<<dim3(static_cast<unsigned>(c.count)),
                                   dim3(1), 0, stream>>>(n, c.size, op);
  throw_on_error(hipGetLastError(), "thrust: a kernel launch");
}

/* Queues the kernel for n indices on `stream` (no wait). */
template <typename Op>
__host__ void launch_indices(hipStream_t stream, long long n, Op op) {
  if (n <= 0)
    return;
  if (cpu_stream(stream)) {
    chunking c = cpu_chunks(n);
    hipc_thrust_index_kernel<<<dim3(static_cast<unsigned>(c.count)), dim3(1),
                               0, stream>>>(n, c.size, op);
    throw_on_error(hipGetLastError(), "thrust: a kernel launch");
    return;
  }
  const long long threads = 256, max_blocks = 1 << 16;
  long long blocks = (n + threads - 1) / threads;
  if (blocks > max_blocks)
    blocks = max_blocks;
  hipc_thrust_index_kernel<<<dim3(static_cast<unsigned>(blocks)),
                             dim3(static_cast<unsigned>(threads)), 0,
                             stream>>>(n, 0, op);
  throw_on_error(hipGetLastError(), "thrust: a kernel launch");
}

/* Waits for `stream`: the end of every kernel path. */
__host__ inline void finish(hipStream_t stream) {
  throw_on_error(hipStreamSynchronize(stream), "hipStreamSynchronize");
}

/* Device memory for n items of T (hipMalloc on the current device). */
template <typename T> struct device_buffer {
  T *p = nullptr;
  __host__ explicit device_buffer(size_t n) {
    if (hipMalloc(reinterpret_cast<void **>(&p), (n ? n : 1) * sizeof(T)) !=
        hipSuccess)
      throw thrust::system::detail::bad_alloc("hip system device buffer");
  }
  __host__ ~device_buffer() { (void)hipFree(p); }
  device_buffer(const device_buffer &) = delete;
  device_buffer &operator=(const device_buffer &) = delete;
};

/* One value of a device buffer, read by the host. */
template <typename T> __host__ T read_back(const T *p) {
  T v;
  throw_on_error(hipMemcpy(&v, p, sizeof(T), hipMemcpyDefault), "hipMemcpy");
  return v;
}

template <typename It> using value_t = typename thrust::iterator_value<It>::type;

template <typename In, typename Out> struct copy_op {
  In in;
  Out out;
  __host__ __device__ void operator()(long long i) { out[i] = in[i]; }
};

// Values whose bytes are the value: trivially copyable types, and
// thrust::tuple (zip values) of such, which Thrust gives an assignment of
// its own (so not trivially copyable) but no other state.
template <typename T> struct bitwise_copyable : std::is_trivially_copyable<T> {};
template <typename... T> struct all_bitwise_copyable : std::true_type {};
template <typename H, typename... T>
struct all_bitwise_copyable<H, T...>
    : std::integral_constant<bool, bitwise_copyable<H>::value &&
                                       all_bitwise_copyable<T...>::value> {};
template <typename... T>
struct bitwise_copyable<thrust::tuple<T...>> : all_bitwise_copyable<T...> {};
template <> struct bitwise_copyable<thrust::null_type> : std::true_type {};

// copy: one hipMemcpy where both ends are contiguous with one value type
// (a kernel could not reach host memory on a GPU).
template <typename In, typename Out> struct memcpy_able {
  static const bool value =
      contiguous<In>::value && contiguous<Out>::value &&
      std::is_same<typename contiguous<In>::value_type,
                   typename contiguous<Out>::value_type>::value &&
      bitwise_copyable<typename contiguous<In>::value_type>::value;
};
template <typename In, typename Out>
__host__ typename std::enable_if<memcpy_able<In, Out>::value>::type
copy_indices(hipStream_t s, In first, long long n, Out out) {
  if (n > 0)
    throw_on_error(hipMemcpyAsync(view(out), view(first),
                                  n * sizeof(value_t<In>), hipMemcpyDefault,
                                  s),
                   "hipMemcpyAsync");
  finish(s);
}
template <typename In, typename Out>
__host__ typename std::enable_if<!memcpy_able<In, Out>::value>::type
copy_indices(hipStream_t s, In first, long long n, Out out) {
  launch_indices(s, n, copy_op<view_t<In>, view_t<Out>>{view(first), view(out)});
  finish(s);
}

/* Between a host buffer and device items (a kernel reaches host memory on
 * the CPU device only): one hipMemcpy where copy_indices makes one, else
 * the bytes cross by hipMemcpy into or out of a device buffer of the
 * host's type, which copy_indices's kernel copies from or to the device
 * end (items that are not bitwise copyable, ends of other types or not
 * contiguous). */
__host__ inline void copy_bytes(hipStream_t s, void *to, const void *from,
                                size_t bytes) {
  throw_on_error(hipMemcpyAsync(to, from, bytes, hipMemcpyDefault, s),
                 "hipMemcpyAsync");
  finish(s);
}
template <typename T, typename Out>
__host__ void copy_from_host(std::true_type, hipStream_t s, T *host,
                             long long n, Out out) {
  copy_indices(s, host, n, out);
}
template <typename T, typename Out>
__host__ void copy_from_host(std::false_type, hipStream_t s, T *host,
                             long long n, Out out) {
  device_buffer<T> staged(static_cast<size_t>(n));
  copy_bytes(s, staged.p, host, static_cast<size_t>(n) * sizeof(T));
  copy_indices(s, staged.p, n, out);
}
template <typename T, typename Out>
__host__ void copy_from_host(hipStream_t s, T *host, long long n, Out out) {
  if (n > 0)
    copy_from_host(std::integral_constant<bool, memcpy_able<T *, Out>::value>(),
                   s, host, n, out);
}
template <typename In, typename T>
__host__ void copy_to_host(std::true_type, hipStream_t s, In first,
                           long long n, T *host) {
  copy_indices(s, first, n, host);
}
template <typename In, typename T>
__host__ void copy_to_host(std::false_type, hipStream_t s, In first,
                           long long n, T *host) {
  device_buffer<T> staged(static_cast<size_t>(n));
  copy_indices(s, first, n, staged.p);
  copy_bytes(s, host, staged.p, static_cast<size_t>(n) * sizeof(T));
}
template <typename In, typename T>
__host__ void copy_to_host(hipStream_t s, In first, long long n, T *host) {
  if (n > 0)
    copy_to_host(std::integral_constant<bool, memcpy_able<In, T *>::value>(),
                 s, first, n, host);
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
