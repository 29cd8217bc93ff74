/* thrust/system/hip/detail/remove.h: the hip system's remove, remove_if,
 * remove_copy, remove_copy_if (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/remove.h>
#include <thrust/system/hip/detail/gpu_select.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(remove)
HIPC_THRUST_FORWARD(remove_if)
HIPC_THRUST_FORWARD(remove_copy)
HIPC_THRUST_FORWARD(remove_copy_if)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
