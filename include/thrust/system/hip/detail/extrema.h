/* thrust/system/hip/detail/extrema.h: the hip system's min_element,
 * max_element, minmax_element (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/extrema.h>
#include <thrust/system/hip/detail/gpu_reduce.h>
#include <thrust/system/hip/detail/gpu_staged.h>
#include <thrust/system/hip/detail/gpu_search.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(min_element)
HIPC_THRUST_FORWARD(max_element)
HIPC_THRUST_FORWARD(minmax_element)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
