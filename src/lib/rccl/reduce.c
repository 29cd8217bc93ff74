/* Element-wise reductions for every RCCL datatype. Integers wrap (the
 * arithmetic is done unsigned, then stored back); fp16, bf16 and the two
 * fp8 formats are computed in float and rounded back to nearest-even
 * (e4m3 saturates at its largest finite value, as it has no infinity). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"

size_t rccl__type_size(ncclDataType_t t) {
  static const unsigned char sizes[ncclNumTypes] = {1, 1, 4, 4, 8, 8,
                                                    2, 4, 8, 2, 1, 1};
  return (unsigned)t < ncclNumTypes ? sizes[t] : 0;
}

/* -- small floating-point formats: `e` exponent bits, `m` mantissa bits;
 *    `fn`: no infinity, the all-ones pattern alone is NaN (e4m3). */

static float mini_decode(uint32_t bits, int e, int m, int fn) {
  uint32_t sign = bits >> (e + m) & 1;
  uint32_t ex = bits >> m & ((1u << e) - 1);
  uint32_t man = bits & ((1u << m) - 1);
  int bias = (1 << (e - 1)) - 1;
  float v;
  if (ex == (1u << e) - 1 && (!fn || man == (1u << m) - 1))
    v = (!fn && man == 0) ? INFINITY : NAN;
  else if (ex == 0)
    v = ldexpf((float)man, 1 - bias - m);
  else
    v = ldexpf((float)(man | 1u << m), (int)ex - bias - m);
  return sign ? -v : v;
}

static uint32_t mini_encode(float f, int e, int m, int fn) {
  uint32_t sign = signbit(f) ? 1u << (e + m) : 0;
  int bias = (1 << (e - 1)) - 1;
  uint32_t all = (1u << (e + m)) - 1;
  if (isnan(f)) return sign | (fn ? all : all - ((1u << m) - 1) + (1u << (m - 1)));
  float a = fabsf(f);
  int emax = fn ? (1 << e) - 1 - bias : (1 << e) - 2 - bias;
  float maxv = fn ? ldexpf((float)((2u << m) - 2), emax - m)
                  : ldexpf((float)((2u << m) - 1), emax - m);
  uint32_t inf = fn ? all - 1 : all - ((1u << m) - 1);
  if (isinf(a)) return sign | inf;
  int x;
  frexpf(a, &x); /* a = f * 2^x, f in [0.5, 1) */
  int ex = x - 1;
  if (ex < 1 - bias) ex = 1 - bias;
  float q = rintf(ldexpf(a, m - ex)); /* units of the last place */
  float v = ldexpf(q, ex - m);
  if (v > maxv) return sign | inf; /* e4m3: the largest finite value */
  if (v == 0) return sign;
  frexpf(v, &x);
  ex = x - 1;
  if (ex < 1 - bias) /* subnormal */
    return sign | (uint32_t)ldexpf(v, bias - 1 + m);
  uint32_t man = (uint32_t)ldexpf(v, m - ex) & ((1u << m) - 1);
  return sign | (uint32_t)(ex + bias) << m | man;
}

static float bf16_decode(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static uint16_t bf16_encode(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if (isnan(f)) return (uint16_t)(u >> 16 | 0x40);
  u += 0x7fff + (u >> 16 & 1); /* nearest, ties to even */
  return (uint16_t)(u >> 16);
}

/* The value of element `i` of a small-float buffer, and storing one. */
static float load_small(const void* p, size_t i, ncclDataType_t t) {
  switch (t) {
    case ncclFloat16: return mini_decode(((const uint16_t*)p)[i], 5, 10, 0);
    case ncclBfloat16: return bf16_decode(((const uint16_t*)p)[i]);
    case ncclFloat8e4m3: return mini_decode(((const uint8_t*)p)[i], 4, 3, 1);
    default: return mini_decode(((const uint8_t*)p)[i], 5, 2, 0);
  }
}

static void store_small(void* p, size_t i, ncclDataType_t t, float v) {
  switch (t) {
    case ncclFloat16:
      ((uint16_t*)p)[i] = (uint16_t)mini_encode(v, 5, 10, 0);
      break;
    case ncclBfloat16: ((uint16_t*)p)[i] = bf16_encode(v); break;
    case ncclFloat8e4m3:
      ((uint8_t*)p)[i] = (uint8_t)mini_encode(v, 4, 3, 1);
      break;
    default: ((uint8_t*)p)[i] = (uint8_t)mini_encode(v, 5, 2, 0); break;
  }
}

static int is_small(ncclDataType_t t) {
  return t == ncclFloat16 || t == ncclBfloat16 || t == ncclFloat8e4m3 ||
         t == ncclFloat8e5m2;
}

static float op_float(float a, float b, ncclRedOp_t op) {
  switch (op) {
    case ncclSum: return a + b;
    case ncclProd: return a * b;
    case ncclMax: return a > b || isnan(a) ? a : b;
    default: return a < b || isnan(a) ? a : b;
  }
}

/* One loop per type and operation: plain loops the compiler vectorizes.
 * Integer sums and products go through the unsigned type `U`. */
#define INT_LOOPS(T, U)                                                   \
  static void red_##T(T* d, const T* s, size_t n, ncclRedOp_t op) {       \
    switch (op) {                                                         \
      case ncclSum:                                                       \
        for (size_t i = 0; i < n; ++i) d[i] = (T)((U)d[i] + (U)s[i]);     \
        break;                                                            \
      case ncclProd:                                                      \
        for (size_t i = 0; i < n; ++i) d[i] = (T)((U)d[i] * (U)s[i]);     \
        break;                                                            \
      case ncclMax:                                                       \
        for (size_t i = 0; i < n; ++i) d[i] = d[i] > s[i] ? d[i] : s[i];  \
        break;                                                            \
      default:                                                            \
        for (size_t i = 0; i < n; ++i) d[i] = d[i] < s[i] ? d[i] : s[i];  \
        break;                                                            \
    }                                                                     \
  }
