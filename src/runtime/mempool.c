/* The stream-ordered allocator: hipMallocAsync, hipFreeAsync and memory
 * pools (hipMemPool*), for every device, on top of the backend's alloc and
 * release and its events.
 *
 * A pool hands out blocks of device memory and takes them back in stream
 * order: hipFreeAsync records an event on the stream after the work
 * before it, and puts the block on the pool's free list with that event.
 * hipMallocAsync takes a free block (the smallest that fits) when it may:
 * - freed on the same stream: stream order already puts the new user
 *   after the old one;
 * - its free has completed (hipMemPoolReuseAllowOpportunistic);
 * - otherwise the allocating stream first waits for the free's event
 *   (hipMemPoolReuseAllowInternalDependencies).
 * Else it allocates, first returning completed free blocks beyond the
 * pool's release threshold to the device. hipMemPoolTrimTo returns
 * completed free blocks down to its argument. Memory in use is tracked in
 * the allocation table (memory.c) like hipMalloc's, so copies, pointer
 * attributes and hipFree (which waits for the device, then releases) work
 * on it.
 *
 * Each device has a default pool, made on first use, and a current pool
 * (hipDeviceSetMemPool), which hipMallocAsync uses. In a stream capture
 * the allocations and frees are graph memory nodes (capture_mem.c).
 *
 * One lock covers every pool. Lock order: this lock, then the allocation
 * table's and the backend's. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "mempool.h"

#define POOL_MAGIC 0x68706f6fu /* "hpoo" */
#define ALIGN HIPC_POOL_ALIGN

typedef hipc_pool_block block;

pthread_mutex_t hipc__mempool_lock = PTHREAD_MUTEX_INITIALIZER;
static hipMemPool_t* live;
static size_t nlive, cap;
static hipMemPool_t default_pool[HIPC_MAX_DEVICES];
static hipMemPool_t current_pool[HIPC_MAX_DEVICES];

static int live_index(hipMemPool_t p) {
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == p) return (int)i;
  return -1;
}

static int pool_ok(hipMemPool_t p) { return p && live_index(p) >= 0; }

int hipc__mempool_ok(hipMemPool_t p) { return pool_ok(p); }

/* Under the lock: a new pool of `dev`. */
static hipMemPool_t pool_new(hipc_device* dev, const hipMemPoolProps* props) {
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 8;
    hipMemPool_t* t = realloc(live, ncap * sizeof *t);
    if (!t) return NULL;
    live = t;
    cap = ncap;
  }
  hipMemPool_t p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->magic = POOL_MAGIC;
  p->dev = dev;
  p->props = *props;
  p->reuse_follow = p->reuse_opportunistic = p->reuse_internal = 1;
  live[nlive++] = p;
  return p;
}

hipMemPool_t hipc__mempool_new(hipc_device* dev,
                              const hipMemPoolProps* props) {
  return pool_new(dev, props);
}

/* Under the lock: the default pool of `dev`, made on first use. */
static hipMemPool_t default_of(hipc_device* dev) {
  hipMemPool_t* slot = &default_pool[dev->ordinal];
  if (!*slot) {
    hipMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = dev->ordinal;
    *slot = pool_new(dev, &props);
    if (*slot) (*slot)->is_default = 1;
  }
  return *slot;
}

static hipMemPool_t current_of(hipc_device* dev) {
  hipMemPool_t p = current_pool[dev->ordinal];
  return p ? p : default_of(dev);
}

/* Whether the free of `b` has completed. */
static int completed(hipMemPool_t p, const block* b) {
  return !b->ready || p->dev->ops->event_query(b->ready) == hipSuccess;
}

static void block_release(hipMemPool_t p, block* b) {
  if (p->arena)
    hipc__arena_free(p->arena, b->ptr, b->size); /* mempool_arena.c */
  else
    p->dev->ops->release(p->dev, b->ptr);
  if (b->ready) p->dev->ops->event_destroy(b->ready);
  p->reserved -= b->size;
  free(b);
}

/* Under the lock: returns completed free blocks to the device while the
 * pool holds more than `keep` bytes (all free blocks, waiting for their
 * frees, with `wait`). */
