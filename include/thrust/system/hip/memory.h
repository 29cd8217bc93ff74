/* thrust/system/hip/memory.h: the hip system's pointers, memory resources
 * and allocators (universal_allocator: managed memory). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/pointer.h>
#include <thrust/system/hip/memory_resource.h>
#include <thrust/mr/allocator.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {

template <typename T>
using allocator =
    thrust::mr::stateless_resource_allocator<
        T, thrust::system::hip::memory_resource>;

template <typename T>
using universal_allocator =
    thrust::mr::stateless_resource_allocator<
        T, thrust::system::hip::universal_memory_resource>;

} // namespace hip
} // namespace system

namespace hip {
using thrust::system::hip::allocator;
using thrust::system::hip::memory_resource;
using thrust::system::hip::universal_host_pinned_memory_resource;
using thrust::system::hip::universal_memory_resource;
using thrust::system::hip::universal_allocator;
} // namespace hip

THRUST_NAMESPACE_END
