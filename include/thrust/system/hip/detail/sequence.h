/* thrust/system/hip/detail/sequence.h: the hip system's sequence
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/sequence.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(sequence)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
