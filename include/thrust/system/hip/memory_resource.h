/* thrust/system/hip/memory_resource.h: Thrust memory resources over HIP's
 * allocators, so that device_vector, device_malloc and the hip system's
 * allocations are hipc device memory (hipMalloc), which kernels, raw
 * pointers and hipMemcpy use as on AMD; universal memory is
 * hipMallocManaged's, pinned host memory hipHostMalloc's. A failed
 * allocation throws thrust::system::detail::bad_alloc (a std::bad_alloc)
 * with hipGetErrorString's text. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/system/detail/bad_alloc.h>
#include <thrust/system/hip/pointer.h>
#include <hip/hip_runtime_api.h>
#include <cstddef>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

enum hip_memory_kind {
  hip_memory_device,
  hip_memory_managed,
  hip_memory_pinned
};

template <hip_memory_kind Kind, typename Pointer>
class hip_memory_resource final : public thrust::mr::memory_resource<Pointer> {
public:
  Pointer do_allocate(std::size_t bytes, std::size_t) override {
    void *p = nullptr;
    hipError_t status;
    if (Kind == hip_memory_device)
      status = hipMalloc(&p, bytes);
    else if (Kind == hip_memory_managed)
      status = hipMallocManaged(&p, bytes, hipMemAttachGlobal);
    else
      status = hipHostMalloc(&p, bytes, hipHostMallocDefault);
    if (status != hipSuccess)
      throw thrust::system::detail::bad_alloc(hipGetErrorString(status));
    return Pointer(p);
  }

  /* hipFree waits for the device as on AMD; an error here (a program
   * tearing down) cannot be reported from a destructor, so it is dropped. */
  void do_deallocate(Pointer p, std::size_t, std::size_t) override {
    void *raw = thrust::raw_pointer_cast(p);
    if (Kind == hip_memory_pinned)
      (void)hipHostFree(raw);
    else
      (void)hipFree(raw);
  }
};

} // namespace detail

typedef detail::hip_memory_resource<detail::hip_memory_device,
                                    thrust::system::hip::pointer<void>>
    memory_resource;
typedef detail::hip_memory_resource<
    detail::hip_memory_managed, thrust::system::hip::universal_pointer<void>>
    universal_memory_resource;
typedef detail::hip_memory_resource<
    detail::hip_memory_pinned, thrust::system::hip::universal_pointer<void>>
    universal_host_pinned_memory_resource;

} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
