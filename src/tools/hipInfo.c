/* hipInfo: every device the runtime sees, with its properties and its
 * attributes, as AMD's tool lists them, plus which backend drives it and,
 * for the CPU device, the worker threads and the warp size (the
 * environment's HIPC_CPU_THREADS and HIPC_WARP_SIZE, README
 * "Environment"). Only the public HIP API is used.
 */
#include <stdio.h>
#include <string.h>

#include "hip/hip_runtime_api.h"

/* Every attribute of hipDeviceAttribute_t (hip/hipc/api_types.h) but the
 * Begin/End markers and the unused ones. */
#define ATTRIBUTES(X) \
  X(EccEnabled) X(AccessPolicyMaxWindowSize) X(AsyncEngineCount) \
  X(CanMapHostMemory) X(CanUseHostPointerForRegisteredMem) X(ClockRate) \
  X(ComputeMode) X(ComputePreemptionSupported) X(ConcurrentKernels) \
  X(ConcurrentManagedAccess) X(CooperativeLaunch) \
  X(CooperativeMultiDeviceLaunch) X(DeviceOverlap) \
  X(DirectManagedMemAccessFromHost) X(GlobalL1CacheSupported) \
  X(HostNativeAtomicSupported) X(Integrated) X(IsMultiGpuBoard) \
  X(KernelExecTimeout) X(L2CacheSize) X(LocalL1CacheSupported) X(Luid) \
  X(LuidDeviceNodeMask) X(ComputeCapabilityMajor) X(ManagedMemory) \
  X(MaxBlocksPerMultiProcessor) X(MaxBlockDimX) X(MaxBlockDimY) \
  X(MaxBlockDimZ) X(MaxGridDimX) X(MaxGridDimY) X(MaxGridDimZ) X(MaxSurface1D) \
  X(MaxSurface1DLayered) X(MaxSurface2D) X(MaxSurface2DLayered) \
  X(MaxSurface3D) X(MaxSurfaceCubemap) X(MaxSurfaceCubemapLayered) \
  X(MaxTexture1DWidth) X(MaxTexture1DLayered) X(MaxTexture1DLinear) \
  X(MaxTexture1DMipmap) X(MaxTexture2DWidth) X(MaxTexture2DHeight) \
  X(MaxTexture2DGather) X(MaxTexture2DLayered) X(MaxTexture2DLinear) \
  X(MaxTexture2DMipmap) X(MaxTexture3DWidth) X(MaxTexture3DHeight) \
  X(MaxTexture3DDepth) X(MaxTexture3DAlt) X(MaxTextureCubemap) \
  X(MaxTextureCubemapLayered) X(MaxThreadsDim) X(MaxThreadsPerBlock) \
  X(MaxThreadsPerMultiProcessor) X(MaxPitch) X(MemoryBusWidth) \
  X(MemoryClockRate) X(ComputeCapabilityMinor) X(MultiGpuBoardGroupID) \
  X(MultiprocessorCount) X(PageableMemoryAccess) \
  X(PageableMemoryAccessUsesHostPageTables) X(PciBusId) X(PciDeviceId) \
  X(PciDomainID) X(PersistingL2CacheMaxSize) X(MaxRegistersPerBlock) \
  X(MaxRegistersPerMultiprocessor) X(ReservedSharedMemPerBlock) \
  X(MaxSharedMemoryPerBlock) X(SharedMemPerBlockOptin) \
  X(SharedMemPerMultiprocessor) X(SingleToDoublePrecisionPerfRatio) \
  X(StreamPrioritiesSupported) X(SurfaceAlignment) X(TccDriver) \
  X(TextureAlignment) X(TexturePitchAlignment) X(TotalConstantMemory) \
  X(TotalGlobalMem) X(UnifiedAddressing) X(WarpSize) X(MemoryPoolsSupported) \
  X(VirtualMemoryManagementSupported) X(HostRegisterSupported) \
  X(MemoryPoolSupportedHandleTypes) X(ClockInstructionRate) \
  X(MaxSharedMemoryPerMultiprocessor) X(HdpMemFlushCntl) X(HdpRegFlushCntl) \
  X(CooperativeMultiDeviceUnmatchedFunc) \
  X(CooperativeMultiDeviceUnmatchedGridDim) \
  X(CooperativeMultiDeviceUnmatchedBlockDim) \
  X(CooperativeMultiDeviceUnmatchedSharedMem) X(IsLargeBar) X(AsicRevision) \
  X(CanUseStreamWaitValue) X(ImageSupport) X(PhysicalMultiProcessorCount) \
  X(FineGrainSupport) X(WallClockRate)

static const struct {
  const char *name;
  hipDeviceAttribute_t attr;
} attributes[] = {
#define X(n) {#n, hipDeviceAttribute##n},
    ATTRIBUTES(X)
#undef X
};

static int is_cpu_device(const hipDeviceProp_t *p) {
  return strcmp(p->gcnArchName, "hipc-cpu") == 0;
}

static void mib(const char *label, size_t bytes) {
  printf("%-36s %.2f MiB\n", label, (double)bytes / (1024.0 * 1024.0));
}

static void kib(const char *label, size_t bytes) {
  printf("%-36s %.2f KiB\n", label, (double)bytes / 1024.0);
}

