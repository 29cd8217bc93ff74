/* Internal interface of the stream-ordered allocator's files: the pools
 * (mempool.c), their shareable memory (mempool_arena.c) and export and
 * import between processes (mempool_ipc.c). Everything here is under
 * `hipc__mempool_lock` unless said otherwise. */
#ifndef HIPC_MEMPOOL_H
#define HIPC_MEMPOOL_H

#include "internal.h"

#define HIPC_POOL_ALIGN 256

typedef struct hipc_pool_block {
  struct hipc_pool_block* next;
  void* ptr;
  size_t size;        /* as allocated (a multiple of HIPC_POOL_ALIGN) */
  hipc_event* ready;  /* recorded by the free, NULL when never freed */
  hipc_queue* queue;  /* the free's queue */
} hipc_pool_block;

/* Shareable pool memory: one POSIX-fd physical allocation of the backend
 * mapped whole, out of which the pool's blocks are carved. */
typedef struct hipc_pool_arena hipc_pool_arena;

struct ihipMemPoolHandle_t {
  uint32_t magic;
  hipc_device* dev;
  hipMemPoolProps props;
  int is_default;
  int reuse_follow, reuse_opportunistic, reuse_internal;
  uint64_t threshold;
  uint64_t reserved, reserved_high, used, used_high;
  hipc_pool_block* free_list;
  hipc_pool_block* used_list;
  unsigned char access[HIPC_MAX_DEVICES]; /* hipMemAccessFlags of peers */
  /* Pools created with hipMemHandleTypePosixFileDescriptor on a device
   * that can share them, and imported pools: their memory. */
  hipc_pool_arena* arena;
  int imported; /* hipMemPoolImportFromShareableHandle's: its blocks are
                   imported pointers; it allocates nothing */
};

extern pthread_mutex_t hipc__mempool_lock;

/* -- mempool.c */
/* Whether `p` is a live pool. */
int hipc__mempool_ok(hipMemPool_t p);
/* A new pool of `dev` (listed; props copied); NULL when out of memory. */
hipMemPool_t hipc__mempool_new(hipc_device* dev, const hipMemPoolProps* props);
/* The pool and in-use block at `ptr` (not unlinked), or NULL. */
hipc_pool_block* hipc__mempool_find_used(void* ptr, hipMemPool_t* pool);

/* -- mempool_arena.c */
/* Whether pools of `dev` can be shared (the backend's driver pools, or
 * its host memory and virtual memory with POSIX file descriptors). */
int hipc__arena_supported(const hipc_device* dev);
/* An arena of at least `size` bytes on `dev` (0: the device's default),
 * or one mapping the memory
 * of file descriptor `fd` (imported: hipErrorInvalidValue when `fd` is
 * not such memory). */
hipError_t hipc__arena_create(hipc_device* dev, size_t size,
                              hipc_pool_arena** out);
hipError_t hipc__arena_import(hipc_device* dev, int fd,
                              hipc_pool_arena** out);
void hipc__arena_destroy(hipc_pool_arena* a);
/* `size` bytes (a multiple of HIPC_POOL_ALIGN) of a created arena, for
 * work on `q`; hipErrorOutOfMemory when they do not fit. */
hipError_t hipc__arena_alloc(hipc_pool_arena* a, size_t size, hipc_queue* q,
                             void** out);
/* Gives back what hipc__arena_alloc gave (nothing for an imported
 * arena). */
void hipc__arena_free(hipc_pool_arena* a, void* ptr, size_t size);
/* A new file descriptor for the arena's memory. */
hipError_t hipc__arena_export(hipc_pool_arena* a, int* fd);
/* Describes block [ptr, ptr + size) of a created arena for another
 * process; the block such data describes in an imported arena
 * (hipErrorInvalidValue for data of another arena or out of it). */
hipError_t hipc__arena_export_ptr(hipc_pool_arena* a, void* ptr, size_t size,
                                  hipMemPoolPtrExportData* data);
hipError_t hipc__arena_import_ptr(hipc_pool_arena* a,
                                  const hipMemPoolPtrExportData* data,
                                  void** ptr, size_t* size);

#endif /* HIPC_MEMPOOL_H */
