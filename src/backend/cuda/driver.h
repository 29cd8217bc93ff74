/* The part of NVIDIA's driver API that the CUDA backend uses, declared here
 * (no CUDA header is needed to build hipc) and loaded at run time with
 * dlopen("libcuda.so.1"), so that a program built by hipc starts on a
 * machine without NVIDIA's driver and falls back to the CPU device.
 *
 * The types are the driver API's ABI: opaque handles are pointers, a device
 * pointer is a 64-bit integer, results and attributes are ints with the
 * documented values. Only the values the backend uses are named. */
#ifndef HIPC_CUDA_DRIVER_H
#define HIPC_CUDA_DRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUlib_st* CUlibrary;
typedef struct CUfunc_st* CUfunction;
typedef struct CUstream_st* CUstream;
typedef unsigned long long CUdeviceptr;
typedef struct CUevent_st* CUevent;
typedef void (*CUhostFn)(void* user_data);

/* CUDA_MEMCPY2D (the _v2 layout: size_t offsets and pitches). */
typedef struct CUDA_MEMCPY2D {
  size_t srcXInBytes, srcY;
  int srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  void* srcArray;
  size_t srcPitch;
  size_t dstXInBytes, dstY;
  int dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  void* dstArray;
  size_t dstPitch;
  size_t WidthInBytes, Height;
} CUDA_MEMCPY2D;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
};

/* CUdevice_attribute values. */
enum {
  CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
  CU_ATTR_MAX_BLOCK_DIM_X = 2,
  CU_ATTR_MAX_BLOCK_DIM_Y = 3,
  CU_ATTR_MAX_BLOCK_DIM_Z = 4,
  CU_ATTR_MAX_GRID_DIM_X = 5,
  CU_ATTR_MAX_GRID_DIM_Y = 6,
  CU_ATTR_MAX_GRID_DIM_Z = 7,
  CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_ATTR_TOTAL_CONSTANT_MEMORY = 9,
  CU_ATTR_WARP_SIZE = 10,
  CU_ATTR_MAX_PITCH = 11,
  CU_ATTR_MAX_REGISTERS_PER_BLOCK = 12,
  CU_ATTR_CLOCK_RATE = 13,
  CU_ATTR_TEXTURE_ALIGNMENT = 14,
  CU_ATTR_GPU_OVERLAP = 15,
  CU_ATTR_MULTIPROCESSOR_COUNT = 16,
  CU_ATTR_KERNEL_EXEC_TIMEOUT = 17,
  CU_ATTR_INTEGRATED = 18,
  CU_ATTR_CAN_MAP_HOST_MEMORY = 19,
  CU_ATTR_COMPUTE_MODE = 20,
  CU_ATTR_SURFACE_ALIGNMENT = 30,
  CU_ATTR_CONCURRENT_KERNELS = 31,
  CU_ATTR_ECC_ENABLED = 32,
  CU_ATTR_PCI_BUS_ID = 33,
  CU_ATTR_PCI_DEVICE_ID = 34,
  CU_ATTR_TCC_DRIVER = 35,
  CU_ATTR_MEMORY_CLOCK_RATE = 36,
  CU_ATTR_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_ATTR_L2_CACHE_SIZE = 38,
  CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_ATTR_ASYNC_ENGINE_COUNT = 40,
  CU_ATTR_UNIFIED_ADDRESSING = 41,
  CU_ATTR_PCI_DOMAIN_ID = 50,
  CU_ATTR_TEXTURE_PITCH_ALIGNMENT = 51,
  CU_ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_ATTR_COMPUTE_CAPABILITY_MINOR = 76,
  CU_ATTR_STREAM_PRIORITIES_SUPPORTED = 78,
  CU_ATTR_GLOBAL_L1_CACHE_SUPPORTED = 79,
  CU_ATTR_LOCAL_L1_CACHE_SUPPORTED = 80,
  CU_ATTR_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_ATTR_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_ATTR_MANAGED_MEMORY = 83,
  CU_ATTR_MULTI_GPU_BOARD = 84,
  CU_ATTR_MULTI_GPU_BOARD_GROUP_ID = 85,
  CU_ATTR_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  CU_ATTR_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
  CU_ATTR_PAGEABLE_MEMORY_ACCESS = 88,
  CU_ATTR_CONCURRENT_MANAGED_ACCESS = 89,
  CU_ATTR_COMPUTE_PREEMPTION_SUPPORTED = 90,
  CU_ATTR_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
  CU_ATTR_COOPERATIVE_LAUNCH = 95,
  CU_ATTR_COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
  CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_ATTR_HOST_REGISTER_SUPPORTED = 99,
  CU_ATTR_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES = 100,
  CU_ATTR_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101,
  CU_ATTR_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  CU_ATTR_MAX_PERSISTING_L2_CACHE_SIZE = 108,
  CU_ATTR_MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
  CU_ATTR_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  CU_ATTR_SPARSE_CUDA_ARRAY_SUPPORTED = 112,
  CU_ATTR_READ_ONLY_HOST_REGISTER_SUPPORTED = 113,
  CU_ATTR_MEMORY_POOLS_SUPPORTED = 115,
  CU_ATTR_GPU_DIRECT_RDMA_SUPPORTED = 116,
  CU_ATTR_CLUSTER_LAUNCH = 120,
};

