// Device library of hipcc's device pass (NVPTX): math and the CUDA-style
// intrinsics (__expf, __popc, __fdividef, ...) from the headers that ship
// with clang, which call libdevice (the CUDA toolkit's
// nvvm/libdevice/libdevice.10.bc, linked by clang); printf (clang turns it
// into vprintf), assert (__assertfail), abort, clocks, malloc and free
// (declared in hip/hipc/nvptx_prelude.h). Where libdevice (as clang 19
// links it) differs from HIP, hip/hipc/intrinsics_float_nvptx.h and
// hip/hipc/math_nvptx.h define the function instead. Included by
// hip/hip_runtime.h after the standard headers.
#ifndef HIPC_LIBDEVICE_NVPTX_H
#define HIPC_LIBDEVICE_NVPTX_H

#include <climits>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
// clang's CUDA wrapper of <new>: device operator new and delete (over
// malloc and free), which `new` in device code needs.
#include <new>

#include "hip/hipc/qualifiers_nvptx.h"

// clang's CUDA headers test CUDA_VERSION; the program does not see it.
#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#define CUDA_VERSION 12000
// Names that hip/hipc/{sync,warp}_nvptx.h define with HIP's semantics
// (64-bit masks) are renamed out of the way while clang's header defines
// CUDA's.
#pragma push_macro("__ballot")
#pragma push_macro("__any")
#pragma push_macro("__all")
#pragma push_macro("__syncthreads_and")
#pragma push_macro("__syncthreads_count")
#pragma push_macro("__syncthreads_or")
#pragma push_macro("__threadfence")
#pragma push_macro("__threadfence_block")
#pragma push_macro("__threadfence_system")
#define __ballot __hipc_cuda_ballot
#define __any __hipc_cuda_any
#define __all __hipc_cuda_all
#define __syncthreads_and __hipc_cuda_syncthreads_and
#define __syncthreads_count __hipc_cuda_syncthreads_count
#define __syncthreads_or __hipc_cuda_syncthreads_or
#define __threadfence __hipc_cuda_threadfence
#define __threadfence_block __hipc_cuda_threadfence_block
#define __threadfence_system __hipc_cuda_threadfence_system
// The conversions and math functions that hip/hipc/intrinsics_float_nvptx.h
// and hip/hipc/math_nvptx.h define with HIP's semantics, likewise.
#define __float2int_rn __hipc_cuda__float2int_rn
#define __float2int_rz __hipc_cuda__float2int_rz
#define __float2int_ru __hipc_cuda__float2int_ru
#define __float2int_rd __hipc_cuda__float2int_rd
#define __float2uint_rn __hipc_cuda__float2uint_rn
#define __float2uint_rz __hipc_cuda__float2uint_rz
#define __float2uint_ru __hipc_cuda__float2uint_ru
#define __float2uint_rd __hipc_cuda__float2uint_rd
#define __float2ll_rn __hipc_cuda__float2ll_rn
#define __float2ll_rz __hipc_cuda__float2ll_rz
#define __float2ll_ru __hipc_cuda__float2ll_ru
#define __float2ll_rd __hipc_cuda__float2ll_rd
#define __float2ull_rn __hipc_cuda__float2ull_rn
#define __float2ull_rz __hipc_cuda__float2ull_rz
#define __float2ull_ru __hipc_cuda__float2ull_ru
#define __float2ull_rd __hipc_cuda__float2ull_rd
#define __double2int_rn __hipc_cuda__double2int_rn
#define __double2int_rz __hipc_cuda__double2int_rz
#define __double2int_ru __hipc_cuda__double2int_ru
#define __double2int_rd __hipc_cuda__double2int_rd
#define __double2uint_rn __hipc_cuda__double2uint_rn
#define __double2uint_rz __hipc_cuda__double2uint_rz
#define __double2uint_ru __hipc_cuda__double2uint_ru
#define __double2uint_rd __hipc_cuda__double2uint_rd
#define __double2ll_rn __hipc_cuda__double2ll_rn
#define __double2ll_rz __hipc_cuda__double2ll_rz
#define __double2ll_ru __hipc_cuda__double2ll_ru
#define __double2ll_rd __hipc_cuda__double2ll_rd
#define __double2ull_rn __hipc_cuda__double2ull_rn
#define __double2ull_rz __hipc_cuda__double2ull_rz
#define __double2ull_ru __hipc_cuda__double2ull_ru
#define __double2ull_rd __hipc_cuda__double2ull_rd
#define __int2float_rz __hipc_cuda__int2float_rz
#define __uint2float_rz __hipc_cuda__uint2float_rz
#define __ll2float_rz __hipc_cuda__ll2float_rz
#define __ull2float_rz __hipc_cuda__ull2float_rz
#define __ll2double_rz __hipc_cuda__ll2double_rz
#define __ull2double_rz __hipc_cuda__ull2double_rz
#define sqrtf __hipc_cuda_sqrtf
#define jn __hipc_cuda_jn
#define jnf __hipc_cuda_jnf
#define yn __hipc_cuda_yn
#define ynf __hipc_cuda_ynf
#define powi __hipc_cuda_powi
#define powif __hipc_cuda_powif
// The float functions that hip/hipc/math_fast_nvptx.h maps to their fast
// forms under fast math, likewise.
#define powf __hipc_cuda_powf
#define expf __hipc_cuda_expf
#define exp10f __hipc_cuda_exp10f
#define log10f __hipc_cuda_log10f
#define tanf __hipc_cuda_tanf
#define tanhf __hipc_cuda_tanhf
// The order of these matters.
// clang-format off
#include <__clang_cuda_libdevice_declares.h>
// CPU device pass: the classification functions and rsqrtf become inline
// code, not calls to libhipc's __nv_* (which compute exactly this), so that
// kernels using isnan or rsqrtf stay vectorisable (kc leaves any __nv_*
// call it cannot map as an opaque call; libdevice_map.h). clang's headers
// below call these names; the macros end after <__clang_cuda_cmath.h>. The
// GPU pass keeps libdevice's (rsqrtf there is the hardware approximation).
// Under -ffast-math (finite math) the builtins would fold to constants, so
// the classifications stay libhipc's calls, which still see NaN and inf.
#if defined(__HIPC_KC__)
#if !defined(__FINITE_MATH_ONLY__) || !__FINITE_MATH_ONLY__
#define __nv_isnanf(x) __builtin_isnan(x)
#define __nv_isnand(x) __builtin_isnan(x)
#define __nv_isinff(x) __builtin_isinf(x)
#define __nv_isinfd(x) __builtin_isinf(x)
#define __nv_finitef(x) __builtin_isfinite(x)
#define __nv_isfinited(x) __builtin_isfinite(x)
#define __nv_signbitf(x) __builtin_signbit(x)
#define __nv_signbitd(x) __builtin_signbit(x)
#endif
#define __nv_rsqrtf(x) \
  (static_cast<float>(1.0 / __builtin_sqrt(static_cast<double>(x))))
