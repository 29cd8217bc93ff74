/* thrust/system/hip/detail/count.h: the hip system's count, count_if
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/count.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(count)
HIPC_THRUST_FORWARD(count_if)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
