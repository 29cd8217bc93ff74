/* Device allocations (plain and pitched) and what hipc knows about a
 * pointer.
 *
 * Every allocation (device, pinned host, managed) and every registered host
 * range is recorded in the allocation table (alloc_table.c), so that
 * hipFree can reject pointers hipc did not return (double frees included),
 * a copy or fill that would run past the end of a tracked allocation is
 * refused before any byte moves, and hipPointerGetAttributes can answer.
 * Copies and fills are in memory_copy.c, host and managed memory in
 * memory_host.c. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

hipError_t hipc__alloc_release(const hipc_alloc* a) {
  const hipc_backend_ops* ops = a->dev->ops;
  if (a->registered == HIPC_ALLOC_VARIABLE ||
      a->registered == HIPC_ALLOC_MAPPED)
    return hipSuccess;
  if (!a->registered && hipc__checking())
    hipc__check_note_free(a->base, a->size, 0);
  if (a->registered)
    return ops->host_unregister ? ops->host_unregister(a->dev, a->base)
                                : hipSuccess;
  if (a->kind == hipMemoryTypeHost) return ops->host_release(a->dev, a->base);
  if (a->kind == hipMemoryTypeManaged) hipc__advice_forget(a->base);
  return ops->release(a->dev, a->base);
}

int hipc__alloc_in_bounds(const void* p, size_t n) {
  hipc_alloc a;
  if (!hipc__alloc_find(p, &a)) return 1;
  size_t offset = (size_t)((const char*)p - (const char*)a.base);
  return n <= a.size - offset;
}

/* Whether [p, p + n) lies in the static storage of one loaded object (the
 * program or a shared object or code object): where the CPU device keeps
 * __device__ and __constant__ variables. Never heap, stack or mappings. */
static int static_storage(const void* p, size_t n) {
  Dl_info first, last;
  if (n == 0) n = 1;
  if ((uintptr_t)p > UINTPTR_MAX - (n - 1)) return 0;
  const void* end = (const char*)p + n - 1;
  return dladdr(p, &first) && dladdr(end, &last) &&
         first.dli_fbase == last.dli_fbase;
}

hipError_t hipc__check_copy_side_in(const hipc_device* dev, const void* p,
                                    size_t n, int device_side,
                                    const hipc_alloc* a) {
  if (a) {
    size_t offset = (size_t)((const char*)p - (const char*)a->base);
    return n <= a->size - offset ? hipSuccess : hipErrorInvalidValue;
  }
  if (!device_side) return hipSuccess; /* the caller's host memory */
  if (!p) return hipErrorInvalidValue;
  if (!dev->ops->host_memory) /* the driver knows its own */
    return !dev->ops->pointer_known ||
                   dev->ops->pointer_known((hipc_device*)dev, p)
               ? hipSuccess
               : hipErrorInvalidValue;
  return static_storage(p, n) ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipc__check_device_ptr(const hipc_device* dev, const void* p,
                                  size_t n) {
  return hipc__check_copy_side(dev, p, n, 1);
}

hipError_t hipc__check_copy_side(const hipc_device* dev, const void* p,
                                 size_t n, int device_side) {
  hipc_alloc a;
  int found = p && hipc__alloc_find(p, &a);
  return hipc__check_copy_side_in(dev, p, n, device_side, found ? &a : NULL);
}

/* Device memory of the current device, recorded with `flags`. */
static hipError_t device_malloc(void** ptr, size_t size, unsigned flags) {
  HIPC_ARG_U64("size", size);
  if (!ptr) return hipErrorInvalidValue;
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  if (e != hipSuccess) return e;
  if (size == 0) {
    *ptr = NULL;
    return hipSuccess;
  }
  if (size > dev->props.totalGlobalMem) return hipErrorOutOfMemory;
  void* p;
  e = dev->ops->alloc(dev, size, &p);
  if (e != hipSuccess) return e;
  hipc_alloc a = {p, size, dev, flags, hipMemoryTypeDevice, 0, p};
  if (hipc__alloc_insert(&a) != 0) {
    dev->ops->release(dev, p);
    return hipErrorOutOfMemory;
  }
  *ptr = p;
  HIPC_ARG_PTR("ptr", p);
  return hipSuccess;
}

hipError_t hipc__malloc(void** ptr, size_t size) {
  return device_malloc(ptr, size, 0);
}

hipError_t hipMalloc(void** ptr, size_t size) {
  HIPC_API_ENTER();
  hipError_t e = hipc__capture_unsafe(0); /* capture.c */
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(device_malloc(ptr, size, 0));
}

/* AMD's kinds of device memory. On hipc's devices all of them are the
 * device's ordinary memory: the CPU device's is host memory, coherent
 * with everything; a GPU's is device memory, which system-scope atomics
 * keep coherent on the GPU (the host reaches it by copies). The flags are
 * recorded (hipPointerGetAttributes' allocationFlags). */
hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes,
                                 unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(flags != hipDeviceMallocDefault &&
                     flags != hipDeviceMallocFinegrained &&
                     flags != hipMallocSignalMemory &&
                     flags != hipDeviceMallocUncached,
                 hipErrorInvalidValue);
  /* A signal is one 64-bit word: AMD's runtime takes no other size. */
  HIPC_RETURN_IF(flags == hipMallocSignalMemory && sizeBytes != 8,
                 hipErrorInvalidValue);
  HIPC_RETURN(device_malloc(ptr, sizeBytes, flags));
}