#endif
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
// clang-format on
#pragma pop_macro("__threadfence_system")
#pragma pop_macro("__threadfence_block")
#pragma pop_macro("__threadfence")
#pragma pop_macro("__syncthreads_or")
#pragma pop_macro("__syncthreads_count")
#pragma pop_macro("__syncthreads_and")
#pragma pop_macro("__all")
#pragma pop_macro("__any")
#pragma pop_macro("__ballot")
#undef __float2int_rn
#undef __float2int_rz
#undef __float2int_ru
#undef __float2int_rd
#undef __float2uint_rn
#undef __float2uint_rz
#undef __float2uint_ru
#undef __float2uint_rd
#undef __float2ll_rn
#undef __float2ll_rz
#undef __float2ll_ru
#undef __float2ll_rd
#undef __float2ull_rn
#undef __float2ull_rz
#undef __float2ull_ru
#undef __float2ull_rd
#undef __double2int_rn
#undef __double2int_rz
#undef __double2int_ru
#undef __double2int_rd
#undef __double2uint_rn
#undef __double2uint_rz
#undef __double2uint_ru
#undef __double2uint_rd
#undef __double2ll_rn
#undef __double2ll_rz
#undef __double2ll_ru
#undef __double2ll_rd
#undef __double2ull_rn
#undef __double2ull_rz
#undef __double2ull_ru
#undef __double2ull_rd
#undef __int2float_rz
#undef __uint2float_rz
#undef __ll2float_rz
#undef __ull2float_rz
#undef __ll2double_rz
#undef __ull2double_rz
#undef sqrtf
#undef jn
#undef jnf
#undef yn
#undef ynf
#undef powi
#undef powif
#undef powf
#undef expf
#undef exp10f
#undef log10f
#undef tanf
#undef tanhf
#include "hip/hipc/intrinsics_float_nvptx.h"
#include "hip/hipc/math_nvptx.h"
#include "hip/hipc/math_fast_nvptx.h"
// Its float overloads (sqrt(float), ...) call the functions above.
#include <__clang_cuda_cmath.h>
#if defined(__HIPC_KC__)
#undef __nv_isnanf
#undef __nv_isnand
#undef __nv_isinff
#undef __nv_isinfd
#undef __nv_finitef
#undef __nv_isfinited
#undef __nv_signbitf
#undef __nv_signbitd
#undef __nv_rsqrtf
#endif
#pragma pop_macro("CUDA_VERSION")

extern "C" {
// Device overloads of the C library's functions: clang lowers a device
// printf call to the driver's vprintf.
__device__ int printf(const char* format, ...);
__device__ void __assertfail(const char* message, const char* file,
                             unsigned line, const char* function,
                             std::size_t char_size);
// glibc's assert() calls __assert_fail; on the device it traps with the
// driver's report of the failed assertion.
__device__ __attribute__((noreturn)) static inline void __assert_fail(
    const char* message, const char* file, unsigned line,
    const char* function) {
  __assertfail(message, file, line, function, sizeof(char));
  __builtin_trap();
}
#ifdef __HIPC_KC__
// The CPU device: the C library's abort(), which the fault handler names
// as "abort() called in kernel ... block ... thread ...".
__device__ __attribute__((noreturn)) void hipc_kc_abort(void);
__device__ __attribute__((noreturn)) static inline void abort(void) {
  hipc_kc_abort();
}
#else
__device__ __attribute__((noreturn)) static inline void abort(void) {
  __builtin_trap();
}
#endif
}

