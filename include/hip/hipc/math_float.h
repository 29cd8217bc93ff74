// Single-precision math functions of the kernel language.
//
// The functions of the C library (sinf, erfcf, j0f, sincosf, exp10f, ...)
// are the C library's on the CPU device: <cmath> declares them, and kernels
// call them like host code. This header adds what HIP has beyond the C
// library (rsqrtf, sinpif, erfinvf, normcdff, norm3df, cyl_bessel_i0f, ...),
// for host and device code, and the float overloads of their
// double-precision names (rsqrt(float), ...).
//
// In hipcc's device pass (__NVPTX__) the C library's functions and HIP's
// f-functions come from clang's CUDA headers, which call libdevice (see
// hip/hipc/libdevice_nvptx.h); this header then only adds the float
// overloads, calling libdevice's __nv_* functions directly.
// HIPC_F(name) names the float implementation of `name` in either branch.
#ifndef HIPC_MATH_FLOAT_H
#define HIPC_MATH_FLOAT_H

#include <cmath>

#include "hip/hipc/math_lib.h"
#include "hip/hipc/qualifiers.h"

// The reference's single-precision functions that the C library provides:
// acosf, acoshf, asinf, asinhf, atanf, atanhf, cbrtf, ceilf, cosf, coshf,
// erfcf, erff, exp10f, exp2f, expf, expm1f, fabsf, floorf, j0f, j1f, lgammaf,
// log10f, log1pf, log2f, logbf, logf, nearbyintf, rintf, roundf, sinf, sinhf,
// sqrtf, tanf, tanhf, tgammaf, truncf, y0f, y1f, atan2f, copysignf, fdimf,
// fmaxf, fminf, fmodf, hypotf, nextafterf, powf, remainderf,
// fmaf, frexpf, ilogbf, jnf, ldexpf, llrintf, llroundf, lrintf, lroundf,
// modff, nanf, remquof, scalblnf, scalbnf, sincosf, ynf; isfinite, isinf,
// isnan, signbit.

#define HIPC_HD __host__ __device__ inline

#if defined(__NVPTX__)

// libdevice, declared again here because clang's header comes later.
extern "C" {
#define HIPC_NV1(name) __device__ float __nv_##name##f(float);
HIPC_NV1(rsqrt)
HIPC_NV1(rcbrt) HIPC_NV1(sinpi) HIPC_NV1(cospi) HIPC_NV1(erfcx) HIPC_NV1(erfinv)
    HIPC_NV1(erfcinv) HIPC_NV1(normcdf) HIPC_NV1(normcdfinv)
        HIPC_NV1(cyl_bessel_i0) HIPC_NV1(cyl_bessel_i1)
#undef HIPC_NV1
            __device__ void __nv_sincospif(float, float*, float*);
__device__ float __nv_rhypotf(float, float);
__device__ float __nv_norm3df(float, float, float);
__device__ float __nv_norm4df(float, float, float, float);
__device__ float __nv_rnorm3df(float, float, float);
__device__ float __nv_rnorm4df(float, float, float, float);
__device__ double __nv_pow(double, double);
}
namespace hipc {
namespace nvptx {
// powif(x, n): libdevice's __nv_powif multiplies in float (2 ulp and more
// off); pow in double, then rounded, is within half an ulp and a hair,
// with C's special cases (pow(+-0, n < 0) = +-inf or +inf, ...).
__device__ inline float powif(float x, int n) {
  return static_cast<float>(__nv_pow(x, n));
}
}  // namespace nvptx
}  // namespace hipc
#define HIPC_F(name) __nv_##name##f

#else  // the CPU device

#define HIPC_F(name) name##f

namespace hipc {
// Sums of squares in double: exact products, so a float result from them
// is within half an ulp and a hair. An infinite coordinate wins over NaN.
HIPC_HD double sum_sq(float a, float b, float c = 0, float d = 0) {
  return static_cast<double>(a) * a + static_cast<double>(b) * b +
         static_cast<double>(c) * c + static_cast<double>(d) * d;
}
HIPC_HD bool any_inf(float a, float b, float c = 0, float d = 0) {
  return std::isinf(a) || std::isinf(b) || std::isinf(c) || std::isinf(d);
}
HIPC_HD float norm_of(double sum_sq) {
  return static_cast<float>(std::sqrt(sum_sq));
}
HIPC_HD float rnorm_of(double sum_sq) {
  return static_cast<float>(1.0 / std::sqrt(sum_sq));
}
}  // namespace hipc

