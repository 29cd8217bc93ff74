/* Cooperative launches: hipLaunchCooperativeKernel and
 * hipLaunchCooperativeKernelMultiDevice. Every block of a cooperative grid
 * is in flight at once, so grid_group::sync() can wait for all of them; a
 * grid bigger than the device holds at once (hipOccupancy...: blocks per
 * multiprocessor times multiprocessors) is refused with
 * hipErrorCooperativeLaunchTooLarge.
 *
 * A multi-device launch is one launch per grid, each on its own stream,
 * sharing a hipc_coop_launch.shared slot through which the backend hands
 * its multi-grid barrier from the first grid to the others. Every grid is
 * checked (kernel, configuration, co-residency) before the first starts;
 * a grid whose launch still fails leaves the grids started before it
 * waiting at their first multi-grid barrier. */
#include "internal.h"

typedef struct coop_item {
  const hipc_kernel* k;
  hipc_device* dev;
  hipc_queue* q;
  dim3 grid, block;
  size_t shmem;
  void** args;
  hipStream_t stream;
  uint64_t blocks, threads;
} coop_item;

static hipError_t prepare(coop_item* it, const void* f, dim3 grid,
                          dim3 block, void** args, size_t shmem,
                          hipStream_t stream) {
  if (!f || !(it->k = hipc__kernel_find(f)))
    return hipErrorInvalidDeviceFunction;
  if (!args && it->k->desc->num_params) return hipErrorInvalidValue;
  hipError_t e = hipc__stream_resolve(stream, &it->dev, &it->q);
  if (e != hipSuccess) return e;
  it->stream = stream;
  const hipDeviceProp_t* p = &it->dev->props;
  e = hipc__check_config(p, it->k, grid, block, shmem);
  if (e != hipSuccess) return e;
  if (!p->cooperativeLaunch) return hipErrorNotSupported;
  it->grid = grid;
  it->block = block;
  it->shmem = shmem;
  it->args = args;
  it->blocks = (uint64_t)grid.x * grid.y * grid.z;
  uint64_t bt = (uint64_t)block.x * block.y * block.z;
  it->threads = it->blocks * bt;
  int per_mp;
  e = hipc__occupancy(it->dev, it->k, (int)bt, shmem, &per_mp);
  if (e != hipSuccess) return e;
  uint64_t fit = (uint64_t)per_mp * (uint64_t)p->multiProcessorCount;
  return it->blocks > fit ? hipErrorCooperativeLaunchTooLarge : hipSuccess;
}

static hipError_t launch(const coop_item* it, const hipc_coop_launch* c) {
  hipc_launch l = {.kernel = it->k->desc, .name = it->k->name,
                   .grid = it->grid, .block = it->block, .shmem = it->shmem,
                   .args = it->args, .coop = c};
  HIPC_ARG_STR("kernel", it->k->name);
  HIPC_ARG_DIM3("grid", it->grid);
  HIPC_ARG_DIM3("block", it->block);
  HIPC_ARG_U64("shared", it->shmem);
  hipc_work w;
  hipError_t e = hipc__work_begin(it->stream, &w);
  if (e != hipSuccess) return e;
  hipc__log_launch(it->k->name, it->grid, it->block, it->shmem, it->stream,
                   w.dev->ordinal);
  e = w.dev->ops->launch(w.q, &l);
  return hipc__work_end(&w, e, 0);
}

hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim,
                                      dim3 blockDimX, void** kernelParams,
                                      unsigned int sharedMemBytes,
                                      hipStream_t stream) {
  HIPC_API_ENTER();
  coop_item it;
  hipError_t e = prepare(&it, f, gridDim, blockDimX, kernelParams,
                         sharedMemBytes, stream);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_coop_launch c = {.grid_rank = 0, .num_grids = 1,
                        .multi_blocks = it.blocks,
                        .multi_threads = it.threads, .thread_offset = 0,
                        .shared = NULL};
  HIPC_RETURN(launch(&it, &c));
}

hipError_t hipLaunchCooperativeKernelMultiDevice(
    hipLaunchParams* launchParamsList, int numDevices, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!launchParamsList || numDevices <= 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)(hipCooperativeLaunchMultiDeviceNoPreSync |
                                     hipCooperativeLaunchMultiDeviceNoPostSync),
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(numDevices > hipc__device_count(), hipErrorInvalidValue);
  coop_item items[HIPC_MAX_DEVICES];
  uint64_t blocks = 0, threads = 0;
  for (int i = 0; i < numDevices; ++i) {
    const hipLaunchParams* lp = &launchParamsList[i];
    e = prepare(&items[i], lp->func, lp->gridDim, lp->blockDim, lp->args,
                lp->sharedMem, lp->stream);
    HIPC_RETURN_IF(e != hipSuccess, e);
    /* One grid per device. */
    for (int j = 0; j < i; ++j)
      HIPC_RETURN_IF(items[j].dev == items[i].dev, hipErrorInvalidDevice);
    /* The grids meet in a barrier of their backend's: every device must
     * offer multi-device launches, all of one backend (the CPU device
     * and GPUs share none). */
    HIPC_RETURN_IF(numDevices > 1 &&
                       (!items[i].dev->props.cooperativeMultiDeviceLaunch ||
                        items[i].dev->ops != items[0].dev->ops),
                   hipErrorNotSupported);
    blocks += items[i].blocks;
    threads += items[i].threads;
  }
  /* Without NoPreSync, the grids start once the work before them on every
   * stream of the launch has finished. */
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPreSync))
    for (int i = 0; i < numDevices; ++i) {
      e = items[i].dev->ops->queue_sync(items[i].q);
      HIPC_RETURN_IF(e != hipSuccess, e);
    }
  void* shared = NULL;
  uint64_t offset = 0;
  for (int i = 0; i < numDevices; ++i) {
    hipc_coop_launch c = {.grid_rank = (uint32_t)i,
                          .num_grids = (uint32_t)numDevices,
                          .multi_device = 1,
                          .multi_blocks = blocks, .multi_threads = threads,
                          .thread_offset = offset, .shared = &shared};
    e = launch(&items[i], &c);
    HIPC_RETURN_IF(e != hipSuccess, e);
    offset += items[i].threads;
  }
  /* Without NoPostSync, work queued after the launch on any of its streams
   * waits for every grid: with more than one, wait for them here. */
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPostSync) && numDevices > 1)
    for (int i = 0; i < numDevices; ++i) {
      e = items[i].dev->ops->queue_sync(items[i].q);
      HIPC_RETURN_IF(e != hipSuccess, e);
    }
  HIPC_RETURN(hipSuccess);
}