static void trim(hipMemPool_t p, uint64_t keep, int wait) {
  for (block** at = &p->free_list; *at && p->reserved > keep;) {
    block* b = *at;
    if (wait && b->ready) p->dev->ops->event_sync(b->ready);
    if (!completed(p, b)) {
      at = &b->next;
      continue;
    }
    *at = b->next;
    block_release(p, b);
  }
}

static void count_use(hipMemPool_t p, size_t size, int sign) {
  if (sign > 0) {
    p->used += size;
    if (p->used > p->used_high) p->used_high = p->used;
  } else {
    p->used -= size;
  }
}

/* Under the lock: a block of at least `size` bytes for work on `q` of
 * `dev`. */
static hipError_t take_block(hipMemPool_t p, hipc_queue* q, size_t size,
                             block** out) {
  if (size > SIZE_MAX - ALIGN) return hipErrorOutOfMemory;
  size_t want = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  const hipc_backend_ops* ops = p->dev->ops;
  block** best = NULL;
  for (block** at = &p->free_list; *at; at = &(*at)->next) {
    block* b = *at;
    if (b->size < want || (best && (*best)->size <= b->size)) continue;
    if (b->queue == q || (p->reuse_opportunistic && completed(p, b)) ||
        (p->reuse_internal && ops->queue_wait_event))
      best = at;
  }
  if (best) {
    block* b = *best;
    *best = b->next;
    if (b->queue != q && !completed(p, b)) {
      hipError_t e = ops->queue_wait_event(q, b->ready);
      if (e != hipSuccess) {
        b->next = p->free_list;
        p->free_list = b;
        return e;
      }
    }
    *out = b;
    return hipSuccess;
  }
  trim(p, p->threshold, 0);
  if (p->props.maxSize && p->reserved + want > p->props.maxSize)
    return hipErrorOutOfMemory;
  if (want > p->dev->props.totalGlobalMem) return hipErrorOutOfMemory;
  block* b = calloc(1, sizeof *b);
  if (!b) return hipErrorOutOfMemory;
  hipError_t e = p->arena ? hipc__arena_alloc(p->arena, want, q, &b->ptr)
                          : ops->alloc(p->dev, want, &b->ptr);
  if (e != hipSuccess) {
    free(b);
    return e;
  }
  b->size = want;
  p->reserved += want;
  if (p->reserved > p->reserved_high) p->reserved_high = p->reserved;
  *out = b;
  return hipSuccess;
}

/* AMD's stream-ordered allocator answers a stream it does not know with
 * hipErrorInvalidHandle (other APIs: hipErrorContextIsDestroyed). */
static hipError_t unknown_stream(hipError_t e) {
  return e == hipErrorContextIsDestroyed ? hipErrorInvalidHandle : e;
}

static hipError_t malloc_async(void** ptr, size_t size, hipMemPool_t pool,
                               hipStream_t stream) {
  if (!ptr) return hipErrorInvalidValue;
  /* On a capturing stream: an alloc node with the pool's properties
   * (capture_mem.c). */
  hipMemPoolProps props;
  int known = !pool, imported = 0;
  if (pool) {
    pthread_mutex_lock(&hipc__mempool_lock);
    if ((known = pool_ok(pool))) {
      props = pool->props;
      imported = pool->imported;
    }
    pthread_mutex_unlock(&hipc__mempool_lock);
  }
  if (imported) return hipErrorInvalidValue; /* it only maps the other's */
  hipError_t e = known ? hipc__capture_mem_alloc(stream, pool ? &props : NULL,
                                                 size, ptr)
                       : HIPC_NOT_CAPTURING;
  if (e != HIPC_NOT_CAPTURING) return e;
  /* As work on the stream: a reused block may make it wait for the
   * block's free (queue_wait_event). */
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  if (e != hipSuccess) return unknown_stream(e);
  if (size == 0) {
    *ptr = NULL;
    return hipc__work_end(&w, hipSuccess, 0);
  }
  hipc_device* dev = w.dev;
  hipc_queue* q = w.q;
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = pool ? pool : current_of(dev);
  block* b = NULL;
  if (!p)
    e = hipErrorOutOfMemory;
  else if (pool && (!pool_ok(pool) || pool->dev != dev || pool->imported))
    e = hipErrorInvalidValue;
  else
    e = take_block(p, q, size, &b);
  if (e == hipSuccess) {
    hipc_alloc a = {b->ptr, size, dev, 0, hipMemoryTypeDevice, 0, b->ptr};
    if (hipc__alloc_insert(&a) != 0) {
      b->next = p->free_list;
      p->free_list = b;
      e = hipErrorOutOfMemory;
    } else {
      b->next = p->used_list;
      p->used_list = b;
      count_use(p, b->size, 1);
      *ptr = b->ptr;
      HIPC_ARG_PTR("ptr", b->ptr);
    }
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  return hipc__work_end(&w, e, 0);
}

hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_ARG_U64("size", size);
  HIPC_RETURN(malloc_async(dev_ptr, size, NULL, stream));
}

hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size,
                                  hipMemPool_t mem_pool, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_ARG_U64("size", size);
  HIPC_ARG_PTR("pool", mem_pool);
  HIPC_RETURN_IF(!mem_pool, hipErrorInvalidValue);
  HIPC_RETURN(malloc_async(dev_ptr, size, mem_pool, stream));
}

hipc_pool_block* hipc__mempool_find_used(void* ptr, hipMemPool_t* pool) {
  for (size_t i = 0; i < nlive; ++i)
    for (block* b = live[i]->used_list; b; b = b->next)
      if (b->ptr == ptr) {
        *pool = live[i];
        return b;
      }
  return NULL;
}

/* Under the lock: finds the block in use at `ptr`, unlinking it. */
static block* unlink_used(void* ptr, hipMemPool_t* pool) {
  for (size_t i = 0; i < nlive; ++i)
    for (block** at = &live[i]->used_list; *at; at = &(*at)->next)
      if ((*at)->ptr == ptr) {
        block* b = *at;
        *at = b->next;
        *pool = live[i];
        return b;
      }
  return NULL;
}

hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("ptr", dev_ptr);
  HIPC_RETURN_IF(!dev_ptr, hipErrorInvalidValue);
  /* On a capturing stream: a free node (capture_mem.c). */
  hipError_t e = hipc__capture_mem_free(stream, dev_ptr);
  HIPC_RETURN_IF(e != HIPC_NOT_CAPTURING, e);
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, unknown_stream(e));
  hipc_device* dev = w.dev;
  hipc_queue* q = w.q;
  /* Without events the free waits for the stream on the host, after the
   * order lock is let go (hipc__work_end), before the block is free. */
  int wait_here = !dev->ops->event_create;
  if (wait_here && (e = hipc__work_end(&w, hipSuccess, 1)) != hipSuccess)
    HIPC_RETURN(e);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = NULL;
  block* b = unlink_used(dev_ptr, &p);
  hipc_alloc plain;
  int is_plain = 0;
  if (!b) {
    /* Not from a pool: memory of hipMalloc & co. is freed after the
     * stream's work, as AMD's runtime does; anything else (freed already,
     * registered, interior) is hipErrorInvalidValue. */
    is_plain = hipc__alloc_find(dev_ptr, &plain) && plain.base == dev_ptr &&
               !plain.registered;
    e = is_plain ? hipSuccess : hipErrorInvalidValue;
  } else {
    const hipc_backend_ops* ops = p->dev->ops;
    if (dev->ops != ops) {
      e = hipErrorInvalidValue;
    } else if (!b->ready && ops->event_create &&
               (e = ops->event_create(p->dev, hipEventDisableTiming,
                                      &b->ready)) != hipSuccess) {
      b->ready = NULL;
    } else if (b->ready) {
      e = ops->event_record(b->ready, q);
    } /* else no events: waited for above */
    if (e != hipSuccess) {
      b->next = p->used_list;
      p->used_list = b;
    } else {
      hipc_alloc a;
      hipc__alloc_remove(dev_ptr, &a);
      b->queue = q;
      b->next = p->free_list;
      p->free_list = b;
      count_use(p, b->size, -1);
    }
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  if (is_plain) {
    if (!wait_here && (e = hipc__work_end(&w, hipSuccess, 1)) != hipSuccess)
      HIPC_RETURN(e);
    HIPC_RETURN(hipc__free(dev_ptr));
  }
  HIPC_RETURN(wait_here ? e : hipc__work_end(&w, e, 0));
}

