/* Shareable memory of the pools that may be exported
 * (hipMemHandleTypePosixFileDescriptor), in one of two ways.
 *
 * Where the backend has driver pools (the pool_* ops: CUDA's cuMemPool*),
 * the arena is such a pool: blocks come from it in stream order, its file
 * descriptor and the driver's 64-byte pointer descriptions go to the other
 * process, which imports them through the driver.
 *
 * Elsewhere (the CPU device), the arena is one physical allocation of the
 * backend's virtual memory (vmm.c's vm_* ops; a memfd) mapped whole,
 * read-write, at a reservation of its size. The pool carves
 * its blocks out of it (first fit over a sorted list of free ranges,
 * merged when they touch), so that one file descriptor carries every
 * block, those allocated after the export included, as CUDA's pools do;
 * another process maps the same memory from that descriptor and finds a
 * block at the same offset.
 *
 * The physical memory is only reached as it is used (a memfd's pages
 * appear when touched), which is why only backends whose device memory is
 * host memory share pools this way: a GPU's physical allocation would take
 * the whole arena at once. Freed whole pages are given back
 * (MADV_REMOVE), for every process that maps them. */
#define _GNU_SOURCE /* MADV_REMOVE */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mempool.h"

typedef struct range {
  struct range* next;
  size_t off, len;
} range;

struct hipc_pool_arena {
  hipc_device* dev;
  void* driver_pool; /* the backend's pool (pool_* ops), or NULL */
  void* phys;
  char* base;
  size_t size;
  uint64_t id[2]; /* st_dev and st_ino of its file */
  int imported;
  range* free_ranges; /* sorted by offset, none touching */
};

/* An exported pointer of a memfd arena, in hipMemPoolPtrExportData. */
#define EXPORT_MAGIC 0x68706578u /* "hpex" */
typedef struct exported {
  uint32_t magic;
  uint32_t version;
  uint64_t id[2];
  uint64_t offset;
  uint64_t size;
} exported;
_Static_assert(sizeof(exported) <= sizeof(hipMemPoolPtrExportData),
               "hipMemPoolPtrExportData holds an exported pointer");

int hipc__arena_supported(const hipc_device* dev) {
  const hipc_backend_ops* o = dev->ops;
  if (o->pool_create && o->pool_destroy && o->pool_alloc && o->pool_free &&
      o->pool_export && o->pool_import && o->pool_export_ptr &&
      o->pool_import_ptr)
    return 1;
  return o->host_memory && o->vm_create && o->vm_reserve && o->vm_map &&
         o->vm_access && o->vm_export_fd && o->vm_import_fd;
}

/* The identity of the file behind descriptor `fd`. */
static int file_id(int fd, uint64_t id[2], size_t* size) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
  id[0] = (uint64_t)st.st_dev;
  id[1] = (uint64_t)st.st_ino;
  if (size) *size = (size_t)st.st_size;
  return 0;
}

/* Maps the arena's physical memory at a reservation of its size. */
static hipError_t map_whole(hipc_pool_arena* a) {
  const hipc_backend_ops* o = a->dev->ops;
  void* base;
  hipError_t e = o->vm_reserve(a->dev, a->size, 0, NULL, &base);
  if (e != hipSuccess) return e;
  e = o->vm_map(a->dev, base, a->size, a->phys, 0);
  if (e == hipSuccess) {
    e = o->vm_access(a->dev, base, a->size, hipMemAccessFlagsProtReadWrite);
    if (e != hipSuccess) o->vm_unmap(a->dev, base, a->size);
  }
  if (e != hipSuccess) {
    o->vm_free(a->dev, base, a->size);
    return e;
  }
  a->base = base;
  return hipSuccess;
}

