// Half precision, continued (included by hip/hipc/fp16.h): arithmetic,
// comparisons, math functions, __half2 forms, operators and shuffles.
#ifndef HIPC_FP16_OPS_H
#define HIPC_FP16_OPS_H

namespace hipc {
namespace fp16 {
HIPC_HD float f(__half h) { return to_float(h.__x); }
HIPC_HD __half h(float v) { return __half(v); }
HIPC_HD __half clamp01(__half v) {  // the _sat forms: [+0, 1], NaN to +0
  float x = f(v);
  return __half_raw{static_cast<unsigned short>(x >= 1.0f  ? 0x3c00u
                                                : x > 0.0f ? v.__x
                                                           : 0u)};
}
// a * b + c rounded once: the product is exact in double; the sum is
// rounded to odd (its error, from Knuth's two-sum, decides the last bit),
// which keeps the final rounding to half correct.
HIPC_HD __half fma(__half a, __half b, __half c) {
  double p = static_cast<double>(f(a)) * f(b), q = f(c);
  double s = p + q, bb = s - p, err = (p - (s - bb)) + (q - bb);
  uint64_t u;
  __builtin_memcpy(&u, &s, 8);
  if (err != 0 && !(u & 1))
    s = std::nextafter(s, err > 0 ? HUGE_VAL : -HUGE_VAL);
  return __half_raw{from_double(s, rn)};
}
}  // namespace fp16
}  // namespace hipc

// ---- Arithmetic and comparisons on __half.
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
// On the GPU (sm_53 and later), + - * and fma are the hardware's
// add/sub/mul/fma.rn.f16, each rounded once as below: the same results,
// NaNs aside (any NaN). + - * are PTX with .rn, which ptxas never fuses
// (clang's -ffp-contract=fast would fuse plain f16 operations), so that
// a * b + c stays two roundings, as on the CPU device.
#define HIPC_FP16_HW_OP(NAME, INSN)                                   \
  HIPC_HD __half NAME(__half a, __half b) {                           \
    unsigned short r;                                                 \
    asm(INSN " %0, %1, %2;" : "=h"(r) : "h"(a.__x), "h"(b.__x));      \
    return __half_raw{r};                                             \
  }
HIPC_FP16_HW_OP(__hadd, "add.rn.f16")
HIPC_FP16_HW_OP(__hsub, "sub.rn.f16")
HIPC_FP16_HW_OP(__hmul, "mul.rn.f16")
#undef HIPC_FP16_HW_OP
HIPC_HD __half __hfma(__half a, __half b, __half c) {
  _Float16 r = __builtin_fmaf16(__builtin_bit_cast(_Float16, a.__x),
                                __builtin_bit_cast(_Float16, b.__x),
                                __builtin_bit_cast(_Float16, c.__x));
  return __half_raw{__builtin_bit_cast(unsigned short, r)};
}
#else
HIPC_HD __half __hadd(__half a, __half b) {
  return hipc::fp16::h(hipc::fp16::f(a) + hipc::fp16::f(b));
}
HIPC_HD __half __hsub(__half a, __half b) {
  return hipc::fp16::h(hipc::fp16::f(a) - hipc::fp16::f(b));
}
HIPC_HD __half __hmul(__half a, __half b) {
  return hipc::fp16::h(hipc::fp16::f(a) * hipc::fp16::f(b));
}
HIPC_HD __half __hfma(__half a, __half b, __half c) {
  return hipc::fp16::fma(a, b, c);
}
#endif
HIPC_HD __half __hdiv(__half a, __half b) {
  return hipc::fp16::h(hipc::fp16::f(a) / hipc::fp16::f(b));
}
HIPC_HD __half __hadd_sat(__half a, __half b) {
  return hipc::fp16::clamp01(__hadd(a, b));
}
HIPC_HD __half __hsub_sat(__half a, __half b) {
  return hipc::fp16::clamp01(__hsub(a, b));
}
HIPC_HD __half __hmul_sat(__half a, __half b) {
  return hipc::fp16::clamp01(__hmul(a, b));
}
HIPC_HD __half __hfma_sat(__half a, __half b, __half c) {
  return hipc::fp16::clamp01(__hfma(a, b, c));
}
HIPC_HD __half __hneg(__half a) {
  return __half_raw{static_cast<unsigned short>(a.__x ^ 0x8000u)};
}
HIPC_HD __half __habs(__half a) {
  return __half_raw{static_cast<unsigned short>(a.__x & 0x7fffu)};
}
HIPC_HD bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
// -1 for -infinity, 1 for +infinity, 0 otherwise.
HIPC_HD int __hisinf(__half a) {
  return a.__x == 0x7c00u ? 1 : a.__x == 0xfc00u ? -1 : 0;
}

