// The fp8 classes (included by hip/hipc/fp8.h): __hip_fp8_e4m3,
// __hip_fp8_e5m2, __hip_fp8_e4m3_fnuz, __hip_fp8_e5m2_fnuz, and their x2
// and x4 vectors.
//
// Each holds its storage in `__x` and converts with saturation to finite
// (`__default_saturation`, as AMD's classes do): from every arithmetic
// type, __half and __hip_bfloat16 (x2: float2, double2, __half2,
// __hip_bfloat162; x4: float4, double4, or two __half2 / __hip_bfloat162,
// the first in the low half), and back to float, double, __half,
// __hip_bfloat16, bool (nonzero, NaN included) and the integer types
// (toward zero, clamped to the type's range, NaN 0).
#ifndef HIPC_FP8_TYPES_H
#define HIPC_FP8_TYPES_H

namespace hipc {
namespace fp8 {
template <typename T>
using if_arith = std::enable_if_t<std::is_arithmetic<T>::value, int>;
template <typename T>
using if_int = std::enable_if_t<
    std::is_integral<T>::value && !std::is_same<T, bool>::value, int>;

template <__hip_fp8_interpretation_t I>
struct traits {
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;
  static constexpr __hip_fp8_interpretation_t __default_interpret = I;
  static constexpr unsigned int __we =
      I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ ? 4 : 5;
  static constexpr unsigned int __wm = 7 - __we;
};

template <__hip_fp8_interpretation_t I>
struct scalar : traits<I> {
  __hip_fp8_storage_t __x;

  scalar() = default;
  template <typename T, if_arith<T> = 0>
  HIPC_HD scalar(T v)
      : __x(sizeof(T) > 4 && std::is_floating_point<T>::value
                ? from_double(static_cast<double>(v), __HIP_SATFINITE, I)
                : from_float(static_cast<float>(v), __HIP_SATFINITE, I)) {}
  HIPC_HD scalar(__half h)
      : __x(__hip_cvt_halfraw_to_fp8(h, __HIP_SATFINITE, I)) {}
  HIPC_HD scalar(__hip_bfloat16 b)
      : __x(__hip_cvt_bfloat16raw_to_fp8(b, __HIP_SATFINITE, I)) {}

  HIPC_HD operator float() const { return to_float(__x, I); }
  HIPC_HD operator double() const { return to_float(__x, I); }
  HIPC_HD operator __half() const { return __hip_cvt_fp8_to_halfraw(__x, I); }
  HIPC_HD operator __hip_bfloat16() const {
    return __hip_bfloat16(to_float(__x, I));  // exact
  }
  HIPC_HD operator bool() const {
    return format_of(I).fnuz ? __x != 0 : (__x & 0x7f) != 0;
  }
  template <typename T, if_int<T> = 0>
  HIPC_HD operator T() const {
    return fround::float_to_int<T>(to_float(__x, I), fround::rz);
  }
};

template <__hip_fp8_interpretation_t I>
struct pair : traits<I> {
  __hip_fp8x2_storage_t __x;

  pair() = default;
  HIPC_HD pair(float2 v)
      : __x(__hip_cvt_float2_to_fp8x2(v, __HIP_SATFINITE, I)) {}
  HIPC_HD pair(double2 v)
      : __x(__hip_cvt_double2_to_fp8x2(v, __HIP_SATFINITE, I)) {}
  HIPC_HD pair(__half2 v)
      : __x(__hip_cvt_halfraw2_to_fp8x2(v, __HIP_SATFINITE, I)) {}
  HIPC_HD pair(__hip_bfloat162 v)
      : __x(__hip_cvt_bfloat16raw2_to_fp8x2(v, __HIP_SATFINITE, I)) {}

  HIPC_HD operator float2() const {
    return make_float2(to_float(static_cast<uint8_t>(__x), I),
                       to_float(static_cast<uint8_t>(__x >> 8), I));
  }
  HIPC_HD operator __half2() const {
    return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, I));
  }
};

