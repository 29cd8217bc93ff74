/* NVIDIA GPUs as HIP devices: which GPUs are visible, their primary
 * contexts, their properties, and the backend's ops table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"
#include "runtime/env.h"

/* The driver ordinals of the GPUs hipc shows, in HIP device order. */
static int visible[HIPC_MAX_GPUS];
static int nvisible;
/* The initialised GPUs, by backend index (written once, at init). */
static cuda_device* devices[HIPC_MAX_GPUS];

cuda_device* hipc__cuda_device_of(int ordinal) {
  for (int i = 0; i < nvisible; ++i) {
    cuda_device* d = __atomic_load_n(&devices[i], __ATOMIC_ACQUIRE);
    if (d && d->dev->ordinal == ordinal) return d;
  }
  return NULL;
}

/* The context current on this thread, as far as hipc set it. */
static __thread CUcontext bound __attribute__((tls_model("initial-exec")));

/* A device's primary context is retained on its first use, not when the
 * runtime builds its device table, as the CUDA runtime does: programs that
 * only count GPUs or read their properties (HeCBench p2p and mpc) took
 * 0.16-0.18 s longer than their nvcc builds on an H200, twice their whole
 * time, when every GPU's context was made at init. The null queue's stream
 * is made with the context. HIPC_CUDA_EAGER_CONTEXT=1 makes them at init,
 * as before. */
