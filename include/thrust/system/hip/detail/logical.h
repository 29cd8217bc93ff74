/* thrust/system/hip/detail/logical.h: the hip system's all_of, any_of,
 * none_of (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/logical.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(all_of)
HIPC_THRUST_FORWARD(any_of)
HIPC_THRUST_FORWARD(none_of)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
