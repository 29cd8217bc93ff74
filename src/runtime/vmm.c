/* Virtual memory management: address reservations, physical memory
 * handles, mappings and access (hipMemAddressReserve, hipMemCreate,
 * hipMemMap, hipMemSetAccess, ...). The backend does the mapping (the
 * vm_* ops: mmap on the CPU device, src/backend/cpu/vmm.c); this file
 * holds HIP's rules and the bookkeeping:
 *
 * - a reservation belongs to the current device's backend; mappings must
 *   lie inside one and be multiples of the granularity;
 * - a handle lives while the user holds it (hipMemCreate, each
 *   hipMemRetainAllocationHandle, until as many hipMemRelease) or a
 *   mapping uses it, as in CUDA;
 * - mapped ranges are in the allocation table (device memory that hipFree
 *   refuses), so kernels and copies take them; they are inaccessible until
 *   hipMemSetAccess. */
#include <stdlib.h>

#include "driver_internal.h"

#define VMM_MAGIC 0x68766d6du /* "hvmm" */

struct ihipMemGenericAllocationHandle {
  uint32_t magic;
  hipc_device* dev;
  void* phys;               /* the backend's */
  size_t size;
  hipMemAllocationProp prop;
  int user_refs;            /* hipMemCreate / Retain not yet released */
  int refs;                 /* user_refs + mappings */
  struct ihipMemGenericAllocationHandle* next;
};
typedef struct ihipMemGenericAllocationHandle vm_handle;

typedef struct reservation {
  char* start;
  size_t size;
  hipc_device* dev;
  char** runs;  /* the bases of its allocation table entries */
  size_t nruns;
  struct reservation* next;
} reservation;

typedef struct mapping {
  char* ptr;
  size_t size;
  vm_handle* h;
  int access; /* hipMemAccessFlags, for the handle's device */
  struct mapping* next;
} mapping;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static vm_handle* handles;
static reservation* reservations;
static mapping* mappings;

/* Under the lock. */
static int handle_live(const vm_handle* h) {
  const vm_handle* p = handles;
  while (p && p != h) p = p->next;
  return h && p == h && h->magic == VMM_MAGIC;
}

/* Under the lock: drops one reference; frees the handle at the last. */
static void handle_unref(vm_handle* h) {
  if (--h->refs > 0) return;
  vm_handle** p = &handles;
  while (*p != h) p = &(*p)->next;
  *p = h->next;
  h->dev->ops->vm_release(h->dev, h->phys);
  h->magic = 0;
  free(h);
}

/* The device of a hipMemLocation, or NULL. */
static hipc_device* location_device(const hipMemLocation* l) {
  if (l->type != hipMemLocationTypeDevice) return NULL;
  return hipc__device(l->id);
}

static int aligned(size_t v, size_t g) { return v % g == 0; }

