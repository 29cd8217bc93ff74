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

hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
  HIPC_UNSUPPORTED;
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  HIPC_UNSUPPORTED;
}

hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipGetDeviceFlags(unsigned int* flags) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src, int srcDeviceId, size_t sizeBytes) {
  HIPC_UNSUPPORTED;
}

hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src, int srcDevice, size_t sizeBytes, hipStream_t stream) {
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
