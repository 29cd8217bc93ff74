/* thrust/system/hip/detail/uninitialized_fill.h: the hip system's
 * uninitialized_fill, uninitialized_fill_n (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/uninitialized_fill.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(uninitialized_fill)
HIPC_THRUST_FORWARD(uninitialized_fill_n)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
