/* thrust/system/hip/detail/uninitialized_copy.h: the hip system's
 * uninitialized_copy, uninitialized_copy_n (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/uninitialized_copy.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(uninitialized_copy)
HIPC_THRUST_FORWARD(uninitialized_copy_n)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
