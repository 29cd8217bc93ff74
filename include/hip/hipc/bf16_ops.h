// bfloat16, continued (included by hip/hipc/bf16.h): arithmetic,
// comparisons, math functions, __hip_bfloat162 forms and operators.
#ifndef HIPC_BF16_OPS_H
#define HIPC_BF16_OPS_H

namespace hipc {
namespace bf16 {
HIPC_HD float f(__hip_bfloat16 a) { return to_float(a.__x); }
HIPC_HD __hip_bfloat16 b(float v) { return __hip_bfloat16(v); }
HIPC_HD bool isnan(__hip_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
HIPC_HD __hip_bfloat16 qnan() { return __hip_bfloat16_raw{0x7fc0u}; }
HIPC_HD __hip_bfloat16 clamp01(__hip_bfloat16 v) {  // _sat: [+0, 1], NaN +0
  float x = f(v);
  return __hip_bfloat16_raw{static_cast<unsigned short>(
      x >= 1.0f ? 0x3f80u : x > 0.0f ? v.__x : 0u)};
}
HIPC_HD __hip_bfloat16 relu(__hip_bfloat16 v) {  // _relu: negatives to +0
  return isnan(v) ? qnan() : f(v) < 0.0f ? b(0.0f) : v;
}
// a * b + c rounded once (the product is exact in double).
HIPC_HD __hip_bfloat16 fma(__hip_bfloat16 a, __hip_bfloat16 x,
                           __hip_bfloat16 c) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__) && __CUDA_ARCH__ >= 800
  // The GPU's fused multiply-add, rounded once; NaN results again below.
  unsigned short r;
  asm("fma.rn.bf16 %0, %1, %2, %3;"
      : "=h"(r)
      : "h"(a.__x), "h"(x.__x), "h"(c.__x));
  if ((r & 0x7f80u) != 0x7f80u || !(r & 0x7fu))
    return __hip_bfloat16_raw{r};
#endif
  double s = fround::add_round_odd(static_cast<double>(f(a)) * f(x), f(c));
  return __hip_bfloat16_raw{from_double(s, fround::rn)};
}
}  // namespace bf16
}  // namespace hipc

// ---- Arithmetic on __hip_bfloat16 (the _rn forms are the same).
#if defined(__NVPTX__) && !defined(__HIPC_KC__) && __CUDA_ARCH__ >= 900
// On the GPU (sm_90 and later), + - * are the hardware's add/sub/mul.rn.bf16,
// rounded once as below: the same results, NaNs aside (any NaN).
#define HIPC_BF_OP(NAME, OP, INSN)                                      \
  HIPC_HD __hip_bfloat16 NAME(__hip_bfloat16 a, __hip_bfloat16 b) {     \
    unsigned short r;                                                   \
    asm(INSN " %0, %1, %2;" : "=h"(r) : "h"(a.__x), "h"(b.__x));        \
    return __hip_bfloat16_raw{r};                                       \
  }
#define HIPC_BF_OP2(NAME, INSN)                                         \
  HIPC_HD __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b) {  \
    unsigned r;                                                         \
    asm(INSN " %0, %1, %2;"                                             \
        : "=r"(r)                                                       \
        : "r"(__builtin_bit_cast(unsigned, a)),                         \
          "r"(__builtin_bit_cast(unsigned, b)));                        \
    return __builtin_bit_cast(__hip_bfloat162, r);                      \
  }
#else
#define HIPC_BF_OP(NAME, OP, INSN)                                      \
  HIPC_HD __hip_bfloat16 NAME(__hip_bfloat16 a, __hip_bfloat16 b) {     \
    return hipc::bf16::b(hipc::bf16::f(a) OP hipc::bf16::f(b));         \
  }
#endif
#define HIPC_BF_ARITH(NAME, OP, INSN)                                   \
  HIPC_BF_OP(NAME, OP, INSN)                                            \
  HIPC_HD __hip_bfloat16 NAME##_rn(__hip_bfloat16 a, __hip_bfloat16 b) { \
    return NAME(a, b);                                                  \
  }                                                                     \
  HIPC_HD __hip_bfloat16 NAME##_sat(__hip_bfloat16 a, __hip_bfloat16 b) { \
    return hipc::bf16::clamp01(NAME(a, b));                             \
  }
