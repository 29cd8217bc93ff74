// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -lm
/* libdevice on the CPU device, arithmetic in a named rounding direction
 * (src/backend/cpu/libdevice_round.c over fp_round.c). Float operations
 * against the exact result in long double (operands in a range where it
 * is exact), or against exact products in double for division, square
 * root and reciprocal; double operations against error-free
 * transformations (the rounding error of a + b, a * b, a / b and sqrt(a)
 * is itself a double, found with fma), which tell which neighbour of the
 * rounded-to-nearest result each direction must give. */
#include "libdevice_test.h"

#define DECL4(T, NAME, PARAMS) T __nv_##NAME##_rn PARAMS, \
    __nv_##NAME##_rz PARAMS, __nv_##NAME##_ru PARAMS, __nv_##NAME##_rd PARAMS;
DECL4(float, fadd, (float, float)) DECL4(float, fsub, (float, float))
DECL4(float, fmul, (float, float)) DECL4(float, fdiv, (float, float))
DECL4(float, fmaf, (float, float, float))
DECL4(float, fmaf_ieee, (float, float, float)) DECL4(float, fsqrt, (float))
DECL4(float, frcp, (float)) DECL4(double, dadd, (double, double))
DECL4(double, dsub, (double, double)) DECL4(double, dmul, (double, double))
DECL4(double, ddiv, (double, double)) DECL4(double, fma, (double, double, double))
DECL4(double, dsqrt, (double)) DECL4(double, drcp, (double))
#undef DECL4
float __nv_frsqrt_rn(float);

enum { RN, RZ, RU, RD };

/* r is the exact x rounded in direction `mode` (exact comparisons in long
 * double: every float is a long double). */
static int rounded_f(float r, long double x, int mode) {
  float up = nextafterf(r, INFINITY), down = nextafterf(r, -INFINITY);
  if (mode == RZ) mode = x < 0 ? RU : RD;
  if (mode == RD) return r <= x && up > x;
  if (mode == RU) return r >= x && down < x;
  /* To nearest, beyond FLT_MAX and half its ulp is infinity. */
  if (fabsl(x) >= (long double)FLT_MAX + 0x1p103L)
    return isinf(r) && (r < 0) == (x < 0);
  long double e = fabsl(r - x);
  if (fabsl(up - x) < e || fabsl(down - x) < e) return 0;
  if (fabsl(up - x) == e || fabsl(down - x) == e) return !(ld_fbits(r) & 1);
  return 1;
}

/* A float of magnitude in [2^-lo, 2^hi), random sign. */
static float ranged(int lo, int hi) {
  float m = (float)ld_uniform(1, 2);
  int e = (int)(ld_rand32() % (unsigned)(hi + lo)) - lo;
  return ldexpf(ld_rand32() & 1 ? -m : m, e);
}