/* An arena that is a driver pool: created (fd < 0) or imported. */
static hipError_t driver_arena(hipc_device* dev, size_t max_size, int fd,
                               hipc_pool_arena** out) {
  hipc_pool_arena* a = calloc(1, sizeof *a);
  if (!a) return hipErrorOutOfMemory;
  a->dev = dev;
  a->imported = fd >= 0;
  hipError_t e = fd >= 0 ? dev->ops->pool_import(dev, fd, &a->driver_pool)
                         : dev->ops->pool_create(dev, max_size,
                                                 &a->driver_pool);
  if (e != hipSuccess) {
    free(a);
    /* A descriptor the driver does not take names no pool. */
    return fd >= 0 && e != hipErrorOutOfMemory ? hipErrorInvalidValue : e;
  }
  *out = a;
  return hipSuccess;
}

hipError_t hipc__arena_create(hipc_device* dev, size_t size,
                              hipc_pool_arena** out) {
  if (dev->ops->pool_create) return driver_arena(dev, size, -1, out);
  /* Without a maximum: the device's memory, up to 64 GiB of addresses
   * (reached only as it is used). */
  if (size == 0) size = dev->props.totalGlobalMem;
  if (size > ((size_t)1 << 36)) size = (size_t)1 << 36;
  size_t g = dev->ops->vm_granularity(dev);
  if (size == 0 || size > SIZE_MAX - g) return hipErrorInvalidValue;
  size = (size + g - 1) / g * g;
  hipc_pool_arena* a = calloc(1, sizeof *a);
  range* r = calloc(1, sizeof *r);
  if (!a || !r) {
    free(a);
    free(r);
    return hipErrorOutOfMemory;
  }
  a->dev = dev;
  a->size = size;
  hipError_t e = dev->ops->vm_create(dev, size, &a->phys);
  if (e != hipSuccess) {
    free(a);
    free(r);
    return e;
  }
  int fd = -1;
  e = dev->ops->vm_export_fd(dev, a->phys, &fd);
  if (e == hipSuccess && file_id(fd, a->id, NULL) != 0) e = hipErrorUnknown;
  if (fd >= 0) close(fd);
  if (e == hipSuccess) e = map_whole(a);
  if (e != hipSuccess) {
    dev->ops->vm_release(dev, a->phys);
    free(a);
    free(r);
    return e;
  }
  r->len = size;
  a->free_ranges = r;
  *out = a;
  return hipSuccess;
}

hipError_t hipc__arena_import(hipc_device* dev, int fd,
                              hipc_pool_arena** out) {
  if (dev->ops->pool_create) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return hipErrorInvalidValue;
    return driver_arena(dev, 0, fd, out);
  }
  uint64_t id[2];
  size_t fsize;
  if (fd < 0 || file_id(fd, id, &fsize) != 0 || fsize == 0)
    return hipErrorInvalidValue;
  hipc_pool_arena* a = calloc(1, sizeof *a);
  if (!a) return hipErrorOutOfMemory;
  a->dev = dev;
  a->imported = 1;
  a->id[0] = id[0];
  a->id[1] = id[1];
  hipError_t e = dev->ops->vm_import_fd(dev, fd, &a->size, &a->phys);
  if (e != hipSuccess) {
    free(a);
    return e;
  }
  if (a->size == 0) a->size = fsize;
  e = map_whole(a);
  if (e != hipSuccess) {
    dev->ops->vm_release(dev, a->phys);
    free(a);
    return e;
  }
  *out = a;
  return hipSuccess;
}

void hipc__arena_destroy(hipc_pool_arena* a) {
  const hipc_backend_ops* o = a->dev->ops;
  if (a->driver_pool) {
    o->pool_destroy(a->dev, a->driver_pool);
    free(a);
    return;
  }
  o->vm_unmap(a->dev, a->base, a->size);
  o->vm_free(a->dev, a->base, a->size);
  o->vm_release(a->dev, a->phys);
  while (a->free_ranges) {
    range* r = a->free_ranges;
    a->free_ranges = r->next;
    free(r);
  }
  free(a);
}