/* CUfunction_attribute values. */
enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
};

/* CUpointer_attribute and CUmemorytype values. */
enum {
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_MEMORYTYPE_HOST = 1,
  CU_MEMORYTYPE_DEVICE = 2,
  CU_MEMORYTYPE_UNIFIED = 4,
};

/* CUevent_flags (the values of hipEventBlockingSync and
 * hipEventDisableTiming) and the CUdevice that names the host. */
enum {
  CU_EVENT_BLOCKING_SYNC = 1,
  CU_EVENT_DISABLE_TIMING = 2,
  CU_DEVICE_CPU = -1,
};

/* Stream and host-allocation flags. */
enum {
  CU_STREAM_DEFAULT = 0,
  CU_STREAM_NON_BLOCKING = 1,
  CU_MEMHOSTALLOC_PORTABLE = 1,
  CU_MEMHOSTALLOC_DEVICEMAP = 2,
  CU_MEMHOSTALLOC_WRITECOMBINED = 4,
};

/* Arrays, texture and surface objects (texture.c): the driver's structs,
 * with the layouts of CUDA's documentation. Format, address, filter and
 * array flag values equal HIP's (hipArray_Format, hipTextureAddressMode,
 * hipTextureFilterMode, hipArray* flags). */
typedef struct CUarray_st* CUarray;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;

typedef struct CUDA_ARRAY3D_DESCRIPTOR {
  size_t Width, Height, Depth; /* 0 for the dimensions it lacks */
  int Format;                  /* CUarray_format */
  unsigned NumChannels;
  unsigned Flags;              /* CUDA_ARRAY3D_LAYERED, _SURFACE_LDST, ... */
} CUDA_ARRAY3D_DESCRIPTOR;

typedef struct CUDA_RESOURCE_DESC {
  int resType; /* CUresourcetype: array 0, mipmapped 1, linear 2, pitch2D 3 */
  union {
    struct {
      CUarray hArray;
    } array;
    struct {
      CUdeviceptr devPtr;
      int format;
      unsigned numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      CUdeviceptr devPtr;
      int format;
      unsigned numChannels;
      size_t width, height, pitchInBytes;
    } pitch2D;
    int reserved[32];
  } res;
  unsigned flags;
} CUDA_RESOURCE_DESC;

typedef struct CUDA_TEXTURE_DESC {
  int addressMode[3];
  int filterMode;
  unsigned flags; /* CU_TRSF_* */
  unsigned maxAnisotropy;
  int mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
} CUDA_TEXTURE_DESC;

