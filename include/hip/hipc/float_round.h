// Rounding to small binary floating-point formats, on the bits (shared by
// hip/hipc/bf16.h and hip/hipc/fp8.h).
//
// A format is described by `mb`, its stored mantissa bits, and `emin`, the
// exponent of its smallest normal number (2^emin). Its magnitude encodings
// count up from 0: subnormals q * 2^(emin - mb) are q itself, a normal
// number with exponent E is ((E - emin + 1) << mb) | fraction. bf16 is
// (7, -126), OCP E4M3 (3, -6), OCP E5M2 (2, -14), E4M3 FNUZ (3, -7) and E5M2
// FNUZ (2, -15). Everything is integer arithmetic, so the results do not
// depend on the floating-point environment (flushed denormals, fast math).
#ifndef HIPC_FLOAT_ROUND_H
#define HIPC_FLOAT_ROUND_H

#include <cmath>
#include <cstdint>
#include <limits>

#include "hip/hipc/qualifiers.h"

namespace hipc {
namespace fround {

enum mode { rn, rz, ru, rd };

// A finite value unpacked: |v| = m * 2^e.
struct unpacked {
  uint64_t m;
  int e;
  bool neg;
};

__host__ __device__ inline unpacked unpack_float(uint32_t u) {
  uint32_t ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  return {ex ? (man | 0x800000u) : man, ex ? static_cast<int>(ex) - 150 : -149,
          (u >> 31) != 0};
}
__host__ __device__ inline unpacked unpack_double(uint64_t u) {
  uint64_t ex = (u >> 52) & 0x7ffu, man = u & 0xfffffffffffffull;
  return {ex ? (man | (uint64_t{1} << 52)) : man,
          ex ? static_cast<int>(ex) - 1075 : -1074, (u >> 63) != 0};
}

// Whether a directed or nearest rounding of a value with sign `neg` moves
// away from zero when it is inexact (for rn: only past the midpoint).
__host__ __device__ inline bool away(mode md, bool neg) {
  return (md == ru && !neg) || (md == rd && neg);
}

// Rounds v to the format (mb, emin) and returns the magnitude encoding. The
// encoding is not bounded above: one past the largest finite encoding (or
// more) means the value overflowed, which each format handles its own way.
// Values with an exponent past emax_guard give emax_guard's encoding + 1.
__host__ __device__ inline uint32_t round_bits(unpacked v, int mb, int emin,
                                               mode md) {
  if (v.m == 0) return 0;
  int nb = 64 - __builtin_clzll(v.m);
  int E = v.e + nb - 1;  // the value is in [2^E, 2^(E+1))
  const int guard = emin + 300;
  if (E > guard) return static_cast<uint32_t>(guard - emin + 2) << mb;
  int qexp = E < emin ? emin - mb : E - mb;  // the quantum's exponent
  int s = qexp - v.e;                        // q = m / 2^s
  uint64_t q;
  bool inc = false;
  if (s <= 0) {
    q = v.m << -s;  // exact (nb <= mb + 1 here)
  } else if (s >= 64) {  // below half a quantum, and not zero
    q = 0;
    inc = md != rn && away(md, v.neg);
  } else {
    q = v.m >> s;
    uint64_t rest = v.m & ((uint64_t{1} << s) - 1);
    uint64_t half = uint64_t{1} << (s - 1);
    if (md == rn)
      inc = rest > half || (rest == half && (q & 1));
    else
      inc = rest != 0 && away(md, v.neg);
  }
  q += inc;
  // Subnormal: q is the encoding (a carry to 2^mb is the smallest normal);
  // normal: q holds the implicit bit, a carry to 2^(mb+1) bumps the
  // exponent, which the addition does by itself.
  if (E < emin) return static_cast<uint32_t>(q);
  return (static_cast<uint32_t>(E - emin + 1) << mb) +
         static_cast<uint32_t>(q - (uint64_t{1} << mb));
}

// The float bits of a finite magnitude encoding of the format (mb, emin),
// for formats whose every value is a normal float or zero (all but bf16).
__host__ __device__ inline uint32_t decode_to_float(uint32_t enc, int mb,
                                                    int emin) {
  if (enc == 0) return 0;
  uint32_t ex = enc >> mb, man = enc & ((1u << mb) - 1);
  int E = emin + static_cast<int>(ex) - 1;
  if (ex == 0) {  // subnormal: normalise
    int nb = 32 - __builtin_clz(man);
    E = emin - mb + nb - 1;
    man = (man << (mb - nb + 1)) & ((1u << mb) - 1);
  }
  return (static_cast<uint32_t>(E + 127) << 23) | (man << (23 - mb));
}


// Rounds, then saturates to I's range (NaN gives 0).
template <typename I>
__host__ __device__ inline I float_to_int(float f, mode md) {
  using L = std::numeric_limits<I>;
  if (f != f) return 0;
  float r = md == rn   ? std::nearbyint(f)
            : md == rz ? std::trunc(f)
            : md == ru ? std::ceil(f)
                       : std::floor(f);
  if (r <= static_cast<double>(L::min())) return L::min();
  if (r >= static_cast<double>(L::max())) return L::max();
  return static_cast<I>(r);
}

// p + q rounded to odd (the last bit of an inexact result set), for a
// second rounding to a format of fewer than 52 bits that is then correct:
// the error of the sum (Knuth's two-sum) says whether it was exact.
__host__ __device__ inline double add_round_odd(double p, double q) {
  double s = p + q;
  if (!std::isfinite(s)) return s;
  double bb = s - p, err = (p - (s - bb)) + (q - bb);
  uint64_t u;
  __builtin_memcpy(&u, &s, 8);
  if (err != 0 && !(u & 1))
    s = std::nextafter(s, err > 0 ? HUGE_VAL : -HUGE_VAL);
  return s;
}

}  // namespace fround
}  // namespace hipc

#endif  // HIPC_FLOAT_ROUND_H
