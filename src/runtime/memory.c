/* Device memory: allocation, the allocation table, copies and fills.
 *
 * Every allocation is recorded in a table sorted by address, so that
 * hipFree can reject pointers hipMalloc did not return (double frees
 * included) and a copy or fill that would run past the end of a tracked
 * allocation is refused before any byte moves. */
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

static int table_insert(const hipc_alloc* a) {
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
  memmove(&allocs[i + 1], &allocs[i], (nallocs - i) * sizeof *allocs);
  allocs[i] = *a;
  nallocs++;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Removes the allocation that starts exactly at `base`; 0 if found. */
static int table_remove(void* base, hipc_alloc* out) {
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

int hipc__alloc_insert(const hipc_alloc* a) { return table_insert(a); }

int hipc__alloc_remove(void* base, hipc_alloc* out) {
  return table_remove(base, out);
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
    dev->ops->release(dev, a.base);
  }
}

/* Whether [p, p + n) stays inside the tracked allocation holding p (true
 * for untracked memory, which hipc cannot check). */
static int in_bounds(const void* p, size_t n) {
  hipc_alloc a;
  if (!hipc__alloc_find(p, &a)) return 1;
  size_t offset = (size_t)((const char*)p - (const char*)a.base);
  return n <= a.size - offset;
}

hipError_t hipMalloc(void** ptr, size_t size) {
  HIPC_RETURN_IF(!ptr, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (size == 0) {
    *ptr = NULL;
    HIPC_RETURN(hipSuccess);
  }
  HIPC_RETURN_IF(size > dev->props.totalGlobalMem, hipErrorOutOfMemory);
  void* p;
  e = dev->ops->alloc(dev, size, &p);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_alloc a = {p, size, dev, 0, hipMemoryTypeDevice};
  if (table_insert(&a) != 0) {
    dev->ops->release(dev, p);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  *ptr = p;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipFree(void* ptr) {
  if (!ptr) HIPC_RETURN(hipSuccess);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(ptr, &a) || a.base != ptr ||
                     a.kind != hipMemoryTypeDevice,
                 hipErrorInvalidValue);
  /* HIP's hipFree waits for the device: work may still use the memory. */
  hipError_t e = a.dev->ops->device_sync(a.dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(table_remove(ptr, &a) != 0, hipErrorInvalidValue);
  HIPC_RETURN(a.dev->ops->release(a.dev, ptr));
}

/* The checks hipMemcpy and hipMemcpyAsync share. */
static hipError_t check_copy(void* dst, const void* src, size_t n,
                             hipMemcpyKind kind) {
  if ((unsigned)kind > hipMemcpyDefault) return hipErrorInvalidMemcpyDirection;
  if (n == 0) return hipSuccess;
  if (!dst || !src) return hipErrorInvalidValue;
  if (!in_bounds(dst, n) || !in_bounds(src, n)) return hipErrorInvalidValue;
  return hipSuccess;
}

/* The device memory of another device than `dev` that `p` points into,
 * or NULL. */
static hipc_device* foreign_device(const hipc_device* dev, const void* p) {
  hipc_alloc a;
  if (!p || !hipc__alloc_find(p, &a) || a.kind != hipMemoryTypeDevice ||
      a.dev == dev || a.dev->ops->host_memory)
    return NULL;
  return a.dev;
}

/* The device and queue that do a copy (`src` set) or a fill on `stream`.
 * Normally the stream's. The CPU device cannot touch a GPU's memory, and a
 * GPU may not fill another's, so such work goes to the null queue of the
 * device that owns the memory, after the stream's earlier work, and
 * blocks (so that it stays in order with the stream's later work). */
static hipError_t work_queue(hipStream_t stream, void* dst, const void* src,
                             hipc_device** dev, hipc_queue** q,
                             int* blocking) {
  hipError_t e = hipc__stream_for_work(stream, dev, q);
  if (e != hipSuccess) return e;
  hipc_device* owner = foreign_device(*dev, dst);
  if (!owner && src && (*dev)->ops->host_memory)
    owner = foreign_device(*dev, src);
  if (!owner || (src && !(*dev)->ops->host_memory)) return hipSuccess;
  e = (*dev)->ops->queue_sync(*q);
  if (e != hipSuccess) return e;
  *dev = owner;
  *q = owner->null_queue;
  *blocking = 1;
  return hipSuccess;
}

static hipError_t copy(void* dst, const void* src, size_t n,
                       hipMemcpyKind kind, hipStream_t stream, int blocking) {
  hipError_t e = check_copy(dst, src, n, kind);
  if (e != hipSuccess || n == 0) return e;
  hipc_device* dev;
  hipc_queue* q;
  e = work_queue(stream, dst, src, &dev, &q, &blocking);
  if (e != hipSuccess) return e;
  return dev->ops->memcpy(q, dst, src, n, blocking);
}

hipError_t hipMemcpy(void* dst, const void* src, size_t n,
                     hipMemcpyKind kind) {
  HIPC_RETURN(copy(dst, src, n, kind, NULL, 1));
}

hipError_t hipMemcpyAsync(void* dst, const void* src, size_t n,
                          hipMemcpyKind kind, hipStream_t stream) {
  HIPC_RETURN(copy(dst, src, n, kind, stream, 0));
}

hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t n) {
  HIPC_RETURN(copy(dst, src, n, hipMemcpyHostToDevice, NULL, 1));
}

hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t n) {
  HIPC_RETURN(copy(dst, src, n, hipMemcpyDeviceToHost, NULL, 1));
}

hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n) {
  HIPC_RETURN(copy(dst, src, n, hipMemcpyDeviceToDevice, NULL, 1));
}

static hipError_t fill(void* dst, int value, size_t n, hipStream_t stream,
                       int blocking) {
  if (n == 0) return hipSuccess;
  if (!dst || !in_bounds(dst, n)) return hipErrorInvalidValue;
  hipc_device* dev;
  hipc_queue* q;
  hipError_t e = work_queue(stream, dst, NULL, &dev, &q, &blocking);
  if (e != hipSuccess) return e;
  return dev->ops->memset(q, dst, value, n, blocking);
}

hipError_t hipMemset(void* dst, int value, size_t n) {
  HIPC_RETURN(fill(dst, value, n, NULL, 1));
}

hipError_t hipMemsetAsync(void* dst, int value, size_t n,
                          hipStream_t stream) {
  HIPC_RETURN(fill(dst, value, n, stream, 0));
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