typedef struct CUDA_MEMCPY3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  int srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void* reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  int dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void* reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
} CUDA_MEMCPY3D;

/* CUDA graphs (src/backend/cuda/graph.c): the v1 layouts of the node
 * parameters, which the unsuffixed entry points take. */
typedef struct CUgraph_st* CUgraph;
typedef struct CUgraphNode_st* CUgraphNode;
typedef struct CUgraphExec_st* CUgraphExec;
typedef struct CUDA_KERNEL_NODE_PARAMS {
  CUfunction func;
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  void** kernelParams;
  void** extra;
} CUDA_KERNEL_NODE_PARAMS;
typedef struct CUDA_MEMSET_NODE_PARAMS {
  CUdeviceptr dst;
  size_t pitch;
  unsigned value, elementSize;
  size_t width, height;
} CUDA_MEMSET_NODE_PARAMS;
typedef struct CUDA_HOST_NODE_PARAMS {
  void (*fn)(void*);
  void* userData;
} CUDA_HOST_NODE_PARAMS;

enum {
  CU_MEMORYTYPE_ARRAY = 3,
  CU_RESOURCE_TYPE_ARRAY = 0,
  CU_RESOURCE_TYPE_LINEAR = 2,
  CU_RESOURCE_TYPE_PITCH2D = 3,
  CU_TRSF_READ_AS_INTEGER = 0x01,
  CU_TRSF_NORMALIZED_COORDINATES = 0x02,
  CUDA_ARRAY3D_SURFACE_LDST = 0x02,
  CUDA_ARRAY3D_TEXTURE_GATHER = 0x08,
};

/* The entry points, resolved by name (the _v2 names are the ABI of the
 * 64-bit variants). X(return-less name, symbol, parameter list). */
