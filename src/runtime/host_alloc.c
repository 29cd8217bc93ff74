/* Page-locked host memory: hipHostMalloc and its older spellings.
 *
 * The memory comes from the first device whose backend can pin host memory
 * for DMA (a GPU: portable, so every GPU copies it at full speed); with only
 * the CPU device, it is ordinary aligned memory. Either way it is host
 * memory the host reads and writes directly, recorded in the allocation
 * table as hipMemoryTypeHost so that hipHostFree can check the pointer. */
#include <stdlib.h>

#include "internal.h"

#define KNOWN_FLAGS                                                        \
  (hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined | \
   hipHostMallocNumaUser | hipHostMallocCoherent | hipHostMallocNonCoherent)

/* The device that pins host memory, or NULL (only the CPU device). */
static hipc_device* pinning_device(void) {
  for (int i = 0; i < hipc__device_count(); ++i) {
    hipc_device* d = hipc__device(i);
    if (d && d->ops->host_alloc) return d;
  }
  return NULL;
}

hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  HIPC_RETURN_IF(!ptr, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)KNOWN_FLAGS, hipErrorInvalidValue);
  HIPC_RETURN_IF((flags & hipHostMallocCoherent) &&
                     (flags & hipHostMallocNonCoherent),
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (size == 0) {
    *ptr = NULL;
    HIPC_RETURN(hipSuccess);
  }
  hipc_device* dev = pinning_device();
  void* p = NULL;
  if (dev) {
    e = dev->ops->host_alloc(dev, size, flags, &p);
    HIPC_RETURN_IF(e != hipSuccess, e);
  } else {
    dev = hipc__device(0);
    p = aligned_alloc(256, (size + 255) & ~(size_t)255);
    HIPC_RETURN_IF(!p, hipErrorOutOfMemory);
  }
  hipc_alloc a = {p, size, dev, flags, hipMemoryTypeHost};
  if (hipc__alloc_insert(&a) != 0) {
    if (dev->ops->host_release)
      dev->ops->host_release(dev, p);
    else
      free(p);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  *ptr = p;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags) {
  return hipHostMalloc(ptr, size, flags);
}

hipError_t hipMallocHost(void** ptr, size_t size) {
  return hipHostMalloc(ptr, size, hipHostMallocDefault);
}

hipError_t hipHostFree(void* ptr) {
  if (!ptr) HIPC_RETURN(hipSuccess);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(ptr, &a) || a.base != ptr ||
                     a.kind != hipMemoryTypeHost,
                 hipErrorInvalidValue);
  /* Work in flight may still read or write it. */
  hipError_t e = a.dev->ops->device_sync(a.dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(hipc__alloc_remove(ptr, &a) != 0, hipErrorInvalidValue);
  if (a.dev->ops->host_release) HIPC_RETURN(a.dev->ops->host_release(a.dev, ptr));
  free(ptr);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipFreeHost(void* ptr) { return hipHostFree(ptr); }