int hipc__mempool_free(void* ptr, hipError_t* result) {
  if (!ptr) return 0;
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = NULL;
  block* b = unlink_used(ptr, &p);
  if (b) {
    /* As hipFree: after the device's work, released at once. */
    *result = p->dev->ops->device_sync(p->dev);
    hipc_alloc a;
    hipc__alloc_remove(ptr, &a);
    count_use(p, b->size, -1);
    block_release(p, b);
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  return b != NULL;
}

void hipc__mempool_reset(hipc_device* dev) {
  pthread_mutex_lock(&hipc__mempool_lock);
  current_pool[dev->ordinal] = NULL;
  for (size_t i = 0; i < nlive; ++i) {
    hipMemPool_t p = live[i];
    if (p->dev != dev) continue;
    trim(p, 0, 1);
    while (p->used_list) {
      block* b = p->used_list;
      p->used_list = b->next;
      hipc_alloc a;
      hipc__alloc_remove(b->ptr, &a);
      count_use(p, b->size, -1);
      block_release(p, b);
    }
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
}

/* -- pools */

hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool,
                            const hipMemPoolProps* pool_props) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!mem_pool || !pool_props, hipErrorInvalidValue);
  HIPC_RETURN_IF(pool_props->allocType != hipMemAllocationTypePinned ||
                     pool_props->location.type != hipMemLocationTypeDevice,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = hipc__device(pool_props->location.id);
  HIPC_RETURN_IF(!dev, hipErrorInvalidValue);
  /* A pool that may be exported keeps its memory in one shareable arena
   * (mempool_arena.c); where the device cannot share, it is an ordinary
   * pool (whose export is hipErrorNotSupported). */
  hipc_pool_arena* arena = NULL;
  if ((pool_props->handleTypes & hipMemHandleTypePosixFileDescriptor) &&
      hipc__arena_supported(dev)) {
    e = hipc__arena_create(dev, pool_props->maxSize, &arena);
    if (e == hipErrorNotSupported) e = hipSuccess;
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = pool_new(dev, pool_props);
  if (p) p->arena = arena;
  pthread_mutex_unlock(&hipc__mempool_lock);
  if (!p && arena) hipc__arena_destroy(arena);
  HIPC_RETURN_IF(!p, hipErrorOutOfMemory);
  *mem_pool = p;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&hipc__mempool_lock);
  hipError_t e = hipSuccess;
  if (!pool_ok(mem_pool) || mem_pool->is_default) {
    e = hipErrorInvalidValue;
  } else {
    hipMemPool_t p = mem_pool;
    int i = live_index(p);
    live[i] = live[--nlive];
    if (current_pool[p->dev->ordinal] == p)
      current_pool[p->dev->ordinal] = NULL;
    trim(p, 0, 1);
    /* Blocks still in use stay ordinary allocations, which hipFree
     * releases; those of an arena go with it, once work that may use
     * them is done. */
    if (p->arena) (void)p->dev->ops->device_sync(p->dev);
    for (block* b = p->used_list; b;) {
      block* next = b->next;
      if (p->arena) {
        hipc_alloc a;
        hipc__alloc_remove(b->ptr, &a);
        hipc__arena_free(p->arena, b->ptr, b->size);
      }
      if (b->ready) p->dev->ops->event_destroy(b->ready);
      free(b);
      b = next;
    }
    if (p->arena) hipc__arena_destroy(p->arena);
    p->magic = 0;
    free(p);
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

/* The device numbered `device` for the pool calls. */
static hipError_t device_of(int device, hipc_device** dev) {
  hipError_t e = hipc__init();
  if (e != hipSuccess) return e;
  *dev = hipc__device(device);
  return *dev ? hipSuccess : hipErrorInvalidDevice;
}

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool, int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!mem_pool, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = device_of(device, &dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = default_of(dev);
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN_IF(!p, hipErrorOutOfMemory);
  *mem_pool = p;
  HIPC_RETURN(hipSuccess);
}

/* An unknown device is hipErrorInvalidValue here (AMD's code), not
 * hipErrorInvalidDevice as for hipDeviceGetDefaultMemPool. */
hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!mem_pool, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = device_of(device, &dev);
  HIPC_RETURN_IF(e == hipErrorInvalidDevice, hipErrorInvalidValue);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipMemPool_t p = current_of(dev);
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN_IF(!p, hipErrorOutOfMemory);
  *mem_pool = p;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipError_t e = device_of(device, &dev);
  HIPC_RETURN_IF(e == hipErrorInvalidDevice, hipErrorInvalidValue);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&hipc__mempool_lock);
  if (!pool_ok(mem_pool) || mem_pool->dev != dev)
    e = hipErrorInvalidValue;
  else
    current_pool[device] = mem_pool;
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                  void* value) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipError_t e = hipSuccess;
  hipMemPool_t p = mem_pool;
  if (!pool_ok(p)) {
    e = hipErrorInvalidValue;
  } else {
    /* int for the reuse flags, uint64_t for the rest */
    int is_int = attr <= hipMemPoolReuseAllowInternalDependencies;
    int iv = is_int ? *(const int*)value : 0;
    uint64_t uv = is_int ? 0 : *(const uint64_t*)value;
    switch (attr) {
      case hipMemPoolReuseFollowEventDependencies: p->reuse_follow = !!iv; break;
      case hipMemPoolReuseAllowOpportunistic: p->reuse_opportunistic = !!iv; break;
      case hipMemPoolReuseAllowInternalDependencies: p->reuse_internal = !!iv; break;
      case hipMemPoolAttrReleaseThreshold: p->threshold = uv; break;
      /* The high-water marks may only be reset, to the current value. */
      case hipMemPoolAttrReservedMemHigh:
        trim(p, p->threshold, 0); /* see hipMemPoolGetAttribute */
        if (uv) e = hipErrorInvalidValue;
        else p->reserved_high = p->reserved;
        break;
      case hipMemPoolAttrUsedMemHigh:
        if (uv) e = hipErrorInvalidValue;
        else p->used_high = p->used;
        break;
      default: e = hipErrorInvalidValue; /* read-only or unknown */
    }
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                  void* value) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipError_t e = hipSuccess;
  hipMemPool_t p = mem_pool;
  if (!pool_ok(p)) {
    e = hipErrorInvalidValue;
  } else {
    /* AMD's pools give memory beyond the release threshold back when a
     * synchronisation finds its frees complete; hipc does it when it
     * next allocates or the pool's use is read, which no one can tell
     * apart. */
    trim(p, p->threshold, 0);
    switch (attr) {
      case hipMemPoolReuseFollowEventDependencies: *(int*)value = p->reuse_follow; break;
      case hipMemPoolReuseAllowOpportunistic: *(int*)value = p->reuse_opportunistic; break;
      case hipMemPoolReuseAllowInternalDependencies: *(int*)value = p->reuse_internal; break;
      case hipMemPoolAttrReleaseThreshold: *(uint64_t*)value = p->threshold; break;
      case hipMemPoolAttrReservedMemCurrent: *(uint64_t*)value = p->reserved; break;
      case hipMemPoolAttrReservedMemHigh: *(uint64_t*)value = p->reserved_high; break;
      case hipMemPoolAttrUsedMemCurrent: *(uint64_t*)value = p->used; break;
      case hipMemPoolAttrUsedMemHigh: *(uint64_t*)value = p->used_high; break;
      default: e = hipErrorInvalidValue;
    }
  }
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&hipc__mempool_lock);
  int ok = pool_ok(mem_pool);
  if (ok) trim(mem_pool, min_bytes_to_hold, 0);
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}
