/* thrust/system/hip/detail/sync.h: ordering the hip system's algorithms
 * with the streams they are given.
 *
 * On AMD an algorithm runs on its policy's stream (the null stream for
 * thrust::device, thrust::hip::par and iterator-based calls; `s` for
 * thrust::hip::par.on(s)), after the work queued there, and returns when
 * its results are written. Here an algorithm runs on the calling thread,
 * so it first waits for that stream (hipStreamSynchronize; the null
 * stream's wait includes the blocking streams' earlier work) and is done
 * when it returns; a reading or writing of one element (device_vector's
 * operator[], *device_ptr) waits for the null stream, as AMD's hipMemcpy
 * does. Inside an algorithm (algorithm_scope, per thread) nothing waits
 * again: the stream was waited for once, at the start. On a GPU's stream
 * (use_kernels) an algorithm is kernels queued on that stream instead,
 * waited for before it returns (dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <thrust/system/hip/detail/error.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipc/interop.h>
#include <cstdlib>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* The stream of a policy: the null stream unless the policy names one
 * (execute_on_stream, execution_policy.h, has its own overload). */
template <typename Derived>
__host__ inline hipStream_t stream_of(const execution_policy<Derived> &) {
  return nullptr;
}

/* How many hip-system algorithms the calling thread is inside. */
__host__ inline int &algorithm_depth() {
  static thread_local int depth = 0;
  return depth;
}

struct algorithm_scope {
  __host__ algorithm_scope() { ++algorithm_depth(); }
  __host__ ~algorithm_scope() { --algorithm_depth(); }
  algorithm_scope(const algorithm_scope &) = delete;
  algorithm_scope &operator=(const algorithm_scope &) = delete;
};

/* HIPC_THRUST_KERNELS: 1 takes the kernel paths for every algorithm on
 * the CPU device, 0 for none; unset, only the algorithms that gain from
 * the CPU device's workers (cpu_kernels_by_default, dispatch.h) take them. */
__host__ inline int thrust_kernels_setting() {
  static const int setting = [] {
    const char *e = std::getenv("HIPC_THRUST_KERNELS");
    return e && *e ? std::atoi(e) : -1;
  }();
  return setting;
}

/* Whether algorithms on `stream` run as kernels (gpu_*.h): on a GPU's
 * stream, whose memory the host cannot read; on the CPU device only with
 * HIPC_THRUST_KERNELS=1 (how the tests check the GPU paths there). An
 * unknown stream throws thrust::system_error with its hipError_t. */
__host__ inline bool use_kernels(hipStream_t stream) {
  const int forced = thrust_kernels_setting() == 1;
  hipc_stream_info info;
  throw_on_error(hipc_stream_native(stream, &info), "thrust: the stream");
  if (!info.host_memory)
    return true;
  if (forced) // the CPU device's hipCUB may read before the stream's work
    throw_on_error(hipStreamSynchronize(stream), "hipStreamSynchronize");
  return forced != 0;
}

/* Waits for the policy's stream, which it returns, unless called from
 * inside an algorithm. A failure (an earlier kernel's fault, a destroyed
 * stream) throws thrust::system_error with hip_category(). */
template <typename Derived>
__host__ inline hipStream_t synchronize(execution_policy<Derived> &exec) {
  hipStream_t stream = stream_of(static_cast<Derived &>(exec));
  if (algorithm_depth() > 0)
    return stream;
  throw_on_error(hipStreamSynchronize(stream), "hipStreamSynchronize");
  return stream;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
