// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -lm
/* libdevice on the CPU device, conversions and reinterpretations
 * (src/backend/cpu/libdevice_convert.c): to integers against exact
 * rounding in long double (which holds every float, double and 64-bit
 * integer exactly) and HIP's saturation with NaN -> 0; to floating point
 * by the defining bracket of each rounding direction; float <-> half
 * exhaustively over the halves. */
#include <limits.h>

#include "libdevice_test.h"

/* The four rounding directions of one conversion. */
#define MODES(R, NAME, A) R __nv_##NAME##_rn(A), __nv_##NAME##_rz(A), \
    __nv_##NAME##_ru(A), __nv_##NAME##_rd(A);
MODES(int, float2int, float) MODES(unsigned, float2uint, float)
MODES(long long, float2ll, float) MODES(unsigned long long, float2ull, float)
MODES(int, double2int, double) MODES(unsigned, double2uint, double)
MODES(long long, double2ll, double)
MODES(unsigned long long, double2ull, double)
MODES(float, int2float, int) MODES(float, uint2float, unsigned)
MODES(float, ll2float, long long) MODES(float, ull2float, unsigned long long)
MODES(double, ll2double, long long)
MODES(double, ull2double, unsigned long long)
MODES(float, double2float, double)
#undef MODES
double __nv_int2double_rn(int);
double __nv_uint2double_rn(unsigned);
int __nv_float_as_int(float);
unsigned __nv_float_as_uint(float);
float __nv_int_as_float(int);
float __nv_uint_as_float(unsigned);
unsigned long long __nv_double_as_longlong(double);
double __nv_longlong_as_double(long long);
int __nv_double2hiint(double);
int __nv_double2loint(double);
double __nv_hiloint2double(int, int);
unsigned short __nv_float2half_rn(float);
float __nv_half2float(unsigned short);

enum { RN, RZ, RU, RD };

/* x rounded to an integer in direction `mode`, from floorl and the exact
 * fraction (ties to even for RN). */
static long double round_ref(long double x, int mode) {
  long double f = floorl(x), frac = x - f;
  if (frac == 0) return x;
  switch (mode) {
    case RZ: return x < 0 ? f + 1 : f;
    case RU: return f + 1;
    case RD: return f;
    default:
      if (frac != 0.5L) return frac < 0.5L ? f : f + 1;
      return fmodl(f, 2) == 0 ? f : f + 1;
  }
}
/* HIP's saturation to [lo, hi], NaN -> 0. */
static long double sat_ref(long double x, int mode, long double lo,
                           long double hi) {
  if (isnan(x)) return 0;
  long double r = isinf(x) ? x : round_ref(x, mode);
  return r < lo ? lo : r > hi ? hi : r;
}

/* Floats and doubles near the interesting places: random bits, integers
 * and halves, the types' limits and just beyond. */
static double any_arg(int dbl) {
  static const double edge[] = {0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5,
                                0x1p31, -0x1p31, 0x1p32, 0x1p63, -0x1p63,
                                0x1p64, 2147483647.0, 2147483647.5,
                                -2147483648.5, 4294967295.5, 0x1p31 - 128,
                                0x1p64 - 2048, INFINITY, -INFINITY, NAN,
                                -1.0, -0.75, 1e30, -1e30};
  uint32_t r = ld_rand32();
  switch (r & 3) {
    case 0: return edge[(r >> 2) % (sizeof edge / sizeof edge[0])];
    case 1: {
      double v = ldexp((double)(ld_rand32() & 0xffff), (int)(r >> 2) % 64);
      return (r >> 9) & 1 ? -v / 2 : v / 2; /* halves of integers */
    }
    case 2: return ld_uniform(-1e4, 1e4);
    default: return dbl ? ld_any_double() : ld_any_float();
  }
}