// Ordered comparisons are false with a NaN, unordered ones (..u) true.
#define HIPC_HCMP(NAME, OP)                                                    \
  HIPC_HD bool NAME(__half a, __half b) {                                      \
    return hipc::fp16::f(a) OP hipc::fp16::f(b);                               \
  }                                                                            \
  HIPC_HD bool NAME##u(__half a, __half b) {                                   \
    return __hisnan(a) || __hisnan(b) || hipc::fp16::f(a) OP hipc::fp16::f(b); \
  }
HIPC_HCMP(__heq, ==)
HIPC_HCMP(__hlt, <)
HIPC_HCMP(__hle, <=)
HIPC_HCMP(__hgt, >)
HIPC_HCMP(__hge, >=)
#undef HIPC_HCMP
HIPC_HD bool __hne(__half a, __half b) {
  return !__hisnan(a) && !__hisnan(b) && hipc::fp16::f(a) != hipc::fp16::f(b);
}
HIPC_HD bool __hneu(__half a, __half b) {
  return hipc::fp16::f(a) != hipc::fp16::f(b);
}
// max/min: a NaN loses to a number (two NaNs give a NaN); +0 > -0. The
// _nan forms return a NaN when either is one.
HIPC_HD __half __hmax(__half a, __half b) {
  if (__hisnan(a)) return __hisnan(b) ? __half(__half_raw{0x7e00}) : b;
  if (__hisnan(b)) return a;
  float x = hipc::fp16::f(a), y = hipc::fp16::f(b);
  if (x == y) return (a.__x & 0x8000u) ? b : a;
  return x > y ? a : b;
}
HIPC_HD __half __hmin(__half a, __half b) {
  if (__hisnan(a)) return __hisnan(b) ? __half(__half_raw{0x7e00}) : b;
  if (__hisnan(b)) return a;
  float x = hipc::fp16::f(a), y = hipc::fp16::f(b);
  if (x == y) return (a.__x & 0x8000u) ? a : b;
  return x < y ? a : b;
}
HIPC_HD __half __hmax_nan(__half a, __half b) {
  return __hisnan(a) || __hisnan(b) ? __half(__half_raw{0x7e00}) : __hmax(a, b);
}
HIPC_HD __half __hmin_nan(__half a, __half b) {
  return __hisnan(a) || __hisnan(b) ? __half(__half_raw{0x7e00}) : __hmin(a, b);
}

// ---- Math functions: computed in float, rounded once to half.
#define HIPC_HMATH(NAME, EXPR)    \
  HIPC_HD __half NAME(__half a) { \
    float x = hipc::fp16::f(a);   \
    return hipc::fp16::h(EXPR);   \
  }
HIPC_HMATH(hsqrt, std::sqrt(x))
HIPC_HMATH(hrsqrt, static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))))
HIPC_HMATH(hrcp, 1.0f / x)
HIPC_HMATH(hexp, std::exp(x))
HIPC_HMATH(hexp2, std::exp2(x))
HIPC_HMATH(hexp10, std::pow(10.0f, x))
HIPC_HMATH(hlog, std::log(x))
HIPC_HMATH(hlog2, std::log2(x))
HIPC_HMATH(hlog10, std::log10(x))
HIPC_HMATH(hsin, std::sin(x))
HIPC_HMATH(hcos, std::cos(x))
HIPC_HMATH(hceil, std::ceil(x))
HIPC_HMATH(hfloor, std::floor(x))
HIPC_HMATH(htrunc, std::trunc(x))
HIPC_HMATH(hrint, std::nearbyint(x))
#undef HIPC_HMATH