hipError_t hipc__arena_alloc(hipc_pool_arena* a, size_t size, hipc_queue* q,
                             void** out) {
  if (a->driver_pool)
    return a->dev->ops->pool_alloc(a->dev, a->driver_pool, size, q, out);
  for (range** at = &a->free_ranges; *at; at = &(*at)->next) {
    range* r = *at;
    if (r->len < size) continue;
    *out = a->base + r->off;
    r->off += size;
    r->len -= size;
    if (r->len == 0) {
      *at = r->next;
      free(r);
    }
    return hipSuccess;
  }
  return hipErrorOutOfMemory;
}

/* The whole pages of [p, p + n) go back to the system. */
static void give_back(char* p, size_t n) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
  uintptr_t hi = ((uintptr_t)p + n) & ~(uintptr_t)(page - 1);
  if (hi > lo) (void)madvise((void*)lo, hi - lo, MADV_REMOVE);
}

void hipc__arena_free(hipc_pool_arena* a, void* ptr, size_t size) {
  if (a->driver_pool) { /* imported pointers too, as the driver wants */
    a->dev->ops->pool_free(a->dev, ptr);
    return;
  }
  if (a->imported) return;
  size_t off = (size_t)((char*)ptr - a->base);
  range* prev = NULL;
  range* next = a->free_ranges;
  while (next && next->off < off) {
    prev = next;
    next = next->next;
  }
  give_back(ptr, size);
  if (prev && prev->off + prev->len == off) {
    prev->len += size;
    if (next && prev->off + prev->len == next->off) {
      prev->len += next->len;
      prev->next = next->next;
      free(next);
    }
    return;
  }
  if (next && off + size == next->off) {
    next->off = off;
    next->len += size;
    return;
  }
  range* r = malloc(sizeof *r);
  if (!r) return; /* the range is lost to the pool, not to the process */
  r->off = off;
  r->len = size;
  r->next = next;
  if (prev)
    prev->next = r;
  else
    a->free_ranges = r;
}

hipError_t hipc__arena_export(hipc_pool_arena* a, int* fd) {
  if (a->driver_pool)
    return a->dev->ops->pool_export(a->dev, a->driver_pool, fd);
  return a->dev->ops->vm_export_fd(a->dev, a->phys, fd);
}

hipError_t hipc__arena_export_ptr(hipc_pool_arena* a, void* ptr, size_t size,
                                  hipMemPoolPtrExportData* data) {
  memset(data, 0, sizeof *data);
  if (a->driver_pool)
    return a->dev->ops->pool_export_ptr(a->dev, ptr, data->reserved);
  exported x = {EXPORT_MAGIC, 1, {a->id[0], a->id[1]},
                (uint64_t)((char*)ptr - a->base), size};
  memcpy(data->reserved, &x, sizeof x);
  return hipSuccess;
}

hipError_t hipc__arena_import_ptr(hipc_pool_arena* a,
                                  const hipMemPoolPtrExportData* data,
                                  void** ptr, size_t* size) {
  if (a->driver_pool) { /* data the driver refuses: hipErrorInvalidValue */
    hipError_t e = a->dev->ops->pool_import_ptr(a->dev, a->driver_pool,
                                                data->reserved, ptr, size);
    return e == hipSuccess || e == hipErrorOutOfMemory ? e
                                                       : hipErrorInvalidValue;
  }
  exported x;
  memcpy(&x, data->reserved, sizeof x);
  /* A pointer of this arena's memory, inside it. */
  if (x.magic != EXPORT_MAGIC || x.version != 1 || x.id[0] != a->id[0] ||
      x.id[1] != a->id[1] || x.size == 0 || x.offset > a->size ||
      x.size > a->size - x.offset)
    return hipErrorInvalidValue;
  *ptr = a->base + x.offset;
  *size = (size_t)x.size;
  return hipSuccess;
}
