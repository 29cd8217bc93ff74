/* thrust/system/hip/detail/unique_by_key.h: the hip system's unique_by_key,
 * unique_by_key_copy (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/unique.h>
#include <thrust/system/hip/detail/gpu_select.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(unique_by_key)
HIPC_THRUST_FORWARD(unique_by_key_copy)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
