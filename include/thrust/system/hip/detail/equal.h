/* thrust/system/hip/detail/equal.h: the hip system's equal
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/equal.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(equal)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
