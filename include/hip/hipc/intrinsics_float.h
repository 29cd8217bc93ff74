// Floating-point intrinsics of the kernel language: the fast forms
// (__sinf, __expf, __fdividef, ...), arithmetic in a named rounding
// direction (__fadd_rd, __dmul_ru, __fmaf_rz, __fsqrt_rn, ...), type
// conversions (__float2int_rn, __int2float_rd, __double2float_ru, ...) and
// reinterpretations (__float_as_int, __hiloint2double, ...).
//
// On the CPU device the fast forms are the accurate C library functions,
// the _rn forms are the plain operations, and the directed forms
// (_rz, _ru, _rd) call libhipc, which switches the FPU's rounding mode
// around the one operation (hip/hipc/math_lib.h): exact, and slower than
// the plain operation (tens of nanoseconds). In hipcc's device pass
// (__NVPTX__) the device versions come from clang's CUDA headers (libdevice
// and PTX's rounding modifiers), the conversions to integers and the _rz
// ones to floating point from hip/hipc/intrinsics_float_nvptx.h; these
// definitions stay, __host__ only, for host code (which the device pass
// parses, never emits).
#ifndef HIPC_INTRINSICS_FLOAT_H
#define HIPC_INTRINSICS_FLOAT_H

#include <climits>
#include <cmath>
#include <cstring>
#include <limits>

#include "hip/hipc/math_float.h"
#include "hip/hipc/math_lib.h"
#include "hip/hipc/qualifiers.h"

#if defined(__NVPTX__)
#define HIPC_HD __host__ inline
#else
#define HIPC_HD __host__ __device__ inline
#endif

// ---- Fast approximate functions (accurate here).
HIPC_HD float __sinf(float x) { return sinf(x); }
HIPC_HD float __cosf(float x) { return cosf(x); }
HIPC_HD float __tanf(float x) { return tanf(x); }
HIPC_HD void __sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
HIPC_HD float __expf(float x) { return expf(x); }
HIPC_HD float __exp10f(float x) { return exp10f(x); }
HIPC_HD float __logf(float x) { return logf(x); }
HIPC_HD float __log2f(float x) { return log2f(x); }
HIPC_HD float __log10f(float x) { return log10f(x); }
HIPC_HD float __powf(float x, float y) { return powf(x, y); }
HIPC_HD float __fdividef(float x, float y) { return x / y; }
// Clamped to [+0, 1]; NaN gives +0.
HIPC_HD float __saturatef(float x) {
  return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f);
}

// ---- Arithmetic in a rounding direction: NAME_rn is the plain operation,
// NAME_rz / _ru / _rd call libhipc with the mode.
#define HIPC_ROUNDED(T, NAME, PARAMS, ARGS, RN_EXPR, FN)           \
  HIPC_HD T NAME##_rn PARAMS { return RN_EXPR; }                   \
  HIPC_HD T NAME##_rz PARAMS { return FN(ARGS, HIPC_ROUND_ZERO); } \
  HIPC_HD T NAME##_ru PARAMS { return FN(ARGS, HIPC_ROUND_UP); }   \
  HIPC_HD T NAME##_rd PARAMS { return FN(ARGS, HIPC_ROUND_DOWN); }
#define HIPC_ARGS2 x, y
#define HIPC_ARGS3 x, y, z
HIPC_ROUNDED(float, __fadd, (float x, float y), HIPC_ARGS2, x + y, hipc_fadd_r)
HIPC_ROUNDED(float, __fsub, (float x, float y), HIPC_ARGS2, x - y, hipc_fsub_r)
HIPC_ROUNDED(float, __fmul, (float x, float y), HIPC_ARGS2, x* y, hipc_fmul_r)
HIPC_ROUNDED(float, __fdiv, (float x, float y), HIPC_ARGS2, x / y, hipc_fdiv_r)
HIPC_ROUNDED(float, __fmaf, (float x, float y, float z), HIPC_ARGS3,
             std::fma(x, y, z), hipc_fma_rf)
HIPC_ROUNDED(float, __fmaf_ieee, (float x, float y, float z), HIPC_ARGS3,
             std::fma(x, y, z), hipc_fma_rf)
HIPC_ROUNDED(double, __dadd, (double x, double y), HIPC_ARGS2, x + y,
             hipc_dadd_r)
HIPC_ROUNDED(double, __dsub, (double x, double y), HIPC_ARGS2, x - y,
             hipc_dsub_r)
HIPC_ROUNDED(double, __dmul, (double x, double y), HIPC_ARGS2, x* y,
             hipc_dmul_r)
HIPC_ROUNDED(double, __ddiv, (double x, double y), HIPC_ARGS2, x / y,
             hipc_ddiv_r)
HIPC_ROUNDED(double, __fma, (double x, double y, double z), HIPC_ARGS3,
             std::fma(x, y, z), hipc_fma_r)
#undef HIPC_ARGS2
#undef HIPC_ARGS3
#define HIPC_ARGS1 x
#define HIPC_RCPF(x, mode) hipc_fdiv_r(1.0f, x, mode)
#define HIPC_RCPD(x, mode) hipc_ddiv_r(1.0, x, mode)
HIPC_ROUNDED(float, __fsqrt, (float x), HIPC_ARGS1, std::sqrt(x), hipc_fsqrt_r)
HIPC_ROUNDED(double, __dsqrt, (double x), HIPC_ARGS1, std::sqrt(x),
             hipc_dsqrt_r)