static CUresult activate(cuda_device* d) {
  CUresult r = CUDA_SUCCESS;
  pthread_mutex_lock(&d->ctx_lock);
  if (!__atomic_load_n(&d->ctx, __ATOMIC_ACQUIRE)) {
    if (!d->retained)
      r = hipc_cu.DevicePrimaryCtxRetain(&d->retained, d->cu);
    if (r == CUDA_SUCCESS) r = hipc_cu.CtxSetCurrent(d->retained);
    if (r == CUDA_SUCCESS) {
      bound = d->retained;
      if (!d->null_queue->stream)
        r = hipc_cu.StreamCreateWithPriority(&d->null_queue->stream,
                                             CU_STREAM_NON_BLOCKING, 0);
    }
    if (r == CUDA_SUCCESS)
      __atomic_store_n(&d->ctx, d->retained, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&d->ctx_lock);
  return r;
}

CUresult hipc__cuda_context(cuda_device* d, CUcontext* out) {
  CUcontext c = __atomic_load_n(&d->ctx, __ATOMIC_ACQUIRE);
  CUresult r = c ? CUDA_SUCCESS : activate(d);
  *out = d->ctx;
  return r;
}

CUresult hipc__cuda_bind(cuda_device* d) {
  CUcontext c = __atomic_load_n(&d->ctx, __ATOMIC_ACQUIRE);
  if (__builtin_expect(c != NULL && bound == c, 1)) return CUDA_SUCCESS;
  if (!c) {
    CUresult r = activate(d); /* leaves it current when it makes it */
    if (r != CUDA_SUCCESS) return r;
    c = d->ctx;
    if (bound == c) return CUDA_SUCCESS;
  }
  CUresult r = hipc_cu.CtxSetCurrent(c);
  if (r == CUDA_SUCCESS) bound = c;
  return r;
}

/* HIP_VISIBLE_DEVICES: a comma-separated list of ordinals among the GPUs
 * the driver shows (CUDA_VISIBLE_DEVICES is applied by the driver itself,
 * first). As with CUDA's variable, the list ends at the first entry that
 * is not a valid, unrepeated ordinal; an empty list hides every GPU. */
static void choose_visible(int count) {
  if (count > HIPC_MAX_GPUS) count = HIPC_MAX_GPUS;
  const char* list = getenv("HIP_VISIBLE_DEVICES");
  nvisible = 0;
  if (!list) {
    for (int i = 0; i < count; ++i) visible[nvisible++] = i;
    return;
  }
  const char* p = list;
  while (*p && nvisible < HIPC_MAX_GPUS) {
    while (*p == ' ') ++p;
    char* end;
    long v = strtol(p, &end, 10);
    if (end == p || v < 0 || v >= count) break;
    int seen = 0;
    for (int i = 0; i < nvisible; ++i) seen |= visible[i] == (int)v;
    if (seen) break;
    visible[nvisible++] = (int)v;
    while (*end == ' ') ++end;
    if (*end != ',') break;
    p = end + 1;
  }
}

static int cuda_probe(void) {
  if (hipc__cuda_load() != 0) return 0;
  int count = 0;
  if (hipc_cu.DeviceGetCount(&count) != CUDA_SUCCESS || count <= 0) return 0;
  choose_visible(count);
  return nvisible;
}

static int attr(const cuda_device* d, int a) {
  int v = 0;
  if (hipc_cu.DeviceGetAttribute(&v, a, d->cu) != CUDA_SUCCESS) v = 0;
  return v;
}

static void fill_props(hipDeviceProp_t* p, const cuda_device* d) {
  memset(p, 0, sizeof *p);
  if (hipc_cu.DeviceGetName(p->name, (int)sizeof p->name, d->cu) !=
      CUDA_SUCCESS)
    snprintf(p->name, sizeof p->name, "NVIDIA GPU");
  (void)hipc_cu.DeviceGetUuid(&p->uuid, d->cu);
  size_t total = 0;
  (void)hipc_cu.DeviceTotalMem(&total, d->cu);
  p->totalGlobalMem = total;
  snprintf(p->gcnArchName, sizeof p->gcnArchName, "%s", d->arch);
  p->major = d->major;
  p->minor = d->minor;
  p->sharedMemPerBlock = (size_t)attr(d, CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK);
  p->regsPerBlock = attr(d, CU_ATTR_MAX_REGISTERS_PER_BLOCK);
  p->warpSize = attr(d, CU_ATTR_WARP_SIZE);
  p->memPitch = (size_t)attr(d, CU_ATTR_MAX_PITCH);
  p->maxThreadsPerBlock = attr(d, CU_ATTR_MAX_THREADS_PER_BLOCK);
  p->maxThreadsDim[0] = attr(d, CU_ATTR_MAX_BLOCK_DIM_X);
  p->maxThreadsDim[1] = attr(d, CU_ATTR_MAX_BLOCK_DIM_Y);
  p->maxThreadsDim[2] = attr(d, CU_ATTR_MAX_BLOCK_DIM_Z);
  p->maxGridSize[0] = attr(d, CU_ATTR_MAX_GRID_DIM_X);
  p->maxGridSize[1] = attr(d, CU_ATTR_MAX_GRID_DIM_Y);
  p->maxGridSize[2] = attr(d, CU_ATTR_MAX_GRID_DIM_Z);
  p->clockRate = attr(d, CU_ATTR_CLOCK_RATE);
  p->clockInstructionRate = p->clockRate; /* clock() counts SM cycles */
  p->totalConstMem = (size_t)attr(d, CU_ATTR_TOTAL_CONSTANT_MEMORY);
  p->textureAlignment = (size_t)attr(d, CU_ATTR_TEXTURE_ALIGNMENT);
  p->texturePitchAlignment = (size_t)attr(d, CU_ATTR_TEXTURE_PITCH_ALIGNMENT);
  p->surfaceAlignment = (size_t)attr(d, CU_ATTR_SURFACE_ALIGNMENT);
  p->deviceOverlap = attr(d, CU_ATTR_GPU_OVERLAP);
  p->multiProcessorCount = attr(d, CU_ATTR_MULTIPROCESSOR_COUNT);
  p->kernelExecTimeoutEnabled = attr(d, CU_ATTR_KERNEL_EXEC_TIMEOUT);
  p->integrated = attr(d, CU_ATTR_INTEGRATED);
  p->canMapHostMemory = attr(d, CU_ATTR_CAN_MAP_HOST_MEMORY);
  p->computeMode = attr(d, CU_ATTR_COMPUTE_MODE);
  p->concurrentKernels = attr(d, CU_ATTR_CONCURRENT_KERNELS);
  p->ECCEnabled = attr(d, CU_ATTR_ECC_ENABLED);
  p->pciBusID = attr(d, CU_ATTR_PCI_BUS_ID);
  p->pciDeviceID = attr(d, CU_ATTR_PCI_DEVICE_ID);
  p->pciDomainID = attr(d, CU_ATTR_PCI_DOMAIN_ID);
  p->tccDriver = attr(d, CU_ATTR_TCC_DRIVER);
  p->asyncEngineCount = attr(d, CU_ATTR_ASYNC_ENGINE_COUNT);
  p->unifiedAddressing = attr(d, CU_ATTR_UNIFIED_ADDRESSING);
  p->memoryClockRate = attr(d, CU_ATTR_MEMORY_CLOCK_RATE);
  p->memoryBusWidth = attr(d, CU_ATTR_GLOBAL_MEMORY_BUS_WIDTH);
  p->l2CacheSize = attr(d, CU_ATTR_L2_CACHE_SIZE);
  p->persistingL2CacheMaxSize = attr(d, CU_ATTR_MAX_PERSISTING_L2_CACHE_SIZE);
  p->maxThreadsPerMultiProcessor =
      attr(d, CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR);
  p->streamPrioritiesSupported = attr(d, CU_ATTR_STREAM_PRIORITIES_SUPPORTED);
  p->globalL1CacheSupported = attr(d, CU_ATTR_GLOBAL_L1_CACHE_SUPPORTED);
  p->localL1CacheSupported = attr(d, CU_ATTR_LOCAL_L1_CACHE_SUPPORTED);
  p->sharedMemPerMultiprocessor =
      (size_t)attr(d, CU_ATTR_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  p->maxSharedMemoryPerMultiProcessor = p->sharedMemPerMultiprocessor;
  p->regsPerMultiprocessor = attr(d, CU_ATTR_MAX_REGISTERS_PER_MULTIPROCESSOR);
  p->managedMemory = attr(d, CU_ATTR_MANAGED_MEMORY);
  p->isMultiGpuBoard = attr(d, CU_ATTR_MULTI_GPU_BOARD);
  p->multiGpuBoardGroupID = attr(d, CU_ATTR_MULTI_GPU_BOARD_GROUP_ID);
  p->hostNativeAtomicSupported = attr(d, CU_ATTR_HOST_NATIVE_ATOMIC_SUPPORTED);
  p->singleToDoublePrecisionPerfRatio =
      attr(d, CU_ATTR_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO);
  p->pageableMemoryAccess = attr(d, CU_ATTR_PAGEABLE_MEMORY_ACCESS);
  p->concurrentManagedAccess = attr(d, CU_ATTR_CONCURRENT_MANAGED_ACCESS);
  p->computePreemptionSupported =
      attr(d, CU_ATTR_COMPUTE_PREEMPTION_SUPPORTED);
  p->canUseHostPointerForRegisteredMem =
      attr(d, CU_ATTR_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM);
  p->cooperativeLaunch = attr(d, CU_ATTR_COOPERATIVE_LAUNCH);
  /* Multi-device launches (coop.c): the grids meet in mapped host
   * memory, at the same address on every GPU (unified addressing). They
   * may differ in kernel, grid, block and shared memory. */
  p->cooperativeMultiDeviceLaunch = p->cooperativeLaunch &&
                                    p->canMapHostMemory &&
                                    p->unifiedAddressing &&
                                    hipc_cu.LaunchCooperativeKernel != NULL;
  p->cooperativeMultiDeviceUnmatchedFunc =
      p->cooperativeMultiDeviceUnmatchedGridDim =
          p->cooperativeMultiDeviceUnmatchedBlockDim =
              p->cooperativeMultiDeviceUnmatchedSharedMem =
                  p->cooperativeMultiDeviceLaunch;
  p->sharedMemPerBlockOptin =
      (size_t)attr(d, CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  p->pageableMemoryAccessUsesHostPageTables =
      attr(d, CU_ATTR_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES);
  p->directManagedMemAccessFromHost =
      attr(d, CU_ATTR_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST);
  p->maxBlocksPerMultiProcessor = attr(d, CU_ATTR_MAX_BLOCKS_PER_MULTIPROCESSOR);
  p->accessPolicyMaxWindowSize = attr(d, CU_ATTR_MAX_ACCESS_POLICY_WINDOW_SIZE);
  p->reservedSharedMemPerBlock =
      (size_t)attr(d, CU_ATTR_RESERVED_SHARED_MEMORY_PER_BLOCK);
  p->hostRegisterSupported = attr(d, CU_ATTR_HOST_REGISTER_SUPPORTED);
  p->sparseHipArraySupported = attr(d, CU_ATTR_SPARSE_CUDA_ARRAY_SUPPORTED);
  p->hostRegisterReadOnlySupported =
      attr(d, CU_ATTR_READ_ONLY_HOST_REGISTER_SUPPORTED);
  p->memoryPoolsSupported = attr(d, CU_ATTR_MEMORY_POOLS_SUPPORTED);
  p->gpuDirectRDMASupported = attr(d, CU_ATTR_GPU_DIRECT_RDMA_SUPPORTED);
  p->clusterLaunch = attr(d, CU_ATTR_CLUSTER_LAUNCH);
  /* AMD's "large BAR": the host can dereference hipMalloc'd memory. Not
   * so on NVIDIA GPUs (programs that test it read device memory on the
   * host only when it is 1). */
  p->isLargeBar = 0;
  /* Every architecture CUDA 12+ drivers run (sm_50 and later) has all of
   * these. */
  p->arch.hasGlobalInt32Atomics = p->arch.hasGlobalFloatAtomicExch = 1;
  p->arch.hasSharedInt32Atomics = p->arch.hasSharedFloatAtomicExch = 1;
  p->arch.hasFloatAtomicAdd = p->arch.hasGlobalInt64Atomics = 1;
  p->arch.hasSharedInt64Atomics = p->arch.hasDoubles = 1;
  p->arch.hasWarpVote = p->arch.hasWarpBallot = p->arch.hasWarpShuffle = 1;
  p->arch.hasFunnelShift = p->arch.hasThreadFenceSystem = 1;
  p->arch.hasSyncThreadsExt = p->arch.hasSurfaceFuncs = 1;
  p->arch.has3dGrid = p->arch.hasDynamicParallelism = 1;
}

static hipError_t cuda_init(hipc_device* dev, int index) {
  if (index < 0 || index >= nvisible) return hipErrorInvalidDevice;
  cuda_device* d = calloc(1, sizeof *d);
  hipc_queue* null_queue = calloc(1, sizeof *null_queue);
  if (!d || !null_queue) {
    free(d);
    free(null_queue);
    return hipErrorOutOfMemory;
  }
  d->index = index;
  d->dev = dev;
  null_queue->dev = d;
  d->null_queue = null_queue;
  pthread_mutex_init(&d->load_lock, NULL);
  pthread_mutex_init(&d->ctx_lock, NULL);
  CUresult r = hipc_cu.DeviceGet(&d->cu, visible[index]);
  if (r == CUDA_SUCCESS && hipc__env_flag("HIPC_CUDA_EAGER_CONTEXT", 0))
    r = activate(d);
  if (r != CUDA_SUCCESS) {
    pthread_mutex_destroy(&d->load_lock);
    pthread_mutex_destroy(&d->ctx_lock);
    free(null_queue);
    free(d);
    return hipc__cuda_error(r);
  }
  d->major = attr(d, CU_ATTR_COMPUTE_CAPABILITY_MAJOR);
  d->minor = attr(d, CU_ATTR_COMPUTE_CAPABILITY_MINOR);
  snprintf(d->arch, sizeof d->arch, "sm_%d%d", d->major, d->minor);
  dev->impl = d;
  fill_props(&dev->props, d);
  /* The null queue: a stream of its own (cuda_backend.h says why), made
   * with the context. */
  dev->null_queue = null_queue;
  __atomic_store_n(&devices[index], d, __ATOMIC_RELEASE);
  return hipSuccess;
}

const hipc_backend_ops hipc_cuda_ops = {
    .name = "cuda",
    .host_memory = 0,
    .probe = cuda_probe,
    .init = cuda_init,
    .alloc = hipc__cuda_alloc,
    .release = hipc__cuda_release,
    .queue_create = hipc__cuda_queue_create,
    .queue_destroy = hipc__cuda_queue_destroy,
    .queue_sync = hipc__cuda_queue_sync,
    .queue_query = hipc__cuda_queue_query,
    .launch = hipc__cuda_launch,
    .memcpy = hipc__cuda_memcpy,
    .memset = hipc__cuda_memset,
    .device_sync = hipc__cuda_device_sync,
    .mem_info = hipc__cuda_mem_info,
    .memcpy_2d = hipc__cuda_memcpy_2d,
    .memset_2d = hipc__cuda_memset_2d,
    .event_create = hipc__cuda_event_create,
    .event_destroy = hipc__cuda_event_destroy,
    .event_record = hipc__cuda_event_record,
    .event_query = hipc__cuda_event_query,
    .event_sync = hipc__cuda_event_sync,
    .event_elapsed = hipc__cuda_event_elapsed,
    .queue_wait_event = hipc__cuda_queue_wait_event,
    .queue_host_fn = hipc__cuda_queue_host_fn,
    .batch_create = hipc__cuda_batch_create,
    .batch_enqueue = hipc__cuda_batch_enqueue,
    .batch_destroy = hipc__cuda_batch_destroy,
    .queue_native = hipc__cuda_queue_native,
    .host_alloc = hipc__cuda_host_alloc,
    .host_release = hipc__cuda_host_release,
    .host_register = hipc__cuda_host_register,
    .host_unregister = hipc__cuda_host_unregister,
    .host_device_pointer = hipc__cuda_host_device_pointer,
    .pointer_known = hipc__cuda_pointer_known,
    .managed_alloc = hipc__cuda_managed_alloc,
    .prefetch = hipc__cuda_prefetch,
    .blocks_per_mp = hipc__cuda_blocks_per_mp,
    .symbol = hipc__cuda_symbol,
    .func_attributes = hipc__cuda_func_attributes,
    .func_set_attribute = hipc__cuda_func_set_attribute,
    .peer_can_access = hipc__cuda_peer_can_access,
    .peer_access = hipc__cuda_peer_access,
    .peer_copy = hipc__cuda_peer_copy,
    .pci_bus_id = hipc__cuda_pci_bus_id,
    .wait_value = hipc__cuda_wait_value,
    .write_value = hipc__cuda_write_value,
    .ipc_export = hipc__cuda_ipc_export,
    .ipc_open = hipc__cuda_ipc_open,
    .ipc_close = hipc__cuda_ipc_close,
    .event_ipc_export = hipc__cuda_event_ipc_export,
    .event_ipc_open = hipc__cuda_event_ipc_open,
    .vm_granularity = hipc__cuda_vm_granularity,
    .vm_reserve = hipc__cuda_vm_reserve,
    .vm_free = hipc__cuda_vm_free,
    .vm_create = hipc__cuda_vm_create,
    .vm_release = hipc__cuda_vm_release,
    .vm_map = hipc__cuda_vm_map,
    .vm_unmap = hipc__cuda_vm_unmap,
    .vm_access = hipc__cuda_vm_access,
    .vm_export_fd = hipc__cuda_vm_export_fd,
    .vm_import_fd = hipc__cuda_vm_import_fd,
    .pool_create = hipc__cuda_pool_create,
    .pool_destroy = hipc__cuda_pool_destroy,
    .pool_alloc = hipc__cuda_pool_alloc,
    .pool_free = hipc__cuda_pool_free,
    .pool_export = hipc__cuda_pool_export,
    .pool_import = hipc__cuda_pool_import,
    .pool_export_ptr = hipc__cuda_pool_export_ptr,
    .pool_import_ptr = hipc__cuda_pool_import_ptr,
    .array_create = hipc__cuda_array_create,
    .array_destroy = hipc__cuda_array_destroy,
    .array_copy = hipc__cuda_array_copy,
    .texture_create = hipc__cuda_texture_create,
    .surface_create = hipc__cuda_surface_create,
    .object_destroy = hipc__cuda_object_destroy,
};