#define HIPC_CUDA_ENTRY_POINTS(X)                                            \
  X(Init, "cuInit", (unsigned flags))                                        \
  X(DriverGetVersion, "cuDriverGetVersion", (int* version))                  \
  X(GetErrorName, "cuGetErrorName", (CUresult e, const char** name))         \
  X(DeviceGetCount, "cuDeviceGetCount", (int* count))                        \
  X(DeviceGet, "cuDeviceGet", (CUdevice * dev, int ordinal))                 \
  X(DeviceGetName, "cuDeviceGetName", (char* name, int len, CUdevice dev))   \
  X(DeviceGetUuid, "cuDeviceGetUuid", (void* uuid, CUdevice dev))            \
  X(DeviceTotalMem, "cuDeviceTotalMem_v2", (size_t * bytes, CUdevice dev))   \
  X(DeviceGetAttribute, "cuDeviceGetAttribute",                              \
    (int* value, int attr, CUdevice dev))                                    \
  X(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    (CUcontext * ctx, CUdevice dev))                                         \
  X(CtxSetCurrent, "cuCtxSetCurrent", (CUcontext ctx))                       \
  X(CtxSynchronize, "cuCtxSynchronize", (void))                              \
  X(MemAlloc, "cuMemAlloc_v2", (CUdeviceptr * p, size_t n))                  \
  X(MemFree, "cuMemFree_v2", (CUdeviceptr p))                                \
  X(MemGetInfo, "cuMemGetInfo_v2", (size_t * free_bytes, size_t * total))    \
  X(MemHostAlloc, "cuMemHostAlloc", (void** p, size_t n, unsigned flags))    \
  X(MemFreeHost, "cuMemFreeHost", (void* p))                                 \
  X(Memcpy, "cuMemcpy", (CUdeviceptr dst, CUdeviceptr src, size_t n))        \
  X(MemcpyAsync, "cuMemcpyAsync",                                            \
    (CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s))                \
  X(MemsetD8, "cuMemsetD8_v2", (CUdeviceptr p, unsigned char v, size_t n))   \
  X(MemsetD8Async, "cuMemsetD8Async",                                        \
    (CUdeviceptr p, unsigned char v, size_t n, CUstream s))                  \
  X(MemsetD32, "cuMemsetD32_v2", (CUdeviceptr p, unsigned v, size_t n))      \
  X(MemsetD32Async, "cuMemsetD32Async",                                      \
    (CUdeviceptr p, unsigned v, size_t n, CUstream s))                       \
  X(PointerGetAttribute, "cuPointerGetAttribute",                            \
    (void* data, int attr, CUdeviceptr p))                                   \
  X(StreamCreateWithPriority, "cuStreamCreateWithPriority",                  \
    (CUstream * s, unsigned flags, int priority))                            \
  X(StreamDestroy, "cuStreamDestroy_v2", (CUstream s))                       \
  X(StreamSynchronize, "cuStreamSynchronize", (CUstream s))                  \
  X(StreamQuery, "cuStreamQuery", (CUstream s))                              \
  X(ModuleLoadData, "cuModuleLoadData", (CUmodule * m, const void* image))   \
  X(ModuleGetFunction, "cuModuleGetFunction",                                \
    (CUfunction * f, CUmodule m, const char* name))                          \
  X(ModuleGetGlobal, "cuModuleGetGlobal_v2",                                 \
    (CUdeviceptr * p, size_t * bytes, CUmodule m, const char* name))         \
  X(LaunchKernel, "cuLaunchKernel",                                          \
    (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,       \
     unsigned by, unsigned bz, unsigned shmem, CUstream s, void** params,    \
     void** extra))                                                             \
  X(EventCreate, "cuEventCreate", (CUevent * e, unsigned flags))             \
  X(EventRecord, "cuEventRecord", (CUevent e, CUstream s))                   \
  X(EventQuery, "cuEventQuery", (CUevent e))                                 \
  X(EventSynchronize, "cuEventSynchronize", (CUevent e))                     \
  X(EventElapsedTime, "cuEventElapsedTime",                                  \
    (float* ms, CUevent start, CUevent end))                                 \
  X(EventDestroy, "cuEventDestroy_v2", (CUevent e))                          \
  X(StreamWaitEvent, "cuStreamWaitEvent",                                    \
    (CUstream s, CUevent e, unsigned flags))                                 \
  X(LaunchHostFunc, "cuLaunchHostFunc",                                      \
    (CUstream s, CUhostFn fn, void* user_data))                              \
  X(Memcpy2DAsync, "cuMemcpy2DAsync_v2",                                     \
    (const CUDA_MEMCPY2D* copy, CUstream s))                                 \
  X(MemsetD2D8Async, "cuMemsetD2D8Async",                                    \
    (CUdeviceptr p, size_t pitch, unsigned char v, size_t w, size_t h,       \
     CUstream s))                                                            \
  X(MemsetD2D16Async, "cuMemsetD2D16Async",                                  \
    (CUdeviceptr p, size_t pitch, unsigned short v, size_t w, size_t h,      \
     CUstream s))                                                            \
  X(MemsetD2D32Async, "cuMemsetD2D32Async",                                  \
    (CUdeviceptr p, size_t pitch, unsigned v, size_t w, size_t h,            \
     CUstream s))                                                            \
  X(MemHostRegister, "cuMemHostRegister_v2",                                 \
    (void* p, size_t n, unsigned flags))                                     \
  X(MemHostUnregister, "cuMemHostUnregister", (void* p))                     \
  X(MemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2",                 \
    (CUdeviceptr * out, void* p, unsigned flags))                            \
  X(MemAllocManaged, "cuMemAllocManaged",                                    \
    (CUdeviceptr * p, size_t n, unsigned flags))                             \
  X(DeviceGetPCIBusId, "cuDeviceGetPCIBusId",                                \
    (char* id, int len, CUdevice dev))                                       \
  X(DeviceCanAccessPeer, "cuDeviceCanAccessPeer",                            \
    (int* can, CUdevice dev, CUdevice peer))                                 \
  X(CtxEnablePeerAccess, "cuCtxEnablePeerAccess",                            \
    (CUcontext peer, unsigned flags))                                        \
  X(CtxDisablePeerAccess, "cuCtxDisablePeerAccess", (CUcontext peer))        \
  X(MemcpyPeerAsync, "cuMemcpyPeerAsync",                                    \
    (CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src, CUcontext src_ctx, \
     size_t n, CUstream s))                                                  \
  X(MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2",                                 \
    (CUdeviceptr dst, const void* src, size_t n, CUstream s))

