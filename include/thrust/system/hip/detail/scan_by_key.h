/* thrust/system/hip/detail/scan_by_key.h: the hip system's
 * inclusive_scan_by_key, exclusive_scan_by_key (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/scan.h>
#include <thrust/system/hip/detail/gpu_staged.h>
#include <thrust/system/hip/detail/gpu_segmented.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(inclusive_scan_by_key)
HIPC_THRUST_FORWARD(exclusive_scan_by_key)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
