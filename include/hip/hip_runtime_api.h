/* The HIP runtime API of hipc: types, constants and host functions.
 *
 * Every name, value, struct layout and signature here is AMD's (HIP 6.2), so
 * that HIP programs compile unchanged; where AMD's header offers defaults for
 * trailing arguments in C++, so does this one. The header is plain C11 and
 * compiles as C++ too. The kernel language (threadIdx, __syncthreads and
 * friends) is in hip_runtime.h, not here.
 *
 * The types and constants are in hipc/api_types.h, which this header
 * includes. What each function does is documented per API family under
 * docs/.
 */
#ifndef HIP_RUNTIME_API_H
#define HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

#include "hipc/platform.h"
#include "hipc/per_thread_stream.h"
#include "hip_version.h"
#include "hipc/api_types.h"
#include "hipc/texture_types.h"

/* Marks the functions that libhipc exports; everything else stays hidden. */
#define HIPC_API __attribute__((visibility("default")))

/* A default value for a trailing argument, in C++ only. */
#ifdef __cplusplus
#define HIPC_DEFAULT(x) = x
#else
#define HIPC_DEFAULT(x)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Initialization and version ---------------------------------------- */

HIPC_API hipError_t hipInit(unsigned int flags);
HIPC_API hipError_t hipDriverGetVersion(int* driverVersion);
HIPC_API hipError_t hipRuntimeGetVersion(int* runtimeVersion);

/* ---- Devices ----------------------------------------------------------- */

HIPC_API hipError_t hipGetDeviceCount(int* count);
HIPC_API hipError_t hipSetDevice(int deviceId);
HIPC_API hipError_t hipGetDevice(int* deviceId);
HIPC_API hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop,
                                           int deviceId);
HIPC_API hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr,
                                          int deviceId);
HIPC_API hipError_t hipDeviceGetName(char* name, int len, hipDevice_t device);
HIPC_API hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device);
HIPC_API hipError_t hipChooseDevice(int* device, const hipDeviceProp_t* prop);
HIPC_API hipError_t hipDeviceSynchronize(void);
HIPC_API hipError_t hipDeviceReset(void);
HIPC_API hipError_t hipDeviceGetLimit(size_t* pValue, enum hipLimit_t limit);
HIPC_API hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
HIPC_API hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* cacheConfig);
HIPC_API hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
HIPC_API hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig);
HIPC_API hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
HIPC_API hipError_t hipSetDeviceFlags(unsigned flags);
HIPC_API hipError_t hipGetDeviceFlags(unsigned int* flags);
HIPC_API hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority,
                                                    int* greatestPriority);

/* ---- Peer access ------------------------------------------------------- */

HIPC_API hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId,
                                           int peerDeviceId);
HIPC_API hipError_t hipDeviceEnablePeerAccess(int peerDeviceId,
                                              unsigned int flags);
HIPC_API hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
/* AMD's extension: the kind of link between two devices and its hops.
 * Arguments are checked as AMD does; hipc knows no link between two
 * devices, so two valid distinct devices get hipErrorNotSupported. */
HIPC_API hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2,
                                                 uint32_t* linktype,
                                                 uint32_t* hopcount);

/* ---- Errors ------------------------------------------------------------ */

/* hipGetLastError returns the calling thread's last error and resets it to
 * hipSuccess; hipPeekAtLastError returns it and leaves it. hipExtGetLastError
 * is AMD's variant of hipGetLastError. */
HIPC_API hipError_t hipGetLastError(void);
HIPC_API hipError_t hipPeekAtLastError(void);
HIPC_API hipError_t hipExtGetLastError(void);
/* The name ("hipErrorInvalidValue") and a description of an error. Both
 * return static strings, and never NULL. */
HIPC_API const char* hipGetErrorName(hipError_t hip_error);
HIPC_API const char* hipGetErrorString(hipError_t hipError);
/* The same, for the driver API: they fail with hipErrorInvalidValue when
 * `errorString` is NULL or the code is unknown. */
HIPC_API hipError_t hipDrvGetErrorName(hipError_t hipError,
                                       const char** errorString);
HIPC_API hipError_t hipDrvGetErrorString(hipError_t hipError,
                                         const char** errorString);

/* ---- Memory: allocation ------------------------------------------------ */

