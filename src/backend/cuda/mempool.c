/* Memory pools shared between processes on NVIDIA GPUs: the backend's
 * pool_* ops (backend.h) on CUDA's own pools. A pool that may be exported
 * is a cuMemPoolCreate pool with POSIX file descriptor handles; the
 * runtime's pool (src/runtime/mempool.c) takes its blocks from it with
 * cuMemAllocFromPoolAsync on the allocating stream and gives them back
 * with cuMemFree once their users are done; its handle and pointers go to
 * the other process through cuMemPoolExportToShareableHandle and
 * cuMemPoolExportPointer, which imports them with the matching Import
 * calls (the imported pool is given read-write access from this device,
 * as CUDA asks of an importer). */
#include <stdint.h>
#include <string.h>

#include "cuda_backend.h"

#define NEED(fn)                                   \
  do {                                             \
    if (!hipc_cu.fn) return hipErrorNotSupported;  \
  } while (0)

hipError_t hipc__cuda_pool_create(hipc_device* dev, size_t max_size,
                                  void** pool) {
  NEED(MemPoolCreate);
  cuda_device* d = dev->impl;
  CUmemPoolProps p;
  memset(&p, 0, sizeof p);
  p.allocType = 1; /* pinned */
  p.handleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  p.location.type = 1; /* device */
  p.location.id = d->cu;
  p.maxSize = max_size;
  HIPC_CU_CHECK(hipc__cuda_bind(d));
  CUmemoryPool mp;
  HIPC_CU_CHECK(hipc_cu.MemPoolCreate(&mp, &p));
  *pool = mp;
  return hipSuccess;
}

void hipc__cuda_pool_destroy(hipc_device* dev, void* pool) {
  if (hipc_cu.MemPoolDestroy && hipc__cuda_bind(dev->impl) == CUDA_SUCCESS)
    (void)hipc_cu.MemPoolDestroy((CUmemoryPool)pool);
}

hipError_t hipc__cuda_pool_alloc(hipc_device* dev, void* pool, size_t size,
                                 hipc_queue* q, void** ptr) {
  NEED(MemAllocFromPoolAsync);
  /* q may be another GPU's: bound once first, so that its stream exists
   * (a null queue's is made with its device's context). */
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  CUdeviceptr p;
  HIPC_CU_CHECK(
      hipc_cu.MemAllocFromPoolAsync(&p, size, (CUmemoryPool)pool, q->stream));
  *ptr = (void*)(uintptr_t)p;
  return hipSuccess;
}

void hipc__cuda_pool_free(hipc_device* dev, void* ptr) {
  if (hipc__cuda_bind(dev->impl) == CUDA_SUCCESS)
    (void)hipc_cu.MemFree((CUdeviceptr)(uintptr_t)ptr);
}

hipError_t hipc__cuda_pool_export(hipc_device* dev, void* pool, int* fd) {
  NEED(MemPoolExportToShareableHandle);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemPoolExportToShareableHandle(
      fd, (CUmemoryPool)pool, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  return hipSuccess;
}

hipError_t hipc__cuda_pool_import(hipc_device* dev, int fd, void** pool) {
  NEED(MemPoolImportFromShareableHandle);
  cuda_device* d = dev->impl;
  HIPC_CU_CHECK(hipc__cuda_bind(d));
  CUmemoryPool mp;
  HIPC_CU_CHECK(hipc_cu.MemPoolImportFromShareableHandle(
      &mp, (void*)(intptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  /* Access from this device (already there when the pool lives on it,
   * which the driver may then refuse to set again: ignored). */
  if (hipc_cu.MemPoolSetAccess) {
    CUmemAccessDesc a = {{1, d->cu}, 3 /* read-write */};
    (void)hipc_cu.MemPoolSetAccess(mp, &a, 1);
  }
  *pool = mp;
  return hipSuccess;
}

hipError_t hipc__cuda_pool_export_ptr(hipc_device* dev, void* ptr,
                                      void* data) {
  NEED(MemPoolExportPointer);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  CUmemPoolPtrExportData x;
  memset(&x, 0, sizeof x);
  HIPC_CU_CHECK(hipc_cu.MemPoolExportPointer(&x, (CUdeviceptr)(uintptr_t)ptr));
  memcpy(data, x.reserved, sizeof x.reserved);
  return hipSuccess;
}

hipError_t hipc__cuda_pool_import_ptr(hipc_device* dev, void* pool,
                                      const void* data, void** ptr,
                                      size_t* size) {
  NEED(MemPoolImportPointer);
  NEED(MemGetAddressRange);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  CUmemPoolPtrExportData x;
  memcpy(x.reserved, data, sizeof x.reserved);
  CUdeviceptr p, base;
  HIPC_CU_CHECK(hipc_cu.MemPoolImportPointer(&p, (CUmemoryPool)pool, &x));
  size_t n = 0;
  CUresult r = hipc_cu.MemGetAddressRange(&base, &n, p);
  if (r != CUDA_SUCCESS) {
    (void)hipc_cu.MemFree(p);
    return hipc__cuda_error(r);
  }
  *ptr = (void*)(uintptr_t)p;
  *size = n - (size_t)(p - base);
  return hipSuccess;
}