HIPC_BF_ARITH(__hadd, +, "add.rn.bf16")
HIPC_BF_ARITH(__hsub, -, "sub.rn.bf16")
HIPC_BF_ARITH(__hmul, *, "mul.rn.bf16")
#undef HIPC_BF_ARITH
#undef HIPC_BF_OP
HIPC_HD __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) {
  return hipc::bf16::b(hipc::bf16::f(a) / hipc::bf16::f(b));
}
HIPC_HD __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b,
                              __hip_bfloat16 c) {
  return hipc::bf16::fma(a, b, c);
}
HIPC_HD __hip_bfloat16 __hfma_sat(__hip_bfloat16 a, __hip_bfloat16 b,
                                  __hip_bfloat16 c) {
  return hipc::bf16::clamp01(__hfma(a, b, c));
}
HIPC_HD __hip_bfloat16 __hfma_relu(__hip_bfloat16 a, __hip_bfloat16 b,
                                   __hip_bfloat16 c) {
  return hipc::bf16::relu(__hfma(a, b, c));
}
HIPC_HD __hip_bfloat16 __hneg(__hip_bfloat16 a) {
  return __hip_bfloat16_raw{static_cast<unsigned short>(a.__x ^ 0x8000u)};
}
HIPC_HD __hip_bfloat16 __habs(__hip_bfloat16 a) {
  return __hip_bfloat16_raw{static_cast<unsigned short>(a.__x & 0x7fffu)};
}
HIPC_HD bool __hisnan(__hip_bfloat16 a) { return hipc::bf16::isnan(a); }
// -1 for -infinity, 1 for +infinity, 0 otherwise.
HIPC_HD int __hisinf(__hip_bfloat16 a) {
  return a.__x == 0x7f80u ? 1 : a.__x == 0xff80u ? -1 : 0;
}

// ---- Comparisons: ordered ones are false with a NaN, unordered (..u)
// true.
#define HIPC_BF_CMP(NAME, OP)                                       \
  HIPC_HD bool NAME(__hip_bfloat16 a, __hip_bfloat16 b) {           \
    return hipc::bf16::f(a) OP hipc::bf16::f(b);                    \
  }                                                                 \
  HIPC_HD bool NAME##u(__hip_bfloat16 a, __hip_bfloat16 b) {        \
    return __hisnan(a) || __hisnan(b) ||                            \
           hipc::bf16::f(a) OP hipc::bf16::f(b);                    \
  }
HIPC_BF_CMP(__heq, ==)
HIPC_BF_CMP(__hlt, <)
HIPC_BF_CMP(__hle, <=)
HIPC_BF_CMP(__hgt, >)
HIPC_BF_CMP(__hge, >=)
#undef HIPC_BF_CMP
HIPC_HD bool __hne(__hip_bfloat16 a, __hip_bfloat16 b) {
  return !__hisnan(a) && !__hisnan(b) && hipc::bf16::f(a) != hipc::bf16::f(b);
}
HIPC_HD bool __hneu(__hip_bfloat16 a, __hip_bfloat16 b) {
  return hipc::bf16::f(a) != hipc::bf16::f(b);
}
// max/min: a NaN loses to a number (two NaNs give a NaN); +0 > -0. The
// _nan forms return a NaN when either is one.
HIPC_HD __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return __hisnan(b) ? hipc::bf16::qnan() : b;
  if (__hisnan(b)) return a;
  float x = hipc::bf16::f(a), y = hipc::bf16::f(b);
  if (x == y) return (a.__x & 0x8000u) ? b : a;
  return x > y ? a : b;
}
HIPC_HD __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return __hisnan(b) ? hipc::bf16::qnan() : b;
  if (__hisnan(b)) return a;
  float x = hipc::bf16::f(a), y = hipc::bf16::f(b);
  if (x == y) return (a.__x & 0x8000u) ? a : b;
  return x < y ? a : b;
}
HIPC_HD __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) || __hisnan(b) ? hipc::bf16::qnan() : __hmax(a, b);
}
HIPC_HD __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) || __hisnan(b) ? hipc::bf16::qnan() : __hmin(a, b);
}

// ---- Math functions: computed in float, rounded once to bfloat16.
#define HIPC_BF_MATH(NAME, EXPR)                  \
  HIPC_HD __hip_bfloat16 NAME(__hip_bfloat16 a) { \
    float x = hipc::bf16::f(a);                   \
    return hipc::bf16::b(EXPR);                   \
  }
HIPC_BF_MATH(hsqrt, std::sqrt(x))
HIPC_BF_MATH(hrsqrt,
             static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))))
HIPC_BF_MATH(hrcp, 1.0f / x)
HIPC_BF_MATH(hexp, std::exp(x))
HIPC_BF_MATH(hexp2, std::exp2(x))
HIPC_BF_MATH(hexp10, std::pow(10.0f, x))
HIPC_BF_MATH(hlog, std::log(x))
HIPC_BF_MATH(hlog2, std::log2(x))
HIPC_BF_MATH(hlog10, std::log10(x))
HIPC_BF_MATH(hsin, std::sin(x))
HIPC_BF_MATH(hcos, std::cos(x))
HIPC_BF_MATH(hceil, std::ceil(x))
HIPC_BF_MATH(hfloor, std::floor(x))
HIPC_BF_MATH(htrunc, std::trunc(x))
HIPC_BF_MATH(hrint, std::nearbyint(x))
#undef HIPC_BF_MATH