static void to_int(void) {
  for (int k = 0; k < 40000; k++) {
    double d = any_arg(k & 1);
    float f = (float)d;
    CHECK_EQ(__nv_float2int_rn(f), (long long)sat_ref(f, RN, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_float2int_rz(f), (long long)sat_ref(f, RZ, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_float2int_ru(f), (long long)sat_ref(f, RU, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_float2int_rd(f), (long long)sat_ref(f, RD, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_float2uint_rn(f), (long long)sat_ref(f, RN, 0, UINT_MAX));
    CHECK_EQ(__nv_float2uint_rz(f), (long long)sat_ref(f, RZ, 0, UINT_MAX));
    CHECK_EQ(__nv_float2uint_ru(f), (long long)sat_ref(f, RU, 0, UINT_MAX));
    CHECK_EQ(__nv_float2uint_rd(f), (long long)sat_ref(f, RD, 0, UINT_MAX));
    CHECK_EQ(__nv_float2ll_rn(f), (long long)sat_ref(f, RN, LLONG_MIN, LLONG_MAX));
    CHECK_EQ(__nv_float2ll_rz(f), (long long)sat_ref(f, RZ, LLONG_MIN, LLONG_MAX));
    CHECK_EQ(__nv_float2ll_ru(f), (long long)sat_ref(f, RU, LLONG_MIN, LLONG_MAX));
    CHECK_EQ(__nv_float2ll_rd(f), (long long)sat_ref(f, RD, LLONG_MIN, LLONG_MAX));
    CHECK(__nv_float2ull_rn(f) == (unsigned long long)sat_ref(f, RN, 0, ULLONG_MAX));
    CHECK(__nv_float2ull_rz(f) == (unsigned long long)sat_ref(f, RZ, 0, ULLONG_MAX));
    CHECK(__nv_float2ull_ru(f) == (unsigned long long)sat_ref(f, RU, 0, ULLONG_MAX));
    CHECK(__nv_float2ull_rd(f) == (unsigned long long)sat_ref(f, RD, 0, ULLONG_MAX));
    CHECK_EQ(__nv_double2int_rn(d), (long long)sat_ref(d, RN, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_double2int_rz(d), (long long)sat_ref(d, RZ, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_double2int_ru(d), (long long)sat_ref(d, RU, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_double2int_rd(d), (long long)sat_ref(d, RD, INT_MIN, INT_MAX));
    CHECK_EQ(__nv_double2uint_rn(d), (long long)sat_ref(d, RN, 0, UINT_MAX));
    CHECK_EQ(__nv_double2uint_rz(d), (long long)sat_ref(d, RZ, 0, UINT_MAX));
    CHECK_EQ(__nv_double2uint_ru(d), (long long)sat_ref(d, RU, 0, UINT_MAX));
    CHECK_EQ(__nv_double2uint_rd(d), (long long)sat_ref(d, RD, 0, UINT_MAX));
    CHECK_EQ(__nv_double2ll_rn(d), (long long)sat_ref(d, RN, LLONG_MIN, LLONG_MAX));
    CHECK_EQ(__nv_double2ll_rz(d), (long long)sat_ref(d, RZ, LLONG_MIN, LLONG_MAX));
    CHECK_EQ(__nv_double2ll_ru(d), (long long)sat_ref(d, RU, LLONG_MIN, LLONG_MAX));
    CHECK_EQ(__nv_double2ll_rd(d), (long long)sat_ref(d, RD, LLONG_MIN, LLONG_MAX));
    CHECK(__nv_double2ull_rn(d) == (unsigned long long)sat_ref(d, RN, 0, ULLONG_MAX));
    CHECK(__nv_double2ull_rz(d) == (unsigned long long)sat_ref(d, RZ, 0, ULLONG_MAX));
    CHECK(__nv_double2ull_ru(d) == (unsigned long long)sat_ref(d, RU, 0, ULLONG_MAX));
    CHECK(__nv_double2ull_rd(d) == (unsigned long long)sat_ref(d, RD, 0, ULLONG_MAX));
  }
  /* Hand-checked: ties to even, saturation, NaN -> 0. */
  CHECK_EQ(__nv_float2int_rn(2.5f), 2);
  CHECK_EQ(__nv_float2int_rn(3.5f), 4);
  CHECK_EQ(__nv_float2int_rn(-2.5f), -2);
  CHECK_EQ(__nv_float2int_ru(-0.5f), 0);
  CHECK_EQ(__nv_float2int_rd(-0.5f), -1);
  CHECK_EQ(__nv_float2int_rz(-1.99f), -1);
  CHECK_EQ(__nv_float2int_rn(0x1p31f), INT_MAX);
  CHECK_EQ(__nv_float2int_rn(-0x1p31f), INT_MIN);
  CHECK_EQ(__nv_float2int_rz(-INFINITY), INT_MIN);
  CHECK_EQ(__nv_float2int_rn(NAN), 0);
  CHECK_EQ(__nv_float2int_rn(2147483520.0f), 2147483520);
  CHECK_EQ(__nv_float2uint_rn(-1.0f), 0);
  CHECK_EQ(__nv_float2uint_rz(-0.9f), 0);
  CHECK_EQ(__nv_float2uint_ru(4294967040.0f), 4294967040u);
  CHECK_EQ(__nv_float2uint_rn(0x1p32f), UINT_MAX);
  CHECK_EQ(__nv_float2uint_rd(NAN), 0);
  CHECK_EQ(__nv_float2ll_rn(9.3e18f), LLONG_MAX);
  CHECK_EQ(__nv_float2ll_rd(-INFINITY), LLONG_MIN);
  CHECK_EQ(__nv_float2ll_ru(NAN), 0);
  CHECK(__nv_float2ull_rn(2e19f) == ULLONG_MAX);
  CHECK(__nv_float2ull_rn(-5.0f) == 0);
  CHECK(__nv_float2ull_rz(NAN) == 0);
  CHECK_EQ(__nv_double2int_rn(2147483647.5), INT_MAX);
  CHECK_EQ(__nv_double2int_rd(2147483647.5), INT_MAX);
  CHECK_EQ(__nv_double2int_ru(-2147483648.5), INT_MIN);
  CHECK_EQ(__nv_double2int_rd(-2147483648.5), INT_MIN);
  CHECK_EQ(__nv_double2uint_ru(4294967294.5), 4294967295u);
  CHECK_EQ(__nv_double2uint_rn(4294967295.5), UINT_MAX);
  CHECK_EQ(__nv_double2ll_rn(0x1p63), LLONG_MAX);
  CHECK_EQ(__nv_double2ll_rn(-0x1p63), LLONG_MIN);
  CHECK_EQ(__nv_double2ll_rz(NAN), 0);
  CHECK(__nv_double2ull_rn(0x1p64 - 2048) == 0xfffffffffffff800ull);
  CHECK(__nv_double2ull_rn(0x1p64) == ULLONG_MAX);
  CHECK(__nv_double2ull_ru(-0.5) == 0);
}

/* r is x rounded in direction `mode` to float: r brackets x with its
 * neighbour (exact comparisons in long double). */
static int bracket_f(float r, long double x, int mode) {
  if (isnan(x)) return isnan(r);
  float up = nextafterf(r, INFINITY), down = nextafterf(r, -INFINITY);
  if (mode == RZ) mode = x < 0 ? RU : RD;
  if (mode == RD) return r <= x && up > x;
  if (mode == RU) return r >= x && down < x;
  /* Nearest: beyond FLT_MAX and half its ulp is infinity; else no
   * neighbour is closer, and on a tie the mantissa is even. */
  if (fabsl(x) >= (long double)FLT_MAX + 0x1p103L)
    return isinf(r) && (r < 0) == (x < 0);
  long double e = fabsl(r - x);
  if (fabsl(up - x) < e || fabsl(down - x) < e) return 0;
  if (fabsl(up - x) == e || fabsl(down - x) == e) return !(ld_fbits(r) & 1);
  return 1;
}
static int bracket_d(double r, long double x, int mode) {
  double up = nextafter(r, INFINITY), down = nextafter(r, -INFINITY);
  if (mode == RZ) mode = x < 0 ? RU : RD;
  if (mode == RD) return r <= x && up > x;
  if (mode == RU) return r >= x && down < x;
  long double e = fabsl(r - x);
  if (fabsl(up - x) < e || fabsl(down - x) < e) return 0;
  if (fabsl(up - x) == e || fabsl(down - x) == e) return !(ld_dbits(r) & 1);
  return 1;
}

#define CHECK_BRACKET(kind, fn, x, mode)                                    \
  do {                                                                      \
    check_count++;                                                          \
    if (!bracket_##kind(fn(x), (long double)(x), mode)) {                   \
      fprintf(stderr, "%s:%d: %s(%La) = %a is not rounded right\n",         \
              __FILE__, __LINE__, #fn, (long double)(x), (double)fn(x));    \
      check_failures++;                                                     \
    }                                                                       \
  } while (0)
#define CHECK_ALL_MODES(kind, name, x)            \
  CHECK_BRACKET(kind, __nv_##name##_rn, x, RN);   \
  CHECK_BRACKET(kind, __nv_##name##_rz, x, RZ);   \
  CHECK_BRACKET(kind, __nv_##name##_ru, x, RU);   \
  CHECK_BRACKET(kind, __nv_##name##_rd, x, RD)

static void to_fp(void) {
  for (int k = 0; k < 40000; k++) {
    uint64_t u = ld_rand64() >> (ld_rand32() % 64); /* all magnitudes */
    int i = (int)(uint32_t)u;
    unsigned ui = (unsigned)u;
    long long ll = (long long)(k & 1 ? u : 0 - u);
    CHECK_ALL_MODES(f, int2float, i);
    CHECK_ALL_MODES(f, uint2float, ui);
    CHECK_ALL_MODES(f, ll2float, ll);
    CHECK_ALL_MODES(f, ull2float, u);
    CHECK_ALL_MODES(d, ll2double, ll);
    CHECK_ALL_MODES(d, ull2double, u);
    double d = k & 2 ? ld_any_double() : ld_uniform(-1e3, 1e3);
    CHECK_ALL_MODES(f, double2float, d);
    CHECK((long double)__nv_int2double_rn(i) == i);
    CHECK((long double)__nv_uint2double_rn(ui) == ui);
  }
  /* Hand-checked: 2^24 + 1 and 2^24 + 3 are not floats. */
  CHECK_SAME_F(__nv_int2float_rz(16777217), 16777216.0f);
  CHECK_SAME_F(__nv_int2float_ru(16777217), 16777218.0f);
  CHECK_SAME_F(__nv_int2float_rn(16777219), 16777220.0f);
  CHECK_SAME_F(__nv_int2float_rz(-16777219), -16777218.0f);
  CHECK_SAME_F(__nv_int2float_rd(-16777219), -16777220.0f);
  CHECK_SAME_F(__nv_ll2float_rz(-16777219), -16777218.0f);
  CHECK_SAME_F(__nv_uint2float_rd(0xffffffffu), 4294967040.0f);
  CHECK_SAME_F(__nv_uint2float_ru(0xffffffffu), 4294967296.0f);
  CHECK_SAME_F(__nv_ull2float_rz(~0ull), 0x1p64f - 0x1p40f);
  CHECK_SAME_D(__nv_ull2double_rn(~0ull), 0x1p64);
  CHECK_SAME_D(__nv_ull2double_rd(~0ull), 0x1p64 - 2048);
  CHECK_SAME_D(__nv_ll2double_rz((1ll << 53) + 1), 0x1p53);
  CHECK_SAME_D(__nv_ll2double_ru((1ll << 53) + 1), 0x1p53 + 2);
  CHECK_SAME_D(__nv_ll2double_rd(-(1ll << 53) - 1), -0x1p53 - 2);
  CHECK_SAME_F(__nv_double2float_rz(1e300), FLT_MAX);
  CHECK_SAME_F(__nv_double2float_rd(1e300), FLT_MAX);
  CHECK_SAME_F(__nv_double2float_ru(1e300), INFINITY);
  CHECK_SAME_F(__nv_double2float_rn(1e300), INFINITY);
  CHECK_SAME_F(__nv_double2float_rd(-1e300), -INFINITY);
  CHECK_SAME_F(__nv_double2float_ru(1e-300), 0x1p-149f);
  CHECK_SAME_F(__nv_double2float_rd(1e-300), 0.0f);
  CHECK_SAME_F(__nv_double2float_rd(-1e-300), -0x1p-149f);
  CHECK_SAME_F(__nv_double2float_rz(-1e-300), -0.0f);
  CHECK(isnan(__nv_double2float_ru(NAN)));
  CHECK_SAME_F(__nv_double2float_rn(1.0 + 0x1p-24), 1.0f); /* tie: even */
  CHECK_SAME_F(__nv_double2float_ru(1.0 + 0x1p-52), 1.0f + 0x1p-23f);
}

static void reinterpret(void) {
  CHECK_EQ(__nv_float_as_int(1.0f), 0x3f800000);
  CHECK_EQ(__nv_float_as_int(-0.0f), INT_MIN);
  CHECK_EQ(__nv_float_as_uint(-2.0f), 0xc0000000u);
  CHECK_SAME_F(__nv_int_as_float(0x7f800000), INFINITY);
  CHECK_SAME_F(__nv_uint_as_float(0x80000001u), -0x1p-149f);
  CHECK(__nv_double_as_longlong(1.0) == 0x3ff0000000000000ull);
  CHECK_SAME_D(__nv_longlong_as_double((long long)0xc000000000000000ull), -2.0);
  CHECK_EQ(__nv_double2hiint(1.0), 0x3ff00000);
  CHECK_EQ(__nv_double2hiint(-0.0), INT_MIN);
  CHECK_EQ(__nv_double2loint(1.0 + 0x1p-52), 1);
  CHECK_EQ(__nv_double2loint(0x1.00000ffffffffp0), -1);
  CHECK_SAME_D(__nv_hiloint2double(0x3ff00000, 0), 1.0);
  CHECK_SAME_D(__nv_hiloint2double((int)0xbff00000u, 1), -(1.0 + 0x1p-52));
  for (int k = 0; k < 10000; k++) {
    uint64_t u = ld_rand64();
    double d;
    memcpy(&d, &u, 8);
    CHECK(__nv_double_as_longlong(d) == u);
    CHECK_EQ((uint32_t)__nv_double2hiint(d), (uint32_t)(u >> 32));
    CHECK_EQ((uint32_t)__nv_double2loint(d), (uint32_t)u);
    CHECK(ld_dbits(__nv_hiloint2double((int)(uint32_t)(u >> 32),
                                       (int)(uint32_t)u)) == u);
    CHECK(ld_dbits(__nv_longlong_as_double((long long)u)) == u);
    uint32_t w = (uint32_t)u;
    CHECK_EQ(ld_fbits(__nv_uint_as_float(w)), w);
    CHECK_EQ(ld_fbits(__nv_int_as_float((int)w)), w);
    CHECK_EQ(__nv_float_as_uint(__nv_uint_as_float(w)), w);
  }
}

/* The value of half h, from its fields. */
static float half_value(unsigned h) {
  unsigned ex = (h >> 10) & 31, man = h & 1023;
  float v = ex ? ldexpf((float)(1024 + man), (int)ex - 25)
               : ldexpf((float)man, -24);
  return h & 0x8000 ? -v : v;
}

static void half(void) {
  int bad = 0;
  for (unsigned h = 0; h < 65536; h++) {
    unsigned ex = (h >> 10) & 31, man = h & 1023;
    float f = __nv_half2float((unsigned short)h);
    unsigned short back = __nv_float2half_rn(f);
    int ok;
    if (ex == 31 && man) /* NaN: quiet, sign and payload kept */
      ok = isnan(f) && (ld_fbits(f) >> 31) == (h >> 15) &&
           ((ld_fbits(f) >> 13) & 1023) == man &&
           back == (h | 0x200);
    else if (ex == 31)
      ok = isinf(f) && (f < 0) == (h >> 15) && back == h;
    else
      ok = ld_fbits(f) == ld_fbits(half_value(h)) && back == h;
    if (!ok && bad++ < 5)
      fprintf(stderr, "half %#06x: float %a, back %#06x\n", h, f, back);
  }
  check_count++;
  if (bad) check_failures++;
  /* Midpoints between neighbouring halves (exact in float): ties to even;
   * a float either side goes to the nearer. */
  bad = 0;
  for (unsigned h = 0; h < 0x7c00; h++) {
    for (unsigned s = 0; s <= 0x8000; s += 0x8000) {
      float lo = half_value(h), hi = h == 0x7bff ? 65536.0f : half_value(h + 1);
      float mid = (lo + hi) / 2;
      if (s) mid = -mid;
      unsigned even = (h & 1) ? h + 1 : h;
      int ok = __nv_float2half_rn(mid) == (even | s) &&
               __nv_float2half_rn(nextafterf(mid, 0)) == (h | s) &&
               __nv_float2half_rn(nextafterf(mid, s ? -INFINITY : INFINITY)) ==
                   ((h + 1) | s);
      if (!ok && bad++ < 5)
        fprintf(stderr, "midpoint %a: %#06x, %#06x, %#06x\n", mid,
                __nv_float2half_rn(mid),
                __nv_float2half_rn(nextafterf(mid, 0)),
                __nv_float2half_rn(nextafterf(mid, s ? -INFINITY : INFINITY)));
    }
  }
  check_count++;
  if (bad) check_failures++;
  CHECK_EQ(__nv_float2half_rn(65504.0f), 0x7bff);
  CHECK_EQ(__nv_float2half_rn(65519.99f), 0x7bff);
  CHECK_EQ(__nv_float2half_rn(65520.0f), 0x7c00);
  CHECK_EQ(__nv_float2half_rn(1e10f), 0x7c00);
  CHECK_EQ(__nv_float2half_rn(-INFINITY), 0xfc00);
  CHECK_EQ(__nv_float2half_rn(0x1p-25f), 0);
  CHECK_EQ(__nv_float2half_rn(nextafterf(0x1p-25f, 1)), 1);
  CHECK_EQ(__nv_float2half_rn(0x1p-149f), 0);
  CHECK_EQ(__nv_float2half_rn(-0x1p-149f), 0x8000);
  CHECK_EQ(__nv_float2half_rn(-0.0f), 0x8000);
  CHECK_EQ(__nv_float2half_rn(1.0f), 0x3c00);
  CHECK_EQ(__nv_float2half_rn(0x1p-14f), 0x0400);
  CHECK_EQ(__nv_float2half_rn(0x1p-14f - 0x1p-25f), 0x0400); /* tie: even */
  CHECK_EQ(__nv_float2half_rn(NAN) & 0x7e00, 0x7e00);
  CHECK_SAME_F(__nv_half2float(0x3555), 0x1.554p-2f);
  CHECK_SAME_F(__nv_half2float(0x8001), -0x1p-24f);
}

int main(void) {
  to_int();
  to_fp();
  reinterpret();
  half();
  return check_summary("test_libdevice_convert");
}
