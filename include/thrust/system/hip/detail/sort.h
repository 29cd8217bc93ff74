/* thrust/system/hip/detail/sort.h: the hip system's sort, stable_sort,
 * sort_by_key, stable_sort_by_key, is_sorted, is_sorted_until
 * (detail/dispatch.h; detail/parallel.h for large contiguous data). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/system/hip/detail/parallel.h>
#include <thrust/sort.h>
#include <thrust/system/hip/detail/gpu_sort.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD_PARALLEL(sort)
HIPC_THRUST_FORWARD_PARALLEL(stable_sort)
HIPC_THRUST_FORWARD_PARALLEL(sort_by_key)
HIPC_THRUST_FORWARD_PARALLEL(stable_sort_by_key)
HIPC_THRUST_FORWARD(is_sorted)
HIPC_THRUST_FORWARD(is_sorted_until)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
