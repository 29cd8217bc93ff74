/* thrust/system/hip/detail/copy_if.h: the hip system's copy_if
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/copy.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD_CPU_KERNELS(copy_if)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
