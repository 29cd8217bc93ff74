/* Device properties and attributes. */
#include <string.h>

#include "internal.h"

hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!prop, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = hipc__device(device);
  HIPC_RETURN_IF(!dev, hipErrorInvalidDevice);
  *prop = dev->props;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceGetName(char* name, int len, int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!name || len <= 0, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = hipc__device(device);
  HIPC_RETURN_IF(!dev, hipErrorInvalidDevice);
  size_t n = strlen(dev->props.name);
  if (n >= (size_t)len) n = (size_t)len - 1;
  memcpy(name, dev->props.name, n);
  name[n] = 0;
  HIPC_RETURN(hipSuccess);
}

/* The value of `attr` for properties `p`; 0 when the attribute is unknown
 * (*known set to 0). Sizes above INT_MAX saturate. */
static int attribute(const hipDeviceProp_t* p, hipDeviceAttribute_t attr,
                     int* known) {
#define SAT(v) ((v) > 2147483647 ? 2147483647 : (int)(v))
  *known = 1;
  switch (attr) {
    case hipDeviceAttributeEccEnabled: return p->ECCEnabled;
    case hipDeviceAttributeAsyncEngineCount: return p->asyncEngineCount;
    case hipDeviceAttributeCanMapHostMemory: return p->canMapHostMemory;
    case hipDeviceAttributeCanUseHostPointerForRegisteredMem:
      return p->canUseHostPointerForRegisteredMem;
    case hipDeviceAttributeClockRate: return p->clockRate;
    case hipDeviceAttributeComputeMode: return p->computeMode;
    case hipDeviceAttributeComputePreemptionSupported:
      return p->computePreemptionSupported;
    case hipDeviceAttributeConcurrentKernels: return p->concurrentKernels;
    case hipDeviceAttributeConcurrentManagedAccess:
      return p->concurrentManagedAccess;
    case hipDeviceAttributeCooperativeLaunch: return p->cooperativeLaunch;
    case hipDeviceAttributeCooperativeMultiDeviceLaunch:
      return p->cooperativeMultiDeviceLaunch;
    case hipDeviceAttributeDeviceOverlap: return p->deviceOverlap;
    case hipDeviceAttributeDirectManagedMemAccessFromHost:
      return p->directManagedMemAccessFromHost;
    case hipDeviceAttributeGlobalL1CacheSupported:
      return p->globalL1CacheSupported;
    case hipDeviceAttributeHostNativeAtomicSupported:
      return p->hostNativeAtomicSupported;
    case hipDeviceAttributeIntegrated: return p->integrated;
    case hipDeviceAttributeIsMultiGpuBoard: return p->isMultiGpuBoard;
    case hipDeviceAttributeKernelExecTimeout:
      return p->kernelExecTimeoutEnabled;
    case hipDeviceAttributeL2CacheSize: return p->l2CacheSize;
    case hipDeviceAttributeAccessPolicyMaxWindowSize:
      return p->accessPolicyMaxWindowSize;
    case hipDeviceAttributeLocalL1CacheSupported:
      return p->localL1CacheSupported;
    case hipDeviceAttributeComputeCapabilityMajor: return p->major;
    case hipDeviceAttributeComputeCapabilityMinor: return p->minor;
    case hipDeviceAttributeManagedMemory: return p->managedMemory;
    case hipDeviceAttributeMaxBlocksPerMultiProcessor:
      return p->maxBlocksPerMultiProcessor;
    case hipDeviceAttributeMaxBlockDimX: return p->maxThreadsDim[0];
    case hipDeviceAttributeMaxBlockDimY: return p->maxThreadsDim[1];
    case hipDeviceAttributeMaxBlockDimZ: return p->maxThreadsDim[2];
    case hipDeviceAttributeMaxGridDimX: return p->maxGridSize[0];
    case hipDeviceAttributeMaxGridDimY: return p->maxGridSize[1];
    case hipDeviceAttributeMaxGridDimZ: return p->maxGridSize[2];
    case hipDeviceAttributeMaxThreadsPerBlock: return p->maxThreadsPerBlock;
    case hipDeviceAttributeMaxThreadsPerMultiProcessor:
      return p->maxThreadsPerMultiProcessor;
    case hipDeviceAttributeMaxPitch: return SAT(p->memPitch);
    case hipDeviceAttributeMemoryBusWidth: return p->memoryBusWidth;
    case hipDeviceAttributeMemoryClockRate: return p->memoryClockRate;
    case hipDeviceAttributeMultiGpuBoardGroupID:
      return p->multiGpuBoardGroupID;
    case hipDeviceAttributeMultiprocessorCount: return p->multiProcessorCount;
    case hipDeviceAttributePageableMemoryAccess:
      return p->pageableMemoryAccess;
    case hipDeviceAttributePageableMemoryAccessUsesHostPageTables:
      return p->pageableMemoryAccessUsesHostPageTables;
    case hipDeviceAttributePciBusId: return p->pciBusID;
    case hipDeviceAttributePciDeviceId: return p->pciDeviceID;
    case hipDeviceAttributePciDomainID: return p->pciDomainID;
    case hipDeviceAttributePersistingL2CacheMaxSize:
      return p->persistingL2CacheMaxSize;
    case hipDeviceAttributeMaxRegistersPerBlock: return p->regsPerBlock;
    case hipDeviceAttributeMaxRegistersPerMultiprocessor:
      return p->regsPerMultiprocessor;
    case hipDeviceAttributeReservedSharedMemPerBlock:
      return SAT(p->reservedSharedMemPerBlock);
    case hipDeviceAttributeMaxSharedMemoryPerBlock:
      return SAT(p->sharedMemPerBlock);
    case hipDeviceAttributeSharedMemPerBlockOptin:
      return SAT(p->sharedMemPerBlockOptin);
    case hipDeviceAttributeSharedMemPerMultiprocessor:
      return SAT(p->sharedMemPerMultiprocessor);
    case hipDeviceAttributeSingleToDoublePrecisionPerfRatio:
      return p->singleToDoublePrecisionPerfRatio;
    case hipDeviceAttributeStreamPrioritiesSupported:
      return p->streamPrioritiesSupported;
    case hipDeviceAttributeSurfaceAlignment: return SAT(p->surfaceAlignment);
    case hipDeviceAttributeTccDriver: return p->tccDriver;
    case hipDeviceAttributeTextureAlignment: return SAT(p->textureAlignment);
    case hipDeviceAttributeTexturePitchAlignment:
      return SAT(p->texturePitchAlignment);
    case hipDeviceAttributeTotalConstantMemory: return SAT(p->totalConstMem);
    case hipDeviceAttributeTotalGlobalMem: return SAT(p->totalGlobalMem);
    case hipDeviceAttributeUnifiedAddressing: return p->unifiedAddressing;
    case hipDeviceAttributeWarpSize: return p->warpSize;
    case hipDeviceAttributeMemoryPoolsSupported:
      return p->memoryPoolsSupported;
    case hipDeviceAttributeHostRegisterSupported:
      return p->hostRegisterSupported;
    case hipDeviceAttributeClockInstructionRate:
      return p->clockInstructionRate;
    case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
      return SAT(p->maxSharedMemoryPerMultiProcessor);
    case hipDeviceAttributeIsLargeBar: return p->isLargeBar;
    case hipDeviceAttributeAsicRevision: return p->asicRevision;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc:
      return p->cooperativeMultiDeviceUnmatchedFunc;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim:
      return p->cooperativeMultiDeviceUnmatchedGridDim;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim:
      return p->cooperativeMultiDeviceUnmatchedBlockDim;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem:
      return p->cooperativeMultiDeviceUnmatchedSharedMem;
    /* Textures: src/runtime/texture.c fills the limits where they work. */
    case hipDeviceAttributeImageSupport: return p->maxTexture1D > 0;
    case hipDeviceAttributePhysicalMultiProcessorCount:
      return p->multiProcessorCount;
    case hipDeviceAttributeFineGrainSupport: return 1;
    /* wall_clock64() counts nanoseconds on every hipc device: the CPU
     * device's clock (whose clockRate is 1000000 kHz too) and an NVIDIA
     * GPU's global timer (libdevice_nvptx.h). */
    case hipDeviceAttributeWallClockRate: return 1000000;
    case hipDeviceAttributeMaxTexture1DWidth: return p->maxTexture1D;
    case hipDeviceAttributeMaxTexture1DLinear: return p->maxTexture1DLinear;
    case hipDeviceAttributeMaxTexture2DWidth: return p->maxTexture2D[0];
    case hipDeviceAttributeMaxTexture2DHeight: return p->maxTexture2D[1];
    case hipDeviceAttributeMaxTexture3DWidth: return p->maxTexture3D[0];
    case hipDeviceAttributeMaxTexture3DHeight: return p->maxTexture3D[1];
    case hipDeviceAttributeMaxTexture3DDepth: return p->maxTexture3D[2];
    case hipDeviceAttributeMaxSurface1D: return p->maxSurface1D;
    default: *known = 0; return 0;
  }
#undef SAT
}

hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr,
                                 int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = hipc__device(device);
  HIPC_RETURN_IF(!dev, hipErrorInvalidDevice);
  /* AMD's two register addresses: a pointer is written through `value`
   * (as AMD's runtime does; the caller passes a pointer's room). Neither
   * device has the registers: NULL. */
  if (attr == hipDeviceAttributeHdpMemFlushCntl ||
      attr == hipDeviceAttributeHdpRegFlushCntl) {
    unsigned int* reg = attr == hipDeviceAttributeHdpMemFlushCntl
                            ? dev->props.hdpMemFlushCntl
                            : dev->props.hdpRegFlushCntl;
    memcpy(value, &reg, sizeof reg);
    HIPC_RETURN(hipSuccess);
  }
  /* Not a property: whether the backend maps memory (vmm.c). */
  if (attr == hipDeviceAttributeVirtualMemoryManagementSupported) {
    *value = dev->ops->vm_reserve != NULL;
    HIPC_RETURN(hipSuccess);
  }
  int known;
  int v = attribute(&dev->props, attr, &known);
  HIPC_RETURN_IF(!known, hipErrorInvalidValue);
  *value = v;
  HIPC_RETURN(hipSuccess);
}

/* warpSize read on the host: the current device's. */
HIPC_API int hipc_host_warp_size(void) {
  hipc_device* dev;
  if (hipc__current_device(&dev) != hipSuccess) return 64;
  return dev->props.warpSize;
}
