/* The allocation table, device allocations (plain and pitched) and what
 * hipc knows about a pointer.
 *
 * Every allocation (device, pinned host, managed) and every registered host
 * range is recorded in a table sorted by address, so that hipFree can
 * reject pointers hipc did not return (double frees included), a copy or
 * fill that would run past the end of a tracked allocation is refused
 * before any byte moves, and hipPointerGetAttributes can answer. Copies and
 * fills are in memory_copy.c, host and managed memory in memory_host.c. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static hipc_alloc* allocs;   /* sorted by base */
static size_t nallocs, cap;

/* Index of the first allocation whose base is > p. Under the lock. */
static size_t upper_bound(const void* p) {
  size_t lo = 0, hi = nallocs;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((const char*)allocs[mid].base <= (const char*)p)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int hipc__alloc_insert(const hipc_alloc* a) {
  pthread_mutex_lock(&lock);
  if (nallocs == cap) {
    size_t ncap = cap ? cap * 2 : 64;
    hipc_alloc* t = realloc(allocs, ncap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&lock);
      return -1;
    }
    allocs = t;
    cap = ncap;
  }
  size_t i = upper_bound(a->base);
  /* Entries never overlap: a registration racing with another one for the
   * same memory, or memory a program freed without unregistering it, is
   * refused here, under the lock. */
  const char* lo = a->base;
  size_t extent = a->size ? a->size : 1;
  if ((i > 0 && (const char*)allocs[i - 1].base +
                        (allocs[i - 1].size ? allocs[i - 1].size : 1) >
                    lo) ||
      (i < nallocs && (const char*)allocs[i].base < lo + extent)) {
    pthread_mutex_unlock(&lock);
    return -2;
  }
  memmove(&allocs[i + 1], &allocs[i], (nallocs - i) * sizeof *allocs);
  allocs[i] = *a;
  nallocs++;
  pthread_mutex_unlock(&lock);
  return 0;
}

int hipc__alloc_remove(void* base, hipc_alloc* out) {
  pthread_mutex_lock(&lock);
  size_t i = upper_bound(base);
  int found = i > 0 && allocs[i - 1].base == base;
  if (found) {
    *out = allocs[i - 1];
    memmove(&allocs[i - 1], &allocs[i], (nallocs - i) * sizeof *allocs);
    nallocs--;
  }
  pthread_mutex_unlock(&lock);
  return found ? 0 : -1;
}

