// Half precision: __half, __half2, their raw forms, conversions, arithmetic,
// comparisons, math functions and shuffles (include hip/hip_fp16.h).
//
// A __half holds the IEEE binary16 bits. Conversions are done on the bits
// here, exactly, in every rounding direction. Arithmetic is carried out in
// float and rounded once to half, which gives the correctly rounded result
// for + - * / and sqrt (float has more than 2 * 11 + 2 bits); the fused
// multiply-add rounds the exact double sum to odd first, which makes the
// final rounding correct too. Everything works in host and device code.
#ifndef HIPC_FP16_H
#define HIPC_FP16_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "hip/hipc/qualifiers.h"
#include "hip/hipc/vector_types.h"

#define HIPC_HD __host__ __device__ inline

namespace hipc {
namespace fp16 {

enum mode { rn, rz, ru, rd };

// Rounds the non-negative value m * 2^e (m < 2^64) to half and returns the
// magnitude bits (0x7c00 for infinity), `neg` giving the sign for the
// directed modes.
HIPC_HD uint16_t round_magnitude(uint64_t m, int e, bool neg, mode md) {
  if (m == 0) return 0;
  int nb = 64 - __builtin_clzll(m);
  int E = e + nb - 1;  // the value is in [2^E, 2^(E+1))
  bool away = md == rn || (md == ru && !neg) || (md == rd && neg);
  if (E > 15) return away ? 0x7c00 : 0x7bff;
  // The quantum: 2^-24 for subnormals, 2^(E-10) otherwise.
  int qexp = E < -14 ? -24 : E - 10;
  int s = qexp - e;  // q = m / 2^s
  uint64_t q;
  bool inc = false;
  if (s <= 0) {
    q = m << -s;         // exact
  } else if (s >= 64) {  // a nonzero rest below half a quantum
    q = 0;
    inc = md != rn && away;
  } else {
    q = m >> s;
    uint64_t rest = m & ((uint64_t{1} << s) - 1), half = uint64_t{1} << (s - 1);
    if (md == rn)
      inc = rest > half || (rest == half && (q & 1));
    else
      inc = rest != 0 && away;
  }
  q += inc;
  // Subnormal: q is the encoding (1024 carries into the smallest normal);
  // normal: exponent field E + 15 over q's 10 low bits (2048 carries).
  uint32_t bits = E < -14 ? static_cast<uint32_t>(q)
                          : (static_cast<uint32_t>(E + 15) << 10) +
                                static_cast<uint32_t>(q - 1024);
  if (bits >= 0x7c00) return away ? 0x7c00 : 0x7bff;
  return static_cast<uint16_t>(bits);
}

HIPC_HD uint16_t from_float(float f, mode md) {
  uint32_t u;
  __builtin_memcpy(&u, &f, 4);
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
  // On the GPU, round to nearest is one cvt.rn.f16.f32, as nvcc's. A NaN
  // stays a NaN, its payload as the GPU leaves it: AMD's conversion is
  // the same plain static_cast<_Float16> (LLVM's fptrunc), which promises
  // no payload either.
  if (md == rn)
    return __builtin_bit_cast(uint16_t, static_cast<_Float16>(f));
#endif
  uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  // Round to nearest even where the result is normal ([2^-14, 2^16): from
  // 65520 on it is infinity), on the bits: half of the 13 dropped bits'
  // weight, less one, plus the kept low bit, carries into the kept bits
  // (and from the mantissa into the exponent). The host's conversions of
  // HeCBench gelu's 16 M values took 8 ns each the general way.
  uint32_t a = u & 0x7fffffffu;
  if (md == rn && a >= 0x38800000u && a < 0x47800000u)
    return sign | static_cast<uint16_t>(
                      (a - 0x38000000u + 0xfffu + ((a >> 13) & 1u)) >> 13);
  uint32_t ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  if (ex == 0xff)  // infinity, or a quiet NaN keeping the payload's top
    return sign |
           (man ? static_cast<uint16_t>(0x7e00u | (man >> 13)) : 0x7c00u);
  uint64_t m = ex ? (man | 0x800000u) : man;
  int e = ex ? static_cast<int>(ex) - 150 : -149;
  return sign | round_magnitude(m, e, sign != 0, md);
}

HIPC_HD uint16_t from_double(double d, mode md) {
  uint64_t u;
  __builtin_memcpy(&u, &d, 8);
  uint16_t sign = static_cast<uint16_t>((u >> 48) & 0x8000u);
  uint64_t ex = (u >> 52) & 0x7ffu, man = u & 0xfffffffffffffull;
  if (ex == 0x7ff)
    return sign |
           (man ? static_cast<uint16_t>(0x7e00u | (man >> 42)) : 0x7c00u);
  uint64_t m = ex ? (man | (uint64_t{1} << 52)) : man;
  int e = ex ? static_cast<int>(ex) - 1075 : -1074;
  if (e + 53 < -30) {  // far below the smallest subnormal: only a sticky bit
    m = m ? 1 : 0;
    e = -60;
  }
  return sign | round_magnitude(m, e, sign != 0, md);
}

HIPC_HD uint16_t from_int(long long v, mode md) {
  bool neg = v < 0;
  uint64_t m = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  return static_cast<uint16_t>((neg ? 0x8000u : 0u) |
                               round_magnitude(m, 0, neg, md));
}
HIPC_HD uint16_t from_uint(unsigned long long v, mode md) {
  return round_magnitude(v, 0, false, md);
}

// Exact.
HIPC_HD float to_float(uint16_t h) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
  // On the GPU, one cvt.f32.f16 (exact), as nvcc's; a NaN stays a NaN,
  // its payload as the GPU leaves it (AMD's __half2float is the same plain
  // static_cast<float>, LLVM's fpext, which promises no payload).
  return static_cast<float>(__builtin_bit_cast(_Float16, h));
#endif
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t ex = (h >> 10) & 0x1fu, man = h & 0x3ffu, u;
  if (ex == 0x1f) {
    u = sign | 0x7f800000u | (man << 13);
  } else if (ex == 0) {  // zero or subnormal: man * 2^-24, exact in float
    float f = static_cast<float>(man) * 0x1p-24f;
    return sign ? -f : f;
  } else {
    u = sign | ((ex + 112) << 23) | (man << 13);
  }
  float f;
  __builtin_memcpy(&f, &u, 4);
  return f;
}

// Rounds, then saturates to I's range (NaN gives 0).
template <typename I>
HIPC_HD I to_int(uint16_t h, mode md) {
  using L = std::numeric_limits<I>;
  float f = to_float(h);
  if (f != f) return 0;
  float r = md == rn   ? std::nearbyint(f)
            : md == rz ? std::trunc(f)
            : md == ru ? std::ceil(f)
                       : std::floor(f);
  if (r <= static_cast<double>(L::min())) return L::min();
  if (r >= static_cast<double>(L::max())) return L::max();
  return static_cast<I>(r);
}

}  // namespace fp16
}  // namespace hipc

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

