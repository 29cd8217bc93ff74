/* Values of every RCCL datatype for the RCCL tests (tests/unit/test_rccl.c,
 * tests/shell/rccl_mpi): read and written through double, the small
 * floating-point formats decoded by their definitions (independently of
 * librccl), and the inputs and reductions the tests check against. C and
 * C++. */
#ifndef HIPC_TESTS_RCCL_VALUES_H
#define HIPC_TESTS_RCCL_VALUES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "rccl/rccl.h"

static size_t tsize(int t) {
  static const size_t s[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2, 1, 1};
  return s[t];
}

static double minifloat(unsigned bits, int e, int m, int fn) {
  int sign = bits >> (e + m) & 1;
  int ex = bits >> m & ((1 << e) - 1);
  int man = bits & ((1 << m) - 1);
  int bias = (1 << (e - 1)) - 1;
  double v;
  if (ex == (1 << e) - 1 && (!fn || man == (1 << m) - 1))
    v = NAN;
  else if (ex == 0)
    v = ldexp(man, 1 - bias - m);
  else
    v = ldexp(man + (1 << m), ex - bias - m);
  return sign ? -v : v;
}

static double get(const void* p, size_t i, int t) {
  switch (t) {
    case ncclInt8: return ((const int8_t*)p)[i];
    case ncclUint8: return ((const uint8_t*)p)[i];
    case ncclInt32: return ((const int32_t*)p)[i];
    case ncclUint32: return ((const uint32_t*)p)[i];
    case ncclInt64: return (double)((const int64_t*)p)[i];
    case ncclUint64: return (double)((const uint64_t*)p)[i];
    case ncclFloat32: return ((const float*)p)[i];
    case ncclFloat64: return ((const double*)p)[i];
    case ncclFloat16: return minifloat(((const uint16_t*)p)[i], 5, 10, 0);
    case ncclBfloat16: return minifloat(((const uint16_t*)p)[i], 8, 7, 0);
    case ncclFloat8e4m3: return minifloat(((const uint8_t*)p)[i], 4, 3, 1);
    default: return minifloat(((const uint8_t*)p)[i], 5, 2, 0);
  }
}

/* The code of `v` in a small format: searched (v is exact in it). */
static unsigned code_of(double v, int t) {
  unsigned limit = tsize(t) == 2 ? 65536 : 256;
  for (unsigned c = 0; c < limit; ++c) {
    uint16_t c16 = (uint16_t)c;
    uint8_t c8 = (uint8_t)c;
    if (get(tsize(t) == 2 ? (const void*)&c16 : (const void*)&c8, 0, t) == v)
      return c;
  }
  return 0xffff;
}

static void put(void* p, size_t i, int t, double v) {
  switch (t) {
    case ncclInt8: ((int8_t*)p)[i] = (int8_t)v; break;
    case ncclUint8: ((uint8_t*)p)[i] = (uint8_t)v; break;
    case ncclInt32: ((int32_t*)p)[i] = (int32_t)v; break;
    case ncclUint32: ((uint32_t*)p)[i] = (uint32_t)v; break;
    case ncclInt64: ((int64_t*)p)[i] = (int64_t)v; break;
    case ncclUint64: ((uint64_t*)p)[i] = (uint64_t)v; break;
    case ncclFloat32: ((float*)p)[i] = (float)v; break;
    case ncclFloat64: ((double*)p)[i] = v; break;
    default: {
      /* Small values only: a table per type from -2 to 2 in halves. */
      static unsigned table[12][9];
      static int made[12];
      if (!made[t]) {
        for (int k = 0; k < 9; ++k) table[t][k] = code_of(-2 + k * 0.5, t);
        made[t] = 1;
      }
      unsigned c = table[t][(int)((v + 2) * 2)];
      if (tsize(t) == 2) ((uint16_t*)p)[i] = (uint16_t)c;
      else ((uint8_t*)p)[i] = (uint8_t)c;
    }
  }
}

static int is_signed(int t) {
  return t != ncclUint8 && t != ncclUint32 && t != ncclUint64;
}

/* The input of `rank` at `i` for reduction `op` (kept exact everywhere). */
static double input(int rank, size_t i, int t, int op) {
  if (op == ncclProd) return 1 + (double)((rank + i) % 2);
  if (op == ncclMax || op == ncclMin)
    return (double)((rank * 7 + i * 3) % 5) - (is_signed(t) ? 2 : 0);
  return (double)((rank + i) % 3);
}

static double combine(double a, double b, int op) {
  switch (op) {
    case ncclProd: return a * b;
    case ncclMax: return a > b ? a : b;
    case ncclMin: return a < b ? a : b;
    default: return a + b;
  }
}

#endif
