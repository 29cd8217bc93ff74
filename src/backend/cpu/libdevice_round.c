/* libdevice on the CPU device: arithmetic in a named rounding direction
 * (see libdevice.h), with the results of hip/hipc/intrinsics_float.h:
 * NAME_rn is the plain IEEE operation (the default rounding mode, to
 * nearest), NAME_rz, _ru and _rd call fp_round.c, which runs the one
 * operation with the FPU switched to that mode. This file switches no
 * modes itself, so it needs no -frounding-math. */
#include <math.h>

#include "backend/cpu/libdevice.h"

#define LD_ROUNDED(T, NAME, PARAMS, RN_EXPR, DIRECTED)                  \
  HIPC_API T __nv_##NAME##_rn PARAMS { return RN_EXPR; }                \
  HIPC_API T __nv_##NAME##_rz PARAMS { return DIRECTED(HIPC_ROUND_ZERO); } \
  HIPC_API T __nv_##NAME##_ru PARAMS { return DIRECTED(HIPC_ROUND_UP); }   \
  HIPC_API T __nv_##NAME##_rd PARAMS { return DIRECTED(HIPC_ROUND_DOWN); }

#define LD_FADD(m) hipc_fadd_r(x, y, m)
#define LD_FSUB(m) hipc_fsub_r(x, y, m)
#define LD_FMUL(m) hipc_fmul_r(x, y, m)
#define LD_FDIV(m) hipc_fdiv_r(x, y, m)
#define LD_FMAF(m) hipc_fma_rf(x, y, z, m)
#define LD_FSQRT(m) hipc_fsqrt_r(x, m)
#define LD_FRCP(m) hipc_fdiv_r(1.0f, x, m)
#define LD_DADD(m) hipc_dadd_r(x, y, m)
#define LD_DSUB(m) hipc_dsub_r(x, y, m)
#define LD_DMUL(m) hipc_dmul_r(x, y, m)
#define LD_DDIV(m) hipc_ddiv_r(x, y, m)
#define LD_DFMA(m) hipc_fma_r(x, y, z, m)
#define LD_DSQRT(m) hipc_dsqrt_r(x, m)
#define LD_DRCP(m) hipc_ddiv_r(1.0, x, m)

LD_ROUNDED(float, fadd, (float x, float y), x + y, LD_FADD)
LD_ROUNDED(float, fsub, (float x, float y), x - y, LD_FSUB)
LD_ROUNDED(float, fmul, (float x, float y), x * y, LD_FMUL)
LD_ROUNDED(float, fdiv, (float x, float y), x / y, LD_FDIV)
LD_ROUNDED(float, fmaf, (float x, float y, float z), fmaf(x, y, z), LD_FMAF)
/* CUDA's __fmaf_ieee_*: the same fused operation (no flush to zero here
 * either way). */
LD_ROUNDED(float, fmaf_ieee, (float x, float y, float z), fmaf(x, y, z),
           LD_FMAF)
LD_ROUNDED(float, fsqrt, (float x), sqrtf(x), LD_FSQRT)
LD_ROUNDED(float, frcp, (float x), 1.0f / x, LD_FRCP)
LD_ROUNDED(double, dadd, (double x, double y), x + y, LD_DADD)
LD_ROUNDED(double, dsub, (double x, double y), x - y, LD_DSUB)
LD_ROUNDED(double, dmul, (double x, double y), x * y, LD_DMUL)
LD_ROUNDED(double, ddiv, (double x, double y), x / y, LD_DDIV)
LD_ROUNDED(double, fma, (double x, double y, double z), fma(x, y, z), LD_DFMA)
LD_ROUNDED(double, dsqrt, (double x), sqrt(x), LD_DSQRT)
LD_ROUNDED(double, drcp, (double x), 1.0 / x, LD_DRCP)

/* 1/sqrt(x) in double, then rounded: within half an ulp and a hair, as
 * hip/hipc/intrinsics_float.h computes __frsqrt_rn. */
HIPC_API float __nv_frsqrt_rn(float x) {
  return (float)(1.0 / sqrt((double)x));
}
