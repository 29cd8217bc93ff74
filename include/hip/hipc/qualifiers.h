// Function and variable qualifiers of the kernel language (CPU device).
#ifndef HIPC_QUALIFIERS_H
#define HIPC_QUALIFIERS_H

// hipcc's device pass (clang, NVPTX) uses the GPU half.
#if defined(__NVPTX__)
#include "hip/hipc/qualifiers_nvptx.h"
#else

#if defined(__HIPC_HOST_PASS__)
// hipcc's rewriter needs these three tokens intact: they are defined to
// themselves so that preprocessing keeps them (docs/internals.md).
#define __global__ __global__
#define __shared__ __shared__
#define __launch_bounds__(...) __launch_bounds__(__VA_ARGS__)
#else
// Compiled without hipcc: host code that merely includes the header.
#define __global__
#define __shared__ static thread_local
#define __launch_bounds__(...)
#endif

#define __host__
#define __device__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
// Only a hint; defined empty because libstdc++ spells its own attribute
// __attribute__((__noinline__)), which must keep compiling.
#define __noinline__
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#endif  // __NVPTX__

#endif  // HIPC_QUALIFIERS_H