template <__hip_fp8_interpretation_t I>
struct quad : traits<I> {
  __hip_fp8x4_storage_t __x;

  quad() = default;
  HIPC_HD quad(float4 v)
      : __x(join(from_float(v.x, __HIP_SATFINITE, I),
                 from_float(v.y, __HIP_SATFINITE, I),
                 from_float(v.z, __HIP_SATFINITE, I),
                 from_float(v.w, __HIP_SATFINITE, I))) {}
  HIPC_HD quad(double4 v)
      : __x(join(from_double(v.x, __HIP_SATFINITE, I),
                 from_double(v.y, __HIP_SATFINITE, I),
                 from_double(v.z, __HIP_SATFINITE, I),
                 from_double(v.w, __HIP_SATFINITE, I))) {}
  HIPC_HD quad(__half2 lo, __half2 hi)
      : __x(__hip_cvt_halfraw2_to_fp8x2(lo, __HIP_SATFINITE, I) |
            static_cast<unsigned>(
                __hip_cvt_halfraw2_to_fp8x2(hi, __HIP_SATFINITE, I))
                << 16) {}
  HIPC_HD quad(__hip_bfloat162 lo, __hip_bfloat162 hi)
      : __x(__hip_cvt_bfloat16raw2_to_fp8x2(lo, __HIP_SATFINITE, I) |
            static_cast<unsigned>(
                __hip_cvt_bfloat16raw2_to_fp8x2(hi, __HIP_SATFINITE, I))
                << 16) {}

  HIPC_HD operator float4() const {
    return make_float4(to_float(static_cast<uint8_t>(__x), I),
                       to_float(static_cast<uint8_t>(__x >> 8), I),
                       to_float(static_cast<uint8_t>(__x >> 16), I),
                       to_float(static_cast<uint8_t>(__x >> 24), I));
  }

 private:
  static HIPC_HD unsigned join(unsigned a, unsigned b, unsigned c,
                               unsigned d) {
    return a | b << 8 | c << 16 | d << 24;
  }
};
}  // namespace fp8
}  // namespace hipc

#define HIPC_FP8_CLASS(NAME, KIND, I)            \
  struct NAME : hipc::fp8::KIND<I> {             \
    using hipc::fp8::KIND<I>::KIND;              \
  };
HIPC_FP8_CLASS(__hip_fp8_e4m3, scalar, __HIP_E4M3)
HIPC_FP8_CLASS(__hip_fp8_e5m2, scalar, __HIP_E5M2)
HIPC_FP8_CLASS(__hip_fp8_e4m3_fnuz, scalar, __HIP_E4M3_FNUZ)
HIPC_FP8_CLASS(__hip_fp8_e5m2_fnuz, scalar, __HIP_E5M2_FNUZ)
HIPC_FP8_CLASS(__hip_fp8x2_e4m3, pair, __HIP_E4M3)
HIPC_FP8_CLASS(__hip_fp8x2_e5m2, pair, __HIP_E5M2)
HIPC_FP8_CLASS(__hip_fp8x2_e4m3_fnuz, pair, __HIP_E4M3_FNUZ)
HIPC_FP8_CLASS(__hip_fp8x2_e5m2_fnuz, pair, __HIP_E5M2_FNUZ)
HIPC_FP8_CLASS(__hip_fp8x4_e4m3, quad, __HIP_E4M3)
HIPC_FP8_CLASS(__hip_fp8x4_e5m2, quad, __HIP_E5M2)
HIPC_FP8_CLASS(__hip_fp8x4_e4m3_fnuz, quad, __HIP_E4M3_FNUZ)
HIPC_FP8_CLASS(__hip_fp8x4_e5m2_fnuz, quad, __HIP_E5M2_FNUZ)
#undef HIPC_FP8_CLASS

#endif  // HIPC_FP8_TYPES_H
