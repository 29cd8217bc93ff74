// hipcc's device pass: the GPU half, which defines HIPC_QUALIFIERS_H (so
// the CPU code below is skipped).
#if defined(__NVPTX__)
#include "hip/hipc/qualifiers_nvptx.h"
#endif
// Function and variable qualifiers of the kernel language (CPU device).
#ifndef HIPC_QUALIFIERS_H
#define HIPC_QUALIFIERS_H

#if defined(__HIPC_HOST_PASS__)
// hipcc's rewriter needs these three tokens intact: they are defined to
// themselves so that preprocessing keeps them (docs/internals.md).
#define __global__ __global__
#define __shared__ __shared__
#define __launch_bounds__(...) __launch_bounds__(__VA_ARGS__)
// The rewriter removes these three, and registers the variables they
// declare at namespace scope for the symbol API (rewrite_symbols.c); a
// __managed__ one becomes storage plus a reference (rewrite_managed.c).
#define __device__ __device__
#define __constant__ __constant__
#define __managed__ __managed__
#else
// Compiled without hipcc: host code that merely includes the header.
#define __global__
#define __shared__ static thread_local
#define __launch_bounds__(...)
#define __device__
#define __constant__
#define __managed__
#endif

#define __host__
#define __forceinline__ inline __attribute__((always_inline))
// Only a hint; defined empty because libstdc++ spells its own attribute
// __attribute__((__noinline__)), which must keep compiling.
#define __noinline__
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#endif  // HIPC_QUALIFIERS_H
