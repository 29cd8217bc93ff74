/* Host memory (pinned and registered) and managed memory, tracked in the
 * allocation table of memory.c.
 *
 * On the CPU device all of it is ordinary host memory, which kernels and
 * the host both reach at the same address; a GPU backend provides the
 * page-locked and managed kinds through its host_* and managed_alloc ops. */
#define _DEFAULT_SOURCE /* msync, sysconf */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"

/* hipHostMalloc's flags. */
#define HOST_MALLOC_FLAGS                                                \
  (hipHostMallocPortable | hipHostMallocMapped |                         \
   hipHostMallocWriteCombined | hipHostMallocNumaUser |                  \
   hipHostMallocCoherent | hipHostMallocNonCoherent)

/* hipHostRegister's flags (hipHostRegisterReadOnly has the value of
 * hipExtHostRegisterCoarseGrained). */
#define HOST_REGISTER_FLAGS                                              \
  (hipHostRegisterPortable | hipHostRegisterMapped |                     \
   hipHostRegisterIoMemory | hipHostRegisterReadOnly)

hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_ARG_U64("size", size);
  HIPC_ARG_U64("flags", flags);
  HIPC_RETURN_IF(!ptr, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)HOST_MALLOC_FLAGS, hipErrorInvalidValue);
  HIPC_RETURN_IF((flags & hipHostMallocCoherent) &&
                     (flags & hipHostMallocNonCoherent),
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (size == 0) {
    *ptr = NULL;
    HIPC_RETURN(hipSuccess);
  }
  HIPC_RETURN_IF(size > dev->props.totalGlobalMem, hipErrorOutOfMemory);
  HIPC_RETURN_IF(!dev->ops->host_alloc, hipErrorNotSupported);
  void* p;
  e = dev->ops->host_alloc(dev, size, flags, &p);
  HIPC_RETURN_IF(e != hipSuccess, e);
  void* dp = p;
  if (dev->ops->host_device_pointer) dev->ops->host_device_pointer(dev, p, &dp);
  hipc_alloc a = {p, size, dev, flags, hipMemoryTypeHost, 0, dp};
  if (hipc__alloc_insert(&a) != 0) {
    dev->ops->host_release(dev, p);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  *ptr = p;
  HIPC_ARG_PTR("ptr", p);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags) {
  HIPC_API_ENTER();
  return hipHostMalloc(ptr, size, flags);
}

hipError_t hipMallocHost(void** ptr, size_t size) {
  HIPC_API_ENTER();
  return hipHostMalloc(ptr, size, hipHostMallocDefault);
}

hipError_t hipMemAllocHost(void** ptr, size_t size) {
  HIPC_API_ENTER();
  return hipHostMalloc(ptr, size, hipHostMallocDefault);
}

/* As in AMD's runtime, hipHostFree and hipFree free the same kinds of
 * memory (memory.c). */
hipError_t hipHostFree(void* ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__free(ptr));
}

hipError_t hipFreeHost(void* ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__free(ptr));
}

/* Whether every page of [p, p + n) is mapped in this process. msync
 * without MS_SYNC writes nothing back; it walks the mappings and fails
 * with ENOMEM at the first hole, in time proportional to the number of
 * mappings, not of pages (the range may be larger than memory). */
static int range_mapped(const void* p, size_t n) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t start = (uintptr_t)p & ~(page - 1);
  uintptr_t end = (uintptr_t)p + n; /* no overflow: checked by the caller */
  if (msync((void*)start, end - start, MS_ASYNC) == 0) return 1;
  return errno != ENOMEM;
}

hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes,
                           unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!hostPtr || sizeBytes == 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)HOST_REGISTER_FLAGS,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF((uintptr_t)hostPtr > UINTPTR_MAX - sizeBytes,
                 hipErrorInvalidValue);
  /* AMD's runtime pins the pages, which fails where memory is not mapped
   * (a size past the end of the caller's allocation). */
  HIPC_RETURN_IF(!range_mapped(hostPtr, sizeBytes), hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  /* Memory hipc already tracks (registered or allocated) cannot be
   * registered again. (Two threads racing to register the same range may
   * both pass this test; the table keeps one and refuses the other.) */
  HIPC_RETURN_IF(hipc__alloc_overlaps(hostPtr, sizeBytes),
                 hipErrorHostMemoryAlreadyRegistered);
  if (dev->ops->host_register) {
    e = dev->ops->host_register(dev, hostPtr, sizeBytes, flags);
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  void* dp = hostPtr;
  if (dev->ops->host_device_pointer)
    dev->ops->host_device_pointer(dev, hostPtr, &dp);
  hipc_alloc a = {hostPtr, sizeBytes, dev, flags, hipMemoryTypeHost, 1, dp};
  int r = hipc__alloc_insert(&a);
  if (r != 0) {
    if (dev->ops->host_unregister) dev->ops->host_unregister(dev, hostPtr);
    HIPC_RETURN(r == -2 ? hipErrorHostMemoryAlreadyRegistered
                        : hipErrorOutOfMemory);
  }
  HIPC_RETURN(hipSuccess);
}

hipError_t hipHostUnregister(void* hostPtr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!hostPtr, hipErrorInvalidValue);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(hostPtr, &a) || a.base != hostPtr ||
                     a.registered != 1,
                 hipErrorHostMemoryNotRegistered);
  /* Work queued before may still use it. */
  hipError_t e = a.dev->ops->device_sync(a.dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(hipc__alloc_remove(hostPtr, &a) != 0,
                 hipErrorHostMemoryNotRegistered);
  HIPC_RETURN(hipc__alloc_release(&a));
}

hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr,
                                   unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!devPtr || !hstPtr || flags != 0, hipErrorInvalidValue);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(hstPtr, &a) ||
                     a.kind != hipMemoryTypeHost,
                 hipErrorInvalidValue);
  *devPtr = (char*)a.device_base + ((char*)hstPtr - (char*)a.base);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!flagsPtr || !hostPtr, hipErrorInvalidValue);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(hostPtr, &a) ||
                     a.kind != hipMemoryTypeHost,
                 hipErrorInvalidValue);
  *flagsPtr = a.flags;
  HIPC_RETURN(hipSuccess);
}

/* -- managed memory */

hipError_t hipMallocManaged(void** dev_ptr, size_t size, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_ARG_U64("size", size);
  HIPC_ARG_U64("flags", flags);
  HIPC_RETURN_IF(!dev_ptr || size == 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags != hipMemAttachGlobal && flags != hipMemAttachHost,
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(size > dev->props.totalGlobalMem, hipErrorOutOfMemory);
  HIPC_RETURN_IF(!dev->ops->managed_alloc, hipErrorNotSupported);
  void* p;
  e = dev->ops->managed_alloc(dev, size, flags, &p);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_alloc a = {p, size, dev, flags, hipMemoryTypeManaged, 0, p};
  if (hipc__alloc_insert(&a) != 0) {
    dev->ops->release(dev, p);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  *dev_ptr = p;
  HIPC_ARG_PTR("ptr", p);
  HIPC_RETURN(hipSuccess);
}

/* The checks hipMemAdvise and hipMemPrefetchAsync share: [p, p + n) lies
 * in one managed allocation, and `device` is a device or the host. */
static hipError_t check_managed_range(const void* p, size_t n, int device,
                                      hipc_alloc* a) {
  if (!p || n == 0) return hipErrorInvalidValue;
  if (!hipc__alloc_find(p, a) || a->kind != hipMemoryTypeManaged ||
      !hipc__alloc_in_bounds(p, n))
    return hipErrorInvalidValue;
  if (device != hipCpuDeviceId &&
      (device < 0 || device >= hipc__device_count()))
    return hipErrorInvalidDevice;
  return hipSuccess;
}

/* Advice about pageable memory (not hipc's): `device` must be a device or
 * the host, and the current device (the one given, if any) must read
 * pageable memory (hipDeviceAttributePageableMemoryAccess). */
static hipError_t pageable_advice_device(int device) {
  if (device != hipCpuDeviceId &&
      (device < 0 || device >= hipc__device_count()))
    return hipErrorInvalidDevice;
  hipc_device* dev;
  if (device == hipCpuDeviceId) {
    hipError_t e = hipc__current_device(&dev);
    if (e != hipSuccess) return e;
  } else {
    dev = hipc__device(device);
  }
  return dev && dev->props.pageableMemoryAccess ? hipSuccess
                                                : hipErrorInvalidValue;
}

/* The advice is checked and recorded (hipMemRangeGetAttribute reports it).
 * On the CPU device managed memory is host memory, already where every
 * device and the host read it, so no advice changes where it lives. */
hipError_t hipMemAdvise(const void* dev_ptr, size_t count,
                        hipMemoryAdvise advice, int device) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  switch (advice) {
    case hipMemAdviseSetReadMostly:
    case hipMemAdviseUnsetReadMostly:
    case hipMemAdviseSetPreferredLocation:
    case hipMemAdviseUnsetPreferredLocation:
    case hipMemAdviseSetAccessedBy:
    case hipMemAdviseUnsetAccessedBy:
    case hipMemAdviseSetCoarseGrain:
    case hipMemAdviseUnsetCoarseGrain:
      break;
    default:
      HIPC_RETURN(hipErrorInvalidValue);
  }
  /* AMD's runtime takes read-mostly advice whatever the device says. */
  bool any_device = advice == hipMemAdviseSetReadMostly ||
                    advice == hipMemAdviseUnsetReadMostly;
  hipc_alloc a;
  if (dev_ptr && count && !hipc__alloc_find(dev_ptr, &a)) {
    /* Memory hipc did not allocate (malloc, mmap): advice is accepted
     * where the device reads pageable memory, and changes nothing. */
    e = pageable_advice_device(any_device ? hipCpuDeviceId : device);
    HIPC_RETURN(e);
  }
  e = check_managed_range(dev_ptr, count, any_device ? hipCpuDeviceId : device,
                          &a);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipc__advice_apply(&a, dev_ptr, count, advice, device));
}

/* Ordered on `stream` like any other work; the backend migrates the range
 * (the CPU device has nothing to move). */
hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                               hipStream_t stream) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_alloc a;
  e = check_managed_range(dev_ptr, count, device, &a);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (w.dev->ops->prefetch)
    e = w.dev->ops->prefetch(w.q, dev_ptr, count, device);
  e = hipc__work_end(&w, e, 0);
  if (e == hipSuccess) e = hipc__advice_prefetched(&a, dev_ptr, count, device);
  HIPC_RETURN(e);
}
