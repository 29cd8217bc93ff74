/* thrust/system/hip/detail/partition.h: the hip system's partition,
 * partition_copy, stable_partition, stable_partition_copy, partition_point,
 * is_partitioned (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/partition.h>
#include <thrust/system/hip/detail/gpu_staged.h>
#include <thrust/system/hip/detail/gpu_search.h>
#include <thrust/system/hip/detail/gpu_select.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(partition)
HIPC_THRUST_FORWARD(partition_copy)
HIPC_THRUST_FORWARD(stable_partition)
HIPC_THRUST_FORWARD(stable_partition_copy)
HIPC_THRUST_FORWARD(partition_point)
HIPC_THRUST_FORWARD(is_partitioned)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
