/* The types and constants of hipc's HIP runtime API: error codes, handles,
 * launch geometry, enumerations, flags, structures and callbacks. Included
 * by hip/hip_runtime_api.h, which declares the functions; include that
 * header, not this one.
 *
 * Every name, value and struct layout here is AMD's (HIP 6.2); see
 * hip_runtime_api.h. Plain C11 that compiles as C++ too.
 */
#ifndef HIPC_API_TYPES_H
#define HIPC_API_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "error_map.h"

/* AMD renamed these when the layout of hipDeviceProp_t changed in HIP 6.0;
 * we keep the new symbol names, so a binary's symbols say which layout it
 * was built for. */
#define hipDeviceProp_t hipDeviceProp_tR0600
#define hipGetDeviceProperties hipGetDevicePropertiesR0600
#define hipChooseDevice hipChooseDeviceR0600

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors ------------------------------------------------------------ */

/* C++17 warns when a returned error is dropped, as AMD's header does. */
#if defined(__cplusplus) && __cplusplus >= 201703L
#define HIPC_NODISCARD [[nodiscard]]
#else
#define HIPC_NODISCARD
#endif

#define HIPC_ERROR_ENUM(name, value, msg) name = value,
#define HIPC_ERROR_ALIAS_ENUM(alias, name) alias = name,
typedef enum HIPC_NODISCARD hipError_t {
  HIPC_ERROR_MAP(HIPC_ERROR_ENUM)
  HIPC_ERROR_ALIASES(HIPC_ERROR_ALIAS_ENUM)
} hipError_t;
#undef HIPC_ERROR_ENUM
#undef HIPC_ERROR_ALIAS_ENUM

/* ---- Handles ----------------------------------------------------------- */

typedef int hipDevice_t;
typedef struct ihipCtx_t* hipCtx_t;
typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
typedef struct hipArray* hipArray_t;
typedef const struct hipArray* hipArray_const_t;
typedef void* hipDeviceptr_t;

/* Special stream handles: the legacy default stream, which synchronizes with
 * the other blocking streams, and the calling thread's own default stream. */
#define hipStreamLegacy ((hipStream_t)1)
#define hipStreamPerThread ((hipStream_t)2)

/* Device ids with a special meaning, as in hipMemPrefetchAsync. */
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

/* ---- Launch geometry --------------------------------------------------- */

/* Grid and block sizes. In C use `(dim3){x, y, z}` or designated
 * initializers; in C++ missing sizes default to 1, as in `dim3(64)`. */
typedef struct dim3 {
  uint32_t x;
  uint32_t y;
  uint32_t z;
#ifdef __cplusplus
  constexpr dim3(uint32_t _x = 1, uint32_t _y = 1, uint32_t _z = 1)
      : x(_x), y(_y), z(_z) {}
#endif
} dim3;

/* One kernel of a multi-device cooperative launch.
 *
 * In C++ compiled without hipcc, `gridDim` and `blockDim` are macros for
 * `__hipc_gridDim()` and `__hipc_blockDim()` (hip/hipc/indices.h), so
 * `params.gridDim` calls `params.__hipc_gridDim()`: the member functions
 * make that the field. (hipcc's passes declare objects, not macros.) */
typedef struct hipLaunchParams_t {
  void* func;           /* the kernel's host-side address */
  dim3 gridDim;
  dim3 blockDim;
  void** args;          /* one pointer per kernel argument */
  size_t sharedMem;     /* dynamic shared memory per block, in bytes */
  hipStream_t stream;
#ifdef __cplusplus
  dim3& __hipc_gridDim() { return gridDim; }
  dim3& __hipc_blockDim() { return blockDim; }
  const dim3& __hipc_gridDim() const { return gridDim; }
  const dim3& __hipc_blockDim() const { return blockDim; }
#endif
} hipLaunchParams;

/* One device's launch of hipModuleLaunchCooperativeKernelMultiDevice
 * (AMD's layout). */
typedef struct hipFunctionLaunchParams_t {
  hipFunction_t function;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  hipStream_t hStream;
  void** kernelParams;
} hipFunctionLaunchParams;