HIPC_API hipError_t hipMalloc(void** ptr, size_t size);
HIPC_API hipError_t hipFree(void* ptr);
HIPC_API hipError_t hipMallocManaged(
    void** dev_ptr, size_t size,
    unsigned int flags HIPC_DEFAULT(hipMemAttachGlobal));
HIPC_API hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width,
                                   size_t height);
HIPC_API hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr,
                                hipExtent extent);
HIPC_API hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes,
                                          unsigned int flags);
HIPC_API hipError_t hipHostMalloc(void** ptr, size_t size,
                                  unsigned int flags);
HIPC_API hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags);
HIPC_API hipError_t hipHostFree(void* ptr);
/* Older spellings of hipHostMalloc(ptr, size, 0) and hipHostFree. */
HIPC_API hipError_t hipMallocHost(void** ptr, size_t size);
HIPC_API hipError_t hipMemAllocHost(void** ptr, size_t size);
HIPC_API hipError_t hipFreeHost(void* ptr);
HIPC_API hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes,
                                    unsigned int flags);
HIPC_API hipError_t hipHostUnregister(void* hostPtr);
HIPC_API hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr,
                                            unsigned int flags);
HIPC_API hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr);
HIPC_API hipError_t hipMemGetInfo(size_t* free, size_t* total);
HIPC_API hipError_t hipMemPtrGetInfo(void* ptr, size_t* size);
HIPC_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                            const void* ptr);
/* The driver's hipMallocPitch: `elementSizeBytes` 4, 8 or 16. */
HIPC_API hipError_t hipMemAllocPitch(hipDeviceptr_t* dptr, size_t* pitch,
                                     size_t widthInBytes, size_t height,
                                     unsigned int elementSizeBytes);
/* The base and size of the allocation holding `dptr` (either output may be
 * NULL); hipErrorNotFound when hipc did not allocate it. */
HIPC_API hipError_t hipMemGetAddressRange(hipDeviceptr_t* pbase,
                                          size_t* psize,
                                          hipDeviceptr_t dptr);

/* ---- Memory: managed memory hints -------------------------------------- */

HIPC_API hipError_t hipMemAdvise(const void* dev_ptr, size_t count,
                                 hipMemoryAdvise advice, int device);
HIPC_API hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count,
                                        int device,
                                        hipStream_t stream HIPC_DEFAULT(0));
/* Attaches managed memory to `stream` (hipMemAttachSingle), to every
 * stream (Global) or to the host (Host). `length` 0 or the whole
 * allocation. The CPU device's managed memory is reachable from every
 * stream and the host at all times: the call checks and records nothing. */
HIPC_API hipError_t hipStreamAttachMemAsync(
    hipStream_t stream, void* dev_ptr, size_t length HIPC_DEFAULT(0),
    unsigned int flags HIPC_DEFAULT(hipMemAttachSingle));
HIPC_API hipError_t hipMemRangeGetAttribute(void* data, size_t data_size,
                                            hipMemRangeAttribute attribute,
                                            const void* dev_ptr,
                                            size_t count);
/* hipMemRangeGetAttribute for each of `num_attributes` attributes, into
 * data[i] of data_sizes[i] bytes. */
HIPC_API hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                             hipMemRangeAttribute* attributes,
                                             size_t num_attributes,
                                             const void* dev_ptr,
                                             size_t count);

/* ---- Memory: copies ---------------------------------------------------- */

HIPC_API hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes,
                              hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpyAsync(void* dst, const void* src,
                                   size_t sizeBytes, hipMemcpyKind kind,
                                   hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemcpyWithStream(void* dst, const void* src,
                                        size_t sizeBytes, hipMemcpyKind kind,
                                        hipStream_t stream);
HIPC_API hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src,
                                  size_t sizeBytes);
HIPC_API hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src,
                                  size_t sizeBytes);
HIPC_API hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src,
                                  size_t sizeBytes);
HIPC_API hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src,
                                       size_t sizeBytes, hipStream_t stream);
HIPC_API hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src,
                                       size_t sizeBytes, hipStream_t stream);
HIPC_API hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src,
                                       size_t sizeBytes, hipStream_t stream);
HIPC_API hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src,
                                size_t spitch, size_t width, size_t height,
                                hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch,
                                     const void* src, size_t spitch,
                                     size_t width, size_t height,
                                     hipMemcpyKind kind,
                                     hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemcpy3D(const struct hipMemcpy3DParms* p);
