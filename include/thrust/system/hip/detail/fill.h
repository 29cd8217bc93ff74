/* thrust/system/hip/detail/fill.h: the hip system's fill, fill_n
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/fill.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(fill)
HIPC_THRUST_FORWARD(fill_n)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