hipError_t hipMemGetAllocationGranularity(
    size_t* granularity, const hipMemAllocationProp* prop,
    hipMemAllocationGranularity_flags option) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!granularity || !prop, hipErrorInvalidValue);
  HIPC_RETURN_IF(option != hipMemAllocationGranularityMinimum &&
                     option != hipMemAllocationGranularityRecommended,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = location_device(&prop->location);
  HIPC_RETURN_IF(!dev || prop->type != hipMemAllocationTypePinned,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(!dev->ops->vm_granularity, hipErrorNotSupported);
  *granularity = dev->ops->vm_granularity(dev);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipMemAddressReserve(void** ptr, size_t size, size_t alignment,
                                void* addr, unsigned long long flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ptr || size == 0 || flags != 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(alignment & (alignment - 1), hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!dev->ops->vm_reserve, hipErrorNotSupported);
  HIPC_RETURN_IF(!aligned(size, dev->ops->vm_granularity(dev)),
                 hipErrorInvalidValue);
  reservation* r = calloc(1, sizeof *r);
  HIPC_RETURN_IF(!r, hipErrorOutOfMemory);
  void* p;
  e = dev->ops->vm_reserve(dev, size, alignment, addr, &p);
  if (e != hipSuccess) {
    free(r);
    HIPC_RETURN(e);
  }
  *r = (reservation){p, size, dev, NULL, 0, NULL};
  pthread_mutex_lock(&lock);
  r->next = reservations;
  reservations = r;
  pthread_mutex_unlock(&lock);
  *ptr = p;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipMemAddressFree(void* devPtr, size_t size) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!devPtr || size == 0, hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  reservation** p = &reservations;
  while (*p && !((*p)->start == (char*)devPtr && (*p)->size == size))
    p = &(*p)->next;
  reservation* r = *p;
  int busy = 0;
  for (mapping* m = mappings; r && m; m = m->next)
    busy |= m->ptr >= r->start && m->ptr < r->start + r->size;
  if (r && !busy) *p = r->next;
  pthread_mutex_unlock(&lock);
  /* Unknown, or still mapped (unmap first, as CUDA requires). */
  HIPC_RETURN_IF(!r || busy, hipErrorInvalidValue);
  hipError_t e = r->dev->ops->vm_free(r->dev, r->start, r->size);
  free(r->runs);
  free(r);
  HIPC_RETURN(e);
}

/* Under the lock: a new handle, listed, with one user reference. */
static hipError_t handle_add(hipc_device* dev, void* phys, size_t size,
                             const hipMemAllocationProp* prop,
                             vm_handle** out) {
  vm_handle* h = calloc(1, sizeof *h);
  if (!h) return hipErrorOutOfMemory;
  *h = (vm_handle){VMM_MAGIC, dev, phys, size, *prop, 1, 1, handles};
  handles = h;
  *out = h;
  return hipSuccess;
}

hipError_t hipMemCreate(hipMemGenericAllocationHandle_t* handle, size_t size,
                        const hipMemAllocationProp* prop,
                        unsigned long long flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!handle || !prop || size == 0 || flags != 0,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = location_device(&prop->location);
  HIPC_RETURN_IF(!dev || prop->type != hipMemAllocationTypePinned,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(!dev->ops->vm_create, hipErrorNotSupported);
  HIPC_RETURN_IF(!aligned(size, dev->ops->vm_granularity(dev)),
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(size > dev->props.totalGlobalMem, hipErrorOutOfMemory);
  void* phys;
  e = dev->ops->vm_create(dev, size, &phys);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&lock);
  e = handle_add(dev, phys, size, prop, handle);
  pthread_mutex_unlock(&lock);
  if (e != hipSuccess) dev->ops->vm_release(dev, phys);
  HIPC_RETURN(e);
}

hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&lock);
  int ok = handle_live(handle) && handle->user_refs > 0;
  if (ok) {
    handle->user_refs--;
    handle_unref(handle);
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

/* Under the lock: the reservation holding all of [p, p + n), or NULL. */
static reservation* reservation_of(const char* p, size_t n) {
  for (reservation* r = reservations; r; r = r->next)
    if (p >= r->start && n <= r->size &&
        (size_t)(p - r->start) <= r->size - n)
      return r;
  return NULL;
}

static int by_ptr(const void* a, const void* b) {
  const mapping* x = *(const mapping* const*)a;
  const mapping* y = *(const mapping* const*)b;
  return x->ptr < y->ptr ? -1 : x->ptr > y->ptr;
}

/* Under the lock: the allocation table's entries for `r` made again, one
 * per run of adjacent mappings, so that a copy or a kernel may cross from
 * one mapping into the next as on a GPU. */
static hipError_t retable(reservation* r) {
  for (size_t i = 0; i < r->nruns; ++i) {
    hipc_alloc a;
    (void)hipc__alloc_remove(r->runs[i], &a);
  }
  r->nruns = 0;
  size_t n = 0;
  for (mapping* m = mappings; m; m = m->next)
    n += m->ptr >= r->start && m->ptr < r->start + r->size;
  if (n == 0) return hipSuccess;
  mapping** v = malloc(n * sizeof *v);
  char** runs = realloc(r->runs, n * sizeof *runs);
  if (!v || !runs) {
    free(v);
    if (runs) r->runs = runs;
    return hipErrorOutOfMemory;
  }
  r->runs = runs;
  size_t k = 0;
  for (mapping* m = mappings; m; m = m->next)
    if (m->ptr >= r->start && m->ptr < r->start + r->size) v[k++] = m;
  qsort(v, n, sizeof *v, by_ptr);
  hipError_t e = hipSuccess;
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && v[j]->ptr == v[j - 1]->ptr + v[j - 1]->size) ++j;
    char* end = v[j - 1]->ptr + v[j - 1]->size;
    hipc_alloc a = {v[i]->ptr, (size_t)(end - v[i]->ptr), v[i]->h->dev, 0,
                    hipMemoryTypeDevice, HIPC_ALLOC_MAPPED, v[i]->ptr};
    if (hipc__alloc_insert(&a) == 0)
      r->runs[r->nruns++] = v[i]->ptr;
    else
      e = hipErrorOutOfMemory;
    i = j;
  }
  free(v);
  return e;
}

/* Under the lock: whether some mapping overlaps [p, p + n). */
static int mapped_overlap(const char* p, size_t n) {
  for (mapping* m = mappings; m; m = m->next)
    if (m->ptr < p + n && p < m->ptr + m->size) return 1;
  return 0;
}

hipError_t hipMemMap(void* ptr, size_t size, size_t offset,
                     hipMemGenericAllocationHandle_t handle,
                     unsigned long long flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ptr || size == 0 || flags != 0, hipErrorInvalidValue);
  mapping* m = calloc(1, sizeof *m);
  HIPC_RETURN_IF(!m, hipErrorOutOfMemory);
  hipError_t e = hipErrorInvalidValue;
  pthread_mutex_lock(&lock);
  reservation* r = reservation_of(ptr, size);
  if (!handle_live(handle) || !r || r->dev->ops != handle->dev->ops)
    goto out;
  size_t g = handle->dev->ops->vm_granularity(handle->dev);
  if (!aligned((size_t)(uintptr_t)ptr, g) || !aligned(size, g) ||
      !aligned(offset, g) || mapped_overlap(ptr, size) ||
      (handle->size && /* 0: imported, size unknown (the driver checks) */
       (offset > handle->size || size > handle->size - offset)))
    goto out;
  e = handle->dev->ops->vm_map(handle->dev, ptr, size, handle->phys, offset);
  if (e != hipSuccess) goto out;
  *m = (mapping){ptr, size, handle, hipMemAccessFlagsProtNone, mappings};
  mappings = m;
  handle->refs++;
  m = NULL;
  e = retable(r);
out:
  pthread_mutex_unlock(&lock);
  free(m);
  HIPC_RETURN(e);
}