HIPC_API hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms* p,
                                     hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src,
                                  int srcDeviceId, size_t sizeBytes);
HIPC_API hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId,
                                       const void* src, int srcDevice,
                                       size_t sizeBytes,
                                       hipStream_t stream HIPC_DEFAULT(0));

/* ---- Memory: device symbols -------------------------------------------- */

/* `symbol` is the host-side address of a __device__, __constant__ or
 * __managed__ variable, or (C++) the variable itself. HIP_SYMBOL(var) is
 * what AMD's header makes it: the variable itself in C++ (the overloads
 * below take it), its address in C. */
#ifdef __cplusplus
#define HIP_SYMBOL(X) X
#else
#define HIP_SYMBOL(X) &X
#endif
HIPC_API hipError_t hipMemcpyToSymbol(
    const void* symbol, const void* src, size_t sizeBytes,
    size_t offset HIPC_DEFAULT(0),
    hipMemcpyKind kind HIPC_DEFAULT(hipMemcpyHostToDevice));
HIPC_API hipError_t hipMemcpyFromSymbol(
    void* dst, const void* symbol, size_t sizeBytes,
    size_t offset HIPC_DEFAULT(0),
    hipMemcpyKind kind HIPC_DEFAULT(hipMemcpyDeviceToHost));
HIPC_API hipError_t hipMemcpyToSymbolAsync(
    const void* symbol, const void* src, size_t sizeBytes, size_t offset,
    hipMemcpyKind kind, hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemcpyFromSymbolAsync(
    void* dst, const void* symbol, size_t sizeBytes, size_t offset,
    hipMemcpyKind kind, hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol);
HIPC_API hipError_t hipGetSymbolSize(size_t* size, const void* symbol);

/* ---- Memory: fills ----------------------------------------------------- */

HIPC_API hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
HIPC_API hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes,
                                   hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value,
                                size_t count);
HIPC_API hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value,
                                 size_t count);
HIPC_API hipError_t hipMemsetD32(hipDeviceptr_t dest, int value,
                                 size_t count);
HIPC_API hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value,
                                     size_t count,
                                     hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemsetD16Async(hipDeviceptr_t dest,
                                      unsigned short value, size_t count,
                                      hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value,
                                      size_t count,
                                      hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemset2D(void* dst, size_t pitch, int value,
                                size_t width, size_t height);
HIPC_API hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value,
                                     size_t width, size_t height,
                                     hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value,
                                hipExtent extent);
HIPC_API hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value,
                                     hipExtent extent,
                                     hipStream_t stream HIPC_DEFAULT(0));

/* ---- Streams ----------------------------------------------------------- */

HIPC_API hipError_t hipStreamCreate(hipStream_t* stream);
HIPC_API hipError_t hipStreamCreateWithFlags(hipStream_t* stream,
                                             unsigned int flags);
HIPC_API hipError_t hipStreamCreateWithPriority(hipStream_t* stream,
                                                unsigned int flags,
                                                int priority);
HIPC_API hipError_t hipStreamDestroy(hipStream_t stream);
HIPC_API hipError_t hipStreamSynchronize(hipStream_t stream);
/* hipSuccess when all work is done, hipErrorNotReady otherwise. */
HIPC_API hipError_t hipStreamQuery(hipStream_t stream);
HIPC_API hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                                       unsigned int flags HIPC_DEFAULT(0));
HIPC_API hipError_t hipStreamAddCallback(hipStream_t stream,
                                         hipStreamCallback_t callback,
                                         void* userData, unsigned int flags);
HIPC_API hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn,
                                      void* userData);
HIPC_API hipError_t hipStreamGetFlags(hipStream_t stream,
                                      unsigned int* flags);
HIPC_API hipError_t hipStreamGetPriority(hipStream_t stream, int* priority);
HIPC_API hipError_t hipStreamGetDevice(hipStream_t stream,
                                       hipDevice_t* device);

/* ---- Events ------------------------------------------------------------ */

HIPC_API hipError_t hipEventCreate(hipEvent_t* event);
HIPC_API hipError_t hipEventCreateWithFlags(hipEvent_t* event,
                                            unsigned flags);
HIPC_API hipError_t hipEventRecord(hipEvent_t event,
                                   hipStream_t stream HIPC_DEFAULT(NULL));
