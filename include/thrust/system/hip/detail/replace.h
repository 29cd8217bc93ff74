/* thrust/system/hip/detail/replace.h: the hip system's replace, replace_if,
 * replace_copy, replace_copy_if (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/replace.h>
#include <thrust/system/hip/detail/gpu_modify.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(replace)
HIPC_THRUST_FORWARD(replace_if)
HIPC_THRUST_FORWARD(replace_copy)
HIPC_THRUST_FORWARD(replace_copy_if)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
