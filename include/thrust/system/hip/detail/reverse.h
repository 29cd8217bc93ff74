/* thrust/system/hip/detail/reverse.h: the hip system's reverse, reverse_copy
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/reverse.h>
#include <thrust/system/hip/detail/gpu_modify.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(reverse)
HIPC_THRUST_FORWARD(reverse_copy)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
