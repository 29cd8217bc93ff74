// bfloat16: __hip_bfloat16, __hip_bfloat162, their raw forms and
// conversions (include hip/hip_bf16.h).
//
// A __hip_bfloat16 holds the upper 16 bits of an IEEE binary32: 8 exponent
// bits, 7 stored mantissa bits. Conversions are done on the bits, exactly,
// in every rounding direction (hip/hipc/float_round.h); double rounds once,
// straight to bfloat16. A NaN stays a NaN (quiet, with its sign and the top
// of its payload). Arithmetic (hip/hipc/bf16_ops.h) is carried out in float
// and rounded once, which is the correctly rounded result for + - * / and
// sqrt (float has more than 2 * 8 + 2 bits); fma rounds the exact sum to
// odd in double first. Host and device code alike.
#ifndef HIPC_BF16_H
#define HIPC_BF16_H

#include <type_traits>

#include "hip/hipc/float_round.h"
#include "hip/hipc/qualifiers.h"
#include "hip/hipc/vector_types.h"

#define HIPC_HD __host__ __device__ inline

namespace hipc {
namespace bf16 {
using fround::mode;

HIPC_HD uint16_t from_unpacked(fround::unpacked v, mode md) {
  uint32_t enc = fround::round_bits(v, 7, -126, md);
  if (enc >= 0x7f80u)  // overflow: infinity, or the largest finite
    enc = md == fround::rn || fround::away(md, v.neg) ? 0x7f80u : 0x7f7fu;
  return static_cast<uint16_t>((v.neg ? 0x8000u : 0u) | enc);
}
HIPC_HD uint16_t from_float(float f, mode md) {
  uint32_t u;
  __builtin_memcpy(&u, &f, 4);
#if defined(__NVPTX__) && !defined(__HIPC_KC__) && __CUDA_ARCH__ >= 800
  // On the GPU, round to nearest is one cvt.rn.bf16.f32, a NaN's code
  // selected, not branched to (a branch per conversion made HeCBench
  // addBiasQKV's kernel twice as long as nvcc's).
  if (md == fround::rn) {
    uint16_t r = __builtin_bit_cast(uint16_t, static_cast<__bf16>(f));
    uint16_t nan = static_cast<uint16_t>((u >> 16) | 0x40u);
    return (u & 0x7fffffffu) > 0x7f800000u ? nan : r;
  }
#endif
  if ((u & 0x7f800000u) == 0x7f800000u)  // infinity, or a quiet NaN
    return static_cast<uint16_t>((u >> 16) | ((u & 0x7fffffu) ? 0x40u : 0u));
  // Round to nearest even on the bits: bfloat16 is a float's top half, so
  // subnormals round alike and a carry steps the exponent (the largest
  // floats to infinity, as from_unpacked does). The generic rounding took
  // HeCBench reshapeKVCache's host loop of conversions 2.5 times as long.
  if (md == fround::rn)
    return static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  return from_unpacked(fround::unpack_float(u), md);
}
HIPC_HD uint16_t from_double(double d, mode md) {
  uint64_t u;
  __builtin_memcpy(&u, &d, 8);
  if ((u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull) {
    uint16_t s = static_cast<uint16_t>((u >> 48) & 0x8000u);
    bool nan = (u & 0xfffffffffffffull) != 0;
    return s | (nan ? static_cast<uint16_t>(0x7fc0u | ((u >> 45) & 0x3fu))
                    : 0x7f80u);
  }
  return from_unpacked(fround::unpack_double(u), md);
}
HIPC_HD uint16_t from_int(long long v, mode md) {
  bool neg = v < 0;
  uint64_t m = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  return from_unpacked({m, 0, neg}, md);
}
HIPC_HD uint16_t from_uint(unsigned long long v, mode md) {
  return from_unpacked({v, 0, false}, md);
}
HIPC_HD float to_float(uint16_t b) {  // exact
  uint32_t u = static_cast<uint32_t>(b) << 16;
  float f;
  __builtin_memcpy(&f, &u, 4);
  return f;
}
template <typename T>
using if_int = std::enable_if_t<std::is_integral<T>::value, int>;
template <typename T>
using if_arith = std::enable_if_t<std::is_arithmetic<T>::value, int>;
template <typename T>
HIPC_HD uint16_t from_any(T v, mode md) {
  if constexpr (std::is_floating_point<T>::value)
    return sizeof(T) <= 4 ? from_float(static_cast<float>(v), md)
                          : from_double(static_cast<double>(v), md);
  else if constexpr (std::is_signed<T>::value)
    return from_int(static_cast<long long>(v), md);
  else
    return from_uint(static_cast<unsigned long long>(v), md);
}
}  // namespace bf16
}  // namespace hipc

struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

struct alignas(2) __hip_bfloat16 {
  unsigned short __x;  // the bfloat16 bits