/* hipSuccess once the event has happened, hipErrorNotReady before. */
HIPC_API hipError_t hipEventQuery(hipEvent_t event);
HIPC_API hipError_t hipEventSynchronize(hipEvent_t event);
HIPC_API hipError_t hipEventElapsedTime(float* ms, hipEvent_t start,
                                        hipEvent_t stop);
HIPC_API hipError_t hipEventDestroy(hipEvent_t event);

/* ---- Kernel launch ----------------------------------------------------- */

/* `function_address` is the kernel's host-side address; `args` holds one
 * pointer per kernel argument. */
HIPC_API hipError_t hipLaunchKernel(const void* function_address,
                                    dim3 numBlocks, dim3 dimBlocks,
                                    void** args,
                                    size_t sharedMemBytes HIPC_DEFAULT(0),
                                    hipStream_t stream HIPC_DEFAULT(0));
/* hipLaunchKernel on the per-thread default stream when `stream` is null:
 * what `<<<>>>` calls under -fgpu-default-stream=per-thread. */
HIPC_API hipError_t hipLaunchKernel_spt(const void* function_address,
                                        dim3 numBlocks, dim3 dimBlocks,
                                        void** args,
                                        size_t sharedMemBytes HIPC_DEFAULT(0),
                                        hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim,
                                               dim3 blockDimX,
                                               void** kernelParams,
                                               unsigned int sharedMemBytes,
                                               hipStream_t stream);
HIPC_API hipError_t hipLaunchCooperativeKernelMultiDevice(
    hipLaunchParams* launchParamsList, int numDevices, unsigned int flags);
/* What `kernel<<<grid, block, shmem, stream>>>(args)` turns into: the call
 * pushes the configuration, and the launch pops it. */
HIPC_API hipError_t __hipPushCallConfiguration(
    dim3 gridDim, dim3 blockDim, size_t sharedMem HIPC_DEFAULT(0),
    hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim,
                                              size_t* sharedMem,
                                              hipStream_t* stream);
/* The older form of the same, kept by AMD for compatibility. */
HIPC_API hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem HIPC_DEFAULT(0),
                                     hipStream_t stream HIPC_DEFAULT(0));
/* The launch that goes with it (deprecated by AMD, kept): each argument
 * copied to `offset` of the calling thread's argument buffer (laid out as
 * a structure of the kernel's parameters, at most 4096 bytes), then
 * hipLaunchByPtr launches `func` with the configuration and the buffer. */
HIPC_API hipError_t hipSetupArgument(const void* arg, size_t size,
                                     size_t offset);
HIPC_API hipError_t hipLaunchByPtr(const void* func);
/* AMD's extensions that AMD's hip_runtime_api.h declares (hip/hip_ext.h
 * has the rest): a launch recording events around the kernel, one kernel on
 * several devices (src/runtime/launch_ext.c), streams with a mask of
 * compute units (src/runtime/stream_cumask.c). */
HIPC_API hipError_t hipExtLaunchKernel(const void* function_address,
                                       dim3 numBlocks, dim3 dimBlocks,
                                       void** args, size_t sharedMemBytes,
                                       hipStream_t stream,
                                       hipEvent_t startEvent,
                                       hipEvent_t stopEvent, int flags);
HIPC_API hipError_t hipExtLaunchMultiKernelMultiDevice(
    hipLaunchParams* launchParamsList, int numDevices, unsigned int flags);
HIPC_API hipError_t hipExtStreamCreateWithCUMask(hipStream_t* stream,
                                                 uint32_t cuMaskSize,
                                                 const uint32_t* cuMask);
HIPC_API hipError_t hipExtStreamGetCUMask(hipStream_t stream,
                                          uint32_t cuMaskSize,
                                          uint32_t* cuMask);
/* The registrations that clang's HIP host code makes in each translation
 * unit's constructor (docs/frontend.md): its fat binary, then its kernels
 * (by host handle and mangled name), __device__/__constant__ variables (by
 * host shadow and name), __managed__ variables, and texture and surface
 * references (accepted and ignored: hipc has none). atexit unregisters the
 * fat binary. Programs never call these themselves. */
HIPC_API void** __hipRegisterFatBinary(const void* data);
HIPC_API void __hipUnregisterFatBinary(void** modules);
HIPC_API int __hipRegisterFunction(void** modules, const void* hostFunction,
                                   char* deviceFunction,
                                   const char* deviceName,
                                   unsigned int threadLimit, void* tid,
                                   void* bid, dim3* blockDim, dim3* gridDim,
                                   int* wSize);