HIPC_ROUNDED(float, __frcp, (float x), HIPC_ARGS1, 1.0f / x, HIPC_RCPF)
HIPC_ROUNDED(double, __drcp, (double x), HIPC_ARGS1, 1.0 / x, HIPC_RCPD)
// rsqrtf's result (math_float.h), spelled out: the device pass has no
// host rsqrtf.
HIPC_HD float __frsqrt_rn(float x) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}

// ---- Conversions to integers: rounded in the named direction, then
// saturated to the type's range; NaN gives 0 (as NVIDIA's cvt does).
namespace hipc {
template <typename I>
HIPC_HD I sat_int(double v) {
  using L = std::numeric_limits<I>;
  // One past the largest value: 2^31, 2^32, 2^63 or 2^64, exact.
  const double top = static_cast<double>(L::max()) + 1.0;
  const double bottom = L::is_signed ? -top : 0.0;
  if (v != v) return 0;
  if (v >= top) return L::max();
  if (v <= bottom) return L::min();
  return static_cast<I>(v);
}
}  // namespace hipc

#define HIPC_TO_INT(FROM, F, TO, I)             \
  HIPC_HD I __##FROM##2##TO##_rn(F x) {         \
    return hipc::sat_int<I>(std::nearbyint(x)); \
  }                                             \
  HIPC_HD I __##FROM##2##TO##_rz(F x) {         \
    return hipc::sat_int<I>(std::trunc(x));     \
  }                                             \
  HIPC_HD I __##FROM##2##TO##_ru(F x) {         \
    return hipc::sat_int<I>(std::ceil(x));      \
  }                                             \
  HIPC_HD I __##FROM##2##TO##_rd(F x) {         \
    return hipc::sat_int<I>(std::floor(x));     \
  }
HIPC_TO_INT(float, float, int, int)
HIPC_TO_INT(float, float, uint, unsigned int)
HIPC_TO_INT(float, float, ll, long long)
HIPC_TO_INT(float, float, ull, unsigned long long)
HIPC_TO_INT(double, double, int, int)
HIPC_TO_INT(double, double, uint, unsigned int)
HIPC_TO_INT(double, double, ll, long long)
HIPC_TO_INT(double, double, ull, unsigned long long)
#undef HIPC_TO_INT

// ---- Conversions to floating point. From 32-bit integers to float go
// through the exact double; 64-bit integers convert in libhipc.
#define HIPC_TO_FP(NAME, FROM, TO, RN, FN)                        \
  HIPC_HD TO NAME##_rn(FROM x) { return RN; }                     \
  HIPC_HD TO NAME##_rz(FROM x) { return FN(x, HIPC_ROUND_ZERO); } \
  HIPC_HD TO NAME##_ru(FROM x) { return FN(x, HIPC_ROUND_UP); }   \
  HIPC_HD TO NAME##_rd(FROM x) { return FN(x, HIPC_ROUND_DOWN); }
HIPC_TO_FP(__int2float, int, float, static_cast<float>(x), hipc_double2float_r)
HIPC_TO_FP(__uint2float, unsigned int, float, static_cast<float>(x),
           hipc_double2float_r)
HIPC_TO_FP(__ll2float, long long, float, static_cast<float>(x), hipc_ll2float_r)
HIPC_TO_FP(__ull2float, unsigned long long, float, static_cast<float>(x),
           hipc_ull2float_r)
HIPC_TO_FP(__ll2double, long long, double, static_cast<double>(x),
           hipc_ll2double_r)
HIPC_TO_FP(__ull2double, unsigned long long, double, static_cast<double>(x),
           hipc_ull2double_r)
HIPC_TO_FP(__double2float, double, float, static_cast<float>(x),
           hipc_double2float_r)
#undef HIPC_TO_FP
HIPC_HD double __int2double_rn(int x) { return x; }
HIPC_HD double __uint2double_rn(unsigned int x) { return x; }

// ---- Reinterpretations.
namespace hipc {
template <typename To, typename From>
HIPC_HD To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To r;
  std::memcpy(&r, &v, sizeof r);
  return r;
}
}  // namespace hipc
HIPC_HD int __float_as_int(float x) { return hipc::bit_cast<int>(x); }
HIPC_HD unsigned int __float_as_uint(float x) {
  return hipc::bit_cast<unsigned int>(x);
}
HIPC_HD float __int_as_float(int x) { return hipc::bit_cast<float>(x); }
HIPC_HD float __uint_as_float(unsigned int x) {
  return hipc::bit_cast<float>(x);
}
HIPC_HD long long __double_as_longlong(double x) {
  return hipc::bit_cast<long long>(x);
}
HIPC_HD double __longlong_as_double(long long x) {
  return hipc::bit_cast<double>(x);
}
HIPC_HD int __double2hiint(double x) {
  return static_cast<int>(hipc::bit_cast<unsigned long long>(x) >> 32);
}
HIPC_HD int __double2loint(double x) {
  return static_cast<int>(
      static_cast<unsigned>(hipc::bit_cast<unsigned long long>(x)));
}
HIPC_HD double __hiloint2double(int hi, int lo) {
  return hipc::bit_cast<double>(
      (static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) |
      static_cast<unsigned>(lo));
}

#undef HIPC_ROUNDED
#undef HIPC_ARGS1
#undef HIPC_RCPF
#undef HIPC_RCPD
#undef HIPC_HD

#endif  // HIPC_INTRINSICS_FLOAT_H