  __hip_bfloat16() = default;
  HIPC_HD constexpr __hip_bfloat16(const __hip_bfloat16_raw& r) : __x(r.x) {}
  // From any arithmetic type, rounded to nearest even.
  template <typename T, hipc::bf16::if_arith<T> = 0>
  HIPC_HD __hip_bfloat16(T v)
      : __x(hipc::bf16::from_any(v, hipc::fround::rn)) {}
  HIPC_HD __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) {
    __x = r.x;
    return *this;
  }
  HIPC_HD operator __hip_bfloat16_raw() const { return {__x}; }
  HIPC_HD operator float() const { return hipc::bf16::to_float(__x); }
};

struct alignas(4) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162() = default;
  HIPC_HD __hip_bfloat162(const __hip_bfloat16& a, const __hip_bfloat16& b)
      : x(a), y(b) {}
  HIPC_HD __hip_bfloat162(const __hip_bfloat162_raw& r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  // One value in both halves.
  template <typename T, hipc::bf16::if_arith<T> = 0>
  HIPC_HD __hip_bfloat162(T v) : x(v), y(x) {}
  HIPC_HD __hip_bfloat162& operator=(const __hip_bfloat162_raw& r) {
    x = __hip_bfloat16_raw{r.x};
    y = __hip_bfloat16_raw{r.y};
    return *this;
  }
  HIPC_HD operator __hip_bfloat162_raw() const { return {x.__x, y.__x}; }
  HIPC_HD operator float2() const {
    return make_float2(hipc::bf16::to_float(x.__x),
                       hipc::bf16::to_float(y.__x));
  }
};

// ---- Conversions.
#define HIPC_BF(bits) \
  __hip_bfloat16(__hip_bfloat16_raw{static_cast<unsigned short>(bits)})
HIPC_HD float __bfloat162float(__hip_bfloat16 a) {
  return hipc::bf16::to_float(a.__x);
}
HIPC_HD __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
#define HIPC_BF_FROM(NAME, T, FN)                                       \
  HIPC_HD __hip_bfloat16 NAME##_rn(T v) {                               \
    return HIPC_BF(hipc::bf16::FN(v, hipc::fround::rn));                \
  }                                                                     \
  HIPC_HD __hip_bfloat16 NAME##_rz(T v) {                               \
    return HIPC_BF(hipc::bf16::FN(v, hipc::fround::rz));                \
  }                                                                     \
  HIPC_HD __hip_bfloat16 NAME##_ru(T v) {                               \
    return HIPC_BF(hipc::bf16::FN(v, hipc::fround::ru));                \
  }                                                                     \
  HIPC_HD __hip_bfloat16 NAME##_rd(T v) {                               \
    return HIPC_BF(hipc::bf16::FN(v, hipc::fround::rd));                \
  }
HIPC_BF_FROM(__float2bfloat16, float, from_float)
HIPC_BF_FROM(__double2bfloat16, double, from_double)
HIPC_BF_FROM(__int2bfloat16, int, from_int)
HIPC_BF_FROM(__uint2bfloat16, unsigned int, from_uint)
HIPC_BF_FROM(__short2bfloat16, short, from_int)
HIPC_BF_FROM(__ushort2bfloat16, unsigned short, from_uint)
HIPC_BF_FROM(__ll2bfloat16, long long, from_int)
HIPC_BF_FROM(__ull2bfloat16, unsigned long long, from_uint)
#undef HIPC_BF_FROM
HIPC_HD __hip_bfloat16 __double2bfloat16(double d) {
  return __double2bfloat16_rn(d);
}