HIPC_API void __hipRegisterVar(void** modules, char* hostVar,
                               char* deviceAddress, const char* deviceName,
                               int ext, size_t size, int constant,
                               int global);
HIPC_API void __hipRegisterManagedVar(void** modules, void** pointer,
                                      void* init_value, const char* name,
                                      size_t size, unsigned align);
HIPC_API void __hipRegisterSurface(void** modules, void* var, char* hostVar,
                                   const char* deviceVar, int type, int ext);
HIPC_API void __hipRegisterTexture(void** modules, void* var, char* hostVar,
                                   const char* deviceVar, int dim, int norm,
                                   int ext);
HIPC_API hipError_t hipFuncGetAttributes(struct hipFuncAttributes* attr,
                                         const void* func);
HIPC_API hipError_t hipFuncSetAttribute(const void* func,
                                        hipFuncAttribute attr, int value);
HIPC_API hipError_t hipFuncSetCacheConfig(const void* func,
                                          hipFuncCache_t config);
HIPC_API hipError_t hipFuncSetSharedMemConfig(const void* func,
                                              hipSharedMemConfig config);

/* ---- Occupancy --------------------------------------------------------- */

HIPC_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk);
HIPC_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags HIPC_DEFAULT(hipOccupancyDefault));
HIPC_API hipError_t hipOccupancyMaxPotentialBlockSize(
    int* gridSize, int* blockSize, const void* f, size_t dynSharedMemPerBlk,
    int blockSizeLimit);

/* ---- Modules ----------------------------------------------------------- */

HIPC_API hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
HIPC_API hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
HIPC_API hipError_t hipModuleLoadDataEx(hipModule_t* module,
                                        const void* image,
                                        unsigned int numOptions,
                                        hipJitOption* options,
                                        void** optionValues);
HIPC_API hipError_t hipModuleUnload(hipModule_t module);
/* A function handle (as from hipModuleGetFunction) for one of the
 * program's own kernels, given its address: the module API's calls take
 * it (hipModuleLaunchKernel, hipFuncGetAttribute, ...). */
HIPC_API hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr,
                                       const void* symbolPtr);
HIPC_API hipError_t hipModuleGetFunction(hipFunction_t* function,
                                         hipModule_t module,
                                         const char* kname);
HIPC_API hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes,
                                       hipModule_t hmod, const char* name);
/* Arguments come either in `kernelParams` (one pointer per argument) or in
 * `extra` (see HIP_LAUNCH_PARAM_BUFFER_POINTER); the other is NULL. */
HIPC_API hipError_t hipModuleLaunchKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
    void** kernelParams, void** extra);
/* Attributes of a function of a module (those hipFuncGetAttributes
 * reports for the kernel). */
HIPC_API hipError_t hipFuncGetAttribute(int* value,
                                        hipFunction_attribute attrib,
                                        hipFunction_t hfunc);
HIPC_API hipError_t hipModuleLaunchCooperativeKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
    void** kernelParams);
/* A cooperative launch of the same function on several devices, one
 * entry per device (as hipLaunchCooperativeKernelMultiDevice). */
HIPC_API hipError_t hipModuleLaunchCooperativeKernelMultiDevice(
    hipFunctionLaunchParams* launchParamsList, unsigned int numDevices,
    unsigned int flags);
/* AMD's older name of hipExtModuleLaunchKernel (hip/hip_ext.h): sizes in
 * threads, events recorded around the kernel. */
HIPC_API hipError_t hipHccModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
    uint32_t globalWorkSizeZ, uint32_t localWorkSizeX,
    uint32_t localWorkSizeY, uint32_t localWorkSizeZ, size_t sharedMemBytes,
    hipStream_t hStream, void** kernelParams, void** extra,
    hipEvent_t startEvent HIPC_DEFAULT(NULL),
    hipEvent_t stopEvent HIPC_DEFAULT(NULL));
/* Occupancy of a module's function: the hipOccupancy* answers for its
 * kernel. */
HIPC_API hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk);
HIPC_API hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags);
HIPC_API hipError_t hipModuleOccupancyMaxPotentialBlockSize(
    int* gridSize, int* blockSize, hipFunction_t f, size_t dynSharedMemPerBlk,
    int blockSizeLimit);
