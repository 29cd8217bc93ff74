// The few HIP names the benchmark workloads use, mapped onto the CUDA
// runtime, so that nvcc builds the very same sources as the reference
// ("native CUDA, the same kernels"). Only for bench/gpu; not part of hipc.
#pragma once
#include <cuda_runtime.h>

#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipDeviceProp_t cudaDeviceProp
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipGetDeviceCount cudaGetDeviceCount
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipHostMalloc(p, n, f) cudaHostAlloc((p), (n), cudaHostAllocPortable)
#define hipHostFree cudaFreeHost
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDefault cudaMemcpyDefault
#define hipLaunchKernelGGL(k, g, b, s, q, ...) k<<<(g), (b), (s), (q)>>>(__VA_ARGS__)
#define __shfl(v, l, w) __shfl_sync(0xffffffffu, (v), (l), (w))
#define __shfl_down(v, d, w) __shfl_down_sync(0xffffffffu, (v), (d), (w))
#define hipEvent_t cudaEvent_t
#define hipEventCreate cudaEventCreate
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime
#define hipEventDestroy cudaEventDestroy
#define hipMemset cudaMemset
#define hipStream_t cudaStream_t
#define hipStreamCreate cudaStreamCreate
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamDestroy cudaStreamDestroy
#define hipMemcpyFromSymbol cudaMemcpyFromSymbol
#define HIP_SYMBOL(s) s
