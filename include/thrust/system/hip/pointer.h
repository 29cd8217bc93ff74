/* thrust/system/hip/pointer.h: pointers tagged with the hip system. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <thrust/detail/pointer.h>
#include <thrust/detail/reference.h>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {

template <typename T>
using reference = thrust::tagged_reference<T, thrust::system::hip::tag>;

template <typename T>
using pointer = thrust::pointer<T, thrust::system::hip::tag,
                                thrust::system::hip::reference<T>>;

/* Managed memory: dereferenced directly, from host or device code. */
template <typename T>
using universal_pointer =
    thrust::pointer<T, thrust::system::hip::tag,
                    typename std::add_lvalue_reference<T>::type>;

} // namespace hip
} // namespace system

namespace hip {
using thrust::system::hip::pointer;
using thrust::system::hip::reference;
using thrust::system::hip::universal_pointer;
} // namespace hip

THRUST_NAMESPACE_END
