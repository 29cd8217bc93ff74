// Double-precision math functions of the kernel language.
//
// As in math_float.h: the C library's functions (sin, erfc, j0, sincos,
// exp10, ...) are the C library's on the CPU device; this header adds what
// HIP has beyond it (rsqrt, sinpi, erfinv, normcdf, norm3d, cyl_bessel_i0,
// ...), computed in long double or by libhipc (hip/hipc/math_lib.h).
// In hipcc's device pass (__NVPTX__) all of these come from clang's CUDA
// headers (libdevice), so this header is empty there.
#ifndef HIPC_MATH_DOUBLE_H
#define HIPC_MATH_DOUBLE_H

#include <cmath>

#include "hip/hipc/math_lib.h"
#include "hip/hipc/qualifiers.h"

// The reference's double-precision functions that the C library provides:
// acos, acosh, asin, asinh, atan, atanh, cbrt, ceil, cos, cosh, erf, erfc,
// exp, exp10, exp2, expm1, fabs, floor, j0, j1, lgamma, log, log10, log1p,
// log2, logb, nearbyint, rint, round, sin, sinh, sqrt, tan, tanh, tgamma,
// trunc, y0, y1, atan2, copysign, fdim, fmax, fmin, fmod, hypot, nextafter,
// pow, remainder,
// fma, frexp, ilogb, jn, ldexp, llrint, llround, lrint, lround, modf, nan,
// remquo, scalbln, scalbn, sincos, yn; isfinite, isinf, isnan, signbit.

#define HIPC_HD __host__ __device__ inline

#if !defined(__NVPTX__)

namespace hipc {
HIPC_HD long double sum_sq(double a, double b, double c = 0, double d = 0) {
  return static_cast<long double>(a) * a + static_cast<long double>(b) * b +
         static_cast<long double>(c) * c + static_cast<long double>(d) * d;
}
HIPC_HD bool any_inf(double a, double b, double c = 0, double d = 0) {
  return std::isinf(a) || std::isinf(b) || std::isinf(c) || std::isinf(d);
}
HIPC_HD double norm_of(long double sum_sq) {
  return static_cast<double>(std::sqrt(sum_sq));
}
HIPC_HD double rnorm_of(long double sum_sq) {
  return static_cast<double>(1.0L / std::sqrt(sum_sq));
}
}  // namespace hipc

HIPC_HD double rsqrt(double x) {
  return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(x)));
}
HIPC_HD double rcbrt(double x) {
  return static_cast<double>(1.0L / std::cbrt(static_cast<long double>(x)));
}
HIPC_HD double sinpi(double x) { return hipc_sinpi(x); }
HIPC_HD double cospi(double x) { return hipc_cospi(x); }
HIPC_HD void sincospi(double x, double* s, double* c) {
  *s = hipc_sinpi(x);
  *c = hipc_cospi(x);
}
HIPC_HD double erfcx(double x) { return hipc_erfcx(x); }
HIPC_HD double erfinv(double y) { return hipc_erfinv(y); }
HIPC_HD double erfcinv(double y) { return hipc_erfcinv(y); }
HIPC_HD double normcdf(double x) { return hipc_normcdf(x); }
HIPC_HD double normcdfinv(double p) { return hipc_normcdfinv(p); }
HIPC_HD double cyl_bessel_i0(double x) { return hipc_cyl_bessel_i0(x); }
HIPC_HD double cyl_bessel_i1(double x) { return hipc_cyl_bessel_i1(x); }
HIPC_HD double rhypot(double x, double y) {
  return hipc::any_inf(x, y) ? 0.0 : hipc::rnorm_of(hipc::sum_sq(x, y));
}
HIPC_HD double norm3d(double a, double b, double c) {
  return hipc::any_inf(a, b, c) ? HUGE_VAL
                                : hipc::norm_of(hipc::sum_sq(a, b, c));
}
HIPC_HD double norm4d(double a, double b, double c, double d) {
  return hipc::any_inf(a, b, c, d) ? HUGE_VAL
                                   : hipc::norm_of(hipc::sum_sq(a, b, c, d));
}
HIPC_HD double rnorm3d(double a, double b, double c) {
  return hipc::any_inf(a, b, c) ? 0.0 : hipc::rnorm_of(hipc::sum_sq(a, b, c));
}
HIPC_HD double rnorm4d(double a, double b, double c, double d) {
  return hipc::any_inf(a, b, c, d) ? 0.0
                                   : hipc::rnorm_of(hipc::sum_sq(a, b, c, d));
}
HIPC_HD double norm(int dim, const double* a) { return hipc_norm(dim, a); }
HIPC_HD double rnorm(int dim, const double* a) { return hipc_rnorm(dim, a); }
// powi is device-only in AMD's headers, so programs may define a host
// powi(double, int) of their own (HeCBench's kmc does). hipc's works on the
// host too; as a template it yields to such a function instead of
// clashing with it, and is still chosen where there is none.
template <typename = void>
HIPC_HD double powi(double x, int n) { return std::pow(x, n); }

#endif  // !__NVPTX__

#undef HIPC_HD

#endif  // HIPC_MATH_DOUBLE_H
