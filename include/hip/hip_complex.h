/* hip_complex.h: single and double precision complex numbers, as AMD's
 * header defines them: hipFloatComplex is float2 and hipDoubleComplex is
 * double2 (x the real part, y the imaginary part; their operators are
 * float2's, element-wise: use hipCmulf/hipCdivf for the complex product
 * and quotient), hipComplex is hipFloatComplex. The functions work in host
 * and device code:
 *
 *   make_hipFloatComplex, hipCrealf, hipCimagf, hipConjf, hipCaddf,
 *   hipCsubf, hipCmulf, hipCdivf, hipCsqabsf (|z|^2), hipCabsf (|z|,
 *   without intermediate overflow), hipCfmaf (p * q + r), and the double
 *   forms without the f; make_hipComplex, hipComplexFloatToDouble,
 *   hipComplexDoubleToFloat.
 *
 * The quotient is AMD's textbook formula, (a * conj(b)) / |b|^2. */
#ifndef HIP_COMPLEX_H
#define HIP_COMPLEX_H

#include "hip/hip_runtime.h"

#ifdef __cplusplus
#include <cmath>
#define HIPC_CX_HD __host__ __device__ inline
#else
#include <math.h>
#define HIPC_CX_HD static inline
#endif

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

#define HIPC_CX_DEFINE(CT, RT, S)                              \
  HIPC_CX_HD CT make_hip##S##Complex(RT re, RT im) {                          \
    CT z;                                                                     \
    z.x = re;                                                                 \
    z.y = im;                                                                 \
    return z;                                                                 \
  }
/* The element type's functions, spelled out for C and C++ alike. */
#define HIPC_CX_FUNCS(CT, RT, MAKE, F, HYPOT, FMA)                            \
  HIPC_CX_HD RT hipCreal##F(CT z) { return z.x; }                             \
  HIPC_CX_HD RT hipCimag##F(CT z) { return z.y; }                             \
  HIPC_CX_HD CT hipConj##F(CT z) { return MAKE(z.x, -z.y); }                  \
  HIPC_CX_HD RT hipCsqabs##F(CT z) { return z.x * z.x + z.y * z.y; }          \
  HIPC_CX_HD CT hipCadd##F(CT a, CT b) { return MAKE(a.x + b.x, a.y + b.y); } \
  HIPC_CX_HD CT hipCsub##F(CT a, CT b) { return MAKE(a.x - b.x, a.y - b.y); } \
  HIPC_CX_HD CT hipCmul##F(CT a, CT b) {                                      \
    return MAKE(a.x * b.x - a.y * b.y, a.y * b.x + a.x * b.y);                \
  }                                                                           \
  HIPC_CX_HD CT hipCdiv##F(CT a, CT b) {                                      \
    RT d = hipCsqabs##F(b);                                                   \
    return MAKE((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d);    \
  }                                                                           \
  HIPC_CX_HD RT hipCabs##F(CT z) { return HYPOT(z.x, z.y); }                  \
  /* p * q + r, each part with two fused multiply-adds. */                    \
  HIPC_CX_HD CT hipCfma##F(CT p, CT q, CT r) {                                \
    RT re = FMA(-p.y, q.y, FMA(p.x, q.x, r.x));                               \
    RT im = FMA(p.x, q.y, FMA(p.y, q.x, r.y));                                \
    return MAKE(re, im);                                                      \
  }
HIPC_CX_DEFINE(hipFloatComplex, float, Float)
HIPC_CX_DEFINE(hipDoubleComplex, double, Double)
HIPC_CX_FUNCS(hipFloatComplex, float, make_hipFloatComplex, f, hypotf, fmaf)
HIPC_CX_FUNCS(hipDoubleComplex, double, make_hipDoubleComplex, , hypot, fma)
#undef HIPC_CX_DEFINE
#undef HIPC_CX_FUNCS

HIPC_CX_HD hipComplex make_hipComplex(float re, float im) {
  return make_hipFloatComplex(re, im);
}
HIPC_CX_HD hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return make_hipDoubleComplex((double)z.x, (double)z.y);
}
HIPC_CX_HD hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return make_hipFloatComplex((float)z.x, (float)z.y);
}
#undef HIPC_CX_HD

#endif /* HIP_COMPLEX_H */
