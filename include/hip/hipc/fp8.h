// 8-bit floating point (include hip/hip_fp8.h): the interpretations, the
// storage types and the __hip_cvt_* conversions; the classes are in
// hip/hipc/fp8_types.h.
//
// Four formats, as AMD's header names them:
//
//   __HIP_E4M3       OCP E4M3: bias 7, largest 448 (0x7e), NaN 0x7f/0xff,
//                    no infinity, -0 is 0x80
//   __HIP_E5M2       OCP E5M2: bias 15, largest 57344 (0x7b), infinity
//                    0x7c/0xfc, NaN 0x7d..0x7f (and negatives), -0 is 0x80
//   __HIP_E4M3_FNUZ  bias 8, largest 240 (0x7f), 0x80 the only NaN, no
//                    infinity, no -0
//   __HIP_E5M2_FNUZ  bias 16, largest 57344 (0x7f), likewise
//
// To fp8 (from float, double, half, bfloat16; all on the bits, so exact
// whatever the floating-point environment), AMD's rules:
//   - round to nearest, ties to even;
//   - a magnitude above the largest finite value overflows: with
//     __HIP_SATFINITE to the largest finite value of the same sign; with
//     __HIP_NOSAT to NaN (E4M3: sign | 0x7f; FNUZ: 0x80) or, for E5M2, to
//     infinity (sign | 0x7c). (AMD compares with the largest value before
//     rounding, so 449 overflows in E4M3 although it is nearer 448.)
//   - infinities: E5M2 keeps them (in both modes); E4M3 gives NaN
//     (sign | 0x7f); FNUZ gives 0x80. NaN gives sign | 0x7f, FNUZ 0x80.
//   - a result of zero keeps its sign in OCP formats; FNUZ has only +0.
// From fp8 every value is exact in half, float and double.
#ifndef HIPC_FP8_H
#define HIPC_FP8_H

#include "hip/hipc/bf16.h"
#include "hip/hipc/float_round.h"
#include "hip/hipc/fp16.h"

#define HIPC_HD __host__ __device__ inline

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,
  __HIP_E5M2 = 1,
  __HIP_E4M3_FNUZ = 2,
  __HIP_E5M2_FNUZ = 3,
};
enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};
typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

#include "hip/hipc/fp8_nvptx.h"

namespace hipc {
namespace fp8 {

struct format {
  int mb, emin;      // see hip/hipc/float_round.h
  uint32_t maxenc;   // the largest finite magnitude
  bool fnuz, e4m3;
  uint32_t maxbits;  // the float bits of the largest finite magnitude
};
HIPC_HD format format_of(__hip_fp8_interpretation_t t) {
  switch (t) {
    case __HIP_E4M3: return {3, -6, 0x7e, false, true, 0x43e00000u};  // 448
    case __HIP_E5M2: return {2, -14, 0x7b, false, false, 0x47600000u};
    case __HIP_E4M3_FNUZ: return {3, -7, 0x7f, true, true, 0x43700000u};
    default: return {2, -15, 0x7f, true, false, 0x47600000u};  // 57344
  }
}

// What an infinity, a NaN or an overflow becomes without saturation.
HIPC_HD uint8_t nan_of(format f, bool neg) {
  return f.fnuz ? 0x80 : static_cast<uint8_t>((neg ? 0x80 : 0) | 0x7f);
}
HIPC_HD uint8_t inf_of(format f, bool neg) {
  return f.fnuz || f.e4m3 ? nan_of(f, neg)
                          : static_cast<uint8_t>((neg ? 0x80 : 0) | 0x7c);
}

HIPC_HD uint8_t encode(fround::unpacked v, format f, bool sat) {
  uint8_t sign = v.neg ? 0x80 : 0;
  fround::mode up = v.neg ? fround::rd : fround::ru;
  if (fround::round_bits(v, f.mb, f.emin, up) > f.maxenc)  // |v| > largest
    return sat ? static_cast<uint8_t>(sign | f.maxenc) : inf_of(f, v.neg);
  uint32_t enc = fround::round_bits(v, f.mb, f.emin, fround::rn);
  if (enc == 0) return f.fnuz ? 0 : sign;
  return static_cast<uint8_t>(sign | enc);
}
HIPC_HD uint8_t from_float(float x, __hip_saturation_t sat,
                           __hip_fp8_interpretation_t t) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__) && __CUDA_ARCH__ >= 890
  if (nvptx::has_from_float(t))
    return nvptx::from_float(x, sat == __HIP_SATFINITE, t);
#endif
  format f = format_of(t);
  uint32_t u;
  __builtin_memcpy(&u, &x, 4);
  bool neg = (u >> 31) != 0;
  uint32_t mag = u & 0x7fffffffu, sign = neg ? 0x80u : 0u;
  // A normal number of the format up to its largest: round to nearest
  // even on the float's bits (a carry steps the exponent), then rebias.
  // The rest (overflow, infinity, NaN, the format's subnormals) below.
  // reshapeKVCache's host reference spent 12% of its time in encode.
  if (mag >= static_cast<uint32_t>(127 + f.emin) << 23 && mag <= f.maxbits) {
    int sh = 23 - f.mb;
    uint32_t r = (mag + (1u << (sh - 1)) - 1u + ((mag >> sh) & 1u)) >> sh;
    return static_cast<uint8_t>(
        sign | (r - (static_cast<uint32_t>(126 + f.emin) << f.mb)));
  }
  if ((u & 0x7f800000u) == 0x7f800000u)
    return (u & 0x7fffffu) ? nan_of(f, neg) : inf_of(f, neg);
  if (mag > f.maxbits)
    return sat == __HIP_SATFINITE ? static_cast<uint8_t>(sign | f.maxenc)
                                  : inf_of(f, neg);
  return encode(fround::unpack_float(u), f, sat == __HIP_SATFINITE);
}
HIPC_HD uint8_t from_double(double x, __hip_saturation_t sat,
                            __hip_fp8_interpretation_t t) {
  format f = format_of(t);
  uint64_t u;
  __builtin_memcpy(&u, &x, 8);
  bool neg = (u >> 63) != 0;
  if ((u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull)
    return (u & 0xfffffffffffffull) ? nan_of(f, neg) : inf_of(f, neg);
  return encode(fround::unpack_double(u), f, sat == __HIP_SATFINITE);
}

// The float bits of an fp8 value (NaN: a quiet NaN with the sign).
HIPC_HD uint32_t to_float_bits(uint8_t x, __hip_fp8_interpretation_t t) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
  return nvptx::to_float_bits(x, t);
#endif
  format f = format_of(t);
  uint32_t sign = static_cast<uint32_t>(x & 0x80) << 24, mag = x & 0x7fu;
  if (f.fnuz) {
    if (x == 0x80) return 0x7fc00000u;
  } else if (f.e4m3 ? mag == 0x7f : mag >= 0x7c) {
    return sign | (mag == 0x7c ? 0x7f800000u : 0x7fc00000u);
  }
  return sign | fround::decode_to_float(mag, f.mb, f.emin);
}
HIPC_HD float to_float(uint8_t x, __hip_fp8_interpretation_t t) {
  uint32_t u = to_float_bits(x, t);
  float r;
  __builtin_memcpy(&r, &u, 4);
  return r;
}
HIPC_HD bool is_nan(uint8_t x, __hip_fp8_interpretation_t t) {
  format f = format_of(t);
  return f.fnuz ? x == 0x80 : f.e4m3 ? (x & 0x7f) == 0x7f : (x & 0x7f) > 0x7c;
}

}  // namespace fp8
}  // namespace hipc

