/* libdevice on the CPU device: single-precision math (see libdevice.h).
 *
 * The C library's functions are the CPU device's meaning of their names
 * (hip/hipc/math_float.h), so most __nv_*f functions forward to them; the
 * rest compute what the CPU half of the headers computes: rsqrtf and
 * rcbrtf in double, then rounded; powif through pow in double; the fast
 * intrinsics (__sinf, __expf, ...) as the accurate functions
 * (hip/hipc/intrinsics_float.h). */
#define _GNU_SOURCE /* exp10f, sincosf */
#include <math.h>

#include "backend/cpu/libdevice.h"

/* -- The C library's functions. */
LD_LIBM1(float, acosf)
LD_LIBM1(float, acoshf)
LD_LIBM1(float, asinf)
LD_LIBM1(float, asinhf)
LD_LIBM1(float, atanf)
LD_LIBM1(float, atanhf)
LD_LIBM2(float, atan2f)
LD_LIBM1(float, cbrtf)
LD_LIBM1(float, ceilf)
LD_LIBM2(float, copysignf)
LD_LIBM1(float, cosf)
LD_LIBM1(float, coshf)
LD_LIBM1(float, erff)
LD_LIBM1(float, erfcf)
LD_LIBM1(float, expf)
LD_LIBM1(float, exp2f)
LD_LIBM1(float, exp10f)
LD_LIBM1(float, expm1f)
LD_LIBM1(float, fabsf)
LD_LIBM2(float, fdimf)
LD_LIBM1(float, floorf)
LD_LIBM(float, fmaf, (float x, float y, float z), (x, y, z))
LD_LIBM2(float, fmaxf)
LD_LIBM2(float, fminf)
LD_LIBM2(float, fmodf)
LD_LIBM(float, frexpf, (float x, int* e), (x, e))
LD_LIBM2(float, hypotf)
LD_LIBM(int, ilogbf, (float x), (x))
LD_LIBM1(float, j0f)
LD_LIBM1(float, j1f)
LD_LIBM(float, jnf, (int n, float x), (n, x))
LD_LIBM(float, ldexpf, (float x, int e), (x, e))
LD_LIBM1(float, lgammaf)
LD_LIBM(long long, llrintf, (float x), (x))
LD_LIBM(long long, llroundf, (float x), (x))
LD_LIBM1(float, logf)
LD_LIBM1(float, log10f)
LD_LIBM1(float, log1pf)
LD_LIBM1(float, log2f)
LD_LIBM1(float, logbf)
LD_LIBM(float, modff, (float x, float* ip), (x, ip))
LD_LIBM1(float, nearbyintf)
LD_LIBM2(float, nextafterf)
LD_LIBM2(float, powf)
LD_LIBM2(float, remainderf)
LD_LIBM(float, remquof, (float x, float y, int* q), (x, y, q))
LD_LIBM1(float, rintf)
LD_LIBM1(float, roundf)
LD_LIBM(float, scalbnf, (float x, int e), (x, e))
LD_LIBM1(float, sinf)
LD_LIBM1(float, sinhf)
LD_LIBM1(float, sqrtf)
LD_LIBM1(float, tanf)
LD_LIBM1(float, tanhf)
LD_LIBM1(float, tgammaf)
LD_LIBM1(float, truncf)
LD_LIBM1(float, y0f)
LD_LIBM1(float, y1f)
LD_LIBM(float, ynf, (int n, float x), (n, x))

HIPC_API void __nv_sincosf(float x, float* s, float* c) { sincosf(x, s, c); }

/* libdevice takes the tag as signed char; the C library as char. */
HIPC_API float __nv_nanf(const signed char* tag) {
  return nanf((const char*)tag);
}

/* -- What the C library lacks: computed in double, where the exact
 * operations leave one rounding to float (within half an ulp and a hair). */
HIPC_API float __nv_rsqrtf(float x) { return (float)(1.0 / sqrt((double)x)); }
HIPC_API float __nv_rcbrtf(float x) { return (float)(1.0 / cbrt((double)x)); }
/* pow in double has C's special cases (pow(+-0, n < 0) = +-inf, ...). */
HIPC_API float __nv_powif(float x, int n) {
  return (float)pow((double)x, (double)n);
}

/* -- Classification, as 0 or 1. */
HIPC_API int __nv_finitef(float x) { return isfinite(x) != 0; }
HIPC_API int __nv_isinff(float x) { return isinf(x) != 0; }
HIPC_API int __nv_isnanf(float x) { return isnan(x) != 0; }
HIPC_API int __nv_signbitf(float x) { return signbit(x) != 0; }

/* -- The fast intrinsics: on the CPU device as accurate as the plain
 * functions (hip/hipc/intrinsics_float.h). */
HIPC_API float __nv_fast_sinf(float x) { return sinf(x); }
HIPC_API float __nv_fast_cosf(float x) { return cosf(x); }
HIPC_API float __nv_fast_tanf(float x) { return tanf(x); }
HIPC_API void __nv_fast_sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
HIPC_API float __nv_fast_expf(float x) { return expf(x); }
HIPC_API float __nv_fast_exp10f(float x) { return exp10f(x); }
HIPC_API float __nv_fast_logf(float x) { return logf(x); }
HIPC_API float __nv_fast_log2f(float x) { return log2f(x); }
HIPC_API float __nv_fast_log10f(float x) { return log10f(x); }
HIPC_API float __nv_fast_powf(float x, float y) { return powf(x, y); }
HIPC_API float __nv_fast_fdividef(float x, float y) { return x / y; }

/* Clamped to [+0, 1]; NaN gives +0. */
HIPC_API float __nv_saturatef(float x) {
  return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f);
}
