/* thrust/system/hip/detail/transform_scan.h: the hip system's
 * transform_inclusive_scan, transform_exclusive_scan (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/transform_scan.h>
#include <thrust/system/hip/detail/gpu_search.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(transform_inclusive_scan)
HIPC_THRUST_FORWARD(transform_exclusive_scan)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
