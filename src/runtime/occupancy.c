/* Occupancy and kernel attributes: hipOccupancy*, hipFuncGetAttributes,
 * hipFuncSet*.
 *
 * On the CPU device a "multiprocessor" is a worker thread; what it holds
 * at once (maxThreadsPerMultiProcessor, maxBlocksPerMultiProcessor,
 * sharedMemPerMultiprocessor) bounds the blocks of a cooperative launch,
 * which are all in flight together, and the numbers here are the ones
 * hipLaunchCooperativeKernel checks against. A GPU's backend answers from
 * the compiled kernel (its blocks_per_mp op: registers and static shared
 * memory count too). */
#include "internal.h"

static int min_int(int a, int b) { return a < b ? a : b; }

/* The largest block the kernel may be launched with. */
static int max_block(const hipDeviceProp_t* p, const hipc_kernel_desc* d) {
  int m = p->maxThreadsPerBlock;
  if (d->max_threads && (int)d->max_threads < m) m = (int)d->max_threads;
  return m;
}

int hipc__blocks_per_mp(const hipDeviceProp_t* p, const hipc_kernel_desc* d,
                        int block_threads, size_t shmem) {
  if (block_threads <= 0 || block_threads > max_block(p, d)) return 0;
  if (shmem > p->sharedMemPerBlock) return 0;
  int ws = p->warpSize > 0 ? p->warpSize : 1;
  int rounded = (block_threads + ws - 1) / ws * ws;
  int n = min_int(p->maxThreadsPerMultiProcessor / rounded,
                  p->maxBlocksPerMultiProcessor);
  if (shmem) {
    size_t by_shared = p->sharedMemPerMultiprocessor / shmem;
    if (by_shared < (size_t)n) n = (int)by_shared;
  }
  return n;
}

hipError_t hipc__occupancy(hipc_device* dev, const hipc_kernel* k,
                           int block_threads, size_t shmem, int* out) {
  const hipDeviceProp_t* p = &dev->props;
  if (block_threads <= 0 || block_threads > max_block(p, k->desc) ||
      shmem > p->sharedMemPerBlock) {
    *out = 0;
    return hipSuccess;
  }
  if (dev->ops->blocks_per_mp)
    return dev->ops->blocks_per_mp(dev, k->desc, k->name, block_threads,
                                   shmem, out);
  *out = hipc__blocks_per_mp(p, k->desc, block_threads, shmem);
  return hipSuccess;
}

/* The current device and the kernel `f`. */
static hipError_t lookup(const void* f, hipc_device** dev,
                         const hipc_kernel** k) {
  if (!f || !(*k = hipc__kernel_find(f))) return hipErrorInvalidDeviceFunction;
  return hipc__current_device(dev);
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!numBlocks, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags != hipOccupancyDefault &&
                     flags != hipOccupancyDisableCachingOverride,
                 hipErrorInvalidValue);
  hipc_device* dev;
  const hipc_kernel* k;
  hipError_t e = lookup(f, &dev, &k);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(blockSize <= 0, hipErrorInvalidValue);
  HIPC_RETURN(hipc__occupancy(dev, k, blockSize, dynSharedMemPerBlk,
                              numBlocks));
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk) {
  HIPC_API_ENTER();
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, f, blockSize, dynSharedMemPerBlk, hipOccupancyDefault);
}

hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                             const void* f,
                                             size_t dynSharedMemPerBlk,
                                             int blockSizeLimit) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!gridSize || !blockSize || blockSizeLimit < 0,
                 hipErrorInvalidValue);
  hipc_device* dev;
  const hipc_kernel* k;
  hipError_t e = lookup(f, &dev, &k);
  HIPC_RETURN_IF(e != hipSuccess, e);
  const hipDeviceProp_t* p = &dev->props;
  int top = max_block(p, k->desc);
  if (blockSizeLimit > 0 && blockSizeLimit < top) top = blockSizeLimit;
  /* The block size that keeps the most threads in flight; the largest
   * such. Candidates: the limit itself, then multiples of the warp size. */
  int ws = p->warpSize > 0 ? p->warpSize : 1;
  int best = 0, best_blocks = 0;
  long best_threads = 0;
  for (int bs = top; bs > 0; bs = bs % ws ? bs / ws * ws : bs - ws) {
    int n;
    e = hipc__occupancy(dev, k, bs, dynSharedMemPerBlk, &n);
    HIPC_RETURN_IF(e != hipSuccess, e);
    if ((long)n * bs > best_threads) {
      best_threads = (long)n * bs;
      best = bs;
      best_blocks = n;
    }
  }
  *blockSize = best;
  *gridSize = best_blocks * p->multiProcessorCount;
  HIPC_RETURN(hipSuccess);
}