int hipc__alloc_find(const void* p, hipc_alloc* out) {
  pthread_mutex_lock(&lock);
  size_t i = upper_bound(p);
  int found = 0;
  if (i > 0) {
    const hipc_alloc* a = &allocs[i - 1];
    /* A zero-size range still owns its base address. */
    size_t extent = a->size ? a->size : 1;
    if ((const char*)p < (const char*)a->base + extent) {
      *out = *a;
      found = 1;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}

void hipc__alloc_release_device(hipc_device* dev) {
  for (;;) {
    hipc_alloc a;
    int found = 0;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nallocs; ++i) {
      /* Host memory (hipHostMalloc) outlives a device reset. */
      if (allocs[i].dev != dev || allocs[i].kind != hipMemoryTypeDevice)
        continue;
      a = allocs[i];
      memmove(&allocs[i], &allocs[i + 1], (nallocs - i - 1) * sizeof *allocs);
      nallocs--;
      found = 1;
      break;
    }
    pthread_mutex_unlock(&lock);
    if (!found) return;
    hipc__alloc_release(&a);
  }
}

int hipc__alloc_overlaps(const void* p, size_t n) {
  const char* lo = p;
  pthread_mutex_lock(&lock);
  /* The last entry starting before p + n; entries do not overlap. */
  size_t i = upper_bound(lo + n - 1);
  int hit = 0;
  if (i > 0) {
    const hipc_alloc* a = &allocs[i - 1];
    size_t extent = a->size ? a->size : 1;
    hit = (const char*)a->base + extent > lo;
  }
  pthread_mutex_unlock(&lock);
  return hit;
}

hipError_t hipc__alloc_release(const hipc_alloc* a) {
  const hipc_backend_ops* ops = a->dev->ops;
  if (a->registered == HIPC_ALLOC_VARIABLE) return hipSuccess;
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

/* Device memory of the current device, recorded with `flags`. */
static hipError_t device_malloc(void** ptr, size_t size, unsigned flags) {
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
  return hipSuccess;
}

hipError_t hipMalloc(void** ptr, size_t size) {
  hipError_t e = hipc__capture_unsafe();
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
  HIPC_RETURN_IF(flags != hipDeviceMallocDefault &&
                     flags != hipDeviceMallocFinegrained &&
                     flags != hipMallocSignalMemory &&
                     flags != hipDeviceMallocUncached,
                 hipErrorInvalidValue);
  HIPC_RETURN(device_malloc(ptr, sizeBytes, flags));
}

/* Frees what hipMalloc, hipMallocPitch, hipMalloc3D, hipMallocManaged or
 * hipHostMalloc returned: AMD's hipFree and hipHostFree both take any of
 * them. Registered host memory, interior and unknown pointers are
 * hipErrorInvalidValue, and nothing is freed. */
hipError_t hipc__free(void* ptr) {
  if (!ptr) return hipSuccess;
  hipc_alloc a;
  if (!hipc__alloc_find(ptr, &a) || a.base != ptr || a.registered)
    return hipErrorInvalidValue;
  /* HIP's hipFree waits for the device: work may still use the memory. */
  hipError_t e = a.dev->ops->device_sync(a.dev);
  if (e != hipSuccess) return e;
  if (hipc__alloc_remove(ptr, &a) != 0) return hipErrorInvalidValue;
  return hipc__alloc_release(&a);
}

hipError_t hipFree(void* ptr) {
  hipError_t e = hipc__capture_unsafe();
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (hipc__mempool_free(ptr, &e)) HIPC_RETURN(e); /* hipMallocAsync's */
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
  HIPC_RETURN_IF(!ptr || !pitch, hipErrorInvalidValue);
  HIPC_RETURN(malloc_pitched(ptr, pitch, width, height, 1));
}

hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent) {
  HIPC_RETURN_IF(!pitchedDevPtr, hipErrorInvalidValue);
  hipPitchedPtr r = {NULL, 0, extent.width, extent.height};
  hipError_t e = malloc_pitched(&r.ptr, &r.pitch, extent.width,
                                extent.height, extent.depth);
  if (e == hipSuccess) *pitchedDevPtr = r;
  HIPC_RETURN(e);
}

/* -- what hipc knows about a pointer */

hipError_t hipMemPtrGetInfo(void* ptr, size_t* size) {
  HIPC_RETURN_IF(!ptr || !size, hipErrorInvalidValue);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(ptr, &a), hipErrorInvalidValue);
  *size = a.size;
  HIPC_RETURN(hipSuccess);
}

/* HIP 6.2's rules (those of CUDA before 11.0): memory hipc did not
 * allocate or register is hipErrorInvalidValue. Device memory has no host
 * pointer; host and managed memory have both. */
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                   const void* ptr) {
  HIPC_RETURN_IF(!attributes || !ptr, hipErrorInvalidValue);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(ptr, &a), hipErrorInvalidValue);
  size_t offset = (size_t)((const char*)ptr - (const char*)a.base);
  hipPointerAttribute_t r;
  memset(&r, 0, sizeof r);
  r.type = (enum hipMemoryType)a.kind;
  r.device = a.dev->ordinal;
  r.devicePointer = (char*)a.device_base + offset;
  r.hostPointer = a.kind == hipMemoryTypeDevice ? NULL : (char*)a.base + offset;
  r.isManaged = a.kind == hipMemoryTypeManaged;
  r.allocationFlags = a.flags;
  *attributes = r;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total) {
  HIPC_RETURN_IF(!free_bytes || !total, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (dev->ops->mem_info)
    HIPC_RETURN(dev->ops->mem_info(dev, free_bytes, total));
  long avail = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  *total = dev->props.totalGlobalMem;
  *free_bytes = avail > 0 ? (size_t)avail * (size_t)page : 0;
  if (*free_bytes > *total) *free_bytes = *total;
  HIPC_RETURN(hipSuccess);
}