HIPC_API hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, hipFunction_t f, size_t dynSharedMemPerBlk,
    int blockSizeLimit, unsigned int flags);

/* ---- Arrays, textures and surfaces ------------------------------------ */

/* Channel formats: `x`..`w` bits per channel, 0 for a missing one. */
HIPC_API hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                   hipChannelFormatKind f);
/* Arrays: elements of one channel format, `width` x `height` x `depth`
 * (0 for the dimensions it lacks), read by textures and surfaces. */
HIPC_API hipError_t hipMallocArray(hipArray_t* array,
                                   const hipChannelFormatDesc* desc,
                                   size_t width, size_t height HIPC_DEFAULT(0),
                                   unsigned int flags
                                       HIPC_DEFAULT(hipArrayDefault));
HIPC_API hipError_t hipMalloc3DArray(hipArray_t* array,
                                     const struct hipChannelFormatDesc* desc,
                                     struct hipExtent extent,
                                     unsigned int flags);
HIPC_API hipError_t hipFreeArray(hipArray_t array);
HIPC_API hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc,
                                    hipExtent* extent, unsigned int* flags,
                                    hipArray_t array);
/* Copies between arrays and memory; `wOffset` is in bytes. */
HIPC_API hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset,
                                       size_t hOffset, const void* src,
                                       size_t spitch, size_t width,
                                       size_t height, hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset,
                                            size_t hOffset, const void* src,
                                            size_t spitch, size_t width,
                                            size_t height, hipMemcpyKind kind,
                                            hipStream_t stream
                                                HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch,
                                         hipArray_const_t src, size_t wOffset,
                                         size_t hOffset, size_t width,
                                         size_t height, hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2DFromArrayAsync(
    void* dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, hipMemcpyKind kind,
    hipStream_t stream HIPC_DEFAULT(0));
HIPC_API hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset,
                                     size_t hOffset, const void* src,
                                     size_t count, hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray,
                                       size_t wOffset, size_t hOffset,
                                       size_t count, hipMemcpyKind kind);
/* Builders of the 3D copy structures. */
static inline hipPitchedPtr make_hipPitchedPtr(void* d, size_t p, size_t xsz,
                                               size_t ysz) {
  hipPitchedPtr r = {d, p, xsz, ysz};
  return r;
}
static inline hipPos make_hipPos(size_t x, size_t y, size_t z) {
  hipPos r = {x, y, z};
  return r;
}
static inline hipExtent make_hipExtent(size_t w, size_t h, size_t d) {
  hipExtent r = {w, h, d};
  return r;
}
/* Texture objects. */
HIPC_API hipError_t hipCreateTextureObject(
    hipTextureObject_t* pTexObject, const hipResourceDesc* pResDesc,
    const hipTextureDesc* pTexDesc,
    const struct hipResourceViewDesc* pResViewDesc);
HIPC_API hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
HIPC_API hipError_t hipGetTextureObjectResourceDesc(
    hipResourceDesc* pResDesc, hipTextureObject_t textureObject);
HIPC_API hipError_t hipGetTextureObjectResourceViewDesc(
    struct hipResourceViewDesc* pResViewDesc,
    hipTextureObject_t textureObject);
HIPC_API hipError_t hipGetTextureObjectTextureDesc(
    hipTextureDesc* pTexDesc, hipTextureObject_t textureObject);
/* Surface objects (over arrays). */
HIPC_API hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject,
                                           const hipResourceDesc* pResDesc);
HIPC_API hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject);

/* Device handles, contexts, interprocess handles, stream memory
 * operations, driver copies, virtual memory, hipGetProcAddress. */
#include "hipc/driver_api.h"
/* Driver-style arrays, their copies, mipmapped arrays, driver texture
 * objects. */
#include "hipc/array_api.h"
/* External (graphics) semaphores. */
#include "hipc/external_api.h"

/* ---- Profiler ---------------------------------------------------------- */