#define INT(label, v) printf("%-36s %d\n", label, (int)(v))

static void properties(const hipDeviceProp_t *p) {
  printf("%-36s %s\n", "Name:", p->name);
  printf("%-36s %s\n", "Backend:",
         is_cpu_device(p) ? "cpu (hipc's CPU device)"
                          : "cuda (an NVIDIA GPU, through the CUDA driver)");
  if (is_cpu_device(p)) {
    INT("CPU device threads:", p->multiProcessorCount);
    INT("CPU device warp size:", p->warpSize);
  }
  printf("%-36s %s\n", "gcnArchName:", p->gcnArchName);
  printf("%-36s %d.%d\n", "Compute capability:", p->major, p->minor);
  INT("pciDomainID:", p->pciDomainID);
  INT("pciBusID:", p->pciBusID);
  INT("pciDeviceID:", p->pciDeviceID);
  INT("multiProcessorCount:", p->multiProcessorCount);
  INT("maxThreadsPerMultiProcessor:", p->maxThreadsPerMultiProcessor);
  printf("%-36s %.0f MHz\n", "clockRate:", p->clockRate / 1000.0);
  printf("%-36s %.0f MHz\n", "memoryClockRate:", p->memoryClockRate / 1000.0);
  INT("memoryBusWidth:", p->memoryBusWidth);
  mib("totalGlobalMem:", p->totalGlobalMem);
  kib("totalConstMem:", p->totalConstMem);
  kib("sharedMemPerBlock:", p->sharedMemPerBlock);
  kib("sharedMemPerBlockOptin:", p->sharedMemPerBlockOptin);
  kib("maxSharedMemoryPerMultiProcessor:",
      p->maxSharedMemoryPerMultiProcessor);
  INT("l2CacheSize:", p->l2CacheSize);
  INT("regsPerBlock:", p->regsPerBlock);
  INT("warpSize:", p->warpSize);
  INT("maxThreadsPerBlock:", p->maxThreadsPerBlock);
  printf("%-36s %d %d %d\n", "maxThreadsDim:", p->maxThreadsDim[0],
         p->maxThreadsDim[1], p->maxThreadsDim[2]);
  printf("%-36s %d %d %d\n", "maxGridSize:", p->maxGridSize[0],
         p->maxGridSize[1], p->maxGridSize[2]);
  INT("concurrentKernels:", p->concurrentKernels);
  INT("asyncEngineCount:", p->asyncEngineCount);
  INT("canMapHostMemory:", p->canMapHostMemory);
  INT("managedMemory:", p->managedMemory);
  INT("concurrentManagedAccess:", p->concurrentManagedAccess);
  INT("unifiedAddressing:", p->unifiedAddressing);
  INT("cooperativeLaunch:", p->cooperativeLaunch);
  INT("cooperativeMultiDeviceLaunch:", p->cooperativeMultiDeviceLaunch);
  INT("integrated:", p->integrated);
  INT("isMultiGpuBoard:", p->isMultiGpuBoard);
  INT("ECCEnabled:", p->ECCEnabled);
  INT("computeMode:", p->computeMode);
  INT("clockInstructionRate:", p->clockInstructionRate);
}

static void attribute_list(int dev) {
  printf("Attributes:\n");
  for (size_t i = 0; i < sizeof attributes / sizeof *attributes; i++) {
    int v = 0;
    hipError_t e = hipDeviceGetAttribute(&v, attributes[i].attr, dev);
    if (e == hipSuccess)
      printf("  %-56s %d\n", attributes[i].name, v);
    else
      printf("  %-56s (%s)\n", attributes[i].name, hipGetErrorName(e));
  }
  (void)hipGetLastError();  /* unsupported attributes are not our error */
}

int main(void) {
  int n = 0;
  hipError_t e = hipGetDeviceCount(&n);
  if (e != hipSuccess) {
    fprintf(stderr, "hipInfo: hipGetDeviceCount: %s\n", hipGetErrorString(e));
    return 1;
  }
  int driver = 0, runtime = 0;
  hipDriverGetVersion(&driver);
  hipRuntimeGetVersion(&runtime);
  printf("HIP runtime version: %d (hipc)\nDriver version: %d\n"
         "Devices: %d\n",
         runtime, driver, n);
  for (int dev = 0; dev < n; dev++) {
    hipDeviceProp_t p;
    if ((e = hipGetDeviceProperties(&p, dev)) != hipSuccess) {
      fprintf(stderr, "hipInfo: device %d: %s\n", dev, hipGetErrorString(e));
      return 1;
    }
    printf("\n----------------------------------------------------------"
           "----------------------\n");
    INT("device#", dev);
    properties(&p);
    size_t free_mem = 0, total = 0;
    if (hipSetDevice(dev) == hipSuccess &&
        hipMemGetInfo(&free_mem, &total) == hipSuccess)
      mib("memInfo.free:", free_mem);
    for (int peer = 0; peer < n; peer++) {
      int can = 0;
      if (peer != dev && hipDeviceCanAccessPeer(&can, dev, peer) == hipSuccess)
        printf("%-36s device %d: %s\n", "peer access:", peer,
               can ? "yes" : "no");
    }
    attribute_list(dev);
  }
  return 0;
}
