/* Cooperative launches on GPUs: one grid (hipLaunchCooperativeKernel) or
 * one grid per GPU (hipLaunchCooperativeKernelMultiDevice, which the
 * runtime turns into one launch per grid, src/runtime/cooperative.c).
 *
 * Every grid is a cuLaunchCooperativeKernel on its own stream, so the
 * driver keeps all of a grid's blocks resident. Before it, the backend
 * writes the grid's place in the launch to the module's __hipc_multi_grid
 * (hip/hipc/multi_grid.h), in stream order (a modules that never uses
 * multi_grid_group has no such variable, and nothing is written).
 *
 * The grids of a multi-device launch meet in page-locked, mapped, portable
 * host memory, which every GPU reaches at the same address: a record of
 * HIPC_MULTI_GRID_MAX counters, one per grid, zeroed when the launch
 * takes it. The record goes back to the pool once every grid has finished
 * (a host function enqueued after each grid). Records come from pages of
 * 64, allocated when the pool runs dry and kept until the process ends. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"
#include "hip/hipc/multi_grid.h"

#define RECORD_BYTES (HIPC_MULTI_GRID_MAX * sizeof(unsigned))
#define RECORDS_PER_PAGE 64

typedef struct mg_record {
  struct mg_record* next; /* in the free list */
  unsigned* host;         /* the counters, as the host writes them */
  unsigned* device;       /* and as kernels address them */
  int refs;               /* grids not finished yet */
} mg_record;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static mg_record* free_records;

/* A page of records more, allocated through `d`'s context. Under
 * pool_lock. */
static hipError_t grow_pool(cuda_device* d) {
  void* page = NULL;
  CUdeviceptr dev_page = 0;
  CUresult r = hipc__cuda_bind(d);
  if (r == CUDA_SUCCESS)
    r = hipc_cu.MemHostAlloc(&page, RECORD_BYTES * RECORDS_PER_PAGE,
                             CU_MEMHOSTALLOC_PORTABLE |
                                 CU_MEMHOSTALLOC_DEVICEMAP);
  if (r != CUDA_SUCCESS) return hipc__cuda_error(r);
  r = hipc_cu.MemHostGetDevicePointer(&dev_page, page, 0);
  mg_record* recs = r == CUDA_SUCCESS ? calloc(RECORDS_PER_PAGE, sizeof *recs)
                                      : NULL;
  if (!recs) {
    (void)hipc_cu.MemFreeHost(page);
    return r != CUDA_SUCCESS ? hipc__cuda_error(r) : hipErrorOutOfMemory;
  }
  for (int i = 0; i < RECORDS_PER_PAGE; ++i) {
    size_t off = (size_t)i * HIPC_MULTI_GRID_MAX;
    recs[i].host = (unsigned*)page + off;
    recs[i].device = (unsigned*)(uintptr_t)dev_page + off;
    recs[i].next = free_records;
    free_records = &recs[i];
  }
  return hipSuccess;
}

static hipError_t take_record(cuda_device* d, uint32_t grids,
                              mg_record** out) {
  pthread_mutex_lock(&pool_lock);
  hipError_t e = free_records ? hipSuccess : grow_pool(d);
  if (e == hipSuccess) {
    mg_record* rec = free_records;
    free_records = rec->next;
    /* No kernel uses a free record. */
    memset(rec->host, 0, RECORD_BYTES);
    rec->refs = (int)grids;
    *out = rec;
  }
  pthread_mutex_unlock(&pool_lock);
  return e;
}

/* One grid of the record's launch has finished (a host function, run by
 * the driver: it calls no driver function). */
static void drop_record(void* arg) {
  mg_record* rec = arg;
  pthread_mutex_lock(&pool_lock);
  if (--rec->refs == 0) {
    rec->next = free_records;
    free_records = rec;
  }
  pthread_mutex_unlock(&pool_lock);
}

/* Writes `info` to the __hipc_multi_grid of the module of kernel `l` on
 * `d`, in order on `q`; nothing when the module has none. */
static hipError_t write_info(cuda_device* d, hipc_queue* q,
                             const hipc_launch* l,
                             const hipc_multi_grid_info* info) {
  hipc_gpu_symbol* k = hipc__gpu_kernel_find(l->kernel->host_fn);
  /* The launch found the kernel's function, so its module is loaded. */
  void* m = k ? atomic_load_explicit(&k->module->loaded[d->index],
                                     memory_order_acquire)
              : NULL;
  if (!m || m == &hipc__cuda_no_image) return hipSuccess;
  CUdeviceptr var = 0;
  size_t size = 0;
  CUresult r = hipc_cu.ModuleGetGlobal(&var, &size, (CUmodule)m,
                                       "__hipc_multi_grid");
  if (r == CUDA_ERROR_NOT_FOUND || (r == CUDA_SUCCESS && size != sizeof *info))
    return hipSuccess;
  /* From pageable memory, the driver copies `info` before returning. */
  if (r == CUDA_SUCCESS)
    r = hipc_cu.MemcpyHtoDAsync(var, info, sizeof *info, q->stream);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}

hipError_t hipc__cuda_launch_cooperative(cuda_device* d, CUfunction f,
                                         hipc_queue* q,
                                         const hipc_launch* l) {
  const hipc_coop_launch* c = l->coop;
  if (!hipc_cu.LaunchCooperativeKernel) return hipErrorNotSupported;
  if (c->num_grids > HIPC_MULTI_GRID_MAX) return hipErrorNotSupported;
  CUresult r = hipc__cuda_bind(d);
  if (r != CUDA_SUCCESS) return hipc__cuda_error(r);
  hipc_multi_grid_info info = {NULL, c->grid_rank, c->num_grids,
                               c->multi_threads, c->thread_offset};
  mg_record* rec = NULL;
  hipError_t e = hipSuccess;
  if (c->num_grids > 1) {
    /* The first grid's launch takes the record, the others find it. */
    rec = *c->shared;
    if (!rec) {
      e = take_record(d, c->num_grids, &rec);
      if (e != hipSuccess) return e;
      *c->shared = rec;
    }
    info.arrivals = rec->device;
  }
  e = write_info(d, q, l, &info);
  if (e == hipSuccess) {
    r = hipc_cu.LaunchCooperativeKernel(
        f, l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y,
        l->block.z, (unsigned)l->shmem, q->stream, l->args);
    e = r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
  }
  if (rec) {
    /* This grid's share of the record goes back once it has finished (at
     * once when it never started). */
    if (e != hipSuccess ||
        hipc_cu.LaunchHostFunc(q->stream, drop_record, rec) != CUDA_SUCCESS) {
      if (e == hipSuccess) (void)hipc_cu.StreamSynchronize(q->stream);
      drop_record(rec);
    }
  }
  return e;
}