/* Values for the `extra` argument of hipModuleLaunchKernel: a list of
 * key/value pairs that passes the arguments as one packed buffer. */
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void*)0x02)
#define HIP_LAUNCH_PARAM_END ((void*)0x03)

/* ---- Enumerations ------------------------------------------------------ */

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,               /* inferred from the pointers */
  hipMemcpyDeviceToDeviceNoCU = 1024  /* AMD: copy without compute units */
} hipMemcpyKind;

/* Where memory lives, as hipPointerGetAttributes reports it. */
typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

/* Attributes for hipDeviceGetAttribute. Values below 10000 line up with
 * CUDA's list; 10000 to 19999 are AMD's own. The Unused values are retired
 * attributes whose numbers stay reserved. */
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeEccEnabled = 0,
  hipDeviceAttributeAccessPolicyMaxWindowSize = 1,
  hipDeviceAttributeAsyncEngineCount = 2,
  hipDeviceAttributeCanMapHostMemory = 3,
  hipDeviceAttributeCanUseHostPointerForRegisteredMem = 4,
  hipDeviceAttributeClockRate = 5,
  hipDeviceAttributeComputeMode = 6,
  hipDeviceAttributeComputePreemptionSupported = 7,
  hipDeviceAttributeConcurrentKernels = 8,
  hipDeviceAttributeConcurrentManagedAccess = 9,
  hipDeviceAttributeCooperativeLaunch = 10,
  hipDeviceAttributeCooperativeMultiDeviceLaunch = 11,
  hipDeviceAttributeDeviceOverlap = 12,
  hipDeviceAttributeDirectManagedMemAccessFromHost = 13,
  hipDeviceAttributeGlobalL1CacheSupported = 14,
  hipDeviceAttributeHostNativeAtomicSupported = 15,
  hipDeviceAttributeIntegrated = 16,
  hipDeviceAttributeIsMultiGpuBoard = 17,
  hipDeviceAttributeKernelExecTimeout = 18,
  hipDeviceAttributeL2CacheSize = 19,
  hipDeviceAttributeLocalL1CacheSupported = 20,
  hipDeviceAttributeLuid = 21,
  hipDeviceAttributeLuidDeviceNodeMask = 22,
  hipDeviceAttributeComputeCapabilityMajor = 23,
  hipDeviceAttributeManagedMemory = 24,
  hipDeviceAttributeMaxBlocksPerMultiProcessor = 25,
  hipDeviceAttributeMaxBlockDimX = 26,
  hipDeviceAttributeMaxBlockDimY = 27,
  hipDeviceAttributeMaxBlockDimZ = 28,
  hipDeviceAttributeMaxGridDimX = 29,
  hipDeviceAttributeMaxGridDimY = 30,
  hipDeviceAttributeMaxGridDimZ = 31,
  hipDeviceAttributeMaxSurface1D = 32,
  hipDeviceAttributeMaxSurface1DLayered = 33,
  hipDeviceAttributeMaxSurface2D = 34,
  hipDeviceAttributeMaxSurface2DLayered = 35,
  hipDeviceAttributeMaxSurface3D = 36,
  hipDeviceAttributeMaxSurfaceCubemap = 37,
  hipDeviceAttributeMaxSurfaceCubemapLayered = 38,
  hipDeviceAttributeMaxTexture1DWidth = 39,
  hipDeviceAttributeMaxTexture1DLayered = 40,
  hipDeviceAttributeMaxTexture1DLinear = 41,
  hipDeviceAttributeMaxTexture1DMipmap = 42,
  hipDeviceAttributeMaxTexture2DWidth = 43,
  hipDeviceAttributeMaxTexture2DHeight = 44,
  hipDeviceAttributeMaxTexture2DGather = 45,
  hipDeviceAttributeMaxTexture2DLayered = 46,
  hipDeviceAttributeMaxTexture2DLinear = 47,
  hipDeviceAttributeMaxTexture2DMipmap = 48,
  hipDeviceAttributeMaxTexture3DWidth = 49,
  hipDeviceAttributeMaxTexture3DHeight = 50,
  hipDeviceAttributeMaxTexture3DDepth = 51,
  hipDeviceAttributeMaxTexture3DAlt = 52,
  hipDeviceAttributeMaxTextureCubemap = 53,
  hipDeviceAttributeMaxTextureCubemapLayered = 54,
  hipDeviceAttributeMaxThreadsDim = 55,
  hipDeviceAttributeMaxThreadsPerBlock = 56,
  hipDeviceAttributeMaxThreadsPerMultiProcessor = 57,
  hipDeviceAttributeMaxPitch = 58,
  hipDeviceAttributeMemoryBusWidth = 59,
  hipDeviceAttributeMemoryClockRate = 60,
  hipDeviceAttributeComputeCapabilityMinor = 61,
  hipDeviceAttributeMultiGpuBoardGroupID = 62,
  hipDeviceAttributeMultiprocessorCount = 63,
  hipDeviceAttributeUnused1 = 64,
  hipDeviceAttributePageableMemoryAccess = 65,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables = 66,
  hipDeviceAttributePciBusId = 67,
  hipDeviceAttributePciDeviceId = 68,
  hipDeviceAttributePciDomainID = 69,
  hipDeviceAttributePersistingL2CacheMaxSize = 70,
  hipDeviceAttributeMaxRegistersPerBlock = 71,
  hipDeviceAttributeMaxRegistersPerMultiprocessor = 72,
  hipDeviceAttributeReservedSharedMemPerBlock = 73,
  hipDeviceAttributeMaxSharedMemoryPerBlock = 74,
  hipDeviceAttributeSharedMemPerBlockOptin = 75,
  hipDeviceAttributeSharedMemPerMultiprocessor = 76,
  hipDeviceAttributeSingleToDoublePrecisionPerfRatio = 77,
  hipDeviceAttributeStreamPrioritiesSupported = 78,
  hipDeviceAttributeSurfaceAlignment = 79,
  hipDeviceAttributeTccDriver = 80,
  hipDeviceAttributeTextureAlignment = 81,
  hipDeviceAttributeTexturePitchAlignment = 82,
  hipDeviceAttributeTotalConstantMemory = 83,
  hipDeviceAttributeTotalGlobalMem = 84,
  hipDeviceAttributeUnifiedAddressing = 85,
  hipDeviceAttributeUnused2 = 86,
  hipDeviceAttributeWarpSize = 87,
  hipDeviceAttributeMemoryPoolsSupported = 88,
  hipDeviceAttributeVirtualMemoryManagementSupported = 89,
  hipDeviceAttributeHostRegisterSupported = 90,
  hipDeviceAttributeMemoryPoolSupportedHandleTypes = 91,
  hipDeviceAttributeCudaCompatibleEnd = 9999,

  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeClockInstructionRate = 10000,
  hipDeviceAttributeUnused3 = 10001,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor = 10002,
  hipDeviceAttributeUnused4 = 10003,
  hipDeviceAttributeUnused5 = 10004,
  hipDeviceAttributeHdpMemFlushCntl = 10005,
  hipDeviceAttributeHdpRegFlushCntl = 10006,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc = 10007,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim = 10008,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim = 10009,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem = 10010,
  hipDeviceAttributeIsLargeBar = 10011,
  hipDeviceAttributeAsicRevision = 10012,
  hipDeviceAttributeCanUseStreamWaitValue = 10013,
  hipDeviceAttributeImageSupport = 10014,
  hipDeviceAttributePhysicalMultiProcessorCount = 10015,
  hipDeviceAttributeFineGrainSupport = 10016,
  hipDeviceAttributeWallClockRate = 10017,
  hipDeviceAttributeAmdSpecificEnd = 19999,

  hipDeviceAttributeVendorSpecificBegin = 20000
} hipDeviceAttribute_t;