/* Under the lock: whether [p, p + n) is exactly covered by mappings
 * (each wholly inside it). */
static int covered(const char* p, size_t n) {
  size_t total = 0;
  for (mapping* m = mappings; m; m = m->next) {
    int inside = m->ptr >= p && m->ptr + m->size <= p + n;
    if (inside) total += m->size;
    else if (m->ptr < p + n && p < m->ptr + m->size) return 0; /* partly */
  }
  return total == n;
}

hipError_t hipMemUnmap(void* ptr, size_t size) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ptr || size == 0, hipErrorInvalidValue);
  char* p = ptr;
  pthread_mutex_lock(&lock);
  if (!covered(p, size)) {
    pthread_mutex_unlock(&lock);
    HIPC_RETURN(hipErrorInvalidValue);
  }
  hipError_t e = hipSuccess;
  for (mapping** q = &mappings; *q;) {
    mapping* m = *q;
    if (m->ptr < p || m->ptr >= p + size) {
      q = &m->next;
      continue;
    }
    hipc_device* dev = m->h->dev;
    /* Work in flight may still use it. */
    hipError_t s = dev->ops->device_sync(dev);
    if (s == hipSuccess) s = dev->ops->vm_unmap(dev, m->ptr, m->size);
    if (e == hipSuccess) e = s;
    *q = m->next;
    handle_unref(m->h);
    free(m);
  }
  reservation* r = reservation_of(p, size);
  if (r && e == hipSuccess) e = retable(r);
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

