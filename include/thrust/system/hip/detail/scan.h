/* thrust/system/hip/detail/scan.h: the hip system's inclusive_scan,
 * exclusive_scan (detail/dispatch.h; detail/parallel.h for large contiguous data). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/system/hip/detail/parallel.h>
#include <thrust/scan.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD_PARALLEL(inclusive_scan)
HIPC_THRUST_FORWARD_PARALLEL(exclusive_scan)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
