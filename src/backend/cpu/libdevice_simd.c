/* libdevice on the CPU device: the SIMD video functions (__vadd2,
 * __vcmpgeu4, __vsads2, ...; see libdevice.h), which work on the two
 * halfwords (the ...2 forms) or four bytes (...4) of a 32-bit word, lane by
 * lane. clang's header declares libdevice's __nv_v* functions only for
 * CUDA 9.0 and 9.1 and otherwise writes the intrinsics in inline PTX; these
 * are here so that a header can call them on the CPU device.
 *
 * Semantics, as PTX's vadd2/vsub2/vabsdiff2/vavrg2/vmin2/vmax2/vset2 (and
 * the ...4 forms) define them: plain forms wrap modulo the lane width;
 * "ss" forms saturate to the signed lane range, "us" forms to the unsigned
 * one; avg rounds half up ((a + b + 1) >> 1), hadd truncates; vcmp gives
 * all ones in a lane where the comparison holds, vset gives 1; vsad is the
 * sum over the lanes of |a - b| (one number, not per lane). Names ending
 * in s compare or compute signed lanes, in u unsigned ones. */
#include "backend/cpu/libdevice.h"

/* One lane's operation: sa, sb are the lanes sign-extended, ua, ub
 * zero-extended; w is the lane width in bits. The result is cut to w
 * bits by the caller. */
typedef int64_t lane_fn(int64_t sa, int64_t sb, int64_t ua, int64_t ub,
                        int w);

static uint32_t lanes(uint32_t a, uint32_t b, int w, lane_fn* f) {
  uint32_t mask = (1u << w) - 1, r = 0;
  for (int sh = 0; sh < 32; sh += w) {
    int64_t ua = (a >> sh) & mask, ub = (b >> sh) & mask;
    int64_t half = (int64_t)1 << (w - 1);
    int64_t sa = (ua ^ half) - half, sb = (ub ^ half) - half;
    r |= ((uint32_t)(uint64_t)f(sa, sb, ua, ub, w) & mask) << sh;
  }
  return r;
}

static int64_t sat_s(int64_t v, int w) {
  int64_t hi = ((int64_t)1 << (w - 1)) - 1, lo = -hi - 1;
  return v > hi ? hi : (v < lo ? lo : v);
}
static int64_t sat_u(int64_t v, int w) {
  int64_t hi = ((int64_t)1 << w) - 1;
  return v > hi ? hi : (v < 0 ? 0 : v);
}
static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

/* Defines the lane function and both widths of a two-operand function. */
#define LD_SIMD2(NAME, EXPR)                                              \
  static int64_t NAME##_lane(int64_t sa, int64_t sb, int64_t ua,          \
                             int64_t ub, int w) {                         \
    (void)sa, (void)sb, (void)ua, (void)ub, (void)w;                      \
    return EXPR;                                                          \
  }                                                                       \
  HIPC_API int __nv_##NAME##2(int a, int b) {                             \
    return (int)lanes((uint32_t)a, (uint32_t)b, 16, NAME##_lane);         \
  }                                                                       \
  HIPC_API int __nv_##NAME##4(int a, int b) {                             \
    return (int)lanes((uint32_t)a, (uint32_t)b, 8, NAME##_lane);          \
  }
/* One-operand functions: the lane function sees b = 0. */
#define LD_SIMD1(NAME, EXPR)                                              \
  static int64_t NAME##_lane(int64_t sa, int64_t sb, int64_t ua,          \
                             int64_t ub, int w) {                         \
    (void)sa, (void)sb, (void)ua, (void)ub, (void)w;                      \
    return EXPR;                                                          \
  }                                                                       \
  HIPC_API int __nv_##NAME##2(int a) {                                    \
    return (int)lanes((uint32_t)a, 0, 16, NAME##_lane);                   \
  }                                                                       \
  HIPC_API int __nv_##NAME##4(int a) {                                    \
    return (int)lanes((uint32_t)a, 0, 8, NAME##_lane);                    \
  }
/* All ones in the lane (cut to w bits) or 1. */
#define LD_CMP(NAME, COND) LD_SIMD2(vcmp##NAME, (COND) ? -1 : 0)
#define LD_SET(NAME, COND) LD_SIMD2(vset##NAME, (COND) ? 1 : 0)
#define LD_COMPARE(NAME, COND) LD_CMP(NAME, COND) LD_SET(NAME, COND)

LD_SIMD1(vabs, abs64(sa))
LD_SIMD1(vabsss, sat_s(abs64(sa), w))
LD_SIMD1(vneg, -sa)
LD_SIMD1(vnegss, sat_s(-sa, w))
LD_SIMD2(vabsdiffs, abs64(sa - sb))
LD_SIMD2(vabsdiffu, abs64(ua - ub))
LD_SIMD2(vadd, ua + ub)
LD_SIMD2(vaddss, sat_s(sa + sb, w))
LD_SIMD2(vaddus, sat_u(ua + ub, w))
LD_SIMD2(vsub, ua - ub)
LD_SIMD2(vsubss, sat_s(sa - sb, w))
LD_SIMD2(vsubus, sat_u(ua - ub, w))
/* Arithmetic shifts of negative values: implementation-defined in C, an
 * arithmetic shift (floor) in GCC and clang, as the rounding wants. */
LD_SIMD2(vavgs, (sa + sb + 1) >> 1)
LD_SIMD2(vavgu, (ua + ub + 1) >> 1)
LD_SIMD2(vhaddu, (ua + ub) >> 1)
LD_SIMD2(vmaxs, sa > sb ? sa : sb)
LD_SIMD2(vmaxu, ua > ub ? ua : ub)
LD_SIMD2(vmins, sa < sb ? sa : sb)
LD_SIMD2(vminu, ua < ub ? ua : ub)
LD_COMPARE(eq, ua == ub)
LD_COMPARE(ne, ua != ub)
LD_COMPARE(ges, sa >= sb)
LD_COMPARE(gts, sa > sb)
LD_COMPARE(les, sa <= sb)
LD_COMPARE(lts, sa < sb)
LD_COMPARE(geu, ua >= ub)
LD_COMPARE(gtu, ua > ub)
LD_COMPARE(leu, ua <= ub)
LD_COMPARE(ltu, ua < ub)

/* Sums of absolute differences over the lanes. */
static int sad(uint32_t a, uint32_t b, int w, int is_signed) {
  uint32_t mask = (1u << w) - 1;
  int64_t sum = 0, half = (int64_t)1 << (w - 1);
  for (int sh = 0; sh < 32; sh += w) {
    int64_t x = (a >> sh) & mask, y = (b >> sh) & mask;
    if (is_signed) {
      x = (x ^ half) - half;
      y = (y ^ half) - half;
    }
    sum += abs64(x - y);
  }
  return (int)sum;
}
HIPC_API int __nv_vsads2(int a, int b) {
  return sad((uint32_t)a, (uint32_t)b, 16, 1);
}
HIPC_API int __nv_vsads4(int a, int b) {
  return sad((uint32_t)a, (uint32_t)b, 8, 1);
}
HIPC_API int __nv_vsadu2(int a, int b) {
  return sad((uint32_t)a, (uint32_t)b, 16, 0);
}
HIPC_API int __nv_vsadu4(int a, int b) {
  return sad((uint32_t)a, (uint32_t)b, 8, 0);
}