// nan and nanf, which clang's headers declare (__clang_cuda_math_forward_
// declares.h) but leave to CUDA's own headers: libdevice's.
static __device__ __forceinline__ double nan(const char* tag) {
  return __nv_nan(reinterpret_cast<const signed char*>(tag));
}
static __device__ __forceinline__ float nanf(const char* tag) {
  return __nv_nanf(reinterpret_cast<const signed char*>(tag));
}

// The float overloads of <cmath>'s C99 functions (std::acosh(1.0f), …),
// which clang's headers also declare but do not define: the f functions.
#define HIPC_NVPTX_F(ret, name, params, args) \
  static __device__ __forceinline__ ret name params { return ::name##f args; }
HIPC_NVPTX_F(float, acosh, (float x), (x))
HIPC_NVPTX_F(float, asinh, (float x), (x))
HIPC_NVPTX_F(float, atanh, (float x), (x))
HIPC_NVPTX_F(float, cbrt, (float x), (x))
HIPC_NVPTX_F(float, copysign, (float x, float y), (x, y))
HIPC_NVPTX_F(float, erf, (float x), (x))
HIPC_NVPTX_F(float, erfc, (float x), (x))
HIPC_NVPTX_F(float, exp2, (float x), (x))
HIPC_NVPTX_F(float, expm1, (float x), (x))
HIPC_NVPTX_F(float, fdim, (float x, float y), (x, y))
HIPC_NVPTX_F(float, fma, (float x, float y, float z), (x, y, z))
HIPC_NVPTX_F(float, fmax, (float x, float y), (x, y))
HIPC_NVPTX_F(float, fmin, (float x, float y), (x, y))
HIPC_NVPTX_F(float, hypot, (float x, float y), (x, y))
HIPC_NVPTX_F(int, ilogb, (float x), (x))
HIPC_NVPTX_F(float, lgamma, (float x), (x))
HIPC_NVPTX_F(long long, llrint, (float x), (x))
HIPC_NVPTX_F(long long, llround, (float x), (x))
HIPC_NVPTX_F(float, log1p, (float x), (x))
HIPC_NVPTX_F(float, log2, (float x), (x))
HIPC_NVPTX_F(float, logb, (float x), (x))
HIPC_NVPTX_F(long, lrint, (float x), (x))
HIPC_NVPTX_F(long, lround, (float x), (x))
HIPC_NVPTX_F(float, nearbyint, (float x), (x))
HIPC_NVPTX_F(float, nextafter, (float x, float y), (x, y))
HIPC_NVPTX_F(float, remainder, (float x, float y), (x, y))
HIPC_NVPTX_F(float, remquo, (float x, float y, int* q), (x, y, q))
HIPC_NVPTX_F(float, rint, (float x), (x))
HIPC_NVPTX_F(float, round, (float x), (x))
HIPC_NVPTX_F(float, scalbln, (float x, long n), (x, n))
HIPC_NVPTX_F(float, scalbn, (float x, int n), (x, n))
HIPC_NVPTX_F(float, tgamma, (float x), (x))
HIPC_NVPTX_F(float, trunc, (float x), (x))
#undef HIPC_NVPTX_F

// CUDA intrinsics that clang's headers leave out. Funnel shifts: the high
// (_l) or low (_r) 32 bits of hi:lo shifted by `shift` modulo 32, or, for
// the _c forms, clamped to 32 (LLVM turns these into shf.l/shf.r).
__device__ __forceinline__ unsigned __funnelshift_l(unsigned lo, unsigned hi,
                                                    unsigned shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31)) >> 32);
}
__device__ __forceinline__ unsigned __funnelshift_lc(unsigned lo, unsigned hi,
                                                     unsigned shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift < 32 ? shift : 32)) >> 32);
}
__device__ __forceinline__ unsigned __funnelshift_r(unsigned lo, unsigned hi,
                                                    unsigned shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31));
}
__device__ __forceinline__ unsigned __funnelshift_rc(unsigned lo, unsigned hi,
                                                     unsigned shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift < 32 ? shift : 32));
}
// clock() and clock64() (the SM's cycle counter) come from clang's header
// above; wall_clock64() is the GPU's global timer, in nanoseconds (a rate
// of 1000000 kHz: hipDeviceAttributeWallClockRate).
__device__ __forceinline__ long long wall_clock64() {
  return static_cast<long long>(__nvvm_read_ptx_sreg_globaltimer());
}

namespace std {
using ::abort;
using ::printf;
}  // namespace std

#endif  // HIPC_LIBDEVICE_NVPTX_H
