/* thrust/system/hip/vector.h: vectors in the hip system's memory:
 * thrust::hip::vector (device memory) and universal_vector (managed). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/vector_base.h>
#include <thrust/system/hip/memory.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {

template <typename T, typename Allocator = thrust::system::hip::allocator<T>>
using vector = thrust::detail::vector_base<T, Allocator>;

template <typename T,
          typename Allocator = thrust::system::hip::universal_allocator<T>>
using universal_vector = thrust::detail::vector_base<T, Allocator>;

} // namespace hip
} // namespace system

namespace hip {
using thrust::system::hip::universal_vector;
using thrust::system::hip::vector;
} // namespace hip

THRUST_NAMESPACE_END
