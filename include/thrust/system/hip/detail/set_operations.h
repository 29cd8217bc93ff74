/* thrust/system/hip/detail/set_operations.h: the hip system's
 * set_difference, set_intersection, set_symmetric_difference, set_union,
 * set_difference_by_key, set_intersection_by_key,
 * set_symmetric_difference_by_key, set_union_by_key (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/set_operations.h>
#include <thrust/system/hip/detail/gpu_staged.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(set_difference)
HIPC_THRUST_FORWARD(set_intersection)
HIPC_THRUST_FORWARD(set_symmetric_difference)
HIPC_THRUST_FORWARD(set_union)
HIPC_THRUST_FORWARD(set_difference_by_key)
HIPC_THRUST_FORWARD(set_intersection_by_key)
HIPC_THRUST_FORWARD(set_symmetric_difference_by_key)
HIPC_THRUST_FORWARD(set_union_by_key)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