HIPC_API hipError_t hipProfilerStart(void);
HIPC_API hipError_t hipProfilerStop(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Stream-ordered memory, graphs and stream capture. */
#include "hipc/graph_api.h"
/* The per-thread default stream forms (`_spt`). */
#include "hipc/per_thread_api.h"

/* ---- C++ conveniences -------------------------------------------------- */

/* Typed overloads that AMD's header provides. Each one only converts its
 * arguments and forwards to the C function of the same name. */
#if defined(__cplusplus) && !defined(__HIP_DISABLE_CPP_FUNCTIONS__)

template <class T>
inline hipError_t hipMalloc(T** devPtr, size_t size) {
  return hipMalloc((void**)devPtr, size);
}

template <class T>
inline hipError_t hipMallocPitch(T** devPtr, size_t* pitch, size_t width,
                                 size_t height) {
  return hipMallocPitch((void**)devPtr, pitch, width, height);
}

template <class T>
inline hipError_t hipMallocManaged(T** devPtr, size_t size,
                                   unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged((void**)devPtr, size, flags);
}

template <class T>
inline hipError_t hipHostMalloc(T** ptr, size_t size,
                                unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc((void**)ptr, size, flags);
}

template <class T>
inline hipError_t hipHostAlloc(T** ptr, size_t size,
                               unsigned int flags = hipHostMallocDefault) {
  return hipHostAlloc((void**)ptr, size, flags);
}

template <class T>
inline hipError_t hipMallocAsync(T** devPtr, size_t size, hipStream_t stream) {
  return hipMallocAsync((void**)devPtr, size, stream);
}

/* The pool form CUDA's header has (cudaMallocAsync with a pool). */
template <class T>
inline hipError_t hipMallocAsync(T** devPtr, size_t size, hipMemPool_t pool,
                                 hipStream_t stream) {
  return hipMallocFromPoolAsync((void**)devPtr, size, pool, stream);
}

template <class T>
inline hipError_t hipMallocFromPoolAsync(T** devPtr, size_t size,
                                         hipMemPool_t pool,
                                         hipStream_t stream) {
  return hipMallocFromPoolAsync((void**)devPtr, size, pool, stream);
}

/* The symbol overloads take the variable itself, as in
 * `hipMemcpyToSymbol(table, src, n)`; `hipMemcpyToSymbol(HIP_SYMBOL(table),
 * ...)` (an address, a prvalue) goes to the C function. The parameter is a
 * non-const lvalue reference on purpose: a `const T&` would also bind to
 * the temporary pointer `&table` (an exact match, preferred over the C
 * function's conversion to `const void*`) and pass the temporary's address.
 * `T&` deduces `const U` for const variables, and never binds a
 * temporary. */
template <class T>
inline hipError_t hipGetSymbolAddress(void** devPtr, T& symbol) {
  return ::hipGetSymbolAddress(devPtr, (const void*)__builtin_addressof(symbol));
}

template <class T>
inline hipError_t hipGetSymbolSize(size_t* size, T& symbol) {
  return ::hipGetSymbolSize(size, (const void*)__builtin_addressof(symbol));
}

template <class T>
inline hipError_t hipMemcpyToSymbol(
    T& symbol, const void* src, size_t sizeBytes, size_t offset = 0,
    hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return ::hipMemcpyToSymbol((const void*)__builtin_addressof(symbol), src,
                             sizeBytes, offset, kind);
}

template <class T>
inline hipError_t hipMemcpyToSymbolAsync(T& symbol, const void* src,
                                         size_t sizeBytes, size_t offset,
                                         hipMemcpyKind kind,
                                         hipStream_t stream = 0) {
  return ::hipMemcpyToSymbolAsync((const void*)__builtin_addressof(symbol),
                                  src, sizeBytes, offset, kind, stream);
}

template <class T>
inline hipError_t hipMemcpyFromSymbol(
    void* dst, T& symbol, size_t sizeBytes, size_t offset = 0,
    hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return ::hipMemcpyFromSymbol(dst, (const void*)__builtin_addressof(symbol),
                               sizeBytes, offset, kind);
}

template <class T>
inline hipError_t hipMemcpyFromSymbolAsync(void* dst, T& symbol,
                                           size_t sizeBytes, size_t offset,
                                           hipMemcpyKind kind,
                                           hipStream_t stream = 0) {
  return ::hipMemcpyFromSymbolAsync(
      dst, (const void*)__builtin_addressof(symbol), sizeBytes, offset, kind,
      stream);
}

/* The kernel overloads take the kernel itself instead of its address (or
 * nullptr, which the C functions reject with their documented error). */
namespace hipc {
template <class T>
inline const void* kernel_address(T f) {
  return reinterpret_cast<const void*>(f);
}
inline const void* kernel_address(decltype(nullptr)) { return nullptr; }
}  // namespace hipc

template <class T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim,
                                             dim3 blockDim,
                                             void** kernelParams,
                                             unsigned int sharedMemBytes,
                                             hipStream_t stream) {
  return hipLaunchCooperativeKernel(hipc::kernel_address(f),
                                    gridDim, blockDim, kernelParams,
                                    sharedMemBytes, stream);
}

