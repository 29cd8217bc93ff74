// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -lm
/* libdevice on the CPU device, double precision (src/backend/cpu/
 * libdevice_double.c): every function against the long double C library
 * (11 more bits than double) or exact arithmetic, at random arguments of
 * its domain and at hand-checked special values. */
#define _GNU_SOURCE /* exp10l, j0l ... */
#include <limits.h>

#include "libdevice_test.h"

typedef double d1_fn(double);
typedef double d2_fn(double, double);
typedef long double l1_fn(long double);
typedef long double l2_fn(long double, long double);

d1_fn __nv_acos, __nv_acosh, __nv_asin, __nv_asinh, __nv_atan, __nv_atanh,
    __nv_cbrt, __nv_ceil, __nv_cos, __nv_cosh, __nv_erf, __nv_erfc, __nv_exp,
    __nv_exp2, __nv_exp10, __nv_expm1, __nv_fabs, __nv_floor, __nv_j0,
    __nv_j1, __nv_lgamma, __nv_log, __nv_log10, __nv_log1p, __nv_log2,
    __nv_logb, __nv_nearbyint, __nv_rint, __nv_round, __nv_sin, __nv_sinh,
    __nv_sqrt, __nv_tan, __nv_tanh, __nv_tgamma, __nv_trunc, __nv_y0,
    __nv_y1, __nv_rsqrt, __nv_rcbrt, __nv_rcp64h;
d2_fn __nv_atan2, __nv_copysign, __nv_fdim, __nv_fmax, __nv_fmin, __nv_fmod,
    __nv_hypot, __nv_nextafter, __nv_pow, __nv_remainder;
double __nv_fma(double, double, double);
double __nv_frexp(double, int*);
double __nv_modf(double, double*);
double __nv_remquo(double, double, int*);
void __nv_sincos(double, double*, double*);
double __nv_ldexp(double, int);
double __nv_scalbn(double, int);
int __nv_ilogb(double);
long long __nv_llrint(double);
long long __nv_llround(double);
double __nv_jn(int, double);
double __nv_yn(int, double);
double __nv_powi(double, int);
double __nv_nan(const signed char*);
int __nv_isfinited(double), __nv_isinfd(double), __nv_isnand(double),
    __nv_signbitd(double);

static long double rsqrt_l(long double x) { return 1.0L / sqrtl(x); }
static long double rcbrt_l(long double x) { return 1.0L / cbrtl(x); }
static long double recip_l(long double x) { return 1.0L / x; }
static long double lgamma_l(long double x) {
  int sign;
  return lgammal_r(x, &sign);
}

static const struct {
  const char* name;
  d1_fn* nv;
  l1_fn* ref;
  double lo, hi, ulps;
} one[] = {
    {"acos", __nv_acos, acosl, -1, 1, 2},
    {"acosh", __nv_acosh, acoshl, 1, 1e100, 2},
    {"asin", __nv_asin, asinl, -1, 1, 2},
    {"asinh", __nv_asinh, asinhl, -1e100, 1e100, 2},
    {"atan", __nv_atan, atanl, -100, 100, 2},
    {"atanh", __nv_atanh, atanhl, -0.999, 0.999, 2},
    {"cbrt", __nv_cbrt, cbrtl, -1e300, 1e300, 2},
    {"ceil", __nv_ceil, ceill, -1e15, 1e15, 0},
    {"cos", __nv_cos, cosl, -1e3, 1e3, 2},
    {"cosh", __nv_cosh, coshl, -700, 700, 2},
    {"erf", __nv_erf, erfl, -6, 6, 2},
    {"erfc", __nv_erfc, erfcl, -6, 26, 3},
    {"exp", __nv_exp, expl, -700, 700, 2},
    {"exp2", __nv_exp2, exp2l, -1000, 1000, 2},
    {"exp10", __nv_exp10, exp10l, -300, 300, 2},
    {"expm1", __nv_expm1, expm1l, -30, 30, 2},
    {"fabs", __nv_fabs, fabsl, -1e300, 1e300, 0},
    {"floor", __nv_floor, floorl, -1e15, 1e15, 0},
    {"lgamma", __nv_lgamma, lgamma_l, 0.1, 1e6, 4},
    {"log", __nv_log, logl, 1e-300, 1e300, 2},
    {"log10", __nv_log10, log10l, 1e-300, 1e300, 2},
    {"log1p", __nv_log1p, log1pl, -0.9, 1e10, 2},
    {"log2", __nv_log2, log2l, 1e-300, 1e300, 2},
    {"logb", __nv_logb, logbl, -1e300, 1e300, 0},
    {"nearbyint", __nv_nearbyint, nearbyintl, -1e15, 1e15, 0},
    {"rint", __nv_rint, rintl, -1e15, 1e15, 0},
    {"round", __nv_round, roundl, -1e15, 1e15, 0},
    {"sin", __nv_sin, sinl, -1e3, 1e3, 2},
    {"sinh", __nv_sinh, sinhl, -700, 700, 2},
    {"sqrt", __nv_sqrt, sqrtl, 0, 1e300, 0.5},
    {"tan", __nv_tan, tanl, -10, 10, 2},
    {"tanh", __nv_tanh, tanhl, -20, 20, 2},
    {"tgamma", __nv_tgamma, tgammal, 0.05, 170, 4},
    {"trunc", __nv_trunc, truncl, -1e15, 1e15, 0},
    {"rsqrt", __nv_rsqrt, rsqrt_l, 1e-300, 1e300, 0.501},
    {"rcbrt", __nv_rcbrt, rcbrt_l, -1e300, 1e300, 0.501},
    {"rcp64h", __nv_rcp64h, recip_l, -1e300, 1e300, 0.5},
};

