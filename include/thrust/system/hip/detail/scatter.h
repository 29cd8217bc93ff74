/* thrust/system/hip/detail/scatter.h: the hip system's scatter, scatter_if
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/scatter.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>
#include <thrust/system/hip/detail/gpu_modify.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(scatter)
HIPC_THRUST_FORWARD(scatter_if)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