/* Frees what hipMalloc, hipMallocPitch, hipMalloc3D, hipMallocManaged,
 * hipHostMalloc or hipMallocAsync (mempool.c) returned: AMD's hipFree and
 * hipHostFree both take any of them. Registered host memory, interior and
 * unknown pointers are hipErrorInvalidValue, and nothing is freed. */
hipError_t hipc__free(void* ptr) {
  HIPC_ARG_PTR("ptr", ptr);
  if (!ptr) return hipSuccess;
  hipError_t e;
  if (hipc__mempool_free(ptr, &e)) return e; /* hipMallocAsync's */
  if (hipc__graph_mem_user_free(ptr, &e)) return e; /* graph_mem.c */
  hipc_alloc a;
  if (!hipc__alloc_find(ptr, &a) || a.base != ptr || a.registered)
    return hipErrorInvalidValue;
  /* HIP's hipFree waits for the device: work may still use the memory. */
  e = a.dev->ops->device_sync(a.dev);
  if (e != hipSuccess) return e;
  if (hipc__alloc_remove(ptr, &a) != 0) return hipErrorInvalidValue;
  return hipc__alloc_release(&a);
}

hipError_t hipFree(void* ptr) {
  HIPC_API_ENTER();
  hipError_t e = hipc__capture_unsafe(0); /* capture.c */
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipc__free(ptr));
}

/* -- pitched allocations: rows padded to the texture pitch alignment */

static hipError_t malloc_pitched(void** ptr, size_t* pitch, size_t width,
                                 size_t height, size_t depth) {
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  if (e != hipSuccess) return e;
  size_t align = dev->props.texturePitchAlignment;
  if (align == 0) align = 256;
  if (width > SIZE_MAX - align) return hipErrorOutOfMemory;
  size_t p = (width + align - 1) / align * align;
  *pitch = p;
  if (width == 0 || height == 0 || depth == 0) {
    *ptr = NULL;
    return hipSuccess;
  }
  if (height > SIZE_MAX / p || depth > SIZE_MAX / (p * height))
    return hipErrorOutOfMemory;
  void* out;
  size_t size = p * height * depth;
  if (size > dev->props.totalGlobalMem) return hipErrorOutOfMemory;
  e = dev->ops->alloc(dev, size, &out);
  if (e != hipSuccess) return e;
  hipc_alloc a = {out, size, dev, 0, hipMemoryTypeDevice, 0, out};
  if (hipc__alloc_insert(&a) != 0) {
    dev->ops->release(dev, out);
    return hipErrorOutOfMemory;
  }
  *ptr = out;
  return hipSuccess;
}

hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width,
                          size_t height) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ptr || !pitch, hipErrorInvalidValue);
  HIPC_RETURN(malloc_pitched(ptr, pitch, width, height, 1));
}