static long double pow_l(long double x, long double y) { return powl(x, y); }

static const struct {
  const char* name;
  d2_fn* nv;
  l2_fn* ref;
  double lo, hi, lo2, hi2, ulps;
} two[] = {
    {"atan2", __nv_atan2, atan2l, -10, 10, -10, 10, 2},
    {"copysign", __nv_copysign, copysignl, -1e3, 1e3, -1, 1, 0},
    {"fdim", __nv_fdim, fdiml, -1e3, 1e3, -1e3, 1e3, 0.5},
    {"fmax", __nv_fmax, fmaxl, -1e3, 1e3, -1e3, 1e3, 0},
    {"fmin", __nv_fmin, fminl, -1e3, 1e3, -1e3, 1e3, 0},
    {"fmod", __nv_fmod, fmodl, -1e12, 1e12, -100, 100, 0},
    {"hypot", __nv_hypot, hypotl, -1e300, 1e300, -1e300, 1e300, 1},
    {"pow", __nv_pow, pow_l, 0, 100, -150, 150, 2},
    {"remainder", __nv_remainder, remainderl, -1e12, 1e12, -100, 100, 0},
};

static void random_args(void) {
  for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
    int bad = 0;
    for (int k = 0; k < 2000; k++) {
      double x = ld_uniform(one[i].lo, one[i].hi);
      double got = one[i].nv(x);
      double d = ld_ulps_d(got, one[i].ref(x));
      if (!(d <= one[i].ulps) && bad++ < 3)
        fprintf(stderr, "__nv_%s(%a) = %a: %g ulp from %La\n", one[i].name,
                x, got, d, one[i].ref(x));
    }
    check_count++;
    if (bad) check_failures++;
  }
  for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
    int bad = 0;
    for (int k = 0; k < 2000; k++) {
      double x = ld_uniform(two[i].lo, two[i].hi);
      double y = ld_uniform(two[i].lo2, two[i].hi2);
      double got = two[i].nv(x, y);
      double d = ld_ulps_d(got, two[i].ref(x, y));
      if (!(d <= two[i].ulps) && bad++ < 3)
        fprintf(stderr, "__nv_%s(%a, %a) = %a: %g ulp from %La\n",
                two[i].name, x, y, got, d, two[i].ref(x, y));
    }
    check_count++;
    if (bad) check_failures++;
  }
}

/* Absolute bounds: relative accuracy is lost near the zeros. */
static void bessel(void) {
  for (int k = 0; k < 500; k++) {
    double x = ld_uniform(0.01, 50);
    int n = (int)(ld_rand32() % 7) - 3;
    long double s;
    CHECK(fabsl(__nv_j0(x) - j0l(x)) < 1e-14L);
    CHECK(fabsl(__nv_j1(x) - j1l(x)) < 1e-14L);
    s = fmaxl(1, fabsl(y0l(x)));
    CHECK(fabsl(__nv_y0(x) - y0l(x)) < 1e-14L * s);
    s = fmaxl(1, fabsl(y1l(x)));
    CHECK(fabsl(__nv_y1(x) - y1l(x)) < 1e-14L * s);
    CHECK(fabsl(__nv_jn(n, x) - jnl(n, x)) < 1e-13L);
    s = fmaxl(1, fabsl(ynl(n, x)));
    CHECK(fabsl(__nv_yn(n, x) - ynl(n, x)) < 1e-13L * s);
  }
  CHECK_SAME_D(__nv_jn(-1, 2.0), -j1(2.0));
  CHECK_SAME_D(__nv_yn(3, 0.0), -INFINITY);
}

static void out_params(void) {
  int e = 0, q = 0;
  CHECK_SAME_D(__nv_frexp(48.0, &e), 0.75);
  CHECK_EQ(e, 6);
  CHECK_SAME_D(__nv_frexp(0x1p-1074, &e), 0.5);
  CHECK_EQ(e, -1073);
  double ip = 0;
  CHECK_SAME_D(__nv_modf(-3.25, &ip), -0.25);
  CHECK_SAME_D(ip, -3.0);
  CHECK_SAME_D(__nv_modf(INFINITY, &ip), 0.0);
  CHECK_SAME_D(ip, INFINITY);
  CHECK_SAME_D(__nv_remquo(10.0, 3.0, &q), 1.0);
  CHECK_EQ(q & 7, 3);
  CHECK_SAME_D(__nv_remquo(29.0, -4.0, &q), 1.0); /* 29 - (-4)(-7) */
  CHECK(q < 0 && (-q & 7) == 7);
  for (int k = 0; k < 500; k++) {
    double x = ld_uniform(-1e3, 1e3), s = 0, c = 0;
    __nv_sincos(x, &s, &c);
    CHECK_ULP_D(s, sinl(x), 2, x);
    CHECK_ULP_D(c, cosl(x), 2, x);
  }
}

