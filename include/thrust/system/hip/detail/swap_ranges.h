/* thrust/system/hip/detail/swap_ranges.h: the hip system's swap_ranges
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/swap.h>
#include <thrust/system/hip/detail/gpu_modify.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(swap_ranges)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