INT_LOOPS(int8_t, uint8_t)
INT_LOOPS(uint8_t, uint8_t)
INT_LOOPS(int32_t, uint32_t)
INT_LOOPS(uint32_t, uint32_t)
INT_LOOPS(int64_t, uint64_t)
INT_LOOPS(uint64_t, uint64_t)

#define FLOAT_LOOPS(T)                                                    \
  static void red_##T(T* d, const T* s, size_t n, ncclRedOp_t op) {       \
    switch (op) {                                                         \
      case ncclSum:                                                       \
        for (size_t i = 0; i < n; ++i) d[i] += s[i];                      \
        break;                                                            \
      case ncclProd:                                                      \
        for (size_t i = 0; i < n; ++i) d[i] *= s[i];                      \
        break;                                                            \
      case ncclMax:                                                       \
        for (size_t i = 0; i < n; ++i)                                    \
          d[i] = d[i] > s[i] || d[i] != d[i] ? d[i] : s[i];               \
        break;                                                            \
      default:                                                            \
        for (size_t i = 0; i < n; ++i)                                    \
          d[i] = d[i] < s[i] || d[i] != d[i] ? d[i] : s[i];               \
        break;                                                            \
    }                                                                     \
  }
FLOAT_LOOPS(float)
FLOAT_LOOPS(double)

void rccl__reduce(void* dst, const void* src, size_t n, ncclDataType_t t,
                  ncclRedOp_t op) {
  switch (t) {
    case ncclInt8: red_int8_t(dst, src, n, op); return;
    case ncclUint8: red_uint8_t(dst, src, n, op); return;
    case ncclInt32: red_int32_t(dst, src, n, op); return;
    case ncclUint32: red_uint32_t(dst, src, n, op); return;
    case ncclInt64: red_int64_t(dst, src, n, op); return;
    case ncclUint64: red_uint64_t(dst, src, n, op); return;
    case ncclFloat32: red_float(dst, src, n, op); return;
    case ncclFloat64: red_double(dst, src, n, op); return;
    default: break;
  }
  if (!is_small(t)) return;
  for (size_t i = 0; i < n; ++i)
    store_small(dst, i, t,
                op_float(load_small(dst, i, t), load_small(src, i, t), op));
}

#define SCALE_INT(T, U)                                                   \
  {                                                                       \
    T k;                                                                  \
    memcpy(&k, scalar, sizeof k);                                         \
    for (size_t i = 0; i < n; ++i)                                        \
      ((T*)dst)[i] = (T)((U)((const T*)src)[i] * (U)k);                   \
    return;                                                               \
  }

void rccl__scale(void* dst, const void* src, size_t n, ncclDataType_t t,
                 const void* scalar) {
  switch (t) {
    case ncclInt8: SCALE_INT(int8_t, uint8_t)
    case ncclUint8: SCALE_INT(uint8_t, uint8_t)
    case ncclInt32: SCALE_INT(int32_t, uint32_t)
    case ncclUint32: SCALE_INT(uint32_t, uint32_t)
    case ncclInt64: SCALE_INT(int64_t, uint64_t)
    case ncclUint64: SCALE_INT(uint64_t, uint64_t)
    case ncclFloat32: SCALE_INT(float, float)
    case ncclFloat64: SCALE_INT(double, double)
    default: break;
  }
  if (!is_small(t)) return;
  float k = load_small(scalar, 0, t);
  for (size_t i = 0; i < n; ++i)
    store_small(dst, i, t, load_small(src, i, t) * k);
}

#define DIVIDE(T)                                                         \
  for (size_t i = 0; i < n; ++i) ((T*)buf)[i] /= (T)divisor;              \
  return;

void rccl__divide(void* buf, size_t n, ncclDataType_t t, int divisor) {
  switch (t) {
    case ncclInt8: DIVIDE(int8_t)
    case ncclUint8: DIVIDE(uint8_t)
    case ncclInt32: DIVIDE(int32_t)
    case ncclUint32: DIVIDE(uint32_t)
    case ncclInt64: DIVIDE(int64_t)
    case ncclUint64: DIVIDE(uint64_t)
    case ncclFloat32: DIVIDE(float)
    case ncclFloat64: DIVIDE(double)
    default: break;
  }
  if (!is_small(t)) return;
  for (size_t i = 0; i < n; ++i)
    store_small(buf, i, t, load_small(buf, i, t) / (float)divisor);
}