typedef enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3
} hipComputeMode;

/* Queries for hipDeviceGetP2PAttribute. */
typedef enum hipDeviceP2PAttr {
  hipDevP2PAttrPerformanceRank = 0,
  hipDevP2PAttrAccessSupported = 1,
  hipDevP2PAttrNativeAtomicSupported = 2,
  hipDevP2PAttrHipArrayAccessSupported = 3
} hipDeviceP2PAttr;

/* Limits for hipDeviceGetLimit and hipDeviceSetLimit. AMD's functions take
 * `enum hipLimit_t`; the typedef lets C name it without `enum`. */
typedef enum hipLimit_t {
  hipLimitStackSize = 0x0,       /* stack bytes per device thread */
  hipLimitPrintfFifoSize = 0x1,  /* device printf buffer, in bytes */
  hipLimitMallocHeapSize = 0x2,  /* device malloc heap, in bytes */
  hipLimitRange                  /* one past the last limit */
} hipLimit_t;

/* Cache and shared memory preferences. They are hints, which a device may
 * ignore. */
typedef enum hipFuncCache_t {
  hipFuncCachePreferNone = 0,
  hipFuncCachePreferShared = 1,
  hipFuncCachePreferL1 = 2,
  hipFuncCachePreferEqual = 3
} hipFuncCache_t;

typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault = 0,
  hipSharedMemBankSizeFourByte = 1,
  hipSharedMemBankSizeEightByte = 2
} hipSharedMemConfig;

/* Attributes for hipFuncSetAttribute. */
typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;

/* Advice for hipMemAdvise on managed memory. */
typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,   /* AMD only */
  hipMemAdviseUnsetCoarseGrain = 101  /* AMD only */
} hipMemoryAdvise;

/* What hipMemRangeGetAttribute reports for the coherency mode. */
typedef enum hipMemRangeCoherencyMode {
  hipMemRangeCoherencyModeFineGrain = 0,
  hipMemRangeCoherencyModeCoarseGrain = 1,
  hipMemRangeCoherencyModeIndeterminate = 2
} hipMemRangeCoherencyMode;

typedef enum hipMemRangeAttribute {
  hipMemRangeAttributeReadMostly = 1,
  hipMemRangeAttributePreferredLocation = 2,
  hipMemRangeAttributeAccessedBy = 3,
  hipMemRangeAttributeLastPrefetchLocation = 4,
  hipMemRangeAttributeCoherencyMode = 100  /* AMD only */
} hipMemRangeAttribute;

typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal = 1,
  hipStreamCaptureModeRelaxed = 2
} hipStreamCaptureMode;

typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive = 1,
  hipStreamCaptureStatusInvalidated = 2
} hipStreamCaptureStatus;

/* Options for hipModuleLoadDataEx. */
typedef enum hipJitOption {
  hipJitOptionMaxRegisters = 0,
  hipJitOptionThreadsPerBlock = 1,
  hipJitOptionWallTime = 2,
  hipJitOptionInfoLogBuffer = 3,
  hipJitOptionInfoLogBufferSizeBytes = 4,
  hipJitOptionErrorLogBuffer = 5,
  hipJitOptionErrorLogBufferSizeBytes = 6,
  hipJitOptionOptimizationLevel = 7,
  hipJitOptionTargetFromContext = 8,
  hipJitOptionTarget = 9,
  hipJitOptionFallbackStrategy = 10,
  hipJitOptionGenerateDebugInfo = 11,
  hipJitOptionLogVerbose = 12,
  hipJitOptionGenerateLineInfo = 13,
  hipJitOptionCacheMode = 14,
  hipJitOptionSm3xOpt = 15,
  hipJitOptionFastCompile = 16,
  hipJitOptionNumOptions = 17
} hipJitOption;

/* ---- Flags ------------------------------------------------------------- */

/* hipStreamCreateWithFlags. */
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01  /* no implicit sync with stream 0 */

/* hipEventCreateWithFlags. */
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1   /* wait by sleeping, not by spinning */
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4   /* needs hipEventDisableTiming too */
#define hipEventDisableSystemFence 0x20000000
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000