// ---- __half2: every operation on both halves.
#define HIPC_H2_UNARY(NAME, ONE) \
  HIPC_HD __half2 NAME(__half2 a) { return __half2(ONE(a.x), ONE(a.y)); }
#define HIPC_H2_BINARY(NAME, ONE)                 \
  HIPC_HD __half2 NAME(__half2 a, __half2 b) {    \
    return __half2(ONE(a.x, b.x), ONE(a.y, b.y)); \
  }
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
// On the GPU, one f16x2 instruction for both halves (.rn, as __hadd's), as
// nvcc's __hadd2: HeCBench gelu's half2 kernel took two and the packing.
#define HIPC_FP16X2_HW_OP(NAME, INSN)                                    \
  HIPC_HD __half2 NAME(__half2 a, __half2 b) {                           \
    unsigned r;                                                          \
    asm(INSN " %0, %1, %2;"                                              \
        : "=r"(r)                                                        \
        : "r"(__builtin_bit_cast(unsigned, a)),                          \
          "r"(__builtin_bit_cast(unsigned, b)));                         \
    return __builtin_bit_cast(__half2, r);                               \
  }
HIPC_FP16X2_HW_OP(__hadd2, "add.rn.f16x2")
HIPC_FP16X2_HW_OP(__hsub2, "sub.rn.f16x2")
HIPC_FP16X2_HW_OP(__hmul2, "mul.rn.f16x2")
#undef HIPC_FP16X2_HW_OP
#else
HIPC_H2_BINARY(__hadd2, __hadd)
HIPC_H2_BINARY(__hsub2, __hsub)
HIPC_H2_BINARY(__hmul2, __hmul)
#endif
HIPC_H2_BINARY(__h2div, __hdiv)
HIPC_H2_BINARY(__hadd2_sat, __hadd_sat)
HIPC_H2_BINARY(__hsub2_sat, __hsub_sat)
HIPC_H2_BINARY(__hmul2_sat, __hmul_sat)
HIPC_H2_BINARY(__hmax2, __hmax)
HIPC_H2_BINARY(__hmin2, __hmin)
HIPC_H2_BINARY(__hmax2_nan, __hmax_nan)
HIPC_H2_BINARY(__hmin2_nan, __hmin_nan)
HIPC_H2_UNARY(__hneg2, __hneg)
HIPC_H2_UNARY(__habs2, __habs)
HIPC_H2_UNARY(h2sqrt, hsqrt)
HIPC_H2_UNARY(h2rsqrt, hrsqrt)
HIPC_H2_UNARY(h2rcp, hrcp)
HIPC_H2_UNARY(h2exp, hexp)
HIPC_H2_UNARY(h2exp2, hexp2)
HIPC_H2_UNARY(h2exp10, hexp10)
HIPC_H2_UNARY(h2log, hlog)
HIPC_H2_UNARY(h2log2, hlog2)
HIPC_H2_UNARY(h2log10, hlog10)
HIPC_H2_UNARY(h2sin, hsin)
HIPC_H2_UNARY(h2cos, hcos)
HIPC_H2_UNARY(h2ceil, hceil)
HIPC_H2_UNARY(h2floor, hfloor)
HIPC_H2_UNARY(h2trunc, htrunc)
HIPC_H2_UNARY(h2rint, hrint)
#undef HIPC_H2_UNARY
#undef HIPC_H2_BINARY
HIPC_HD __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
  unsigned r;
  asm("fma.rn.f16x2 %0, %1, %2, %3;"
      : "=r"(r)
      : "r"(__builtin_bit_cast(unsigned, a)),
        "r"(__builtin_bit_cast(unsigned, b)),
        "r"(__builtin_bit_cast(unsigned, c)));
  return __builtin_bit_cast(__half2, r);
#else
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
#endif
}
HIPC_HD __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
HIPC_HD __half2 __hisnan2(__half2 a) {
  return __half2(__half(__hisnan(a.x) ? 1.0f : 0.0f),
                 __half(__hisnan(a.y) ? 1.0f : 0.0f));
}
// AMD's: 1.0 for each half that is infinite (either sign), else 0.0.
HIPC_HD __half2 __hisinf2(__half2 a) {
  return __half2(__half(__hisinf(a.x) ? 1.0f : 0.0f),
                 __half(__hisinf(a.y) ? 1.0f : 0.0f));
}

