/* thrust/system/hip/detail/adjacent_difference.h: the hip system's
 * adjacent_difference (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/adjacent_difference.h>
#include <thrust/system/hip/detail/gpu_modify.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(adjacent_difference)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