#define CHECK_F(call, exact, mode)                                          \
  do {                                                                      \
    float cf_r_ = (call);                                                   \
    long double cf_x_ = (exact);                                            \
    check_count++;                                                          \
    if (!rounded_f(cf_r_, cf_x_, mode)) {                                   \
      fprintf(stderr, "%s:%d: %s = %a, exact %La\n", __FILE__, __LINE__,    \
              #call, cf_r_, cf_x_);                                         \
      check_failures++;                                                     \
    }                                                                       \
  } while (0)

static void float_exact(void) {
  for (int k = 0; k < 20000; k++) {
    /* Sums and fma with operands in [2^-8, 2^8): exact in 64 bits. */
    float a = ranged(16, 16), b = ranged(16, 16);
    long double s = (long double)a + b, d = (long double)a - b;
    CHECK_F(__nv_fadd_rn(a, b), s, RN);
    CHECK_F(__nv_fadd_rz(a, b), s, RZ);
    CHECK_F(__nv_fadd_ru(a, b), s, RU);
    CHECK_F(__nv_fadd_rd(a, b), s, RD);
    CHECK_F(__nv_fsub_rn(a, b), d, RN);
    CHECK_F(__nv_fsub_rz(a, b), d, RZ);
    CHECK_F(__nv_fsub_ru(a, b), d, RU);
    CHECK_F(__nv_fsub_rd(a, b), d, RD);
    /* Products of any two floats are exact in long double. */
    float x = ld_any_float(), y = ld_any_float();
    long double q = (long double)x * y;
    CHECK_F(__nv_fmul_rn(x, y), q, RN);
    CHECK_F(__nv_fmul_rz(x, y), q, RZ);
    CHECK_F(__nv_fmul_ru(x, y), q, RU);
    CHECK_F(__nv_fmul_rd(x, y), q, RD);
    float fa = ranged(8, 8), fb = ranged(8, 8), fc = ranged(8, 8);
    long double f = (long double)fa * fb + fc;
    CHECK_F(__nv_fmaf_rn(fa, fb, fc), f, RN);
    CHECK_F(__nv_fmaf_rz(fa, fb, fc), f, RZ);
    CHECK_F(__nv_fmaf_ru(fa, fb, fc), f, RU);
    CHECK_F(__nv_fmaf_rd(fa, fb, fc), f, RD);
    CHECK_F(__nv_fmaf_ieee_rn(fa, fb, fc), f, RN);
    CHECK_F(__nv_fmaf_ieee_rz(fa, fb, fc), f, RZ);
    CHECK_F(__nv_fmaf_ieee_ru(fa, fb, fc), f, RU);
    CHECK_F(__nv_fmaf_ieee_rd(fa, fb, fc), f, RD);
  }
}

/* sign(r - a / b) from the exact products r * b (a float product, exact
 * in double); b != 0. */
static int cmp_quot(float r, float a, float b) {
  double rb = (double)r * b;
  int c = rb < a ? -1 : rb > a;
  return b < 0 ? -c : c;
}
/* r is a / b rounded in `mode`: r and its neighbour on the other side of
 * a / b bracket it (RN: checked against both neighbours' midpoints by
 * doubling: r is nearest iff the midpoints lie on either side). */
static int quot_ok(float r, float a, float b, int mode) {
  float up = nextafterf(r, INFINITY), down = nextafterf(r, -INFINITY);
  double exact = (double)a / b; /* only for the sign in RZ */
  if (mode == RZ) mode = exact < 0 ? RU : RD;
  if (mode == RD) return cmp_quot(r, a, b) <= 0 && cmp_quot(up, a, b) > 0;
  if (mode == RU) return cmp_quot(r, a, b) >= 0 && cmp_quot(down, a, b) < 0;
  /* Nearest: the midpoints (r + up) / 2 and (down + r) / 2, with 25 bits,
   * times b is exact in double too. */
  double mu = ((double)r + up) / 2 * b, md = ((double)r + down) / 2 * b;
  if (b < 0) {
    double t = mu;
    mu = md;
    md = t;
  }
  return md <= a && a <= mu;
}

static void float_div_sqrt(void) {
  for (int k = 0; k < 20000; k++) {
    float a = ranged(60, 60), b = ranged(60, 60);
    check_count += 5;
    if (!quot_ok(__nv_fdiv_rn(a, b), a, b, RN) ||
        !quot_ok(__nv_fdiv_rz(a, b), a, b, RZ) ||
        !quot_ok(__nv_fdiv_ru(a, b), a, b, RU) ||
        !quot_ok(__nv_fdiv_rd(a, b), a, b, RD)) {
      fprintf(stderr, "fdiv(%a, %a) rounded wrong\n", a, b);
      check_failures++;
    }
    if (!quot_ok(__nv_frcp_rn(b), 1, b, RN) ||
        !quot_ok(__nv_frcp_rz(b), 1, b, RZ) ||
        !quot_ok(__nv_frcp_ru(b), 1, b, RU) ||
        !quot_ok(__nv_frcp_rd(b), 1, b, RD)) {
      fprintf(stderr, "frcp(%a) rounded wrong\n", b);
      check_failures++;
    }
    /* Square roots: r^2 against x, exact in double. */
    float x = fabsf(ld_any_float());
    float rd = __nv_fsqrt_rd(x), ru = __nv_fsqrt_ru(x), rz = __nv_fsqrt_rz(x);
    float rn = __nv_fsqrt_rn(x), nd = nextafterf(rd, INFINITY);
    check_count++;
    if (!((double)rd * rd <= x && (double)nd * nd > x && rz == rd &&
          (ru == rd ? (double)rd * rd == x : ru == nd) &&
          (rn == rd || rn == ru))) {
      fprintf(stderr, "fsqrt(%a): rd %a ru %a rz %a rn %a\n", x, rd, ru, rz,
              rn);
      check_failures++;
    }
    /* Nearest: compare against the midpoint (25 bits, squared exactly in
     * long double). */
    long double mid = ((long double)rd + nd) / 2;
    check_count++;
    if (rn != (mid * mid < x ? nd : mid * mid > x ? rd : rn)) {
      fprintf(stderr, "fsqrt_rn(%a) = %a\n", x, rn);
      check_failures++;
    }
    CHECK_ULP_F(__nv_frsqrt_rn(x), 1.0L / sqrtl(x), 0.501, x);
  }
}

/* Expected directed results from s (the result to nearest) and the sign of
 * the exact value minus s. */
static double directed(double s, int err_sign, int mode) {
  if (err_sign == 0) return s;
  if (mode == RZ) mode = s > 0 ? RD : RU;
  if (mode == RD) return err_sign < 0 ? nextafter(s, -INFINITY) : s;
  if (mode == RU) return err_sign > 0 ? nextafter(s, INFINITY) : s;
  return s;
}
static int sgn(double v) { return v < 0 ? -1 : v > 0; }
/* The error of s = a + b (TwoSum: exact when nothing overflows). */
static double two_sum_err(double a, double b, double s) {
  double bb = s - a;
  return (a - (s - bb)) + (b - bb);
}
static double ranged_d(int lo, int hi) {
  double m = ld_uniform(1, 2);
  int e = (int)(ld_rand32() % (unsigned)(hi + lo)) - lo;
  return ldexp(ld_rand32() & 1 ? -m : m, e);
}

#define CHECK_D4(NAME, ARGS, s, err_sign)                                  \
  do {                                                                     \
    CHECK_SAME_D(__nv_##NAME##_rn ARGS, s);                                \
    CHECK_SAME_D(__nv_##NAME##_rz ARGS, directed(s, err_sign, RZ));        \
    CHECK_SAME_D(__nv_##NAME##_ru ARGS, directed(s, err_sign, RU));        \
    CHECK_SAME_D(__nv_##NAME##_rd ARGS, directed(s, err_sign, RD));        \
  } while (0)

static void doubles(void) {
  for (int k = 0; k < 20000; k++) {
    double a = ranged_d(300, 300), b = ranged_d(300, 300);
    if (k & 1) b = a * ld_uniform(-2, 2); /* cancellation too */
    double s = a + b, d = a - b;
    if (s != 0) CHECK_D4(dadd, (a, b), s, sgn(two_sum_err(a, b, s)));
    if (d != 0) CHECK_D4(dsub, (a, b), d, sgn(two_sum_err(a, -b, d)));
    double p = a * b;
    CHECK_D4(dmul, (a, b), p, sgn(fma(a, b, -p)));
    double q = a / b;
    CHECK_D4(ddiv, (a, b), q, sgn(fma(-q, b, a)) * sgn(b));
    double r = 1 / b;
    CHECK_D4(drcp, (b), r, sgn(fma(-r, b, 1)) * sgn(b));
    double x = fabs(a), t = sqrt(x);
    CHECK_D4(dsqrt, (x), t, sgn(fma(-t, t, x)));
    /* fma with 26-bit factors: the product is exact, so the fused result
     * is a rounded sum of two doubles. */
    double fa = ldexp(floor(ld_uniform(1, 2) * 0x1p25), -25 + (int)(k % 40) - 20);
    double fb = ldexp(floor(ld_uniform(-2, 2) * 0x1p25), -25 + (int)(k % 30) - 15);
    double fc = ranged_d(40, 40), fp = fa * fb, fs = fp + fc;
    if (fs != 0) CHECK_D4(fma, (fa, fb, fc), fs, sgn(two_sum_err(fp, fc, fs)));
  }
}

static void special_values(void) {
  /* An exact zero sum is -0 rounding down, +0 otherwise. */
  CHECK_SAME_F(__nv_fadd_rd(1.0f, -1.0f), -0.0f);
  CHECK_SAME_F(__nv_fadd_rn(1.0f, -1.0f), 0.0f);
  CHECK_SAME_F(__nv_fadd_ru(1.0f, -1.0f), 0.0f);
  CHECK_SAME_F(__nv_fadd_rz(1.0f, -1.0f), 0.0f);
  CHECK_SAME_F(__nv_fsub_rd(2.0f, 2.0f), -0.0f);
  CHECK_SAME_F(__nv_fmaf_rd(1.0f, 1.0f, -1.0f), -0.0f);
  CHECK_SAME_D(__nv_dadd_rd(1.0, -1.0), -0.0);
  CHECK_SAME_D(__nv_dsub_ru(1.0, 1.0), 0.0);
  CHECK_SAME_D(__nv_fma_rd(2.0, 3.0, -6.0), -0.0);
  /* Overflow: toward zero stays finite. */
  CHECK_SAME_F(__nv_fmul_rz(FLT_MAX, 2.0f), FLT_MAX);
  CHECK_SAME_F(__nv_fmul_ru(FLT_MAX, 2.0f), INFINITY);
  CHECK_SAME_F(__nv_fmul_rd(FLT_MAX, 2.0f), FLT_MAX);
  CHECK_SAME_F(__nv_fmul_rd(-FLT_MAX, 2.0f), -INFINITY);
  CHECK_SAME_F(__nv_fmul_rz(-FLT_MAX, 2.0f), -FLT_MAX);
  CHECK_SAME_F(__nv_fmul_rn(FLT_MAX, 2.0f), INFINITY);
  CHECK_SAME_D(__nv_dadd_rz(DBL_MAX, DBL_MAX), DBL_MAX);
  CHECK_SAME_D(__nv_dadd_ru(DBL_MAX, DBL_MAX), INFINITY);
  /* Underflow: the smallest subnormal, or zero. */
  CHECK_SAME_F(__nv_fmul_ru(0x1p-149f, 0.5f), 0x1p-149f);
  CHECK_SAME_F(__nv_fmul_rd(0x1p-149f, 0.5f), 0.0f);
  CHECK_SAME_F(__nv_fmul_rn(0x1p-149f, 0.5f), 0.0f);
  CHECK_SAME_F(__nv_fmul_rd(-0x1p-149f, 0.5f), -0x1p-149f);
  CHECK_SAME_D(__nv_dmul_ru(0x1p-1074, 0.25), 0x1p-1074);
  CHECK_SAME_D(__nv_ddiv_rz(0x1p-1074, 3.0), 0.0);
  /* 1/3 and sqrt(2), to nearest and either side. */
  CHECK_SAME_F(__nv_fdiv_rn(1.0f, 3.0f), 0x1.555556p-2f);
  CHECK_SAME_F(__nv_fdiv_ru(1.0f, 3.0f), 0x1.555556p-2f);
  CHECK_SAME_F(__nv_fdiv_rd(1.0f, 3.0f), 0x1.555554p-2f);
  CHECK_SAME_F(__nv_fdiv_rz(-1.0f, 3.0f), -0x1.555554p-2f);
  CHECK_SAME_F(__nv_frcp_rd(3.0f), 0x1.555554p-2f);
  CHECK_SAME_F(__nv_fsqrt_rd(2.0f), 0x1.6a09e6p+0f);
  CHECK_SAME_F(__nv_fsqrt_ru(2.0f), 0x1.6a09e8p+0f);
  CHECK_SAME_D(__nv_ddiv_rn(1.0, 3.0), 0x1.5555555555555p-2);
  CHECK_SAME_D(__nv_ddiv_ru(1.0, 3.0), 0x1.5555555555556p-2);
  CHECK_SAME_D(__nv_drcp_rd(3.0), 0x1.5555555555555p-2);
  CHECK_SAME_D(__nv_dsqrt_rn(2.0), 0x1.6a09e667f3bcdp+0);
  CHECK_SAME_D(__nv_dsqrt_rd(2.0), 0x1.6a09e667f3bccp+0);
  CHECK_SAME_D(__nv_dadd_rd(0.1, 0.2), 0x1.3333333333333p-2);
  CHECK_SAME_D(__nv_dadd_ru(0.1, 0.2), 0x1.3333333333334p-2);
  /* Infinities and NaN go through. */
  CHECK_SAME_F(__nv_fdiv_rz(1.0f, 0.0f), INFINITY);
  CHECK_SAME_F(__nv_frcp_rd(-0.0f), -INFINITY);
  CHECK(isnan(__nv_fadd_ru(NAN, 1.0f)));
  CHECK(isnan(__nv_fsqrt_rd(-1.0f)));
  CHECK_SAME_F(__nv_fsqrt_rd(-0.0f), -0.0f);
  CHECK(isnan(__nv_dmul_rz(0.0, INFINITY)));
  CHECK(isnan(__nv_fma_ru(INFINITY, 0.0, 1.0)));
  CHECK_SAME_F(__nv_frsqrt_rn(4.0f), 0.5f);
  CHECK_SAME_F(__nv_frsqrt_rn(0.0f), INFINITY);
  CHECK(isnan(__nv_frsqrt_rn(-1.0f)));
}

int main(void) {
  float_exact();
  float_div_sqrt();
  doubles();
  special_values();
  return check_summary("test_libdevice_round");
}
