/* Types and constants of the driver-style parts of the HIP API: contexts,
 * driver copies (hip_Memcpy2D, HIP_MEMCPY3D), stream memory operations,
 * virtual memory, hipGetProcAddress and pointer attributes. Included by
 * hip/hip_runtime_api.h (through hipc/driver_api.h); names, values and
 * layouts are AMD's (HIP 6.2). */
#ifndef HIPC_DRIVER_TYPES_H
#define HIPC_DRIVER_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "api_types.h"
#include "graph_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Contexts ---------------------------------------------------------- */

/* hipCtxCreate / hipDevicePrimaryCtxSetFlags: how the host waits. */
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10

/* ---- Driver copies ----------------------------------------------------- */

/* hipMemcpyParam2D: each side is host memory, device memory, either
 * (hipMemoryTypeUnified) or an array, as its MemoryType says. */
typedef struct hip_Memcpy2D {
  size_t srcXInBytes;
  size_t srcY;
  hipMemoryType srcMemoryType;
  const void* srcHost;
  hipDeviceptr_t srcDevice;
  hipArray_t srcArray;
  size_t srcPitch;
  size_t dstXInBytes;
  size_t dstY;
  hipMemoryType dstMemoryType;
  void* dstHost;
  hipDeviceptr_t dstDevice;
  hipArray_t dstArray;
  size_t dstPitch;
  size_t WidthInBytes;
  size_t Height;
} hip_Memcpy2D;

/* hipDrvMemcpy3D: as hip_Memcpy2D, with slices `Height` rows apart. */
typedef struct HIP_MEMCPY3D {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  hipMemoryType srcMemoryType;
  const void* srcHost;
  hipDeviceptr_t srcDevice;
  hipArray_t srcArray;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  hipMemoryType dstMemoryType;
  void* dstHost;
  hipDeviceptr_t dstDevice;
  hipArray_t dstArray;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
} HIP_MEMCPY3D;

/* ---- Stream memory operations ------------------------------------------ */

/* hipStreamWaitValue32/64: what the stream waits for. */
#define hipStreamWaitValueGte 0x0 /* (*ptr & mask) >= value */
#define hipStreamWaitValueEq 0x1  /* (*ptr & mask) == value */
#define hipStreamWaitValueAnd 0x2 /* (*ptr & mask & value) != 0 */
#define hipStreamWaitValueNor 0x3 /* ~((*ptr & mask) | (value & mask)) != 0 */

/* hipEventRecordWithFlags. */
#define hipEventRecordDefault 0x00
#define hipEventRecordExternal 0x01

/* ---- Virtual memory ---------------------------------------------------- */

/* hipMemLocation, hipMemAccessDesc, hipMemAllocationType and
 * hipMemAllocationHandleType: with the memory pools' types. */

/* Physical memory made by hipMemCreate. */
typedef struct ihipMemGenericAllocationHandle* hipMemGenericAllocationHandle_t;

typedef struct hipMemAllocationProp {
  hipMemAllocationType type;
  union {
    hipMemAllocationHandleType requestedHandleType;
    hipMemAllocationHandleType requestedHandleTypes;
  };
  hipMemLocation location;
  void* win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
  } allocFlags;
} hipMemAllocationProp;

typedef enum hipMemAllocationGranularity_flags {
  hipMemAllocationGranularityMinimum = 0x0,
  hipMemAllocationGranularityRecommended = 0x1
} hipMemAllocationGranularity_flags;

/* ---- hipGetProcAddress ------------------------------------------------- */

#define HIP_GET_PROC_ADDRESS_DEFAULT 0x0
#define HIP_GET_PROC_ADDRESS_LEGACY_STREAM (1 << 0)
#define HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM (1 << 1)

typedef enum hipDriverProcAddressQueryResult {
  HIP_GET_PROC_ADDRESS_SUCCESS = 0,
  HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
  HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2
} hipDriverProcAddressQueryResult;

/* ---- hipPointerGetAttribute -------------------------------------------- */

typedef enum hipPointer_attribute {
  HIP_POINTER_ATTRIBUTE_CONTEXT = 1,
  HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
  HIP_POINTER_ATTRIBUTE_DEVICE_POINTER,
  HIP_POINTER_ATTRIBUTE_HOST_POINTER,
  HIP_POINTER_ATTRIBUTE_P2P_TOKENS,
  HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
  HIP_POINTER_ATTRIBUTE_BUFFER_ID,
  HIP_POINTER_ATTRIBUTE_IS_MANAGED,
  HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
  HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE,
  HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR,
  HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
  HIP_POINTER_ATTRIBUTE_MAPPED,
  HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
  HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
  HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS,
  HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE
} hipPointer_attribute;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPC_DRIVER_TYPES_H */
