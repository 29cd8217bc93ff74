/* Memory pools between processes: hipMemPoolExportToShareableHandle,
 * hipMemPoolImportFromShareableHandle, hipMemPoolExportPointer and
 * hipMemPoolImportPointer.
 *
 * A pool created with hipMemHandleTypePosixFileDescriptor keeps its blocks
 * in one shareable arena (mempool_arena.c: a driver pool on a GPU, a
 * memfd on the CPU device); its handle is a new file descriptor of that
 * memory, which the other process receives (over a Unix socket with
 * SCM_RIGHTS, or by fork) and imports. An exported pointer describes a
 * block of it; importing that into the pool of the same memory gives the
 * block's address there, in the allocation table as device memory until
 * the importer frees it (hipFree or hipFreeAsync) or destroys the
 * imported pool. An imported pool allocates nothing.
 *
 * A pool created exportable on a device that cannot share (a backend
 * without either kind of arena) is an ordinary pool whose export is
 * hipErrorNotSupported. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mempool.h"

hipError_t hipMemPoolExportToShareableHandle(
    void* shared_handle, hipMemPool_t mem_pool,
    hipMemAllocationHandleType handle_type, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("pool", mem_pool);
  HIPC_RETURN_IF(!shared_handle || flags != 0 ||
                     handle_type != hipMemHandleTypePosixFileDescriptor,
                 hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipError_t e = hipSuccess;
  if (!hipc__mempool_ok(mem_pool) || mem_pool->imported ||
      !(mem_pool->props.handleTypes & hipMemHandleTypePosixFileDescriptor))
    e = hipErrorInvalidValue; /* not created to be exported */
  else if (!mem_pool->arena)
    e = hipErrorNotSupported; /* a device that cannot share its pools */
  else
    e = hipc__arena_export(mem_pool->arena, (int*)shared_handle);
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

/* `shared_handle` is the file descriptor itself, as CUDA takes it:
 * (void*)(uintptr_t)fd; NULL (descriptor 0) is refused, as AMD's runtime
 * refuses it. */
hipError_t hipMemPoolImportFromShareableHandle(
    hipMemPool_t* mem_pool, void* shared_handle,
    hipMemAllocationHandleType handle_type, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!mem_pool || !shared_handle || flags != 0 ||
                     handle_type != hipMemHandleTypePosixFileDescriptor,
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!hipc__arena_supported(dev), hipErrorNotSupported);
  hipc_pool_arena* arena;
  e = hipc__arena_import(dev, (int)(intptr_t)shared_handle, &arena);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = dev->ordinal;
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = hipc__mempool_new(dev, &props);
  if (p) {
    p->arena = arena;
    p->imported = 1;
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  if (!p) hipc__arena_destroy(arena);
  HIPC_RETURN_IF(!p, hipErrorOutOfMemory);
  *mem_pool = p;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data,
                                   void* dev_ptr) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("ptr", dev_ptr);
  HIPC_RETURN_IF(!export_data || !dev_ptr, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = NULL;
  hipc_pool_block* b = hipc__mempool_find_used(dev_ptr, &p);
  /* Only the start of a block in use, of a pool that can be shared. */
  hipError_t e = b && p->arena && !p->imported
                     ? hipc__arena_export_ptr(p->arena, b->ptr, b->size,
                                              export_data)
                     : hipErrorInvalidValue;
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

hipError_t hipMemPoolImportPointer(void** dev_ptr, hipMemPool_t mem_pool,
                                   hipMemPoolPtrExportData* export_data) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("pool", mem_pool);
  HIPC_RETURN_IF(!dev_ptr || !mem_pool || !export_data, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__mempool_lock);
  void* ptr = NULL;
  size_t size = 0;
  hipError_t e = hipc__mempool_ok(mem_pool) && mem_pool->imported
                     ? hipc__arena_import_ptr(mem_pool->arena, export_data,
                                              &ptr, &size)
                     : hipErrorInvalidValue;
  hipMemPool_t owner;
  if (e == hipSuccess && hipc__mempool_find_used(ptr, &owner)) {
    *dev_ptr = ptr; /* imported already */
  } else if (e == hipSuccess) {
    hipc_pool_block* b = calloc(1, sizeof *b);
    hipc_alloc a = {ptr, size, mem_pool->dev, 0, hipMemoryTypeDevice, 0,
                    ptr};
    if (!b || hipc__alloc_insert(&a) != 0) {
      free(b);
      e = hipErrorOutOfMemory;
    } else {
      b->ptr = ptr;
      b->size = size;
      b->next = mem_pool->used_list;
      mem_pool->used_list = b;
      mem_pool->reserved += size; /* given back by trims: nothing */
      mem_pool->used += size;
      if (mem_pool->used > mem_pool->used_high)
        mem_pool->used_high = mem_pool->used;
      *dev_ptr = ptr;
    }
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}