hipError_t hipMemAllocPitch(hipDeviceptr_t* dptr, size_t* pitch,
                            size_t widthInBytes, size_t height,
                            unsigned int elementSizeBytes) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!dptr || !pitch || widthInBytes == 0 || height == 0,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(elementSizeBytes != 4 && elementSizeBytes != 8 &&
                     elementSizeBytes != 16,
                 hipErrorInvalidValue);
  HIPC_RETURN(malloc_pitched(dptr, pitch, widthInBytes, height, 1));
}

hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pitchedDevPtr, hipErrorInvalidValue);
  hipPitchedPtr r = {NULL, 0, extent.width, extent.height};
  hipError_t e = malloc_pitched(&r.ptr, &r.pitch, extent.width,
                                extent.height, extent.depth);
  if (e == hipSuccess) *pitchedDevPtr = r;
  HIPC_RETURN(e);
}

/* -- what hipc knows about a pointer */

hipError_t hipMemPtrGetInfo(void* ptr, size_t* size) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ptr || !size, hipErrorInvalidValue);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(ptr, &a), hipErrorInvalidValue);
  *size = a.size;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipMemGetAddressRange(hipDeviceptr_t* pbase, size_t* psize,
                                 hipDeviceptr_t dptr) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_alloc a;
  HIPC_RETURN_IF(!dptr || !hipc__alloc_find(dptr, &a), hipErrorNotFound);
  if (pbase) *pbase = a.base;
  if (psize) *psize = a.size;
  HIPC_RETURN(hipSuccess);
}

/* As AMD's runtime (and CUDA since 11.0): memory hipc did not allocate or
 * register (a freed allocation included) is host memory of type
 * hipMemoryTypeUnregistered, with itself as host pointer, no device
 * pointer and the current device. Device memory has no host pointer; host
 * and managed memory have both. */
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                   const void* ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!attributes || !ptr, hipErrorInvalidValue);
  hipPointerAttribute_t r;
  memset(&r, 0, sizeof r);
  hipc_alloc a;
  if (!hipc__alloc_find(ptr, &a)) {
    hipc_device* dev;
    hipError_t e = hipc__current_device(&dev);
    HIPC_RETURN_IF(e != hipSuccess, e);
    r.type = hipMemoryTypeUnregistered;
    r.device = dev->ordinal;
    r.hostPointer = (void*)ptr;
    *attributes = r;
    HIPC_RETURN(hipSuccess);
  }
  size_t offset = (size_t)((const char*)ptr - (const char*)a.base);
  r.type = (enum hipMemoryType)a.kind;
  r.device = a.dev->ordinal;
  r.devicePointer = (char*)a.device_base + offset;
  r.hostPointer = a.kind == hipMemoryTypeDevice ? NULL : (char*)a.base + offset;
  r.isManaged = a.kind == hipMemoryTypeManaged;
  r.allocationFlags = a.flags;
  *attributes = r;
  HIPC_RETURN(hipSuccess);
}

/* The free memory of a device whose backend cannot say (the CPU device):
 * what the host had available at the first question, plus what the
 * program's allocations held then, less what they hold now. It does not
 * move with other processes, so that, as on a GPU the program has to
 * itself, an allocation and its free leave it where it was. */
static size_t device_free(hipc_device* dev, size_t total) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static size_t base[64];
  size_t used = hipc__alloc_device_bytes(dev);
  int i = dev->ordinal;
  if (i < 0 || i >= 64) i = 0;
  pthread_mutex_lock(&lock);
  if (!base[i]) {
    long avail = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    size_t host = avail > 0 ? (size_t)avail * (size_t)page : 0;
    size_t sum = host + used;
    base[i] = sum < host || sum > total ? total : sum;
  }
  size_t b = base[i];
  pthread_mutex_unlock(&lock);
  return b > used ? b - used : 0;
}

/* Either output may be NULL (as AMD's runtime allows), not both. */
hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!free_bytes && !total, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  size_t f, t;
  if (dev->ops->mem_info) {
    e = dev->ops->mem_info(dev, &f, &t);
    HIPC_RETURN_IF(e != hipSuccess, e);
  } else {
    t = dev->props.totalGlobalMem;
    f = device_free(dev, t);
  }
  if (free_bytes) *free_bytes = f;
  if (total) *total = t;
  HIPC_RETURN(hipSuccess);
}
