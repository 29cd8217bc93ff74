/* thrust/system/hip/detail/unique.h: the hip system's unique, unique_copy,
 * unique_count (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/unique.h>
#include <thrust/system/hip/detail/gpu_staged.h>
#include <thrust/system/hip/detail/gpu_select.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(unique)
HIPC_THRUST_FORWARD(unique_copy)
HIPC_THRUST_FORWARD(unique_count)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
