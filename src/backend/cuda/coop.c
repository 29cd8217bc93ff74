/* Cooperative launches on GPUs: one grid (hipLaunchCooperativeKernel) or
 * one grid per GPU (hipLaunchCooperativeKernelMultiDevice, which the
 * runtime turns into one launch per grid, src/runtime/cooperative.c).
 *
 * Every grid is a cuLaunchCooperativeKernel on its own stream, so the
 * driver keeps all of a grid's blocks resident. Before it, in stream
 * order, the backend sets the module's __hipc_multi_grid
 * (hip/hipc/multi_grid.h) to the grid's place in the launch: copied from
 * page-locked memory for a grid of several, zeroed (one grid) for a
 * single-grid launch that follows a multi-grid one; nothing for a module
 * without the variable or already zero. No pageable memory is involved, so
 * the launch never waits for the stream.
 *
 * The grids of a multi-device launch meet in page-locked, mapped, portable
 * host memory, which every GPU reaches at the same address: a record of
 * HIPC_MULTI_GRID_MAX counters, one per grid, zeroed when the launch
 * takes it, followed by the grids' hipc_multi_grid_info (the source of
 * the copies). The record goes back to the pool once every grid has
 * finished (a host function enqueued after each grid). Records come from
 * pages of 64, allocated when the pool runs dry and kept until the process
 * ends. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"
#include "hip/hipc/multi_grid.h"

/* A record in page-locked memory: the counters, then the grids' info. */
typedef struct mg_shared {
  unsigned arrivals[HIPC_MULTI_GRID_MAX];
  hipc_multi_grid_info info[HIPC_MULTI_GRID_MAX];
} mg_shared;
#define RECORD_BYTES sizeof(mg_shared)
#define RECORDS_PER_PAGE 64

typedef struct mg_record {
  struct mg_record* next; /* in the free list */
  mg_shared* host;        /* as the host writes it */
  mg_shared* device;      /* and as kernels and copies address it */
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
    recs[i].host = (mg_shared*)page + i;
    recs[i].device = (mg_shared*)(uintptr_t)dev_page + i;
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
    /* No kernel or copy uses a free record. */
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

/* What the backend knows of a loaded module's __hipc_multi_grid: its
 * address (0: the module has none) and whether it may be non-zero. */
typedef struct mg_var {
  CUmodule module;
  CUdeviceptr addr;
  int dirty;
} mg_var;

static pthread_mutex_t vars_lock = PTHREAD_MUTEX_INITIALIZER;
static mg_var* vars;
static size_t nvars, vars_cap;

/* The entry of module `m` (looked up in the module once, with `d`'s
 * context current). Under vars_lock; NULL when out of memory. */
static mg_var* var_of(CUmodule m) {
  for (size_t i = 0; i < nvars; ++i)
    if (vars[i].module == m) return &vars[i];
  if (nvars == vars_cap) {
    size_t cap = vars_cap ? vars_cap * 2 : 16;
    mg_var* t = realloc(vars, cap * sizeof *t);
    if (!t) return NULL;
    vars = t;
    vars_cap = cap;
  }
  mg_var* v = &vars[nvars++];
  size_t size = 0;
  v->module = m;
  v->addr = 0;
  v->dirty = 0;
  if (hipc_cu.ModuleGetGlobal(&v->addr, &size, m, "__hipc_multi_grid") !=
          CUDA_SUCCESS ||
      size != sizeof(hipc_multi_grid_info))
    v->addr = 0;
  return v;
}

/* Sets the __hipc_multi_grid of the module of kernel `l` on `d`, in order
 * on `q`: to `info` (in page-locked memory) for a grid of several, to zero
 * (NULL `info`) for one grid. */
static hipError_t set_info(cuda_device* d, hipc_queue* q,
                           const hipc_launch* l,
                           const hipc_multi_grid_info* info) {
  hipc_gpu_symbol* k = hipc__gpu_kernel_find(l->kernel->host_fn);
  /* The launch found the kernel's function, so its module is loaded. */
  void* m = k ? atomic_load_explicit(&k->module->loaded[d->index],
                                     memory_order_acquire)
              : NULL;
  if (!m || m == &hipc__cuda_no_image) return hipSuccess;
  CUresult r = CUDA_SUCCESS;
  pthread_mutex_lock(&vars_lock);
  mg_var* v = var_of((CUmodule)m);
  if (!v) {
    pthread_mutex_unlock(&vars_lock);
    return hipErrorOutOfMemory;
  }
  if (v->addr && info) {
    r = hipc_cu.MemcpyHtoDAsync(v->addr, info, sizeof *info, q->stream);
    v->dirty = 1;
  } else if (v->addr && v->dirty) {
    r = hipc_cu.MemsetD32Async(v->addr, 0,
                               sizeof(hipc_multi_grid_info) / 4, q->stream);
    if (r == CUDA_SUCCESS) v->dirty = 0;
  }
  pthread_mutex_unlock(&vars_lock);
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
  mg_record* rec = NULL;
  const hipc_multi_grid_info* info = NULL;
  hipError_t e = hipSuccess;
  if (c->num_grids > 1) {
    /* The first grid's launch takes the record, the others find it. */
    rec = *c->shared;
    if (!rec) {
      e = take_record(d, c->num_grids, &rec);
      if (e != hipSuccess) return e;
      *c->shared = rec;
    }
    hipc_multi_grid_info* mine = &rec->host->info[c->grid_rank];
    mine->arrivals = rec->device->arrivals;
    mine->grid_rank = c->grid_rank;
    mine->num_grids = c->num_grids;
    mine->multi_threads = c->multi_threads;
    mine->thread_offset = c->thread_offset;
    info = mine;
  }
  e = set_info(d, q, l, info);
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
