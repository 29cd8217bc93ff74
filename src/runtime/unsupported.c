/* Entry points hipc declares but does not implement yet. Each returns
 * hipErrorNotSupported (recorded for hipGetLastError); README.md lists them.
 * When one is implemented, its stub moves out of this file. */
#include "internal.h"

#pragma GCC diagnostic ignored "-Wunused-parameter"

#define HIPC_UNSUPPORTED HIPC_RETURN(hipErrorNotSupported)

hipError_t hipChooseDeviceR0600(int* device, const hipDeviceProp_tR0600* prop) {
  HIPC_UNSUPPORTED;
}

hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem , hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* cacheConfig) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceGetLimit(size_t* pValue, enum hipLimit_t limit) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventCreate(hipEvent_t* event) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventDestroy(hipEvent_t event) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventQuery(hipEvent_t event) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  HIPC_UNSUPPORTED;
}

hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipFuncGetAttributes(struct hipFuncAttributes* attr, const void* func) {
  HIPC_UNSUPPORTED;
}

hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value) {
  HIPC_UNSUPPORTED;
}

hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t config) {
  HIPC_UNSUPPORTED;
}

hipError_t hipFuncSetSharedMemConfig(const void* func, hipSharedMemConfig config) {
  HIPC_UNSUPPORTED;
}

hipError_t hipGetDeviceFlags(unsigned int* flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol) {
  HIPC_UNSUPPORTED;
}

hipError_t hipGetSymbolSize(size_t* size, const void* symbol) {
  HIPC_UNSUPPORTED;
}

hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr) {
  HIPC_UNSUPPORTED;
}

hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipHostUnregister(void* hostPtr) {
  HIPC_UNSUPPORTED;
}

hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX, void** kernelParams, unsigned int sharedMemBytes, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList, int numDevices, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMallocManaged(void** dev_ptr, size_t size, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice, int device) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemPtrGetInfo(void* ptr, size_t* size) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemRangeGetAttribute(void* data, size_t data_size, hipMemRangeAttribute attribute, const void* dev_ptr, size_t count) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpy3D(const struct hipMemcpy3DParms* p) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms* p, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes, size_t offset , hipMemcpyKind kind) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src, int srcDeviceId, size_t sizeBytes) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src, int srcDevice, size_t sizeBytes, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes, size_t offset , hipMemcpyKind kind) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t sizeBytes, size_t offset, hipMemcpyKind kind, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count, hipStream_t stream) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes, hipModule_t hmod, const char* name) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleLoad(hipModule_t* module, const char* fname) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image, unsigned int numOptions, hipJitOption* options, void** optionValues) {
  HIPC_UNSUPPORTED;
}

hipError_t hipModuleUnload(hipModule_t module) {
  HIPC_UNSUPPORTED;
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk) {
  HIPC_UNSUPPORTED;
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, const void* f, size_t dynSharedMemPerBlk, int blockSizeLimit) {
  HIPC_UNSUPPORTED;
}

hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* ptr) {
  HIPC_UNSUPPORTED;
}

hipError_t hipProfilerStart(void) {
  HIPC_UNSUPPORTED;
}

hipError_t hipProfilerStop(void) {
  HIPC_UNSUPPORTED;
}

hipError_t hipSetDeviceFlags(unsigned flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* userData, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device) {
  HIPC_UNSUPPORTED;
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  HIPC_UNSUPPORTED;
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  HIPC_UNSUPPORTED;
}
