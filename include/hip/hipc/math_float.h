// Single-precision math functions of the kernel language.
//
// The functions of the C library (sinf, erfcf, j0f, sincosf, exp10f, ...)
// are the C library's on the CPU device: <cmath> declares them, and kernels
// call them like host code. This header adds what HIP has beyond the C
// library (rsqrtf, sinpif, erfinvf, normcdff, norm3df, cyl_bessel_i0f, ...),
// for host and device code, and the float overloads of their
// double-precision names (rsqrt(float), ...).
//
// Every function goes through one definition here, so that a device
// compiler's branch (libdevice's __nv_* functions) is a small addition:
// HIPC_MATH_FLOAT_LIBC lists the C library's functions by signature.
#ifndef HIPC_MATH_FLOAT_H
#define HIPC_MATH_FLOAT_H

#include <cmath>

#include "hip/hipc/math_lib.h"
#include "hip/hipc/qualifiers.h"

// The reference's single-precision functions that the C library provides,
// grouped by signature (X1: float(float), X2: float(float, float)); the
// rest are named in HIPC_MATH_FLOAT_LIBC_OTHER for the record.
#define HIPC_MATH_FLOAT_LIBC(X1, X2)                                        \
  X1(acosf) X1(acoshf) X1(asinf) X1(asinhf) X1(atanf) X1(atanhf) X1(cbrtf) \
  X1(ceilf) X1(cosf) X1(coshf) X1(erfcf) X1(erff) X1(exp10f) X1(exp2f)     \
  X1(expf) X1(expm1f) X1(fabsf) X1(floorf) X1(j0f) X1(j1f) X1(lgammaf)     \
  X1(log10f) X1(log1pf) X1(log2f) X1(logbf) X1(logf) X1(nearbyintf)        \
  X1(rintf) X1(roundf) X1(sinf) X1(sinhf) X1(sqrtf) X1(tanf) X1(tanhf)     \
  X1(tgammaf) X1(truncf) X1(y0f) X1(y1f)                                   \
  X2(atan2f) X2(copysignf) X2(fdimf) X2(fmaxf) X2(fminf) X2(fmodf)         \
  X2(hypotf) X2(nextafterf) X2(powf) X2(remainderf)
// fmaf, frexpf, ilogbf, jnf, ldexpf, llrintf, llroundf, lrintf, lroundf,
// modff, nanf, remquof, scalblnf, scalbnf, sincosf, ynf; isfinite, isinf,
// isnan, signbit.

#define HIPC_HD __host__ __device__ inline

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
  return hipc::any_inf(a, b, c) ? HUGE_VALF : hipc::norm_of(hipc::sum_sq(a, b, c));
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

// Float overloads of the double-precision names of the functions above.
HIPC_HD float rsqrt(float x) { return rsqrtf(x); }
HIPC_HD float rcbrt(float x) { return rcbrtf(x); }
HIPC_HD float sinpi(float x) { return sinpif(x); }
HIPC_HD float cospi(float x) { return cospif(x); }
HIPC_HD void sincospi(float x, float* s, float* c) { sincospif(x, s, c); }
HIPC_HD float erfcx(float x) { return erfcxf(x); }
HIPC_HD float erfinv(float x) { return erfinvf(x); }
HIPC_HD float erfcinv(float x) { return erfcinvf(x); }
HIPC_HD float normcdf(float x) { return normcdff(x); }
HIPC_HD float normcdfinv(float x) { return normcdfinvf(x); }
HIPC_HD float cyl_bessel_i0(float x) { return cyl_bessel_i0f(x); }
HIPC_HD float cyl_bessel_i1(float x) { return cyl_bessel_i1f(x); }
HIPC_HD float rhypot(float x, float y) { return rhypotf(x, y); }
HIPC_HD float norm3d(float a, float b, float c) { return norm3df(a, b, c); }
HIPC_HD float norm4d(float a, float b, float c, float d) {
  return norm4df(a, b, c, d);
}
HIPC_HD float rnorm3d(float a, float b, float c) { return rnorm3df(a, b, c); }
HIPC_HD float rnorm4d(float a, float b, float c, float d) {
  return rnorm4df(a, b, c, d);
}
HIPC_HD float powi(float x, int n) { return powif(x, n); }

// min and max of floats (fminf/fmaxf: a NaN loses to a number).
HIPC_HD float min(float a, float b) { return std::fmin(a, b); }
HIPC_HD float max(float a, float b) { return std::fmax(a, b); }

#undef HIPC_HD

#endif  // HIPC_MATH_FLOAT_H
