/* hip_bfloat16.h: the older bfloat16 type, hip_bfloat16 (the newer one is
 * __hip_bfloat16 in hip/hip_bf16.h).
 *
 * In C++ a trivial struct holding the bits in `data`, with an explicit
 * constructor from float that rounds to nearest even (or truncates, given
 * hip_bfloat16::truncate), assignment from float (nearest even), an
 * implicit conversion to float (exact), the
 * arithmetic operators (computed in float, rounded to nearest even), the
 * comparisons, ++/--, compound assignment, `<<` on streams, and std::isinf,
 * std::isnan, std::iszero, std::sin, std::cos, std::real, as AMD's header
 * has them. A NaN stays a NaN (quiet). In C: the struct alone. */
#ifndef HIP_BFLOAT16_H
#define HIP_BFLOAT16_H

#if !defined(__cplusplus) || __cplusplus < 201103L

#include <stdint.h>
typedef struct {
  uint16_t data;
} hip_bfloat16;

#else

#include <cmath>
#include <cstdint>
#include <ostream>
#include <type_traits>

#include "hip/hip_runtime.h"
#include "hip/hipc/float_round.h"

struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  hip_bfloat16() = default;
  explicit __host__ __device__ hip_bfloat16(float f)
      : data(round_bits(f, hipc::fround::rn)) {}
  explicit __host__ __device__ hip_bfloat16(float f, truncate_t)
      : data(round_bits(f, hipc::fround::rz)) {}
  __host__ __device__ operator float() const {
    uint32_t u = static_cast<uint32_t>(data) << 16;
    float f;
    __builtin_memcpy(&f, &u, 4);
    return f;
  }
  // Assignment from float (or anything that converts to float) rounds to
  // nearest even, as AMD's header has it.
  __host__ __device__ hip_bfloat16& operator=(const float& f) {
    data = round_bits(f, hipc::fround::rn);
    return *this;
  }
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f) {
    return hip_bfloat16(f);
  }
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f,
                                                            truncate_t) {
    return hip_bfloat16(f, truncate);
  }

 private:
  // Nearest even or toward zero; infinities stay, NaNs become quiet NaNs.
  static __host__ __device__ uint16_t round_bits(float f,
                                                 hipc::fround::mode md) {
    uint32_t u;
    __builtin_memcpy(&u, &f, 4);
    if ((u & 0x7f800000u) == 0x7f800000u)
      return static_cast<uint16_t>((u >> 16) |
                                   ((u & 0x7fffffu) ? 0x40u : 0u));
    hipc::fround::unpacked v = hipc::fround::unpack_float(u);
    uint32_t enc = hipc::fround::round_bits(v, 7, -126, md);
    if (enc > 0x7f80u) enc = 0x7f80u;  // (only rn reaches infinity)
    return static_cast<uint16_t>((v.neg ? 0x8000u : 0u) | enc);
  }
};

static_assert(std::is_standard_layout<hip_bfloat16>::value &&
                  std::is_trivial<hip_bfloat16>::value &&
                  sizeof(hip_bfloat16) == 2,
              "hip_bfloat16 is a trivial 16-bit struct");

inline std::ostream& operator<<(std::ostream& os, const hip_bfloat16& b) {
  return os << static_cast<float>(b);
}

#define HIPC_BF_HD __host__ __device__ inline
HIPC_BF_HD hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
HIPC_BF_HD hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data = static_cast<uint16_t>(a.data ^ 0x8000u);
  return a;
}
#define HIPC_BF_ARITH(OP)                                          \
  HIPC_BF_HD hip_bfloat16 operator OP(hip_bfloat16 a, hip_bfloat16 b) { \
    return hip_bfloat16(static_cast<float>(a) OP static_cast<float>(b)); \
  }                                                                \
  HIPC_BF_HD hip_bfloat16& operator OP##=(hip_bfloat16 & a, hip_bfloat16 b) { \
    return a = a OP b;                                             \
  }
HIPC_BF_ARITH(+)
HIPC_BF_ARITH(-)
HIPC_BF_ARITH(*)
HIPC_BF_ARITH(/)
#undef HIPC_BF_ARITH
#define HIPC_BF_REL(OP)                                     \
  HIPC_BF_HD bool operator OP(hip_bfloat16 a, hip_bfloat16 b) { \
    return static_cast<float>(a) OP static_cast<float>(b);  \
  }
HIPC_BF_REL(==)
HIPC_BF_REL(!=)
HIPC_BF_REL(<)
HIPC_BF_REL(<=)
HIPC_BF_REL(>)
HIPC_BF_REL(>=)
#undef HIPC_BF_REL
HIPC_BF_HD hip_bfloat16& operator++(hip_bfloat16& a) {
  return a += hip_bfloat16(1.0f);
}
HIPC_BF_HD hip_bfloat16& operator--(hip_bfloat16& a) {
  return a -= hip_bfloat16(1.0f);
}
HIPC_BF_HD hip_bfloat16 operator++(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  ++a;
  return old;
}
HIPC_BF_HD hip_bfloat16 operator--(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  --a;
  return old;
}

// AMD's header adds these to std (for templates written over float types).
namespace std {
constexpr __host__ __device__ bool isinf(hip_bfloat16 a) {
  return (a.data & 0x7fffu) == 0x7f80u;
}
constexpr __host__ __device__ bool isnan(hip_bfloat16 a) {
  return (a.data & 0x7fffu) > 0x7f80u;
}
constexpr __host__ __device__ bool iszero(hip_bfloat16 a) {
  return (a.data & 0x7fffu) == 0;
}
HIPC_BF_HD hip_bfloat16 sin(hip_bfloat16 a) {
  return hip_bfloat16(std::sin(static_cast<float>(a)));
}
HIPC_BF_HD hip_bfloat16 cos(hip_bfloat16 a) {
  return hip_bfloat16(std::cos(static_cast<float>(a)));
}
constexpr __host__ __device__ hip_bfloat16 real(const hip_bfloat16& a) {
  return a;
}
}  // namespace std
#undef HIPC_BF_HD

#endif /* C++11 */

#endif /* HIP_BFLOAT16_H */