template <class T>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, T f, int blockSize, size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, hipc::kernel_address(f), blockSize,
      dynSharedMemPerBlk);
}

template <class T>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, T f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, hipc::kernel_address(f), blockSize,
      dynSharedMemPerBlk, flags);
}

template <class T>
inline hipError_t hipOccupancyMaxPotentialBlockSize(
    int* gridSize, int* blockSize, T f, size_t dynSharedMemPerBlk = 0,
    int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(
      gridSize, blockSize, hipc::kernel_address(f),
      dynSharedMemPerBlk, blockSizeLimit);
}

template <class T>
inline hipError_t hipOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, T f, size_t dynSharedMemPerBlk = 0,
    int blockSizeLimit = 0, unsigned int flags = 0) {
  if (flags != hipOccupancyDefault &&
      flags != hipOccupancyDisableCachingOverride)
    return hipErrorInvalidValue;
  return hipOccupancyMaxPotentialBlockSize(
      gridSize, blockSize, hipc::kernel_address(f),
      dynSharedMemPerBlk, blockSizeLimit);
}

/* The block size that keeps the most threads of `f` in flight when a block
 * of b threads uses blockSizeToDynamicSMemSize(b) bytes of dynamic shared
 * memory, and the grid that fills the device with such blocks. */
template <typename UnaryFunction, class T>
inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int* gridSize, int* blockSize, T f,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0,
    unsigned int flags = 0) {
  if (!gridSize || !blockSize || !f || blockSizeLimit < 0)
    return hipErrorInvalidValue;
  hipFuncAttributes attr;
  hipError_t e = hipFuncGetAttributes(&attr, hipc::kernel_address(f));
  if (e != hipSuccess) return e;
  int dev = 0, ws = 0, mps = 0;
  if ((e = hipGetDevice(&dev)) != hipSuccess ||
      (e = hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev)) !=
          hipSuccess ||
      (e = hipDeviceGetAttribute(&mps, hipDeviceAttributeMultiprocessorCount,
                                 dev)) != hipSuccess)
    return e;
  int top = attr.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < top) top = blockSizeLimit;
  if (ws <= 0) ws = 1;
  int best = 0, best_blocks = 0;
  long best_threads = 0;
  for (int bs = top; bs > 0; bs = bs % ws ? bs / ws * ws : bs - ws) {
    int n = 0;
    e = hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &n, hipc::kernel_address(f), bs,
        static_cast<size_t>(blockSizeToDynamicSMemSize(bs)), flags);
    if (e != hipSuccess) return e;
    if (static_cast<long>(n) * bs > best_threads) {
      best_threads = static_cast<long>(n) * bs;
      best = bs;
      best_blocks = n;
    }
  }
  *blockSize = best;
  *gridSize = best_blocks * mps;
  return hipSuccess;
}

template <typename UnaryFunction, class T>
inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMem(
    int* gridSize, int* blockSize, T f,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      gridSize, blockSize, f, blockSizeToDynamicSMemSize, blockSizeLimit,
      hipOccupancyDefault);
}

template <class T>
inline hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, T f) {
  return hipFuncGetAttributes(attr, hipc::kernel_address(f));
}

template <class T>
inline hipError_t hipFuncSetAttribute(T f, hipFuncAttribute attr,
                                      int value) {
  return hipFuncSetAttribute(hipc::kernel_address(f), attr, value);
}

template <class T>
inline hipError_t hipFuncSetCacheConfig(T f, hipFuncCache_t config) {
  return hipFuncSetCacheConfig(hipc::kernel_address(f), config);
}

template <class T>
inline hipError_t hipFuncSetSharedMemConfig(T f, hipSharedMemConfig config) {
  return hipFuncSetSharedMemConfig(hipc::kernel_address(f), config);
}

#endif /* __cplusplus && !__HIP_DISABLE_CPP_FUNCTIONS__ */

#ifdef __cplusplus
#include "hipc/channel_desc.h"
#endif

#endif /* HIP_RUNTIME_API_H */