struct __half {
  unsigned short __x;  // the binary16 bits

  __half() = default;
  HIPC_HD constexpr __half(const __half_raw& r) : __x(r.x) {}
  HIPC_HD __half(float f) : __x(hipc::fp16::from_float(f, hipc::fp16::rn)) {}
  HIPC_HD __half(double d) : __x(hipc::fp16::from_double(d, hipc::fp16::rn)) {}
  // From any integer type (bool and char included), rounded to nearest
  // even, as HIP's __half is.
  template <typename T,
            std::enable_if_t<std::is_integral<T>::value, int> = 0>
  HIPC_HD __half(T v)
      : __x(std::is_signed<T>::value
                ? hipc::fp16::from_int(static_cast<long long>(v),
                                       hipc::fp16::rn)
                : hipc::fp16::from_uint(static_cast<unsigned long long>(v),
                                        hipc::fp16::rn)) {}
  HIPC_HD __half& operator=(const __half_raw& r) {
    __x = r.x;
    return *this;
  }
  HIPC_HD operator __half_raw() const { return {__x}; }
  HIPC_HD operator float() const { return hipc::fp16::to_float(__x); }
};

struct alignas(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  HIPC_HD __half2(const __half& a, const __half& b) : x(a), y(b) {}
  HIPC_HD __half2(const __half2_raw& r)
      : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  // One value of any arithmetic type in both halves (HIP's __half2(1)).
  template <typename T,
            std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
  HIPC_HD __half2(T v) : x(v), y(x) {}
  HIPC_HD __half2& operator=(const __half2_raw& r) {
    x = __half_raw{r.x};
    y = __half_raw{r.y};
    return *this;
  }
  HIPC_HD operator __half2_raw() const { return {x.__x, y.__x}; }
};

typedef __half half;
typedef __half2 half2;

