/* External semaphores: AMD's types and entry points (HIP 6.2), for
 * programs that import Vulkan or Direct3D semaphores. hipc has no graphics
 * interop, so no semaphore can be imported (hipErrorNotSupported for a
 * well-formed descriptor); the calls validate their arguments as AMD's do,
 * which is what code that handles the failure relies on. Included by
 * hip/hip_runtime_api.h inside its extern "C" block. */
#ifndef HIPC_EXTERNAL_API_H
#define HIPC_EXTERNAL_API_H

typedef enum hipExternalSemaphoreHandleType_enum {
  hipExternalSemaphoreHandleTypeOpaqueFd = 1,
  hipExternalSemaphoreHandleTypeOpaqueWin32 = 2,
  hipExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
  hipExternalSemaphoreHandleTypeD3D12Fence = 4,
  hipExternalSemaphoreHandleTypeD3D11Fence = 5,
  hipExternalSemaphoreHandleTypeNvSciSync = 6,
  hipExternalSemaphoreHandleTypeKeyedMutex = 7,
  hipExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
  hipExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
  hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
} hipExternalSemaphoreHandleType;

typedef struct hipExternalSemaphoreHandleDesc_st {
  hipExternalSemaphoreHandleType type;
  union {
    int fd;
    struct {
      void* handle;
      const void* name;
    } win32;
    const void* NvSciSyncObj;
  } handle;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalSemaphoreHandleDesc;

typedef void* hipExternalSemaphore_t;

typedef struct hipExternalSemaphoreSignalParams_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void* fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
    } keyedMutex;
    unsigned int reserved[12];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalSemaphoreSignalParams;

typedef struct hipExternalSemaphoreWaitParams_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void* fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
    unsigned int reserved[10];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalSemaphoreWaitParams;

HIPC_API hipError_t hipImportExternalSemaphore(
    hipExternalSemaphore_t* extSem_out,
    const hipExternalSemaphoreHandleDesc* semHandleDesc);
HIPC_API hipError_t hipSignalExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray,
    const hipExternalSemaphoreSignalParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream);
HIPC_API hipError_t hipWaitExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray,
    const hipExternalSemaphoreWaitParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream);
HIPC_API hipError_t hipDestroyExternalSemaphore(
    hipExternalSemaphore_t extSem);

#endif