// Comparisons of __half2: __hXX2 gives 1.0 or 0.0 per half, __hbXX2 true
// when both halves compare so.
#define HIPC_H2CMP(OP)                                       \
  HIPC_HD __half2 __h##OP##2(__half2 a, __half2 b) {         \
    return __half2(__half(__h##OP(a.x, b.x) ? 1.0f : 0.0f),  \
                   __half(__h##OP(a.y, b.y) ? 1.0f : 0.0f)); \
  }                                                          \
  HIPC_HD bool __hb##OP##2(__half2 a, __half2 b) {           \
    return __h##OP(a.x, b.x) && __h##OP(a.y, b.y);           \
  }
HIPC_H2CMP(eq)
HIPC_H2CMP(ne)
HIPC_H2CMP(lt)
HIPC_H2CMP(le)
HIPC_H2CMP(gt)
HIPC_H2CMP(ge)
HIPC_H2CMP(equ)
HIPC_H2CMP(neu)
HIPC_H2CMP(ltu)
HIPC_H2CMP(leu)
HIPC_H2CMP(gtu)
HIPC_H2CMP(geu)
#undef HIPC_H2CMP

// ---- Operators.
#define HIPC_HOPS(T, ADD, SUB, MUL, DIV)                            \
  HIPC_HD T operator+(const T& a, const T& b) { return ADD(a, b); } \
  HIPC_HD T operator-(const T& a, const T& b) { return SUB(a, b); } \
  HIPC_HD T operator*(const T& a, const T& b) { return MUL(a, b); } \
  HIPC_HD T operator/(const T& a, const T& b) { return DIV(a, b); } \
  HIPC_HD T& operator+=(T& a, const T& b) { return a = ADD(a, b); } \
  HIPC_HD T& operator-=(T& a, const T& b) { return a = SUB(a, b); } \
  HIPC_HD T& operator*=(T& a, const T& b) { return a = MUL(a, b); } \
  HIPC_HD T& operator/=(T& a, const T& b) { return a = DIV(a, b); }
HIPC_HOPS(__half, __hadd, __hsub, __hmul, __hdiv)
HIPC_HOPS(__half2, __hadd2, __hsub2, __hmul2, __h2div)
#undef HIPC_HOPS
// The unary operators take exactly __half or __half2 (templates: no
// conversion makes a candidate of them), so that `-x` of a class that
// converts to __half, __half2 and float is the float negation, as with AMD's
// operators, which only argument-dependent lookup finds.
namespace hipc {
template <typename T, typename U>
using if_half = std::enable_if_t<std::is_same<T, U>::value, T>;
}  // namespace hipc
template <typename T>
HIPC_HD hipc::if_half<T, __half> operator-(const T& a) { return __hneg(a); }
template <typename T>
HIPC_HD hipc::if_half<T, __half2> operator-(const T& a) { return __hneg2(a); }
template <typename T>
HIPC_HD hipc::if_half<T, __half> operator+(const T& a) { return a; }
template <typename T>
HIPC_HD hipc::if_half<T, __half2> operator+(const T& a) { return a; }
HIPC_HD __half& operator++(__half& a) { return a = __hadd(a, __half(1.0f)); }
HIPC_HD __half& operator--(__half& a) { return a = __hsub(a, __half(1.0f)); }
HIPC_HD __half operator++(__half& a, int) {
  __half old = a;
  ++a;
  return old;
}
HIPC_HD __half operator--(__half& a, int) {
  __half old = a;
  --a;
  return old;
}
HIPC_HD bool operator==(const __half& a, const __half& b) {
  return __heq(a, b);
}
HIPC_HD bool operator!=(const __half& a, const __half& b) {
  return __hneu(a, b);
}
HIPC_HD bool operator<(const __half& a, const __half& b) { return __hlt(a, b); }
HIPC_HD bool operator<=(const __half& a, const __half& b) {
  return __hle(a, b);
}
HIPC_HD bool operator>(const __half& a, const __half& b) { return __hgt(a, b); }
HIPC_HD bool operator>=(const __half& a, const __half& b) {
  return __hge(a, b);
}
HIPC_HD bool operator==(const __half2& a, const __half2& b) {
  return __hbeq2(a, b);
}
HIPC_HD bool operator!=(const __half2& a, const __half2& b) {
  return __hbneu2(a, b);
}
// As AMD's: true when both halves compare so.
HIPC_HD bool operator<(const __half2& a, const __half2& b) {
  return __hblt2(a, b);
}
HIPC_HD bool operator<=(const __half2& a, const __half2& b) {
  return __hble2(a, b);
}
HIPC_HD bool operator>(const __half2& a, const __half2& b) {
  return __hbgt2(a, b);
}
HIPC_HD bool operator>=(const __half2& a, const __half2& b) {
  return __hbge2(a, b);
}

// ---- Shuffles, on the 16 or 32 bits, through the integer shuffles of
// hip/hipc/warp.h (on the CPU device they take the caller's site, which is
// passed on).
namespace hipc {
namespace fp16 {
HIPC_HD unsigned bits2(__half2 v) {
  return v.x.__x | (static_cast<unsigned>(v.y.__x) << 16);
}
HIPC_HD __half2 from_bits2(unsigned b) {
  return __half2(__ushort_as_half(static_cast<unsigned short>(b)),
                 __ushort_as_half(static_cast<unsigned short>(b >> 16)));
}
}  // namespace fp16
}  // namespace hipc
// Lanes meet per call site on the CPU device, in kc's device pass too.
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#define HIPC_SITE_PARAM
#define HIPC_SITE_ARG
#else
#define HIPC_SITE_PARAM , hipc::site where = HIPC_SITE
#define HIPC_SITE_ARG , where
#endif
#define HIPC_HSHFL(NAME, LANE)                                           \
  __device__ inline __half NAME(__half v, LANE l,                        \
                                int width = warpSize HIPC_SITE_PARAM) {  \
    return __ushort_as_half(NAME(v.__x, l, width HIPC_SITE_ARG));        \
  }                                                                      \
  __device__ inline __half2 NAME(__half2 v, LANE l,                      \
                                 int width = warpSize HIPC_SITE_PARAM) { \
    return hipc::fp16::from_bits2(                                       \
        NAME(hipc::fp16::bits2(v), l, width HIPC_SITE_ARG));             \
  }
HIPC_HSHFL(__shfl, int)
HIPC_HSHFL(__shfl_up, unsigned int)
HIPC_HSHFL(__shfl_down, unsigned int)
HIPC_HSHFL(__shfl_xor, int)
#undef HIPC_HSHFL
// The _sync forms: templates on the mask's type, so that the integer
// __shfl*_sync they call (hip/hipc/warp_sync.h, or the NVPTX half) is looked
// up when one is used.
#define HIPC_HSHFL_SYNC(NAME, LANE)                                            \
  template <typename MaskT>                                                    \
  __device__ inline __half NAME(MaskT mask, __half v, LANE l,                  \
                                int width = warpSize HIPC_SITE_PARAM) {        \
    return __ushort_as_half(NAME(mask, v.__x, l, width HIPC_SITE_ARG));        \
  }                                                                            \
  template <typename MaskT>                                                    \
  __device__ inline __half2 NAME(MaskT mask, __half2 v, LANE l,                \
                                 int width = warpSize HIPC_SITE_PARAM) {       \
    return hipc::fp16::from_bits2(                                             \
        NAME(mask, hipc::fp16::bits2(v), l, width HIPC_SITE_ARG));             \
  }
HIPC_HSHFL_SYNC(__shfl_sync, int)
HIPC_HSHFL_SYNC(__shfl_up_sync, unsigned int)
HIPC_HSHFL_SYNC(__shfl_down_sync, unsigned int)
HIPC_HSHFL_SYNC(__shfl_xor_sync, int)
#undef HIPC_HSHFL_SYNC
#undef HIPC_SITE_PARAM
#undef HIPC_SITE_ARG

#endif  // HIPC_FP16_OPS_H