HIPC_HD float rsqrtf(float x) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}
HIPC_HD float rcbrtf(float x) {
  return static_cast<float>(1.0 / std::cbrt(static_cast<double>(x)));
}
HIPC_HD float sinpif(float x) { return static_cast<float>(hipc_sinpi(x)); }
HIPC_HD float cospif(float x) { return static_cast<float>(hipc_cospi(x)); }
HIPC_HD void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
HIPC_HD float erfcxf(float x) { return static_cast<float>(hipc_erfcx(x)); }
HIPC_HD float erfinvf(float y) { return static_cast<float>(hipc_erfinv(y)); }
HIPC_HD float erfcinvf(float y) { return static_cast<float>(hipc_erfcinv(y)); }
HIPC_HD float normcdff(float x) { return static_cast<float>(hipc_normcdf(x)); }
HIPC_HD float normcdfinvf(float p) {
  return static_cast<float>(hipc_normcdfinv(p));
}
HIPC_HD float cyl_bessel_i0f(float x) {
  return static_cast<float>(hipc_cyl_bessel_i0(x));
}
HIPC_HD float cyl_bessel_i1f(float x) {
  return static_cast<float>(hipc_cyl_bessel_i1(x));
}
HIPC_HD float rhypotf(float x, float y) {
  return hipc::any_inf(x, y) ? 0.0f : hipc::rnorm_of(hipc::sum_sq(x, y));
}
HIPC_HD float norm3df(float a, float b, float c) {
  return hipc::any_inf(a, b, c) ? HUGE_VALF
                                : hipc::norm_of(hipc::sum_sq(a, b, c));
}
HIPC_HD float norm4df(float a, float b, float c, float d) {
  return hipc::any_inf(a, b, c, d) ? HUGE_VALF
                                   : hipc::norm_of(hipc::sum_sq(a, b, c, d));
}
HIPC_HD float rnorm3df(float a, float b, float c) {
  return hipc::any_inf(a, b, c) ? 0.0f : hipc::rnorm_of(hipc::sum_sq(a, b, c));
}
HIPC_HD float rnorm4df(float a, float b, float c, float d) {
  return hipc::any_inf(a, b, c, d) ? 0.0f
                                   : hipc::rnorm_of(hipc::sum_sq(a, b, c, d));
}
HIPC_HD float normf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; i++) {
    if (std::isinf(a[i])) return HUGE_VALF;
    s += static_cast<double>(a[i]) * a[i];
  }
  return hipc::norm_of(s);
}
HIPC_HD float rnormf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; i++) {
    if (std::isinf(a[i])) return 0.0f;
    s += static_cast<double>(a[i]) * a[i];
  }
  return hipc::rnorm_of(s);
}
HIPC_HD float fdividef(float x, float y) { return x / y; }
HIPC_HD float powif(float x, int n) {
  return static_cast<float>(std::pow(static_cast<double>(x), n));
}

#endif  // __NVPTX__

// Float overloads of the double-precision names of HIP's functions.
HIPC_HD float rsqrt(float x) { return HIPC_F(rsqrt)(x); }
HIPC_HD float rcbrt(float x) { return HIPC_F(rcbrt)(x); }
HIPC_HD float sinpi(float x) { return HIPC_F(sinpi)(x); }
HIPC_HD float cospi(float x) { return HIPC_F(cospi)(x); }
HIPC_HD void sincospi(float x, float* s, float* c) {
  HIPC_F(sincospi)(x, s, c);
}
HIPC_HD float erfcx(float x) { return HIPC_F(erfcx)(x); }
HIPC_HD float erfinv(float x) { return HIPC_F(erfinv)(x); }
HIPC_HD float erfcinv(float x) { return HIPC_F(erfcinv)(x); }
HIPC_HD float normcdf(float x) { return HIPC_F(normcdf)(x); }
HIPC_HD float normcdfinv(float x) { return HIPC_F(normcdfinv)(x); }
HIPC_HD float cyl_bessel_i0(float x) { return HIPC_F(cyl_bessel_i0)(x); }
HIPC_HD float cyl_bessel_i1(float x) { return HIPC_F(cyl_bessel_i1)(x); }
HIPC_HD float rhypot(float x, float y) { return HIPC_F(rhypot)(x, y); }
HIPC_HD float norm3d(float a, float b, float c) {
  return HIPC_F(norm3d)(a, b, c);
}
HIPC_HD float norm4d(float a, float b, float c, float d) {
  return HIPC_F(norm4d)(a, b, c, d);
}
HIPC_HD float rnorm3d(float a, float b, float c) {
  return HIPC_F(rnorm3d)(a, b, c);
}
HIPC_HD float rnorm4d(float a, float b, float c, float d) {
  return HIPC_F(rnorm4d)(a, b, c, d);
}
// A template, as powi(double, int) in math_double.h, so that a program's
// own host powi(float, int) wins over it.
#if defined(__NVPTX__)
template <typename = void>
HIPC_HD float powi(float x, int n) { return hipc::nvptx::powif(x, n); }
#else
template <typename = void>
HIPC_HD float powi(float x, int n) { return powif(x, n); }
#endif
#if !defined(__NVPTX__)
// Float overloads of the C library's GNU extensions.
HIPC_HD float exp10(float x) { return exp10f(x); }
HIPC_HD void sincos(float x, float* s, float* c) { sincosf(x, s, c); }
#endif

#undef HIPC_HD
#undef HIPC_F

#endif  // HIPC_MATH_FLOAT_H
