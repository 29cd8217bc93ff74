/* Arithmetic in a named rounding direction (the _rz, _ru, _rd intrinsics;
 * see hip/hipc/math_lib.h): the operation runs with the FPU switched to
 * that rounding mode, so the hardware rounds it exactly as IEEE 754 says,
 * signed zeros, overflow and subnormals included. The mode is restored
 * before returning; a fiber never switches inside these functions.
 *
 * Built with -frounding-math (Makefile), so that the compiler neither folds
 * nor moves the operations across the mode switches. */
#include <fenv.h>
#include <math.h>

#include "hip/hipc/math_lib.h"

static const int fe_mode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD,
                               FE_DOWNWARD};

/* Runs EXPR with the rounding mode `mode` and returns its value as TYPE. */
#define IN_MODE(TYPE, mode, EXPR)                    \
  do {                                               \
    int saved_ = fegetround();                       \
    fesetround(fe_mode[(unsigned)(mode) & 3u]);      \
    volatile TYPE r_ = (EXPR);                       \
    fesetround(saved_);                              \
    return r_;                                       \
  } while (0)

float hipc_fadd_r(float a, float b, int mode) { IN_MODE(float, mode, a + b); }
float hipc_fsub_r(float a, float b, int mode) { IN_MODE(float, mode, a - b); }
float hipc_fmul_r(float a, float b, int mode) { IN_MODE(float, mode, a * b); }
float hipc_fdiv_r(float a, float b, int mode) { IN_MODE(float, mode, a / b); }
float hipc_fma_rf(float a, float b, float c, int mode) {
  IN_MODE(float, mode, fmaf(a, b, c));
}
float hipc_fsqrt_r(float a, int mode) { IN_MODE(float, mode, sqrtf(a)); }

double hipc_dadd_r(double a, double b, int mode) {
  IN_MODE(double, mode, a + b);
}
double hipc_dsub_r(double a, double b, int mode) {
  IN_MODE(double, mode, a - b);
}
double hipc_dmul_r(double a, double b, int mode) {
  IN_MODE(double, mode, a * b);
}
double hipc_ddiv_r(double a, double b, int mode) {
  IN_MODE(double, mode, a / b);
}
double hipc_fma_r(double a, double b, double c, int mode) {
  IN_MODE(double, mode, fma(a, b, c));
}
double hipc_dsqrt_r(double a, int mode) { IN_MODE(double, mode, sqrt(a)); }

float hipc_ll2float_r(long long v, int mode) { IN_MODE(float, mode, (float)v); }
float hipc_ull2float_r(unsigned long long v, int mode) {
  IN_MODE(float, mode, (float)v);
}
double hipc_ll2double_r(long long v, int mode) {
  IN_MODE(double, mode, (double)v);
}
double hipc_ull2double_r(unsigned long long v, int mode) {
  IN_MODE(double, mode, (double)v);
}
float hipc_double2float_r(double v, int mode) {
  IN_MODE(float, mode, (float)v);
}
