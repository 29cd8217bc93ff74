/* thrust/system/hip/detail/inner_product.h: the hip system's inner_product
 * (detail/dispatch.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/dispatch.h>
#include <thrust/inner_product.h>
#include <thrust/system/hip/detail/gpu_reduce.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

HIPC_THRUST_FORWARD(inner_product)

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
