/* The C functions of libhipc behind the math and intrinsics headers (CPU
 * device): HIP math functions that the C library lacks, and arithmetic in a
 * named rounding direction. Not part of HIP's API; every name starts with
 * hipc_. Plain C; the kernel-language headers call these from kernels and
 * host code alike.
 *
 * Implemented in src/backend/cpu/math_special.c and fp_round.c. */
#ifndef HIPC_MATH_LIB_H
#define HIPC_MATH_LIB_H

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* -- math_special.c: double precision, to within about one ulp; the float
 * functions of the headers round these results. */
HIPC_API double hipc_sinpi(double x);
HIPC_API double hipc_cospi(double x);
HIPC_API double hipc_erfcx(double x);
HIPC_API double hipc_erfinv(double y);
HIPC_API double hipc_erfcinv(double y);
HIPC_API double hipc_normcdf(double x);
HIPC_API double hipc_normcdfinv(double p);
HIPC_API double hipc_cyl_bessel_i0(double x);
HIPC_API double hipc_cyl_bessel_i1(double x);
/* sqrt(a[0]^2 + ... + a[dim-1]^2) without overflow or underflow on the way,
 * and its reciprocal; +inf (0 for rnorm) when any a[i] is infinite, even
 * with a NaN among them. */
HIPC_API double hipc_norm(int dim, const double* a);
HIPC_API double hipc_rnorm(int dim, const double* a);

/* -- fp_round.c: IEEE operations rounded in the direction `mode`, one of
 * the HIPC_ROUND_* values, computed exactly by the hardware in that
 * rounding mode. */
enum {
  HIPC_ROUND_NEAREST = 0, /* _rn: to nearest, ties to even */
  HIPC_ROUND_ZERO = 1,    /* _rz: toward zero */
  HIPC_ROUND_UP = 2,      /* _ru: toward +infinity */
  HIPC_ROUND_DOWN = 3     /* _rd: toward -infinity */
};
HIPC_API float hipc_fadd_r(float a, float b, int mode);
HIPC_API float hipc_fsub_r(float a, float b, int mode);
HIPC_API float hipc_fmul_r(float a, float b, int mode);
HIPC_API float hipc_fdiv_r(float a, float b, int mode);
HIPC_API float hipc_fma_rf(float a, float b, float c, int mode);
HIPC_API float hipc_fsqrt_r(float a, int mode);
HIPC_API double hipc_dadd_r(double a, double b, int mode);
HIPC_API double hipc_dsub_r(double a, double b, int mode);
HIPC_API double hipc_dmul_r(double a, double b, int mode);
HIPC_API double hipc_ddiv_r(double a, double b, int mode);
HIPC_API double hipc_fma_r(double a, double b, double c, int mode);
HIPC_API double hipc_dsqrt_r(double a, int mode);
/* Conversions to floating point in a rounding direction. */
HIPC_API float hipc_ll2float_r(long long v, int mode);
HIPC_API float hipc_ull2float_r(unsigned long long v, int mode);
HIPC_API double hipc_ll2double_r(long long v, int mode);
HIPC_API double hipc_ull2double_r(unsigned long long v, int mode);
HIPC_API float hipc_double2float_r(double v, int mode);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_MATH_LIB_H */
