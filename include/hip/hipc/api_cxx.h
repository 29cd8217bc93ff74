/* hipc: the C++ overloads of the runtime API (included by
 * hip/hip_runtime_api.h at its end). */
#ifndef HIPC_API_CXX_H
#define HIPC_API_CXX_H

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

/* The kernel overloads take the kernel itself instead of its address;
 * a literal nullptr is passed on as a null address (which the call
 * rejects with its error code). */
template <class T>
inline const void* __hipc_kernel_addr(T f) {
  return reinterpret_cast<const void*>(f);
}
inline const void* __hipc_kernel_addr(decltype(nullptr)) { return nullptr; }

template <class T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim,
                                             dim3 blockDim,
                                             void** kernelParams,
                                             unsigned int sharedMemBytes,
                                             hipStream_t stream) {
  return hipLaunchCooperativeKernel(__hipc_kernel_addr(f),
                                    gridDim, blockDim, kernelParams,
                                    sharedMemBytes, stream);
}

template <class T>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, T f, int blockSize, size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, __hipc_kernel_addr(f), blockSize,
      dynSharedMemPerBlk);
}

template <class T>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, T f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, __hipc_kernel_addr(f), blockSize,
      dynSharedMemPerBlk, flags);
}

template <class T>
inline hipError_t hipOccupancyMaxPotentialBlockSize(
    int* gridSize, int* blockSize, T f, size_t dynSharedMemPerBlk = 0,
    int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(
      gridSize, blockSize, __hipc_kernel_addr(f),
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
      gridSize, blockSize, __hipc_kernel_addr(f),
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
  hipError_t e = hipFuncGetAttributes(&attr, __hipc_kernel_addr(f));
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
        &n, __hipc_kernel_addr(f), bs,
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
  return hipFuncGetAttributes(attr, __hipc_kernel_addr(f));
}

template <class T>
inline hipError_t hipFuncSetAttribute(T f, hipFuncAttribute attr,
                                      int value) {
  return hipFuncSetAttribute(__hipc_kernel_addr(f), attr, value);
}

template <class T>
inline hipError_t hipFuncSetCacheConfig(T f, hipFuncCache_t config) {
  return hipFuncSetCacheConfig(__hipc_kernel_addr(f), config);
}

template <class T>
inline hipError_t hipFuncSetSharedMemConfig(T f, hipSharedMemConfig config) {
  return hipFuncSetSharedMemConfig(__hipc_kernel_addr(f), config);
}

#endif /* __cplusplus && !__HIP_DISABLE_CPP_FUNCTIONS__ */

#endif /* HIPC_API_CXX_H */