// ---- __hip_bfloat162: every operation on both halves.
#define HIPC_BF2_UNARY(NAME, ONE)                   \
  HIPC_HD __hip_bfloat162 NAME(__hip_bfloat162 a) { \
    return __hip_bfloat162(ONE(a.x), ONE(a.y));     \
  }
#define HIPC_BF2_BINARY(NAME, ONE)                                     \
  HIPC_HD __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b) { \
    return __hip_bfloat162(ONE(a.x, b.x), ONE(a.y, b.y));              \
  }
#define HIPC_BF2_TERNARY(NAME, ONE)                                 \
  HIPC_HD __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b, \
                               __hip_bfloat162 c) {                 \
    return __hip_bfloat162(ONE(a.x, b.x, c.x), ONE(a.y, b.y, c.y)); \
  }
#ifdef HIPC_BF_OP2
// One bf16x2 instruction for both halves, as nvcc's __hadd2.
HIPC_BF_OP2(__hadd2, "add.rn.bf16x2")
HIPC_BF_OP2(__hsub2, "sub.rn.bf16x2")
HIPC_BF_OP2(__hmul2, "mul.rn.bf16x2")
HIPC_BF_OP2(__hadd2_rn, "add.rn.bf16x2")
HIPC_BF_OP2(__hsub2_rn, "sub.rn.bf16x2")
HIPC_BF_OP2(__hmul2_rn, "mul.rn.bf16x2")
#undef HIPC_BF_OP2
#else
HIPC_BF2_BINARY(__hadd2, __hadd)
HIPC_BF2_BINARY(__hsub2, __hsub)
HIPC_BF2_BINARY(__hmul2, __hmul)
HIPC_BF2_BINARY(__hadd2_rn, __hadd)
HIPC_BF2_BINARY(__hsub2_rn, __hsub)
HIPC_BF2_BINARY(__hmul2_rn, __hmul)
#endif
HIPC_BF2_BINARY(__h2div, __hdiv)
HIPC_BF2_BINARY(__hadd2_sat, __hadd_sat)
HIPC_BF2_BINARY(__hsub2_sat, __hsub_sat)
HIPC_BF2_BINARY(__hmul2_sat, __hmul_sat)
HIPC_BF2_BINARY(__hmax2, __hmax)
HIPC_BF2_BINARY(__hmin2, __hmin)
HIPC_BF2_BINARY(__hmax2_nan, __hmax_nan)
HIPC_BF2_BINARY(__hmin2_nan, __hmin_nan)
HIPC_BF2_TERNARY(__hfma2, __hfma)
HIPC_BF2_TERNARY(__hfma2_sat, __hfma_sat)
HIPC_BF2_TERNARY(__hfma2_relu, __hfma_relu)
HIPC_BF2_UNARY(__hneg2, __hneg)
HIPC_BF2_UNARY(__habs2, __habs)
HIPC_BF2_UNARY(h2sqrt, hsqrt)
HIPC_BF2_UNARY(h2rsqrt, hrsqrt)
HIPC_BF2_UNARY(h2rcp, hrcp)
HIPC_BF2_UNARY(h2exp, hexp)
HIPC_BF2_UNARY(h2exp2, hexp2)
HIPC_BF2_UNARY(h2exp10, hexp10)
HIPC_BF2_UNARY(h2log, hlog)
HIPC_BF2_UNARY(h2log2, hlog2)
HIPC_BF2_UNARY(h2log10, hlog10)
HIPC_BF2_UNARY(h2sin, hsin)
HIPC_BF2_UNARY(h2cos, hcos)
HIPC_BF2_UNARY(h2ceil, hceil)
HIPC_BF2_UNARY(h2floor, hfloor)
HIPC_BF2_UNARY(h2trunc, htrunc)
HIPC_BF2_UNARY(h2rint, hrint)
#undef HIPC_BF2_UNARY
#undef HIPC_BF2_BINARY
#undef HIPC_BF2_TERNARY
// (a.x + i a.y) * (b.x + i b.y) + (c.x + i c.y), each part rounded once
// from float.
HIPC_HD __hip_bfloat162 __hcmadd(__hip_bfloat162 a, __hip_bfloat162 b,
                                 __hip_bfloat162 c) {
  using hipc::bf16::f;
  float re = std::fma(-f(a.y), f(b.y), std::fma(f(a.x), f(b.x), f(c.x)));
  float im = std::fma(f(a.y), f(b.x), std::fma(f(a.x), f(b.y), f(c.y)));
  return __hip_bfloat162(hipc::bf16::b(re), hipc::bf16::b(im));
}
HIPC_HD __hip_bfloat162 __hisnan2(__hip_bfloat162 a) {
  return __hip_bfloat162(__hip_bfloat16(__hisnan(a.x) ? 1.0f : 0.0f),
                         __hip_bfloat16(__hisnan(a.y) ? 1.0f : 0.0f));
}

