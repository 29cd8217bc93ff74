// Function and variable qualifiers in hipcc's device pass (NVPTX): clang's
// CUDA attributes. Included by hip/hipc/qualifiers.h.
#ifndef HIPC_QUALIFIERS_NVPTX_H
#define HIPC_QUALIFIERS_NVPTX_H
#define HIPC_QUALIFIERS_H  // the CPU half (qualifiers.h) is skipped

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#if defined(__HIPC_KC__)
// kc lists the explicit __constant__ variables (hipc-kc --constant-names):
// the GPU pass keeps them and drops the host-only `const` globals clang
// makes constant implicitly (src/hipcc/ptx_consts.h).
#define __constant__ __attribute__((constant, annotate("hipc.constant")))
#else
#define __constant__ __attribute__((constant))
#endif
// Clang has no managed attribute in CUDA mode: a __managed__ variable is
// compiled as a __device__ one, and hipcc marks it `.attribute(.managed)`
// in the PTX (src/hipcc/managed.c), so that the driver allocates it in
// managed memory, which the host's object is bound to at start-up.
#if defined(__HIPC_KC__)
// kc's CPU device pass: kc finds the variable through
// llvm.global.annotations and reads it through a slot the runtime points
// at the variable's managed storage (docs/frontend.md). Clang annotates
// definitions only; the section (HIPC_KC_MANAGED_SECTION in src/kc/kc.h)
// marks `extern __managed__` declarations too.
#define __managed__                                                        \
  __attribute__((device, annotate("hipc.managed"), section(".hipc_managed")))
#else
#define __managed__ __attribute__((device))
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))
// __noinline__ is left to clang, which reads it as an attribute keyword in
// CUDA mode (so libstdc++'s __attribute__((__noinline__)) keeps working).
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
// The functions of the NVPTX halves are __host__ __device__: host code,
// which the device pass parses but never emits, may name them as it may on
// the CPU device (where some work outside kernels too); their bodies are
// compiled for the GPU only.
#define HIPC_NVPTX_FN __host__ __device__ __forceinline__
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#endif  // HIPC_QUALIFIERS_NVPTX_H