/* hipHostMalloc and hipHostAlloc. The hipHostAlloc spellings are the names
 * later HIP releases prefer; the values are the same. */
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostAllocDefault hipHostMallocDefault
#define hipHostAllocPortable hipHostMallocPortable
#define hipHostAllocMapped hipHostMallocMapped
#define hipHostAllocWriteCombined hipHostMallocWriteCombined

/* hipMallocManaged and stream attachment. */
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04

/* hipExtMallocWithFlags (AMD only). */
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3

/* hipHostRegister. */
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x08
#define hipExtHostRegisterCoarseGrained 0x8

/* hipSetDeviceFlags. */
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10

/* hipMallocArray and friends. */
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

/* hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags. */
#define hipOccupancyDefault 0x00
#define hipOccupancyDisableCachingOverride 0x01

/* hipLaunchCooperativeKernelMultiDevice. */
#define hipCooperativeLaunchMultiDeviceNoPreSync 0x01
#define hipCooperativeLaunchMultiDeviceNoPostSync 0x02

/* hipIpcOpenMemHandle. */
#define hipIpcMemLazyEnablePeerAccess 0x01

/* hipExtLaunch* (AMD only): kernels may run in any order. */
#define hipExtAnyOrderLaunch 0x01

/* ---- Structures -------------------------------------------------------- */

typedef struct hipUUID_t {
  char bytes[16];
} hipUUID;

/* Which optional features the device's architecture has, one bit each. */
typedef struct {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;

/* Device properties, in the layout of HIP 6 (see the R0600 names above).
 * The fields up to `hipReserved` follow CUDA's cudaDeviceProp; the rest are
 * AMD's. Sizes are in bytes and clock rates in kHz. */
typedef struct hipDeviceProp_t {
  char name[256];
  hipUUID uuid;
  char luid[8];                     /* Windows only */
  unsigned int luidDeviceNodeMask;  /* Windows only */
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;                /* deprecated: see asyncEngineCount */
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;                  /* a hipComputeMode */
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;               /* in bits */
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseHipArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
  int hipReserved[32];
  /* AMD only from here on. */
  char gcnArchName[256];            /* e.g. "gfx90a:sramecc+:xnack-" */
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate;         /* rate of the device's clock() */
  hipDeviceArch_t arch;
  unsigned int* hdpMemFlushCntl;
  unsigned int* hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
} hipDeviceProp_t;

/* What hipPointerGetAttributes reports about an address. */
typedef struct hipPointerAttribute_t {
  enum hipMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;  /* the flags given when it was allocated */
} hipPointerAttribute_t;

/* One attribute of a module's function, for hipFuncGetAttribute. */
typedef enum hipFunction_attribute {
  HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  HIP_FUNC_ATTRIBUTE_NUM_REGS = 4,
  HIP_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  HIP_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  HIP_FUNC_ATTRIBUTE_MAX = 10
} hipFunction_attribute;

/* What hipFuncGetAttributes reports about a kernel. */
typedef struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;

/* Pitched (2D and 3D) memory. `pitch` is the length of a row in bytes;
 * `xsize` and `ysize` are the logical width in bytes and height in rows. */
typedef struct hipPitchedPtr {
  void* ptr;
  size_t pitch;
  size_t xsize;
  size_t ysize;
} hipPitchedPtr;

/* A 3D size: `width` is in bytes for linear memory, in elements for
 * arrays. */
typedef struct hipExtent {
  size_t width;
  size_t height;
  size_t depth;
} hipExtent;

typedef struct hipPos {
  size_t x;
  size_t y;
  size_t z;
} hipPos;

/* A 3D copy: each side is either an array or a pitched pointer. */
typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  enum hipMemcpyKind kind;
} hipMemcpy3DParms;

/* Opaque handles that name memory or an event across processes. */
#define HIP_IPC_HANDLE_SIZE 64
typedef struct hipIpcMemHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;

typedef struct hipIpcEventHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;

/* ---- Callbacks --------------------------------------------------------- */

/* For hipStreamAddCallback: `status` is the stream's error state. */
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status,
                                    void* userData);
/* For hipLaunchHostFunc. */
typedef void (*hipHostFn_t)(void* userData);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPC_API_TYPES_H */
