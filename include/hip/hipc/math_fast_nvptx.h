// The float math functions that nvcc's -use_fast_math replaces by their
// intrinsic forms and clang 19's -ffast-math leaves exact: powf, expf,
// exp10f, log10f, tanf (__powf, __expf, __exp10f, __log10f, __tanf; CUDA
// programming guide, "Intrinsic Functions") and tanhf (the tanh.approx.f32
// instruction, which nvcc uses from sm_75 on). clang's own headers already
// pick the fast forms of sinf, cosf, sincosf, logf and log2f under
// __CLANG_GPU_APPROX_TRANSCENDENTALS__ (-ffast-math or
// -fgpu-approx-transcendentals). Included by hip/hipc/libdevice_nvptx.h in
// place of clang's versions, which it renames out of the way.
//
// The fast forms are taken when clang approximates transcendentals and
// hipcc's GPU pass asks for them (__HIPC_NVPTX_FAST_MATH__, which it
// defines unless HIPC_NVPTX_FAST_MATH=0); otherwise, and always in the CPU
// device pass (__HIPC_KC__), the functions are libdevice's exact ones, as
// clang's headers have them. HIP's -ffast-math on AMD GPUs likewise maps
// the float functions to native approximations.
#ifndef HIPC_MATH_FAST_NVPTX_H
#define HIPC_MATH_FAST_NVPTX_H

#if !defined(__NVPTX__)
#error "hip/hipc/math_fast_nvptx.h is for hipcc's device passes only"
#endif

#if defined(__CLANG_GPU_APPROX_TRANSCENDENTALS__) && \
    defined(__HIPC_NVPTX_FAST_MATH__) && !defined(__HIPC_KC__)
#define HIPC_NVPTX_FAST_OR_EXACT(fast, exact) fast
#else
#define HIPC_NVPTX_FAST_OR_EXACT(fast, exact) exact
#endif

static __device__ __forceinline__ float powf(float x, float y) {
  return HIPC_NVPTX_FAST_OR_EXACT(__nv_fast_powf, __nv_powf)(x, y);
}
static __device__ __forceinline__ float expf(float x) {
  return HIPC_NVPTX_FAST_OR_EXACT(__nv_fast_expf, __nv_expf)(x);
}
static __device__ __forceinline__ float exp10f(float x) {
  return HIPC_NVPTX_FAST_OR_EXACT(__nv_fast_exp10f, __nv_exp10f)(x);
}
static __device__ __forceinline__ float log10f(float x) {
  return HIPC_NVPTX_FAST_OR_EXACT(__nv_fast_log10f, __nv_log10f)(x);
}
static __device__ __forceinline__ float tanf(float x) {
  return HIPC_NVPTX_FAST_OR_EXACT(__nv_fast_tanf, __nv_tanf)(x);
}

#if defined(__CLANG_GPU_APPROX_TRANSCENDENTALS__) && \
    defined(__HIPC_NVPTX_FAST_MATH__) && !defined(__HIPC_KC__) && \
    defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
static __device__ __forceinline__ float tanhf(float x) {
  float r;
  asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
#else
static __device__ __forceinline__ float tanhf(float x) {
  return __nv_tanhf(x);
}
#endif

#undef HIPC_NVPTX_FAST_OR_EXACT

#endif  // HIPC_MATH_FAST_NVPTX_H
