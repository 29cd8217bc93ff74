/* thrust/system/hip/detail/for_each.h: the hip system's for_each, for_each_n
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/for_each.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(for_each)
HIPC_THRUST_FORWARD(for_each_n)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