// ---- The conversions. x2 and x4 storage keep the first value (x) in the
// low byte.
HIPC_HD __hip_fp8_storage_t __hip_cvt_float_to_fp8(
    float f, __hip_saturation_t sat, __hip_fp8_interpretation_t type) {
  return hipc::fp8::from_float(f, sat, type);
}
HIPC_HD __hip_fp8_storage_t __hip_cvt_double_to_fp8(
    double d, __hip_saturation_t sat, __hip_fp8_interpretation_t type) {
  return hipc::fp8::from_double(d, sat, type);
}
HIPC_HD __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(
    float2 f, __hip_saturation_t sat, __hip_fp8_interpretation_t type) {
  return static_cast<__hip_fp8x2_storage_t>(
      hipc::fp8::from_float(f.x, sat, type) |
      hipc::fp8::from_float(f.y, sat, type) << 8);
}
HIPC_HD __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(
    double2 d, __hip_saturation_t sat, __hip_fp8_interpretation_t type) {
  return static_cast<__hip_fp8x2_storage_t>(
      hipc::fp8::from_double(d.x, sat, type) |
      hipc::fp8::from_double(d.y, sat, type) << 8);
}
HIPC_HD __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(
    __half_raw h, __hip_saturation_t sat, __hip_fp8_interpretation_t type) {
  return hipc::fp8::from_float(hipc::fp16::to_float(h.x), sat, type);
}
HIPC_HD __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(
    __half2_raw h, __hip_saturation_t sat, __hip_fp8_interpretation_t type) {
  return static_cast<__hip_fp8x2_storage_t>(
      __hip_cvt_halfraw_to_fp8(__half_raw{h.x}, sat, type) |
      __hip_cvt_halfraw_to_fp8(__half_raw{h.y}, sat, type) << 8);
}
HIPC_HD __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(
    __hip_bfloat16_raw b, __hip_saturation_t sat,
    __hip_fp8_interpretation_t type) {
  return hipc::fp8::from_float(hipc::bf16::to_float(b.x), sat, type);
}
HIPC_HD __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(
    __hip_bfloat162_raw b, __hip_saturation_t sat,
    __hip_fp8_interpretation_t type) {
  return static_cast<__hip_fp8x2_storage_t>(
      __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{b.x}, sat, type) |
      __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{b.y}, sat, type) << 8);
}
HIPC_HD __half_raw __hip_cvt_fp8_to_halfraw(__hip_fp8_storage_t x,
                                            __hip_fp8_interpretation_t type) {
  return {hipc::fp16::from_float(hipc::fp8::to_float(x, type),
                                 hipc::fp16::rn)};
}
HIPC_HD __half2_raw __hip_cvt_fp8x2_to_halfraw2(
    __hip_fp8x2_storage_t x, __hip_fp8_interpretation_t type) {
  return {__hip_cvt_fp8_to_halfraw(static_cast<uint8_t>(x), type).x,
          __hip_cvt_fp8_to_halfraw(static_cast<uint8_t>(x >> 8), type).x};
}

#include "hip/hipc/fp8_types.h"

#undef HIPC_HD

#endif  // HIPC_FP8_H