#define HIPC_BF_TO(NAME, T)                                               \
  HIPC_HD T __bfloat162##NAME##_rn(__hip_bfloat16 a) {                    \
    return hipc::fround::float_to_int<T>(__bfloat162float(a),             \
                                         hipc::fround::rn);               \
  }                                                                       \
  HIPC_HD T __bfloat162##NAME##_rz(__hip_bfloat16 a) {                    \
    return hipc::fround::float_to_int<T>(__bfloat162float(a),             \
                                         hipc::fround::rz);               \
  }                                                                       \
  HIPC_HD T __bfloat162##NAME##_ru(__hip_bfloat16 a) {                    \
    return hipc::fround::float_to_int<T>(__bfloat162float(a),             \
                                         hipc::fround::ru);               \
  }                                                                       \
  HIPC_HD T __bfloat162##NAME##_rd(__hip_bfloat16 a) {                    \
    return hipc::fround::float_to_int<T>(__bfloat162float(a),             \
                                         hipc::fround::rd);               \
  }
HIPC_BF_TO(int, int)
HIPC_BF_TO(uint, unsigned int)
HIPC_BF_TO(short, short)
HIPC_BF_TO(ushort, unsigned short)
HIPC_BF_TO(ll, long long)
HIPC_BF_TO(ull, unsigned long long)
#undef HIPC_BF_TO
HIPC_HD signed char __bfloat162char_rz(__hip_bfloat16 a) {
  return hipc::fround::float_to_int<signed char>(__bfloat162float(a),
                                                 hipc::fround::rz);
}
HIPC_HD unsigned char __bfloat162uchar_rz(__hip_bfloat16 a) {
  return hipc::fround::float_to_int<unsigned char>(__bfloat162float(a),
                                                   hipc::fround::rz);
}

HIPC_HD short __bfloat16_as_short(__hip_bfloat16 a) {
  return static_cast<short>(a.__x);
}
HIPC_HD unsigned short __bfloat16_as_ushort(__hip_bfloat16 a) { return a.__x; }
HIPC_HD __hip_bfloat16 __short_as_bfloat16(short v) { return HIPC_BF(v); }
HIPC_HD __hip_bfloat16 __ushort_as_bfloat16(unsigned short v) {
  return HIPC_BF(v);
}

// ---- __hip_bfloat162 from and to its halves.
HIPC_HD __hip_bfloat162 make_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat162(a, b);
}
HIPC_HD __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) {
  return __hip_bfloat162(a, a);
}
HIPC_HD __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a,
                                           __hip_bfloat16 b) {
  return __hip_bfloat162(a, b);
}
// A template, so that a program's own non-template __device__
// __float2bfloat162_rn (HeCBench addBiasQKV: "not necessarily defined in
// HIP") overloads it instead of clashing, and wins in device code.
template <typename = void>
HIPC_HD __hip_bfloat162 __float2bfloat162_rn(float f) {
  return __hip_bfloat162(__hip_bfloat16(f), __hip_bfloat16(f));
}
HIPC_HD __hip_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __hip_bfloat162(__hip_bfloat16(a), __hip_bfloat16(b));
}
HIPC_HD __hip_bfloat162 __float22bfloat162_rn(float2 v) {
  return __floats2bfloat162_rn(v.x, v.y);
}
HIPC_HD float2 __bfloat1622float2(__hip_bfloat162 a) {
  return make_float2(__bfloat162float(a.x), __bfloat162float(a.y));
}
HIPC_HD float __low2float(__hip_bfloat162 a) { return __bfloat162float(a.x); }
HIPC_HD float __high2float(__hip_bfloat162 a) {
  return __bfloat162float(a.y);
}
HIPC_HD __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a) { return a.x; }
HIPC_HD __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a) { return a.y; }
HIPC_HD __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) {
  return __hip_bfloat162(a.x, a.x);
}
HIPC_HD __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) {
  return __hip_bfloat162(a.y, a.y);
}
HIPC_HD __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a,
                                         __hip_bfloat162 b) {
  return __hip_bfloat162(a.x, b.x);
}
HIPC_HD __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a,
                                          __hip_bfloat162 b) {
  return __hip_bfloat162(a.y, b.y);
}
HIPC_HD __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) {
  return __hip_bfloat162(a.y, a.x);
}

#include "hip/hipc/bf16_ops.h"

#undef HIPC_BF
#undef HIPC_HD

#endif  // HIPC_BF16_H
