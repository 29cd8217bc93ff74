// Function and variable qualifiers in hipcc's device pass (NVPTX): clang's
// CUDA attributes. Included by hip/hipc/qualifiers.h.
#ifndef HIPC_QUALIFIERS_NVPTX_H
#define HIPC_QUALIFIERS_NVPTX_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// Clang has no managed memory in CUDA mode: on the device a __managed__
// variable is a __device__ one; the runtime maps it to managed memory.
#define __managed__ __attribute__((device))
#define __forceinline__ __inline__ __attribute__((always_inline))
// __noinline__ is left to clang, which reads it as an attribute keyword in
// CUDA mode (so libstdc++'s __attribute__((__noinline__)) keeps working).
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#endif  // HIPC_QUALIFIERS_NVPTX_H
