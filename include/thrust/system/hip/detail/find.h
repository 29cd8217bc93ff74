/* thrust/system/hip/detail/find.h: the hip system's find, find_if,
 * find_if_not (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/find.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(find)
HIPC_THRUST_FORWARD(find_if)
HIPC_THRUST_FORWARD(find_if_not)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