static void special_values(void) {
  CHECK_SAME_D(__nv_sin(-0.0), -0.0);
  CHECK_SAME_D(__nv_exp(-INFINITY), 0.0);
  CHECK_SAME_D(__nv_log(0.0), -INFINITY);
  CHECK(isnan(__nv_log(-1.0)));
  CHECK_SAME_D(__nv_pow(-2.0, 3.0), -8.0);
  CHECK_SAME_D(__nv_pow(0.0, -1.0), INFINITY);
  CHECK(isnan(__nv_sqrt(-1.0)));
  CHECK_SAME_D(__nv_fmax(NAN, 2.0), 2.0);
  CHECK_SAME_D(__nv_fmin(3.0, NAN), 3.0);
  /* Fused: (2^52 + 1)(2^52 - 1) - 2^104 = -1 exactly. */
  CHECK_SAME_D(__nv_fma(0x1p52 + 1, 0x1p52 - 1, -0x1p104), -1.0);
  CHECK_SAME_D(__nv_ldexp(1.0, -1074), 0x1p-1074);
  CHECK_SAME_D(__nv_ldexp(1.0, 1024), INFINITY);
  CHECK_SAME_D(__nv_scalbn(3.0, 4), 48.0);
  CHECK_EQ(__nv_ilogb(8.0), 3);
  CHECK_EQ(__nv_ilogb(0x1p-1074), -1074);
  CHECK_EQ(__nv_ilogb(0.0), FP_ILOGB0);
  CHECK_EQ(__nv_ilogb(INFINITY), INT_MAX);
  CHECK_EQ(__nv_llrint(2.5), 2);
  CHECK_EQ(__nv_llrint(-3.5), -4);
  CHECK_EQ(__nv_llrint(0x1p62), 1ll << 62);
  CHECK_EQ(__nv_llround(2.5), 3);
  CHECK_EQ(__nv_llround(-2.5), -3);
  CHECK_SAME_D(__nv_nextafter(1.0, 2.0), 1.0 + 0x1p-52);
  CHECK_SAME_D(__nv_nextafter(0.0, -1.0), -0x1p-1074);
  CHECK_SAME_D(__nv_copysign(2.0, -0.0), -2.0);
  CHECK_SAME_D(__nv_tgamma(7.0), 720.0);
  CHECK_SAME_D(__nv_rsqrt(0.25), 2.0);
  CHECK_SAME_D(__nv_rsqrt(0.0), INFINITY);
  CHECK_SAME_D(__nv_rsqrt(-0.0), -INFINITY);
  CHECK(isnan(__nv_rsqrt(-2.0)));
  CHECK_SAME_D(__nv_rsqrt(INFINITY), 0.0);
  CHECK_SAME_D(__nv_rcbrt(-27.0), -1.0 / 3);
  CHECK_SAME_D(__nv_rcbrt(INFINITY), 0.0);
  CHECK_SAME_D(__nv_rcp64h(-4.0), -0.25);
  CHECK_SAME_D(__nv_rcp64h(0.0), INFINITY);
  /* powi: pow(x, n), C's special cases. */
  CHECK_SAME_D(__nv_powi(2.0, 10), 1024.0);
  CHECK_SAME_D(__nv_powi(2.0, -1074), 0x1p-1074);
  CHECK_SAME_D(__nv_powi(-0.0, -3), -INFINITY);
  CHECK_SAME_D(__nv_powi(-0.0, -2), INFINITY);
  CHECK_SAME_D(__nv_powi(NAN, 0), 1.0);
  CHECK_SAME_D(__nv_powi(-1.5, 3), -3.375);
  for (int k = 0; k < 1000; k++) {
    double x = ld_uniform(-4, 4);
    int n = (int)(ld_rand32() % 81) - 40;
    CHECK_ULP_D(__nv_powi(x, n), powl(x, n), 1, x);
  }
  const double vals[] = {0.0, -0.0, 1.0, -0x1p-1074, DBL_MAX, INFINITY,
                         -INFINITY, NAN, -NAN};
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    double v = vals[i];
    CHECK_EQ(__nv_isfinited(v), i <= 4);
    CHECK_EQ(__nv_isinfd(v), i == 5 || i == 6);
    CHECK_EQ(__nv_isnand(v), i >= 7);
    CHECK_EQ(__nv_signbitd(v), (ld_dbits(v) >> 63) != 0);
  }
  CHECK_EQ(__nv_signbitd(-0.0), 1);
  CHECK_EQ(__nv_signbitd(0.0), 0);
  CHECK(isnan(__nv_nan((const signed char*)"")));
  CHECK((ld_dbits(__nv_nan((const signed char*)"7")) >> 51 & 0xfff) ==
        0xfff);
}

int main(void) {
  random_args();
  bessel();
  out_params();
  special_values();
  return check_summary("test_libdevice_double");
}
