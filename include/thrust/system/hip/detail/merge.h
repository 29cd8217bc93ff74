/* thrust/system/hip/detail/merge.h: the hip system's merge, merge_by_key
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/merge.h>
#include <thrust/system/hip/detail/gpu_staged.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(merge)
HIPC_THRUST_FORWARD(merge_by_key)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
