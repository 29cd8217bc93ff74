// fp8 conversions on NVIDIA GPUs (included by hip/hipc/fp8.h in the GPU
// pass only), with the results of the bit-level code there, which they
// replace in device code: nvcc's cuda_fp8.h converts with cvt, and the
// bit-level form made HeCBench addBiasQKV's kernel (4 fp8 to float, 4
// bfloat16 to fp8) 886 PTX instructions against nvcc's 79.
//
// To float, every format: the code's bits placed in a half's so that the
// half is the value times a power of two (E4M3: bias 7 against the half's
// 15, so mag << 7 is the value / 2^8; FNUZ / 2^7; E5M2 is a half's top
// byte), one cvt.f32.f16 and a multiply by that power (both exact: every
// fp8 value is a normal float). E5M2 FNUZ's top exponent, an infinity's in
// a half, is taken one lower. NaN codes give a quiet NaN with the sign.
//
// From float (sm_89 and later): cvt.rn.satfinite.e4m3x2.f32 and
// .e5m2x2.f32 round to nearest even and saturate, as AMD's rules with
// __HIP_SATFINITE do for finite values; NaN, infinities and the overflow
// of __HIP_NOSAT are selected on the float's bits (fast math assumes no
// NaN in float compares). E4M3 FNUZ is OCP E4M3 of 2x (bias 8 against 7,
// subnormals alike) but for its top code, 0x7f = 240, which is OCP's NaN:
// magnitudes past 232 (the midpoint of 224 and 240; the tie goes to 0x7e)
// give 0x7f; and it has no -0. E5M2 FNUZ reaches past OCP E5M2's range at
// the top and below it at the bottom: it keeps the bit-level code.
#ifndef HIPC_FP8_NVPTX_H
#define HIPC_FP8_NVPTX_H

#if defined(__NVPTX__) && !defined(__HIPC_KC__)

namespace hipc {
namespace fp8 {
namespace nvptx {

__device__ inline float from_half_bits(uint32_t h) {
  return static_cast<float>(
      __builtin_bit_cast(_Float16, static_cast<uint16_t>(h)));
}

__device__ inline uint32_t to_float_bits(uint8_t x,
                                         __hip_fp8_interpretation_t t) {
  uint32_t sign = static_cast<uint32_t>(x & 0x80) << 24, mag = x & 0x7fu;
  uint32_t h = sign >> 16 | mag << 7;  // E4M3, E4M3 FNUZ
  float scale = t == __HIP_E4M3 ? 0x1p8f : 0x1p7f;
  bool nan = t == __HIP_E4M3 ? mag == 0x7f : x == 0x80;
  if (t == __HIP_E5M2) {
    h = static_cast<uint32_t>(x) << 8, scale = 1.0f, nan = false;
  } else if (t == __HIP_E5M2_FNUZ) {  // bias 16
    bool top = mag >= 0x7c;
    h = sign >> 16 | (top ? mag - 4 : mag) << 8;
    scale = top ? 1.0f : 0x1p-1f;
  }
  uint32_t f = __builtin_bit_cast(uint32_t, from_half_bits(h) * scale);
  return nan ? (t == __HIP_E4M3 ? sign : 0) | 0x7fc00000u : f;
}

#if __CUDA_ARCH__ >= 890
// The code of x, rounded to nearest even and saturated to the largest
// finite magnitude (a NaN gives a NaN code).
__device__ inline uint8_t cvt_e4m3(float x) {
  unsigned short r;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(r) : "f"(0.0f), "f"(x));
  return static_cast<uint8_t>(r);
}
__device__ inline uint8_t cvt_e5m2(float x) {
  unsigned short r;
  asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(r) : "f"(0.0f), "f"(x));
  return static_cast<uint8_t>(r);
}

// Whether from_float below converts to `t`.
__device__ inline bool has_from_float(__hip_fp8_interpretation_t t) {
  return t != __HIP_E5M2_FNUZ;
}

// Every case computed and one selected: branches per conversion cost more
// than the conversion.
__device__ inline uint8_t from_float(float x, bool sat,
                                     __hip_fp8_interpretation_t t) {
  uint32_t u = __builtin_bit_cast(uint32_t, x), a = u & 0x7fffffffu;
  uint8_t sign = static_cast<uint8_t>(u >> 24 & 0x80);
  const uint32_t inf = 0x7f800000u;
  uint8_t x7f = sign | 0x7f;  // E4M3's NaN, E4M3 FNUZ's largest
  switch (t) {
    case __HIP_E4M3: {  // NaN, infinity, NOSAT overflow: NaN
      uint8_t e = cvt_e4m3(x);
      return a >= inf || (!sat && a > 0x43e00000u /* 448 */) ? x7f : e;
    }
    case __HIP_E5M2: {
      uint8_t e = cvt_e5m2(x);
      bool big = a == inf || (!sat && a > 0x47600000u /* 57344 */);
      return a > inf ? x7f : big ? sign | 0x7c : e;
    }
    default: {  // E4M3 FNUZ: NaN, infinity, NOSAT overflow give 0x80
      uint8_t e = cvt_e4m3(x * 2.0f);
      e = (e & 0x7f) != 0 ? e : 0;
      uint8_t over = sat ? x7f : 0x80;
      return a >= inf                   ? 0x80
             : a > 0x43700000u /* 240 */ ? over
             : a > 0x43680000u /* 232 */ ? x7f
                                         : e;
    }
  }
}
#endif  // __CUDA_ARCH__ >= 890

}  // namespace nvptx
}  // namespace fp8
}  // namespace hipc

#endif  // __NVPTX__ && !__HIPC_KC__
#endif  // HIPC_FP8_NVPTX_H