/* Interprocess handles (CUipcMemHandle, CUipcEventHandle: 64 bytes each,
 * passed by value) and virtual memory (CUmemAllocationProp,
 * CUmemAccessDesc, in the driver's layout). */
typedef struct CUipcHandle {
  char reserved[64];
} CUipcHandle;
typedef unsigned long long CUmemGenericAllocationHandle;
typedef struct CUmemLocation {
  int type; /* CU_MEM_LOCATION_TYPE_DEVICE = 1 */
  int id;
} CUmemLocation;
typedef struct CUmemAllocationProp {
  int type; /* CU_MEM_ALLOCATION_TYPE_PINNED = 1 */
  int requestedHandleTypes;
  CUmemLocation location;
  void* win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp;
typedef struct CUmemAccessDesc {
  CUmemLocation location;
  int flags; /* PROT_NONE 0, READ 1, READWRITE 3 */
} CUmemAccessDesc;

enum {
  CU_EVENT_INTERPROCESS = 0x4,
  CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 0x1,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
};

/* Entry points the backend can do without (newer, or with a signature
 * that changed in CUDA 13): when a driver lacks one, the operations that
 * need it are hipErrorNotSupported (the pointer is NULL). */
#define HIPC_CUDA_OPTIONAL_ENTRY_POINTS(X)                                   \
  X(MemPrefetchAsync, "cuMemPrefetchAsync",                                  \
    (CUdeviceptr p, size_t n, CUdevice dst, CUstream s))                     \
  X(LaunchCooperativeKernel, "cuLaunchCooperativeKernel",                    \
    (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,       \
     unsigned by, unsigned bz, unsigned shmem, CUstream s, void** params))   \
  X(OccupancyMaxActiveBlocksPerMultiprocessorWithFlags,                      \
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",                  \
    (int* blocks, CUfunction f, int block_size, size_t shmem,                \
     unsigned flags))                                                        \
  X(LibraryLoadData, "cuLibraryLoadData",                                    \
    (CUlibrary * lib, const void* code, void* jit_options,                   \
     void** jit_values, unsigned num_jit, void* lib_options,                 \
     void** lib_values, unsigned num_lib))                                   \
  X(LibraryGetModule, "cuLibraryGetModule", (CUmodule * m, CUlibrary lib))   \
  X(StreamWaitValue32, "cuStreamWaitValue32_v2",                            \
    (CUstream s, CUdeviceptr p, uint32_t v, unsigned flags))                 \
  X(StreamWaitValue64, "cuStreamWaitValue64_v2",                            \
    (CUstream s, CUdeviceptr p, uint64_t v, unsigned flags))                 \
  X(StreamWriteValue32, "cuStreamWriteValue32_v2",                          \
    (CUstream s, CUdeviceptr p, uint32_t v, unsigned flags))                 \
  X(StreamWriteValue64, "cuStreamWriteValue64_v2",                          \
    (CUstream s, CUdeviceptr p, uint64_t v, unsigned flags))                 \
  X(IpcGetMemHandle, "cuIpcGetMemHandle", (CUipcHandle * h, CUdeviceptr p))  \
  X(IpcOpenMemHandle, "cuIpcOpenMemHandle_v2",                              \
    (CUdeviceptr * p, CUipcHandle h, unsigned flags))                        \
  X(IpcCloseMemHandle, "cuIpcCloseMemHandle", (CUdeviceptr p))               \
  X(IpcGetEventHandle, "cuIpcGetEventHandle", (CUipcHandle * h, CUevent e))  \
  X(IpcOpenEventHandle, "cuIpcOpenEventHandle", (CUevent * e, CUipcHandle h)) \
  X(MemGetAddressRange, "cuMemGetAddressRange_v2",                          \
    (CUdeviceptr * base, size_t * size, CUdeviceptr p))                      \
  X(MemAddressReserve, "cuMemAddressReserve",                               \
    (CUdeviceptr * p, size_t size, size_t align, CUdeviceptr addr,           \
     unsigned long long flags))                                              \
  X(MemAddressFree, "cuMemAddressFree", (CUdeviceptr p, size_t size))        \
  X(MemCreate, "cuMemCreate",                                               \
    (CUmemGenericAllocationHandle * h, size_t size,                          \
     const CUmemAllocationProp* prop, unsigned long long flags))             \
  X(MemRelease, "cuMemRelease", (CUmemGenericAllocationHandle h))            \
  X(MemMap, "cuMemMap",                                                     \
    (CUdeviceptr p, size_t size, size_t offset,                              \
     CUmemGenericAllocationHandle h, unsigned long long flags))              \
  X(MemUnmap, "cuMemUnmap", (CUdeviceptr p, size_t size))                    \
  X(MemSetAccess, "cuMemSetAccess",                                         \
    (CUdeviceptr p, size_t size, const CUmemAccessDesc* desc, size_t n))     \
  X(MemGetAllocationGranularity, "cuMemGetAllocationGranularity",           \
    (size_t * g, const CUmemAllocationProp* prop, int option))               \
  X(MemExportToShareableHandle, "cuMemExportToShareableHandle",             \
    (void* out, CUmemGenericAllocationHandle h, int type,                    \
     unsigned long long flags))                                              \
  X(MemImportFromShareableHandle, "cuMemImportFromShareableHandle",         \
    (CUmemGenericAllocationHandle * h, void* os_handle, int type))           \
  X(FuncGetAttribute, "cuFuncGetAttribute",                                  \
    (int* value, int attr, CUfunction f))                                    \
  X(FuncSetAttribute, "cuFuncSetAttribute",                                  \
    (CUfunction f, int attr, int value))                                     \
  X(Array3DCreate, "cuArray3DCreate_v2",                                     \
    (CUarray * a, const CUDA_ARRAY3D_DESCRIPTOR* d))                         \
  X(ArrayDestroy, "cuArrayDestroy", (CUarray a))                             \
  X(Memcpy3DAsync, "cuMemcpy3DAsync_v2",                                     \
    (const CUDA_MEMCPY3D* copy, CUstream s))                                 \
  X(TexObjectCreate, "cuTexObjectCreate",                                    \
    (CUtexObject * t, const CUDA_RESOURCE_DESC* r,                           \
     const CUDA_TEXTURE_DESC* d, const void* view))                          \
  X(TexObjectDestroy, "cuTexObjectDestroy", (CUtexObject t))                 \
  X(SurfObjectCreate, "cuSurfObjectCreate",                                  \
    (CUsurfObject * s, const CUDA_RESOURCE_DESC* r))                         \
  X(SurfObjectDestroy, "cuSurfObjectDestroy", (CUsurfObject s))             \
  X(GraphCreate, "cuGraphCreate", (CUgraph * g, unsigned flags))             \
  X(GraphDestroy, "cuGraphDestroy", (CUgraph g))                             \
  X(GraphAddKernelNode, "cuGraphAddKernelNode",                              \
    (CUgraphNode * n, CUgraph g, const CUgraphNode* deps, size_t ndeps,      \
     const CUDA_KERNEL_NODE_PARAMS* p))                                      \
  X(GraphAddMemcpyNode, "cuGraphAddMemcpyNode",                              \
    (CUgraphNode * n, CUgraph g, const CUgraphNode* deps, size_t ndeps,      \
     const CUDA_MEMCPY3D* p, CUcontext ctx))                                 \
  X(GraphAddMemsetNode, "cuGraphAddMemsetNode",                              \
    (CUgraphNode * n, CUgraph g, const CUgraphNode* deps, size_t ndeps,      \
     const CUDA_MEMSET_NODE_PARAMS* p, CUcontext ctx))                       \
  X(GraphAddHostNode, "cuGraphAddHostNode",                                  \
    (CUgraphNode * n, CUgraph g, const CUgraphNode* deps, size_t ndeps,      \
     const CUDA_HOST_NODE_PARAMS* p))                                        \
  X(GraphInstantiateWithFlags, "cuGraphInstantiateWithFlags",                \
    (CUgraphExec * x, CUgraph g, unsigned long long flags))                  \
  X(GraphLaunch, "cuGraphLaunch", (CUgraphExec x, CUstream s))               \
  X(GraphExecDestroy, "cuGraphExecDestroy", (CUgraphExec x))

/* Memory pools shared between processes (mempool.c; optional too):
 * CUmemPoolProps and CUmemPoolPtrExportData in the driver's layout. */
typedef struct CUmemPoolHandle_st* CUmemoryPool;
typedef struct CUmemPoolProps {
  int allocType; /* CU_MEM_ALLOCATION_TYPE_PINNED = 1 */
  int handleTypes;
  CUmemLocation location;
  void* win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
} CUmemPoolProps;
typedef struct CUmemPoolPtrExportData {
  unsigned char reserved[64];
} CUmemPoolPtrExportData;
#define HIPC_CUDA_POOL_ENTRY_POINTS(X)                                       \
  X(MemPoolCreate, "cuMemPoolCreate",                                        \
    (CUmemoryPool * pool, const CUmemPoolProps* props))                      \
  X(MemPoolDestroy, "cuMemPoolDestroy", (CUmemoryPool pool))                 \
  X(MemPoolSetAccess, "cuMemPoolSetAccess",                                  \
    (CUmemoryPool pool, const CUmemAccessDesc* desc, size_t n))              \
  X(MemAllocFromPoolAsync, "cuMemAllocFromPoolAsync",                        \
    (CUdeviceptr * p, size_t size, CUmemoryPool pool, CUstream s))           \
  X(MemPoolExportToShareableHandle, "cuMemPoolExportToShareableHandle",      \
    (void* out, CUmemoryPool pool, int type, unsigned long long flags))      \
  X(MemPoolImportFromShareableHandle, "cuMemPoolImportFromShareableHandle",  \
    (CUmemoryPool * pool, void* handle, int type, unsigned long long flags)) \
  X(MemPoolExportPointer, "cuMemPoolExportPointer",                          \
    (CUmemPoolPtrExportData * out, CUdeviceptr p))                           \
  X(MemPoolImportPointer, "cuMemPoolImportPointer",                          \
    (CUdeviceptr * p, CUmemoryPool pool, CUmemPoolPtrExportData * data))

#define HIPC_CUDA_DECLARE(name, sym, params) CUresult(*name) params;
typedef struct hipc_cuda_api {
  HIPC_CUDA_ENTRY_POINTS(HIPC_CUDA_DECLARE)
  HIPC_CUDA_OPTIONAL_ENTRY_POINTS(HIPC_CUDA_DECLARE)
  HIPC_CUDA_POOL_ENTRY_POINTS(HIPC_CUDA_DECLARE)
} hipc_cuda_api;
#undef HIPC_CUDA_DECLARE

/* The loaded entry points; valid once hipc__cuda_load() returned 0. */
extern hipc_cuda_api hipc_cu;

/* Loads libcuda.so.1 and calls cuInit once; 0 on success, -1 when there is
 * no usable driver (then the backend reports no devices). */
int hipc__cuda_load(void);

#endif /* HIPC_CUDA_DRIVER_H */