// __hXX2 gives 1.0 or 0.0 per half, __hbXX2 true when both halves compare
// so.
#define HIPC_BF2_CMP(OP)                                                    \
  HIPC_HD __hip_bfloat162 __h##OP##2(__hip_bfloat162 a, __hip_bfloat162 b) { \
    return __hip_bfloat162(__hip_bfloat16(__h##OP(a.x, b.x) ? 1.0f : 0.0f), \
                           __hip_bfloat16(__h##OP(a.y, b.y) ? 1.0f : 0.0f)); \
  }                                                                         \
  HIPC_HD bool __hb##OP##2(__hip_bfloat162 a, __hip_bfloat162 b) {          \
    return __h##OP(a.x, b.x) && __h##OP(a.y, b.y);                          \
  }
HIPC_BF2_CMP(eq)
HIPC_BF2_CMP(ne)
HIPC_BF2_CMP(lt)
HIPC_BF2_CMP(le)
HIPC_BF2_CMP(gt)
HIPC_BF2_CMP(ge)
HIPC_BF2_CMP(equ)
HIPC_BF2_CMP(neu)
HIPC_BF2_CMP(ltu)
HIPC_BF2_CMP(leu)
HIPC_BF2_CMP(gtu)
HIPC_BF2_CMP(geu)
#undef HIPC_BF2_CMP

// ---- Operators.
#define HIPC_BF_OPS(T, ADD, SUB, MUL, DIV)                          \
  HIPC_HD T operator+(const T& a, const T& b) { return ADD(a, b); } \
  HIPC_HD T operator-(const T& a, const T& b) { return SUB(a, b); } \
  HIPC_HD T operator*(const T& a, const T& b) { return MUL(a, b); } \
  HIPC_HD T operator/(const T& a, const T& b) { return DIV(a, b); } \
  HIPC_HD T& operator+=(T& a, const T& b) { return a = ADD(a, b); } \
  HIPC_HD T& operator-=(T& a, const T& b) { return a = SUB(a, b); } \
  HIPC_HD T& operator*=(T& a, const T& b) { return a = MUL(a, b); } \
  HIPC_HD T& operator/=(T& a, const T& b) { return a = DIV(a, b); } \
  HIPC_HD T operator+(const T& a) { return a; }
HIPC_BF_OPS(__hip_bfloat16, __hadd, __hsub, __hmul, __hdiv)
HIPC_BF_OPS(__hip_bfloat162, __hadd2, __hsub2, __hmul2, __h2div)
#undef HIPC_BF_OPS
HIPC_HD __hip_bfloat16 operator-(const __hip_bfloat16& a) { return __hneg(a); }
HIPC_HD __hip_bfloat162 operator-(const __hip_bfloat162& a) {
  return __hneg2(a);
}
HIPC_HD __hip_bfloat16& operator++(__hip_bfloat16& a) {
  return a = __hadd(a, __hip_bfloat16(1.0f));
}
HIPC_HD __hip_bfloat16& operator--(__hip_bfloat16& a) {
  return a = __hsub(a, __hip_bfloat16(1.0f));
}
HIPC_HD __hip_bfloat16 operator++(__hip_bfloat16& a, int) {
  __hip_bfloat16 old = a;
  ++a;
  return old;
}
HIPC_HD __hip_bfloat16 operator--(__hip_bfloat16& a, int) {
  __hip_bfloat16 old = a;
  --a;
  return old;
}
#define HIPC_BF_REL(OP, FN)                                                 \
  HIPC_HD bool operator OP(const __hip_bfloat16& a, const __hip_bfloat16& b) { \
    return FN(a, b);                                                        \
  }
HIPC_BF_REL(==, __heq)
HIPC_BF_REL(!=, __hneu)
HIPC_BF_REL(<, __hlt)
HIPC_BF_REL(<=, __hle)
HIPC_BF_REL(>, __hgt)
HIPC_BF_REL(>=, __hge)
#undef HIPC_BF_REL
HIPC_HD bool operator==(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hbeq2(a, b);
}
HIPC_HD bool operator!=(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hbneu2(a, b);
}

#endif  // HIPC_BF16_OPS_H
