/* Entry points hipc declares but does not implement yet. Each returns
 * hipErrorNotSupported (recorded for hipGetLastError); README.md lists them.
 * When one is implemented, its stub moves out of this file. */
#include "internal.h"

#pragma GCC diagnostic ignored "-Wunused-parameter"

#define HIPC_UNSUPPORTED HIPC_RETURN(hipErrorNotSupported)

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

