/* libdevice on the CPU device: conversions between floating point and
 * integers, reinterpretations, and float <-> half (see libdevice.h), with
 * the results of hip/hipc/intrinsics_float.h and fp16.h.
 *
 * To integers, HIP's rule (README, "conversion intrinsics"): the value is
 * rounded in the named direction, then saturated to the type's range, and
 * NaN gives 0. To floating point, _rn is the plain conversion and the
 * directed forms call fp_round.c, which converts with the FPU in that
 * rounding mode. */
#include <limits.h>
#include <math.h>

#include "backend/cpu/libdevice.h"

/* -- Saturation of an integral double r (already rounded) to each type.
 * The bounds are one past the largest value (2^31, 2^32, 2^63, 2^64),
 * exact in double; a float widens to double exactly, so its rounding to an
 * integer in double is the same as in float. */
static int sat_i32(double r) {
  if (r != r) return 0;
  if (r >= 0x1p31) return INT_MAX;
  if (r <= -0x1p31) return INT_MIN;
  return (int)r;
}
static unsigned int sat_u32(double r) {
  if (r != r) return 0;
  if (r >= 0x1p32) return UINT_MAX;
  if (r <= 0) return 0;
  return (unsigned int)r;
}
static long long sat_i64(double r) {
  if (r != r) return 0;
  if (r >= 0x1p63) return LLONG_MAX;
  if (r <= -0x1p63) return LLONG_MIN;
  return (long long)r;
}
static unsigned long long sat_u64(double r) {
  if (r != r) return 0;
  if (r >= 0x1p64) return ULLONG_MAX;
  if (r <= 0) return 0;
  return (unsigned long long)r;
}

/* __nv_FROM2TO_{rn,rz,ru,rd}: rounded by nearbyint (to nearest, ties to
 * even, in the default rounding mode), trunc, ceil and floor. */
#define LD_TO_INT(FROM, F, TO, I, SAT)                                       \
  HIPC_API I __nv_##FROM##2##TO##_rn(F x) { return SAT(nearbyint(x)); }     \
  HIPC_API I __nv_##FROM##2##TO##_rz(F x) { return SAT(trunc(x)); }         \
  HIPC_API I __nv_##FROM##2##TO##_ru(F x) { return SAT(ceil(x)); }          \
  HIPC_API I __nv_##FROM##2##TO##_rd(F x) { return SAT(floor(x)); }
LD_TO_INT(float, float, int, int, sat_i32)
LD_TO_INT(float, float, uint, unsigned int, sat_u32)
LD_TO_INT(float, float, ll, long long, sat_i64)
LD_TO_INT(float, float, ull, unsigned long long, sat_u64)
LD_TO_INT(double, double, int, int, sat_i32)
LD_TO_INT(double, double, uint, unsigned int, sat_u32)
LD_TO_INT(double, double, ll, long long, sat_i64)
LD_TO_INT(double, double, ull, unsigned long long, sat_u64)
#undef LD_TO_INT

/* -- To floating point. 32-bit integers convert to float through their
 * exact double; 64-bit ones and double -> float in fp_round.c. */
#define LD_TO_FP(NAME, FROM, TO, CONV, ARG)                                 \
  HIPC_API TO __nv_##NAME##_rn(FROM x) { return (TO)x; }                    \
  HIPC_API TO __nv_##NAME##_rz(FROM x) {                                    \
    return CONV(ARG, HIPC_ROUND_ZERO);                                      \
  }                                                                         \
  HIPC_API TO __nv_##NAME##_ru(FROM x) { return CONV(ARG, HIPC_ROUND_UP); } \
  HIPC_API TO __nv_##NAME##_rd(FROM x) { return CONV(ARG, HIPC_ROUND_DOWN); }
