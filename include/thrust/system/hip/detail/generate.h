/* thrust/system/hip/detail/generate.h: the hip system's generate, generate_n
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/generate.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(generate)
HIPC_THRUST_FORWARD(generate_n)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
