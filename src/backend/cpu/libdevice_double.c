/* libdevice on the CPU device: double-precision math (see libdevice.h).
 *
 * As in libdevice_float.c: the C library's functions are the CPU device's
 * meaning of their names (hip/hipc/math_double.h); rsqrt and rcbrt are
 * computed in long double, as the CPU half of the headers does. */
#define _GNU_SOURCE /* exp10, sincos */
#include <math.h>

#include "backend/cpu/libdevice.h"

/* -- The C library's functions. */
LD_LIBM1(double, acos)
LD_LIBM1(double, acosh)
LD_LIBM1(double, asin)
LD_LIBM1(double, asinh)
LD_LIBM1(double, atan)
LD_LIBM1(double, atanh)
LD_LIBM2(double, atan2)
LD_LIBM1(double, cbrt)
LD_LIBM1(double, ceil)
LD_LIBM2(double, copysign)
LD_LIBM1(double, cos)
LD_LIBM1(double, cosh)
LD_LIBM1(double, erf)
LD_LIBM1(double, erfc)
LD_LIBM1(double, exp)
LD_LIBM1(double, exp2)
LD_LIBM1(double, exp10)
LD_LIBM1(double, expm1)
LD_LIBM1(double, fabs)
LD_LIBM2(double, fdim)
LD_LIBM1(double, floor)
LD_LIBM(double, fma, (double x, double y, double z), (x, y, z))
LD_LIBM2(double, fmax)
LD_LIBM2(double, fmin)
LD_LIBM2(double, fmod)
LD_LIBM(double, frexp, (double x, int* e), (x, e))
LD_LIBM2(double, hypot)
LD_LIBM(int, ilogb, (double x), (x))
LD_LIBM1(double, j0)
LD_LIBM1(double, j1)
LD_LIBM(double, jn, (int n, double x), (n, x))
LD_LIBM(double, ldexp, (double x, int e), (x, e))
LD_LIBM1(double, lgamma)
LD_LIBM(long long, llrint, (double x), (x))
LD_LIBM(long long, llround, (double x), (x))
LD_LIBM1(double, log)
LD_LIBM1(double, log10)
LD_LIBM1(double, log1p)
LD_LIBM1(double, log2)
LD_LIBM1(double, logb)
LD_LIBM(double, modf, (double x, double* ip), (x, ip))
LD_LIBM1(double, nearbyint)
LD_LIBM2(double, nextafter)
LD_LIBM2(double, pow)
LD_LIBM2(double, remainder)
LD_LIBM(double, remquo, (double x, double y, int* q), (x, y, q))
LD_LIBM1(double, rint)
LD_LIBM1(double, round)
LD_LIBM(double, scalbn, (double x, int e), (x, e))
LD_LIBM1(double, sin)
LD_LIBM1(double, sinh)
LD_LIBM1(double, sqrt)
LD_LIBM1(double, tan)
LD_LIBM1(double, tanh)
LD_LIBM1(double, tgamma)
LD_LIBM1(double, trunc)
LD_LIBM1(double, y0)
LD_LIBM1(double, y1)
LD_LIBM(double, yn, (int n, double x), (n, x))

HIPC_API void __nv_sincos(double x, double* s, double* c) { sincos(x, s, c); }

/* libdevice takes the tag as signed char; the C library as char. */
HIPC_API double __nv_nan(const signed char* tag) {
  return nan((const char*)tag);
}

/* -- What the C library lacks: in long double (64 mantissa bits or more),
 * then rounded once more, as hip/hipc/math_double.h computes them. */
HIPC_API double __nv_rsqrt(double x) {
  return (double)(1.0L / sqrtl((long double)x));
}
HIPC_API double __nv_rcbrt(double x) {
  return (double)(1.0L / cbrtl((long double)x));
}
/* The kernel language's powi(double, int) is pow(x, n). */
HIPC_API double __nv_powi(double x, int n) { return pow(x, (double)n); }
/* libdevice's fast reciprocal (PTX rcp.approx.ftz.f64, about 20 good
 * bits); here the correctly rounded one, which is within that bound. */
HIPC_API double __nv_rcp64h(double x) { return 1.0 / x; }

/* -- Classification, as 0 or 1. */
HIPC_API int __nv_isfinited(double x) { return isfinite(x) != 0; }
HIPC_API int __nv_isinfd(double x) { return isinf(x) != 0; }
HIPC_API int __nv_isnand(double x) { return isnan(x) != 0; }
HIPC_API int __nv_signbitd(double x) { return signbit(x) != 0; }
