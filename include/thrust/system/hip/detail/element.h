/* thrust/system/hip/detail/element.h: one element of device memory read,
 * written or swapped from the host (device_reference, *device_ptr,
 * device_vector's operator[]): the element is host memory on the CPU
 * device; outside an algorithm the access waits for the null stream first,
 * as AMD's copy of one element does (detail/sync.h). */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/hip/detail/sync.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

template <typename Derived, typename Pointer>
__host__ typename thrust::iterator_value<Pointer>::type
get_value(execution_policy<Derived> &exec, Pointer ptr) {
  synchronize(exec);
  return *thrust::raw_pointer_cast(ptr);
}

template <typename Derived, typename Pointer1, typename Pointer2>
__host__ void assign_value(execution_policy<Derived> &exec, Pointer1 dst,
                           Pointer2 src) {
  synchronize(exec);
  *thrust::raw_pointer_cast(dst) = *thrust::raw_pointer_cast(src);
}

template <typename Derived, typename Pointer1, typename Pointer2>
__host__ void iter_swap(execution_policy<Derived> &exec, Pointer1 a,
                        Pointer2 b) {
  synchronize(exec);
  auto &x = *thrust::raw_pointer_cast(a);
  auto &y = *thrust::raw_pointer_cast(b);
  auto t = x;
  x = y;
  y = t;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
