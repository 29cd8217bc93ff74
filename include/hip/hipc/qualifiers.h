// hipcc's device pass: the GPU half, which defines HIPC_QUALIFIERS_H (so
// the CPU code below is skipped).
#if defined(__NVPTX__)
#include "hip/hipc/qualifiers_nvptx.h"
#endif
// Function and variable qualifiers of the kernel language (CPU device).
#ifndef HIPC_QUALIFIERS_H
#define HIPC_QUALIFIERS_H

#if defined(__HIPC_CLANG_HOST__)
// The host pass of the clang front end (docs/frontend.md): clang parses
// the kernel language itself, so these are its attributes, as in the
// device pass (hip/hipc/qualifiers_nvptx.h). Kernels become launch stubs
// that clang makes; device code is parsed, never emitted. `__managed__`
// is HIP's managed attribute: host code reaches the variable through a
// pointer that __hipRegisterManagedVar hands the runtime to fill.
// `used`: clang emits (and registers) a static kernel only where host code
// names it, but the module API finds kernels by name (hipModuleGetFunction
// on a static kernel of a code object) and the device passes compile them
// all.
#define __global__ __attribute__((global, used))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __host__ __attribute__((host))
#else
// Compiled without hipcc: host code that merely includes the header.
#define __global__
#define __shared__ static thread_local
#define __launch_bounds__(...)
#define __device__
#define __constant__
#define __managed__
#endif

#if !defined(__HIPC_CLANG_HOST__)
#define __host__
#endif
#define __forceinline__ inline __attribute__((always_inline))
// Only a hint; defined empty because libstdc++ spells its own attribute
// __attribute__((__noinline__)), which must keep compiling.
#define __noinline__
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#endif  // HIPC_QUALIFIERS_H
