/* thrust/system/hip/detail/tabulate.h: the hip system's tabulate
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/tabulate.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(tabulate)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
