/* thrust/system/hip/detail/gather.h: the hip system's gather, gather_if
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/gather.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>
#include <thrust/system/hip/detail/gpu_modify.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(gather)
HIPC_THRUST_FORWARD(gather_if)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
