/* thrust/system/hip/detail/element.h: one element of device memory read,
 * written or swapped from the host (device_reference, *device_ptr,
 * device_vector's operator[]): the element is host memory on the CPU
 * device; outside an algorithm the access waits for the null stream first,
 * as AMD's copy of one element does (detail/sync.h). On a GPU it is
 * hipMemcpy. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/hip/detail/sync.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* On a kernel stream (a GPU's) the host's access is a hipMemcpy of the
 * element (hipMemcpyDefault: either end may be host memory, as in a copy
 * between systems); in device code (fancy iterators over device memory
 * in the kernels of gpu_*.h) it is the element itself. */
template <typename T>
__host__ inline void copy_element(T *dst, const T *src) {
  if (use_kernels(nullptr))
    throw_on_error(hipMemcpy(dst, src, sizeof(T), hipMemcpyDefault),
                   "hipMemcpy");
  else
    *dst = *src;
}

template <typename Derived, typename Pointer>
__host__ __device__ typename thrust::iterator_value<Pointer>::type
get_value(execution_policy<Derived> &exec, Pointer ptr) {
#if defined(__HIP_DEVICE_COMPILE__)
  (void)exec;
  return *thrust::raw_pointer_cast(ptr);
#else
  synchronize(exec);
  typename thrust::iterator_value<Pointer>::type v;
  copy_element(&v, thrust::raw_pointer_cast(ptr));
  return v;
#endif
}

template <typename Derived, typename Pointer1, typename Pointer2>
__host__ __device__ void assign_value(execution_policy<Derived> &exec,
                                      Pointer1 dst, Pointer2 src) {
#if defined(__HIP_DEVICE_COMPILE__)
  (void)exec;
  *thrust::raw_pointer_cast(dst) = *thrust::raw_pointer_cast(src);
#else
  synchronize(exec);
  typedef typename thrust::iterator_value<Pointer1>::type T;
  typedef typename thrust::iterator_value<Pointer2>::type S;
  S from;
  copy_element(&from, thrust::raw_pointer_cast(src));
  T to = from;
  copy_element(thrust::raw_pointer_cast(dst), &to);
#endif
}

template <typename Derived, typename Pointer1, typename Pointer2>
__host__ __device__ void iter_swap(execution_policy<Derived> &exec,
                                   Pointer1 a, Pointer2 b) {
#if defined(__HIP_DEVICE_COMPILE__)
  (void)exec;
  auto &x = *thrust::raw_pointer_cast(a);
  auto &y = *thrust::raw_pointer_cast(b);
  auto t = x;
  x = y;
  y = t;
#else
  synchronize(exec);
  typedef typename thrust::iterator_value<Pointer1>::type T;
  T x, y;
  copy_element(&x, thrust::raw_pointer_cast(a));
  copy_element(&y, thrust::raw_pointer_cast(b));
  copy_element(thrust::raw_pointer_cast(a), &y);
  copy_element(thrust::raw_pointer_cast(b), &x);
#endif
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