// ---- Conversions.
#define HIPC_H(bits) __half(__half_raw{static_cast<unsigned short>(bits)})
HIPC_HD float __half2float(__half h) { return hipc::fp16::to_float(h.__x); }
HIPC_HD __half __float2half(float f) { return __half(f); }
HIPC_HD __half __float2half_rn(float f) { return __half(f); }
HIPC_HD __half __float2half_rz(float f) {
  return HIPC_H(hipc::fp16::from_float(f, hipc::fp16::rz));
}
HIPC_HD __half __float2half_ru(float f) {
  return HIPC_H(hipc::fp16::from_float(f, hipc::fp16::ru));
}
HIPC_HD __half __float2half_rd(float f) {
  return HIPC_H(hipc::fp16::from_float(f, hipc::fp16::rd));
}
HIPC_HD __half __double2half(double d) { return __half(d); }

#define HIPC_INT_CONV(NAME, T, FROM)                     \
  HIPC_HD T __half2##NAME##_rn(__half h) {               \
    return hipc::fp16::to_int<T>(h.__x, hipc::fp16::rn); \
  }                                                      \
  HIPC_HD T __half2##NAME##_rz(__half h) {               \
    return hipc::fp16::to_int<T>(h.__x, hipc::fp16::rz); \
  }                                                      \
  HIPC_HD T __half2##NAME##_ru(__half h) {               \
    return hipc::fp16::to_int<T>(h.__x, hipc::fp16::ru); \
  }                                                      \
  HIPC_HD T __half2##NAME##_rd(__half h) {               \
    return hipc::fp16::to_int<T>(h.__x, hipc::fp16::rd); \
  }                                                      \
  HIPC_HD __half __##NAME##2half_rn(T v) {               \
    return HIPC_H(hipc::fp16::FROM(v, hipc::fp16::rn));  \
  }                                                      \
  HIPC_HD __half __##NAME##2half_rz(T v) {               \
    return HIPC_H(hipc::fp16::FROM(v, hipc::fp16::rz));  \
  }                                                      \
  HIPC_HD __half __##NAME##2half_ru(T v) {               \
    return HIPC_H(hipc::fp16::FROM(v, hipc::fp16::ru));  \
  }                                                      \
  HIPC_HD __half __##NAME##2half_rd(T v) {               \
    return HIPC_H(hipc::fp16::FROM(v, hipc::fp16::rd));  \
  }
HIPC_INT_CONV(int, int, from_int)
HIPC_INT_CONV(uint, unsigned int, from_uint)
HIPC_INT_CONV(short, short, from_int)
HIPC_INT_CONV(ushort, unsigned short, from_uint)
HIPC_INT_CONV(ll, long long, from_int)
HIPC_INT_CONV(ull, unsigned long long, from_uint)
#undef HIPC_INT_CONV

HIPC_HD short __half_as_short(__half h) { return static_cast<short>(h.__x); }
HIPC_HD unsigned short __half_as_ushort(__half h) { return h.__x; }
HIPC_HD __half __short_as_half(short v) { return HIPC_H(v); }
HIPC_HD __half __ushort_as_half(unsigned short v) { return HIPC_H(v); }

HIPC_HD __half2 __half2half2(__half a) { return __half2(a, a); }
HIPC_HD __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
HIPC_HD __half2 make_half2(__half x, __half y) { return __half2(x, y); }
HIPC_HD __half2 __float2half2_rn(float f) {
  return __half2(__half(f), __half(f));
}
HIPC_HD __half2 __floats2half2_rn(float a, float b) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__) && __CUDA_ARCH__ >= 800
  // One cvt for both (sm_80 on), as nvcc's; its first source is the high
  // half.
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(b), "f"(a));
  return __builtin_bit_cast(__half2, r);
#else
  return __half2(__half(a), __half(b));
#endif
}
HIPC_HD __half2 __float22half2_rn(float2 v) {
  return __floats2half2_rn(v.x, v.y);
}
HIPC_HD float2 __half22float2(__half2 h) {
  return make_float2(__half2float(h.x), __half2float(h.y));
}
HIPC_HD float __low2float(__half2 h) { return __half2float(h.x); }
HIPC_HD float __high2float(__half2 h) { return __half2float(h.y); }
HIPC_HD __half __low2half(__half2 h) { return h.x; }
HIPC_HD __half __high2half(__half2 h) { return h.y; }
HIPC_HD __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }
HIPC_HD __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }
HIPC_HD __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
HIPC_HD __half2 __highs2half2(__half2 a, __half2 b) {
  return __half2(a.y, b.y);
}
HIPC_HD __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }

#include "hip/hipc/fp16_ops.h"

#undef HIPC_H
#undef HIPC_HD

#endif  // HIPC_FP16_H
