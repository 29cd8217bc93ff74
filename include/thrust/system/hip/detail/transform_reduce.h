/* thrust/system/hip/detail/transform_reduce.h: the hip system's
 * transform_reduce (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/transform_reduce.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(transform_reduce)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
