/* libdevice on the CPU device: the special functions that the C library
 * lacks (see libdevice.h), as the CPU half of the headers computes them
 * (hip/hipc/math_float.h, math_double.h): the double versions are
 * math_special.c's, the float versions those rounded to float; the norms
 * sum exact squares in a wider type (double for float, long double for
 * double) and take the root there, so that nothing overflows or
 * underflows on the way. An infinite coordinate wins over a NaN: the norm
 * is +inf and the reciprocal norm +0. */
#include <math.h>

#include "backend/cpu/libdevice.h"

/* -- sin(pi x), cos(pi x) and the rest of math_special.c. */
#define LD_SPECIAL(NAME)                                    \
  HIPC_API double __nv_##NAME(double x) { return hipc_##NAME(x); } \
  HIPC_API float __nv_##NAME##f(float x) { return (float)hipc_##NAME(x); }
LD_SPECIAL(sinpi)
LD_SPECIAL(cospi)
LD_SPECIAL(erfcx)
LD_SPECIAL(erfinv)
LD_SPECIAL(erfcinv)
LD_SPECIAL(normcdf)
LD_SPECIAL(normcdfinv)
LD_SPECIAL(cyl_bessel_i0)
LD_SPECIAL(cyl_bessel_i1)
#undef LD_SPECIAL

HIPC_API void __nv_sincospi(double x, double* s, double* c) {
  *s = hipc_sinpi(x);
  *c = hipc_cospi(x);
}
HIPC_API void __nv_sincospif(float x, float* s, float* c) {
  *s = (float)hipc_sinpi(x);
  *c = (float)hipc_cospi(x);
}

/* -- Norms in float: squares of floats are exact in double, and their sum
 * is rounded once or twice there, far below float's precision. */
static double sum_sq_f(float a, float b, float c, float d) {
  return (double)a * a + (double)b * b + (double)c * c + (double)d * d;
}
static int any_inf_f(float a, float b, float c, float d) {
  return isinf(a) || isinf(b) || isinf(c) || isinf(d);
}
static float norm_f(double s) { return (float)sqrt(s); }
static float rnorm_f(double s) { return (float)(1.0 / sqrt(s)); }

HIPC_API float __nv_rhypotf(float x, float y) {
  return any_inf_f(x, y, 0, 0) ? 0.0f : rnorm_f(sum_sq_f(x, y, 0, 0));
}
HIPC_API float __nv_norm3df(float a, float b, float c) {
  return any_inf_f(a, b, c, 0) ? HUGE_VALF : norm_f(sum_sq_f(a, b, c, 0));
}
HIPC_API float __nv_norm4df(float a, float b, float c, float d) {
  return any_inf_f(a, b, c, d) ? HUGE_VALF : norm_f(sum_sq_f(a, b, c, d));
}
HIPC_API float __nv_rnorm3df(float a, float b, float c) {
  return any_inf_f(a, b, c, 0) ? 0.0f : rnorm_f(sum_sq_f(a, b, c, 0));
}
HIPC_API float __nv_rnorm4df(float a, float b, float c, float d) {
  return any_inf_f(a, b, c, d) ? 0.0f : rnorm_f(sum_sq_f(a, b, c, d));
}
HIPC_API float __nv_normf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; i++) {
    if (isinf(a[i])) return HUGE_VALF;
    s += (double)a[i] * a[i];
  }
  return norm_f(s);
}
HIPC_API float __nv_rnormf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; i++) {
    if (isinf(a[i])) return 0.0f;
    s += (double)a[i] * a[i];
  }
  return rnorm_f(s);
}

/* -- Norms in double, through long double (64 mantissa bits or more). */
static long double sum_sq_d(double a, double b, double c, double d) {
  return (long double)a * a + (long double)b * b + (long double)c * c +
         (long double)d * d;
}
static int any_inf_d(double a, double b, double c, double d) {
  return isinf(a) || isinf(b) || isinf(c) || isinf(d);
}
static double norm_d(long double s) { return (double)sqrtl(s); }
static double rnorm_d(long double s) { return (double)(1.0L / sqrtl(s)); }

HIPC_API double __nv_rhypot(double x, double y) {
  return any_inf_d(x, y, 0, 0) ? 0.0 : rnorm_d(sum_sq_d(x, y, 0, 0));
}
HIPC_API double __nv_norm3d(double a, double b, double c) {
  return any_inf_d(a, b, c, 0) ? HUGE_VAL : norm_d(sum_sq_d(a, b, c, 0));
}
HIPC_API double __nv_norm4d(double a, double b, double c, double d) {
  return any_inf_d(a, b, c, d) ? HUGE_VAL : norm_d(sum_sq_d(a, b, c, d));
}
HIPC_API double __nv_rnorm3d(double a, double b, double c) {
  return any_inf_d(a, b, c, 0) ? 0.0 : rnorm_d(sum_sq_d(a, b, c, 0));
}
HIPC_API double __nv_rnorm4d(double a, double b, double c, double d) {
  return any_inf_d(a, b, c, d) ? 0.0 : rnorm_d(sum_sq_d(a, b, c, d));
}
HIPC_API double __nv_norm(int dim, const double* a) {
  return hipc_norm(dim, a);
}
HIPC_API double __nv_rnorm(int dim, const double* a) {
  return hipc_rnorm(dim, a);
}
