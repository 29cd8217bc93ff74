/* thrust/system/hip/detail/mismatch.h: the hip system's mismatch
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/mismatch.h>
#include <thrust/system/hip/detail/gpu_search.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(mismatch)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
