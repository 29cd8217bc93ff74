/* thrust/system/hip/detail/binary_search.h: the hip system's binary_search,
 * lower_bound, upper_bound, equal_range (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/binary_search.h>
#include <thrust/system/hip/detail/gpu_search.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(binary_search)
HIPC_THRUST_FORWARD(lower_bound)
HIPC_THRUST_FORWARD(upper_bound)
HIPC_THRUST_FORWARD(equal_range)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
