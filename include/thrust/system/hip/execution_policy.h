/* thrust/system/hip/execution_policy.h: the hip system's policies, with
 * rocThrust's names: thrust::hip::par (the null stream), par.on(stream),
 * par_nosync (the same: every algorithm here is done when it returns),
 * par(allocator) (temporary storage from the allocator), tag,
 * execution_policy<Derived>; thrust::hip_rocprim is the same namespace, as
 * in rocThrust. thrust::device is this system's par. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/allocator_aware_execution_policy.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <thrust/system/hip/detail/sync.h>
#include <hip/hip_runtime_api.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* par.on(stream): algorithms wait for `stream` instead of the null one. */
struct execute_on_stream : execution_policy<execute_on_stream> {
  hipStream_t stream;
  __host__ __device__ explicit execute_on_stream(hipStream_t s) : stream(s) {}
  __host__ __device__ execute_on_stream on(hipStream_t s) const {
    return execute_on_stream(s);
  }
};

__host__ inline hipStream_t stream_of(const execute_on_stream &exec) {
  return exec.stream;
}

struct par_t
    : execution_policy<par_t>,
      thrust::detail::allocator_aware_execution_policy<execution_policy> {
  __host__ __device__ constexpr par_t() : execution_policy<par_t>() {}
  __host__ __device__ execute_on_stream on(hipStream_t s) const {
    return execute_on_stream(s);
  }
};

} // namespace detail

static const detail::par_t par;
static const detail::par_t par_nosync;

} // namespace hip
} // namespace system

namespace hip {
using thrust::system::hip::execution_policy;
using thrust::system::hip::par;
using thrust::system::hip::par_nosync;
using thrust::system::hip::tag;
} // namespace hip

namespace hip_rocprim = thrust::system::hip;

THRUST_NAMESPACE_END

#include <thrust/system/hip/memory.h>
#include <thrust/system/hip/detail/algorithms.h>