/* -- kernel attributes */

hipError_t hipFuncGetAttributes(struct hipFuncAttributes* attr,
                                const void* func) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!attr, hipErrorInvalidValue);
  hipc_device* dev;
  const hipc_kernel* k;
  hipError_t e = lookup(func, &dev, &k);
  HIPC_RETURN_IF(e != hipSuccess, e);
  const hipDeviceProp_t* p = &dev->props;
  hipFuncAttributes a = {0};
  a.binaryVersion = a.ptxVersion = p->major * 10 + p->minor;
  a.maxThreadsPerBlock = max_block(p, k->desc);
  int mds = __atomic_load_n(&k->max_dynamic_shared, __ATOMIC_RELAXED);
  a.maxDynamicSharedSizeBytes = mds >= 0 ? mds : (int)p->sharedMemPerBlock;
  a.preferredShmemCarveout = __atomic_load_n(&k->carveout, __ATOMIC_RELAXED);
  /* A GPU knows what the compiled kernel uses. On the CPU device kernels
   * are host code: no registers, local or constant memory to count; the
   * size of static __shared__ variables is known for kc's kernels (their
   * translation unit's segment), not for the rewriter's (reported as 0). */
  a.sharedSizeBytes = k->desc->static_shared;
  if (dev->ops->func_attributes) {
    e = dev->ops->func_attributes(dev, k->desc, k->name, &a);
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  *attr = a;
  HIPC_RETURN(hipSuccess);
}

/* The most dynamic shared memory a kernel may be given per block:
 * sharedMemPerBlock, or the larger opt-in limit where the device has one. */
static size_t shared_optin(const hipDeviceProp_t* p) {
  return p->sharedMemPerBlockOptin > p->sharedMemPerBlock
             ? p->sharedMemPerBlockOptin
             : p->sharedMemPerBlock;
}

hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr,
                               int value) {
  HIPC_API_ENTER();
  hipc_device* dev;
  const hipc_kernel* k;
  hipError_t e = lookup(func, &dev, &k);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_kernel* mk = (hipc_kernel*)k;
  int* slot;
  switch (attr) {
    case hipFuncAttributeMaxDynamicSharedMemorySize:
      HIPC_RETURN_IF(value < 0 || (size_t)value > shared_optin(&dev->props),
                     hipErrorInvalidValue);
      slot = &mk->max_dynamic_shared;
      break;
    case hipFuncAttributePreferredSharedMemoryCarveout:
      HIPC_RETURN_IF(value < -1 || value > 100, hipErrorInvalidValue);
      slot = &mk->carveout;
      break;
    default:
      HIPC_RETURN(hipErrorInvalidValue);
  }
  if (dev->ops->func_set_attribute) {
    e = dev->ops->func_set_attribute(dev, k->desc, k->name, attr, value);
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  __atomic_store_n(slot, value, __ATOMIC_RELAXED);
  HIPC_RETURN(hipSuccess);
}

/* Accepted and without effect: the CPU device has no cache or bank
 * configuration. */
hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t config) {
  HIPC_API_ENTER();
  hipc_device* dev;
  const hipc_kernel* k;
  hipError_t e = lookup(func, &dev, &k);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF((unsigned)config > hipFuncCachePreferEqual,
                 hipErrorInvalidValue);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipFuncSetSharedMemConfig(const void* func,
                                     hipSharedMemConfig config) {
  HIPC_API_ENTER();
  hipc_device* dev;
  const hipc_kernel* k;
  hipError_t e = lookup(func, &dev, &k);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF((unsigned)config > hipSharedMemBankSizeEightByte,
                 hipErrorInvalidValue);
  HIPC_RETURN(hipSuccess);
}