hipError_t hipMemSetAccess(void* ptr, size_t size,
                           const hipMemAccessDesc* desc, size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ptr || size == 0 || !desc || count == 0,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  for (size_t i = 0; i < count; ++i) {
    int f = desc[i].flags;
    HIPC_RETURN_IF(!location_device(&desc[i].location) ||
                       (f != hipMemAccessFlagsProtNone &&
                        f != hipMemAccessFlagsProtRead &&
                        f != hipMemAccessFlagsProtReadWrite),
                   hipErrorInvalidValue);
  }
  char* p = ptr;
  pthread_mutex_lock(&lock);
  if (!covered(p, size)) {
    pthread_mutex_unlock(&lock);
    HIPC_RETURN(hipErrorInvalidValue);
  }
  /* Each mapping takes the access its memory's device is given (the
   * last descriptor for it wins); other devices' descriptors name access
   * that memory of this backend cannot give, and change nothing. */
  for (mapping* m = mappings; m && e == hipSuccess; m = m->next) {
    if (m->ptr < p || m->ptr >= p + size) continue;
    for (size_t i = 0; i < count; ++i) {
      if (hipc__device(desc[i].location.id) != m->h->dev) continue;
      e = m->h->dev->ops->vm_access(m->h->dev, m->ptr, m->size,
                                    desc[i].flags);
      if (e == hipSuccess) m->access = desc[i].flags;
    }
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

hipError_t hipMemGetAccess(unsigned long long* flags,
                           const hipMemLocation* location, void* ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!flags || !location || !ptr, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = location_device(location);
  HIPC_RETURN_IF(!dev, hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  mapping* m = mappings;
  while (m && !((char*)ptr >= m->ptr && (char*)ptr < m->ptr + m->size))
    m = m->next;
  if (m)
    *flags = m->h->dev == dev ? (unsigned long long)m->access
                              : hipMemAccessFlagsProtNone;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(m ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp* prop, hipMemGenericAllocationHandle_t handle) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!prop, hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  int ok = handle_live(handle);
  if (ok) *prop = handle->prop;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipMemRetainAllocationHandle(
    hipMemGenericAllocationHandle_t* handle, void* addr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!handle || !addr, hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  mapping* m = mappings;
  while (m && !((char*)addr >= m->ptr && (char*)addr < m->ptr + m->size))
    m = m->next;
  if (m) {
    m->h->user_refs++;
    m->h->refs++;
    *handle = m->h;
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(m ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipMemExportToShareableHandle(
    void* shareableHandle, hipMemGenericAllocationHandle_t handle,
    hipMemAllocationHandleType handleType, unsigned long long flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!shareableHandle || flags != 0 ||
                     handleType != hipMemHandleTypePosixFileDescriptor,
                 hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  hipError_t e = hipErrorInvalidValue;
  if (handle_live(handle) &&
      (handle->prop.requestedHandleType &
       hipMemHandleTypePosixFileDescriptor)) {
    e = handle->dev->ops->vm_export_fd
            ? handle->dev->ops->vm_export_fd(handle->dev, handle->phys,
                                             (int*)shareableHandle)
            : hipErrorNotSupported;
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

/* `osHandle` is the file descriptor itself, as CUDA takes it:
 * (void*)(uintptr_t)fd. */
hipError_t hipMemImportFromShareableHandle(
    hipMemGenericAllocationHandle_t* handle, void* osHandle,
    hipMemAllocationHandleType shHandleType) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!handle || shHandleType != hipMemHandleTypePosixFileDescriptor,
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!dev->ops->vm_import_fd, hipErrorNotSupported);
  size_t size;
  void* phys;
  e = dev->ops->vm_import_fd(dev, (int)(intptr_t)osHandle, &size, &phys);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipMemAllocationProp prop = {0};
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = dev->ordinal;
  pthread_mutex_lock(&lock);
  e = handle_add(dev, phys, size, &prop, handle);
  pthread_mutex_unlock(&lock);
  if (e != hipSuccess) dev->ops->vm_release(dev, phys);
  HIPC_RETURN(e);
}
