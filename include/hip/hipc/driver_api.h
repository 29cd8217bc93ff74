/* The driver-style parts of the HIP API: device handles, contexts,
 * interprocess handles, stream memory operations, driver copies, virtual
 * memory and hipGetProcAddress. Included by hip/hip_runtime_api.h (inside
 * its extern "C" block, after HIPC_API and HIPC_DEFAULT); signatures are
 * AMD's (HIP 6.2). */
#ifndef HIPC_DRIVER_API_H
#define HIPC_DRIVER_API_H

#include "driver_types.h"

/* ---- Devices (driver style) -------------------------------------------- */

HIPC_API hipError_t hipDeviceGet(hipDevice_t* device, int ordinal);
HIPC_API hipError_t hipDeviceComputeCapability(int* major, int* minor,
                                               hipDevice_t device);
HIPC_API hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device);
HIPC_API hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId);
HIPC_API hipError_t hipDeviceGetUuid(hipUUID* uuid, hipDevice_t device);
HIPC_API hipError_t hipPointerGetAttribute(void* data,
                                           hipPointer_attribute attribute,
                                           hipDeviceptr_t ptr);
HIPC_API hipError_t hipPointerSetAttribute(const void* value,
                                           hipPointer_attribute attribute,
                                           hipDeviceptr_t ptr);
HIPC_API hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                               hipPointer_attribute* attributes,
                                               void** data, hipDeviceptr_t ptr);

/* ---- Contexts (deprecated by AMD, still used) --------------------------- */

HIPC_API hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags,
                                 hipDevice_t device);
HIPC_API hipError_t hipCtxDestroy(hipCtx_t ctx);
HIPC_API hipError_t hipCtxPushCurrent(hipCtx_t ctx);
HIPC_API hipError_t hipCtxPopCurrent(hipCtx_t* ctx);
HIPC_API hipError_t hipCtxSetCurrent(hipCtx_t ctx);
HIPC_API hipError_t hipCtxGetCurrent(hipCtx_t* ctx);
HIPC_API hipError_t hipCtxGetDevice(hipDevice_t* device);
HIPC_API hipError_t hipCtxGetApiVersion(hipCtx_t ctx, unsigned int* apiVersion);
HIPC_API hipError_t hipCtxGetFlags(unsigned int* flags);
HIPC_API hipError_t hipCtxSynchronize(void);
HIPC_API hipError_t hipCtxGetCacheConfig(hipFuncCache_t* cacheConfig);
HIPC_API hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig);
HIPC_API hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig* pConfig);
HIPC_API hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config);
HIPC_API hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx,
                                           unsigned int flags);
HIPC_API hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx);
HIPC_API hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx, hipDevice_t dev);
HIPC_API hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);
HIPC_API hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev,
                                                unsigned int* flags,
                                                int* active);
HIPC_API hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev,
                                                unsigned int flags);
HIPC_API hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev);

/* ---- Interprocess handles ---------------------------------------------- */

HIPC_API hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle,
                                       void* devPtr);
HIPC_API hipError_t hipIpcOpenMemHandle(void** devPtr,
                                        hipIpcMemHandle_t handle,
                                        unsigned int flags);
HIPC_API hipError_t hipIpcCloseMemHandle(void* devPtr);
HIPC_API hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle,
                                         hipEvent_t event);
HIPC_API hipError_t hipIpcOpenEventHandle(hipEvent_t* event,
                                          hipIpcEventHandle_t handle);

/* ---- Stream memory operations and event records ------------------------ */

HIPC_API hipError_t hipStreamWaitValue32(
    hipStream_t stream, void* ptr, uint32_t value, unsigned int flags,
    uint32_t mask HIPC_DEFAULT(0xFFFFFFFFu));
HIPC_API hipError_t hipStreamWaitValue64(
    hipStream_t stream, void* ptr, uint64_t value, unsigned int flags,
    uint64_t mask HIPC_DEFAULT(0xFFFFFFFFFFFFFFFFull));
HIPC_API hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr,
                                          uint32_t value, unsigned int flags);
HIPC_API hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr,
                                          uint64_t value, unsigned int flags);
HIPC_API hipError_t hipEventRecordWithFlags(
    hipEvent_t event, hipStream_t stream HIPC_DEFAULT(NULL),
    unsigned int flags HIPC_DEFAULT(0));

/* ---- Driver copies ----------------------------------------------------- */

HIPC_API hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy);
HIPC_API hipError_t hipMemcpyParam2DAsync(
    const hip_Memcpy2D* pCopy, hipStream_t stream HIPC_DEFAULT(NULL));
HIPC_API hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D* pCopy);
HIPC_API hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D* pCopy);
HIPC_API hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D* pCopy,
                                        hipStream_t stream);

/* ---- Virtual memory ---------------------------------------------------- */

HIPC_API hipError_t hipMemAddressReserve(void** ptr, size_t size,
                                         size_t alignment, void* addr,
                                         unsigned long long flags);
HIPC_API hipError_t hipMemAddressFree(void* devPtr, size_t size);
HIPC_API hipError_t hipMemCreate(hipMemGenericAllocationHandle_t* handle,
                                 size_t size, const hipMemAllocationProp* prop,
                                 unsigned long long flags);
HIPC_API hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
HIPC_API hipError_t hipMemMap(void* ptr, size_t size, size_t offset,
                              hipMemGenericAllocationHandle_t handle,
                              unsigned long long flags);
HIPC_API hipError_t hipMemUnmap(void* ptr, size_t size);
HIPC_API hipError_t hipMemSetAccess(void* ptr, size_t size,
                                    const hipMemAccessDesc* desc,
                                    size_t count);
HIPC_API hipError_t hipMemGetAccess(unsigned long long* flags,
                                    const hipMemLocation* location,
                                    void* ptr);
HIPC_API hipError_t hipMemGetAllocationGranularity(
    size_t* granularity, const hipMemAllocationProp* prop,
    hipMemAllocationGranularity_flags option);
HIPC_API hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp* prop, hipMemGenericAllocationHandle_t handle);
HIPC_API hipError_t hipMemRetainAllocationHandle(
    hipMemGenericAllocationHandle_t* handle, void* addr);
HIPC_API hipError_t hipMemExportToShareableHandle(
    void* shareableHandle, hipMemGenericAllocationHandle_t handle,
    hipMemAllocationHandleType handleType, unsigned long long flags);
HIPC_API hipError_t hipMemImportFromShareableHandle(
    hipMemGenericAllocationHandle_t* handle, void* osHandle,
    hipMemAllocationHandleType shHandleType);

/* ---- Function pointers by name ----------------------------------------- */

HIPC_API hipError_t hipGetProcAddress(
    const char* symbol, void** pfn, int hipVersion, uint64_t flags,
    hipDriverProcAddressQueryResult* symbolStatus);

#endif /* HIPC_DRIVER_API_H */