LD_TO_FP(int2float, int, float, hipc_double2float_r, (double)x)
LD_TO_FP(uint2float, unsigned int, float, hipc_double2float_r, (double)x)
LD_TO_FP(ll2float, long long, float, hipc_ll2float_r, x)
LD_TO_FP(ull2float, unsigned long long, float, hipc_ull2float_r, x)
LD_TO_FP(ll2double, long long, double, hipc_ll2double_r, x)
LD_TO_FP(ull2double, unsigned long long, double, hipc_ull2double_r, x)
LD_TO_FP(double2float, double, float, hipc_double2float_r, x)
#undef LD_TO_FP
/* Exact. */
HIPC_API double __nv_int2double_rn(int x) { return x; }
HIPC_API double __nv_uint2double_rn(unsigned int x) { return x; }

/* -- Reinterpretations. */
HIPC_API int __nv_float_as_int(float x) { return (int)ld_f2u(x); }
HIPC_API unsigned int __nv_float_as_uint(float x) { return ld_f2u(x); }
HIPC_API float __nv_int_as_float(int x) { return ld_u2f((uint32_t)x); }
HIPC_API float __nv_uint_as_float(unsigned int x) { return ld_u2f(x); }
HIPC_API unsigned long long __nv_double_as_longlong(double x) {
  return ld_d2u(x);
}
HIPC_API double __nv_longlong_as_double(long long x) {
  return ld_u2d((uint64_t)x);
}
HIPC_API int __nv_double2hiint(double x) {
  return (int)(uint32_t)(ld_d2u(x) >> 32);
}
HIPC_API int __nv_double2loint(double x) { return (int)(uint32_t)ld_d2u(x); }
HIPC_API double __nv_hiloint2double(int hi, int lo) {
  return ld_u2d(((uint64_t)(uint32_t)hi << 32) | (uint32_t)lo);
}

/* -- Half precision (IEEE binary16 bits in an unsigned short). */

/* float -> half, to nearest with ties to even, on the bits (as
 * hip/hipc/fp16.h): a NaN stays a quiet NaN with the top of its payload. */
HIPC_API unsigned short __nv_float2half_rn(float f) {
  uint32_t u = ld_f2u(f);
  uint32_t sign = (u >> 16) & 0x8000u;
  uint32_t ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  if (ex == 0xff)
    return (unsigned short)(sign | (man ? 0x7e00u | (man >> 13) : 0x7c00u));
  if (ex == 0 && man == 0) return (unsigned short)sign;
  /* |f| = m * 2^e with m < 2^24; E is the exponent of its leading bit. */
  uint32_t m = ex ? man | 0x800000u : man;
  int e = ex ? (int)ex - 150 : -149;
  int E = e + 31 - __builtin_clz(m);
  if (E > 15) return (unsigned short)(sign | 0x7c00u);
  /* The result's quantum is 2^qexp: 2^-24 for half subnormals, else
   * 2^(E - 10); m / 2^s is the value in quanta, s > 0 always (float has
   * more fraction bits than half). */
  int qexp = E < -14 ? -24 : E - 10;
  int s = qexp - e;
  uint32_t q = 0;
  if (s <= 24) { /* else below half a quantum (m < 2^24 <= 2^(s-1)): 0 */
    uint32_t rest = m & ((1u << s) - 1), half = 1u << (s - 1);
    q = m >> s;
    q += rest > half || (rest == half && (q & 1));
  }
  /* A subnormal's q is its encoding (1024 carries into the smallest
   * normal); a normal's exponent field sits over q's 10 low bits (2048
   * carries into the next binade, or into infinity's 0x7c00). */
  uint32_t bits = E < -14 ? q : ((uint32_t)(E + 15) << 10) + (q - 1024);
  if (bits > 0x7c00u) bits = 0x7c00u;
  return (unsigned short)(sign | bits);
}

/* half -> float, exact. */
HIPC_API float __nv_half2float(unsigned short h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t ex = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (ex == 0x1f) return ld_u2f(sign | 0x7f800000u | (man << 13));
  if (ex == 0) { /* zero or subnormal: man * 2^-24, exact in float */
    float v = (float)man * 0x1p-24f;
    return sign ? -v : v;
  }
  return ld_u2f(sign | ((ex + 112) << 23) | (man << 13));
}
