/* thrust/system/hip/detail/malloc_and_free.h: thrust::malloc and
 * thrust::free for the hip system (device_malloc, device_free): hipMalloc
 * and hipFree. A failed hipMalloc gives a null pointer, as std::malloc
 * does for the CPP system; Thrust's callers turn that into bad_alloc. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <hip/hip_runtime_api.h>
#include <cstddef>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

template <typename Derived>
__host__ void *malloc(execution_policy<Derived> &, std::size_t n) {
  void *p = nullptr;
  if (hipMalloc(&p, n) != hipSuccess)
    return nullptr;
  return p;
}

template <typename Derived, typename Pointer>
__host__ void free(execution_policy<Derived> &, Pointer ptr) {
  (void)hipFree(thrust::raw_pointer_cast(ptr));
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
