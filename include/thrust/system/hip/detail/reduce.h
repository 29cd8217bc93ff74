/* thrust/system/hip/detail/reduce.h: the hip system's reduce
 * (detail/dispatch.h; detail/parallel.h for large contiguous data). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/system/hip/detail/parallel.h>
#include <thrust/reduce.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD_PARALLEL_CPU_KERNELS(reduce)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
