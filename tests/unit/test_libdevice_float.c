// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -lm
/* libdevice on the CPU device, single precision (src/backend/cpu/
 * libdevice_float.c): every function against the exact value (long double
 * C library functions, or exact arithmetic) at random arguments of its
 * domain and at hand-checked special values. */
#define _GNU_SOURCE /* exp10l, sincosl, j0l ... */
#include <limits.h>

#include "libdevice_test.h"

typedef float f1_fn(float);
typedef float f2_fn(float, float);
typedef long double l1_fn(long double);
typedef long double l2_fn(long double, long double);

f1_fn __nv_acosf, __nv_acoshf, __nv_asinf, __nv_asinhf, __nv_atanf,
    __nv_atanhf, __nv_cbrtf, __nv_ceilf, __nv_cosf, __nv_coshf, __nv_erff,
    __nv_erfcf, __nv_expf, __nv_exp2f, __nv_exp10f, __nv_expm1f, __nv_fabsf,
    __nv_floorf, __nv_j0f, __nv_j1f, __nv_lgammaf, __nv_logf, __nv_log10f,
    __nv_log1pf, __nv_log2f, __nv_logbf, __nv_nearbyintf, __nv_rintf,
    __nv_roundf, __nv_sinf, __nv_sinhf, __nv_sqrtf, __nv_tanf, __nv_tanhf,
    __nv_tgammaf, __nv_truncf, __nv_y0f, __nv_y1f, __nv_rsqrtf, __nv_rcbrtf,
    __nv_fast_sinf, __nv_fast_cosf, __nv_fast_tanf, __nv_fast_expf,
    __nv_fast_exp10f, __nv_fast_logf, __nv_fast_log2f, __nv_fast_log10f,
    __nv_saturatef;
f2_fn __nv_atan2f, __nv_copysignf, __nv_fdimf, __nv_fmaxf, __nv_fminf,
    __nv_fmodf, __nv_hypotf, __nv_nextafterf, __nv_powf, __nv_remainderf,
    __nv_fast_powf, __nv_fast_fdividef;
float __nv_fmaf(float, float, float);
float __nv_frexpf(float, int*);
float __nv_modff(float, float*);
float __nv_remquof(float, float, int*);
void __nv_sincosf(float, float*, float*);
void __nv_fast_sincosf(float, float*, float*);
float __nv_ldexpf(float, int);
float __nv_scalbnf(float, int);
int __nv_ilogbf(float);
long long __nv_llrintf(float);
long long __nv_llroundf(float);
float __nv_jnf(int, float);
float __nv_ynf(int, float);
float __nv_powif(float, int);
float __nv_nanf(const signed char*);
int __nv_finitef(float), __nv_isinff(float), __nv_isnanf(float),
    __nv_signbitf(float);

static long double rsqrt_l(long double x) { return 1.0L / sqrtl(x); }
static long double rcbrt_l(long double x) { return 1.0L / cbrtl(x); }
static long double lgamma_l(long double x) {
  int sign;
  return lgammal_r(x, &sign);
}

/* One-argument functions: random arguments in [lo, hi), within `ulps` of
 * the long double function (0.5 means correctly rounded, 0 exact). */
static const struct {
  const char* name;
  f1_fn* nv;
  l1_fn* ref;
  double lo, hi, ulps;
} one[] = {
    {"acosf", __nv_acosf, acosl, -1, 1, 2},
    {"acoshf", __nv_acoshf, acoshl, 1, 1e6, 2},
    {"asinf", __nv_asinf, asinl, -1, 1, 2},
    {"asinhf", __nv_asinhf, asinhl, -1e6, 1e6, 2},
    {"atanf", __nv_atanf, atanl, -100, 100, 2},
    {"atanhf", __nv_atanhf, atanhl, -0.999, 0.999, 2},
    {"cbrtf", __nv_cbrtf, cbrtl, -1e9, 1e9, 2},
    {"ceilf", __nv_ceilf, ceill, -1e4, 1e4, 0},
    {"cosf", __nv_cosf, cosl, -100, 100, 2},
    {"coshf", __nv_coshf, coshl, -80, 80, 2},
    {"erff", __nv_erff, erfl, -4, 4, 2},
    {"erfcf", __nv_erfcf, erfcl, -4, 9, 3},
    {"expf", __nv_expf, expl, -87, 88, 2},
    {"exp2f", __nv_exp2f, exp2l, -126, 127, 2},
    {"exp10f", __nv_exp10f, exp10l, -37, 38, 2},
    {"expm1f", __nv_expm1f, expm1l, -10, 10, 2},
    {"fabsf", __nv_fabsf, fabsl, -1e30, 1e30, 0},
    {"floorf", __nv_floorf, floorl, -1e4, 1e4, 0},
    {"lgammaf", __nv_lgammaf, lgamma_l, 0.1, 1e3, 4},
    {"logf", __nv_logf, logl, 1e-30, 1e30, 2},
    {"log10f", __nv_log10f, log10l, 1e-30, 1e30, 2},
    {"log1pf", __nv_log1pf, log1pl, -0.9, 1e6, 2},
    {"log2f", __nv_log2f, log2l, 1e-30, 1e30, 2},
    {"logbf", __nv_logbf, logbl, -1e30, 1e30, 0},
    {"nearbyintf", __nv_nearbyintf, nearbyintl, -1e4, 1e4, 0},
    {"rintf", __nv_rintf, rintl, -1e4, 1e4, 0},
    {"roundf", __nv_roundf, roundl, -1e4, 1e4, 0},
    {"sinf", __nv_sinf, sinl, -100, 100, 2},
    {"sinhf", __nv_sinhf, sinhl, -80, 80, 2},
    {"sqrtf", __nv_sqrtf, sqrtl, 0, 1e30, 0.5},
    {"tanf", __nv_tanf, tanl, -10, 10, 2},
    {"tanhf", __nv_tanhf, tanhl, -10, 10, 2},
    {"tgammaf", __nv_tgammaf, tgammal, 0.05, 30, 4},
    {"truncf", __nv_truncf, truncl, -1e4, 1e4, 0},
    {"rsqrtf", __nv_rsqrtf, rsqrt_l, 1e-30, 1e30, 0.501},
    {"rcbrtf", __nv_rcbrtf, rcbrt_l, -1e30, 1e30, 0.501},
    {"fast_sinf", __nv_fast_sinf, sinl, -100, 100, 2},
    {"fast_cosf", __nv_fast_cosf, cosl, -100, 100, 2},
    {"fast_tanf", __nv_fast_tanf, tanl, -10, 10, 2},
    {"fast_expf", __nv_fast_expf, expl, -87, 88, 2},
    {"fast_exp10f", __nv_fast_exp10f, exp10l, -37, 38, 2},
    {"fast_logf", __nv_fast_logf, logl, 1e-30, 1e30, 2},
    {"fast_log2f", __nv_fast_log2f, log2l, 1e-30, 1e30, 2},
    {"fast_log10f", __nv_fast_log10f, log10l, 1e-30, 1e30, 2},
};

static long double powl_ref(long double x, long double y) { return powl(x, y); }
static long double div_l(long double x, long double y) { return x / y; }

static const struct {
  const char* name;
  f2_fn* nv;
  l2_fn* ref;
  double lo, hi, lo2, hi2, ulps;
} two[] = {
    {"atan2f", __nv_atan2f, atan2l, -10, 10, -10, 10, 2},
    {"copysignf", __nv_copysignf, copysignl, -1e3, 1e3, -1, 1, 0},
    {"fdimf", __nv_fdimf, fdiml, -1e3, 1e3, -1e3, 1e3, 0.5},
    {"fmaxf", __nv_fmaxf, fmaxl, -1e3, 1e3, -1e3, 1e3, 0},
    {"fminf", __nv_fminf, fminl, -1e3, 1e3, -1e3, 1e3, 0},
    {"fmodf", __nv_fmodf, fmodl, -1e6, 1e6, -100, 100, 0},
    {"hypotf", __nv_hypotf, hypotl, -1e30, 1e30, -1e30, 1e30, 1},
    {"powf", __nv_powf, powl_ref, 0, 100, -15, 15, 2},
    {"remainderf", __nv_remainderf, remainderl, -1e6, 1e6, -100, 100, 0},
    {"fast_powf", __nv_fast_powf, powl_ref, 0, 100, -15, 15, 2},
    {"fast_fdividef", __nv_fast_fdividef, div_l, -1e6, 1e6, -1e6, 1e6, 0.5},
};

static void random_args(void) {
  for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
    int bad = 0;
    for (int k = 0; k < 2000; k++) {
      float x = (float)ld_uniform(one[i].lo, one[i].hi);
      float got = one[i].nv(x);
      double d = ld_ulps_f(got, one[i].ref(x));
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
      float x = (float)ld_uniform(two[i].lo, two[i].hi);
      float y = (float)ld_uniform(two[i].lo2, two[i].hi2);
      float got = two[i].nv(x, y);
      double d = ld_ulps_f(got, two[i].ref(x, y));
      if (!(d <= two[i].ulps) && bad++ < 3)
        fprintf(stderr, "__nv_%s(%a, %a) = %a: %g ulp from %La\n",
                two[i].name, x, y, got, d, two[i].ref(x, y));
    }
    check_count++;
    if (bad) check_failures++;
  }
}

/* Bessel functions: glibc's float ones lose relative accuracy near their
 * zeros, so these are held to an absolute bound. */
static void bessel(void) {
  for (int k = 0; k < 500; k++) {
    float x = (float)ld_uniform(0.01, 50);
    int n = (int)(ld_rand32() % 7) - 3;
    CHECK(fabsl(__nv_j0f(x) - j0l(x)) < 1e-6L);
    CHECK(fabsl(__nv_j1f(x) - j1l(x)) < 1e-6L);
    CHECK(fabsl(__nv_y0f(x) - y0l(x)) < 1e-6L * fmaxl(1, fabsl(y0l(x))));
    CHECK(fabsl(__nv_y1f(x) - y1l(x)) < 1e-6L * fmaxl(1, fabsl(y1l(x))));
    CHECK(fabsl(__nv_jnf(n, x) - jnl(n, x)) < 1e-6L);
    CHECK(fabsl(__nv_ynf(n, x) - ynl(n, x)) < 1e-6L * fmaxl(1, fabsl(ynl(n, x))));
  }
  /* J_-1 = -J_1 (the C library's negative orders, as on the CPU device). */
  CHECK_SAME_F(__nv_jnf(-1, 2.0f), -j1f(2.0f));
}

static void out_params(void) {
  int e = 0, q = 0;
  CHECK_SAME_F(__nv_frexpf(48.0f, &e), 0.75f);
  CHECK_EQ(e, 6);
  CHECK_SAME_F(__nv_frexpf(-0x1p-149f, &e), -0.5f);
  CHECK_EQ(e, -148);
  float ip = 0;
  CHECK_SAME_F(__nv_modff(-3.25f, &ip), -0.25f);
  CHECK_SAME_F(ip, -3.0f);
  CHECK_SAME_F(__nv_remquof(10.0f, 3.0f, &q), 1.0f);
  CHECK_EQ(q & 7, 3);
  CHECK_SAME_F(__nv_remquof(-11.0f, 3.0f, &q), 1.0f); /* -11 - 3 * -4 */
  CHECK(q < 0 && (-q & 7) == 4);
  for (int k = 0; k < 500; k++) {
    float x = (float)ld_uniform(-50, 50), s = 0, c = 0;
    __nv_sincosf(x, &s, &c);
    CHECK_ULP_F(s, sinl(x), 2, x);
    CHECK_ULP_F(c, cosl(x), 2, x);
    __nv_fast_sincosf(x, &s, &c);
    CHECK_ULP_F(s, sinl(x), 2, x);
    CHECK_ULP_F(c, cosl(x), 2, x);
  }
}

static void special_values(void) {
  CHECK_SAME_F(__nv_sinf(-0.0f), -0.0f);
  CHECK_SAME_F(__nv_expf(-INFINITY), 0.0f);
  CHECK_SAME_F(__nv_logf(0.0f), -INFINITY);
  CHECK(isnan(__nv_logf(-1.0f)));
  CHECK(isnan(__nv_powf(-8.0f, 1.0f / 3)));
  CHECK_SAME_F(__nv_powf(-2.0f, 3.0f), -8.0f);
  CHECK_SAME_F(__nv_sqrtf(-0.0f), -0.0f);
  CHECK(isnan(__nv_sqrtf(-1.0f)));
  CHECK_SAME_F(__nv_fmaxf(NAN, 2.0f), 2.0f);
  CHECK_SAME_F(__nv_fminf(3.0f, NAN), 3.0f);
  CHECK_SAME_F(__nv_fmaf(0x1p23f + 1, 0x1p23f - 1, -0x1p46f), -1.0f);
  CHECK_SAME_F(__nv_ldexpf(1.0f, -149), 0x1p-149f);
  CHECK_SAME_F(__nv_scalbnf(3.0f, 4), 48.0f);
  CHECK_SAME_F(__nv_ldexpf(1.0f, 128), INFINITY);
  CHECK_EQ(__nv_ilogbf(8.0f), 3);
  CHECK_EQ(__nv_ilogbf(0x1p-149f), -149);
  CHECK_EQ(__nv_ilogbf(0.0f), FP_ILOGB0);
  CHECK_EQ(__nv_llrintf(2.5f), 2);
  CHECK_EQ(__nv_llrintf(-3.5f), -4);
  CHECK_EQ(__nv_llrintf(0x1p40f), 1ll << 40);
  CHECK_EQ(__nv_llroundf(2.5f), 3);
  CHECK_EQ(__nv_llroundf(-2.5f), -3);
  CHECK_SAME_F(__nv_nextafterf(1.0f, 2.0f), 1.0f + 0x1p-23f);
  CHECK_SAME_F(__nv_nextafterf(0.0f, -1.0f), -0x1p-149f);
  CHECK_SAME_F(__nv_copysignf(2.0f, -0.0f), -2.0f);
  CHECK_SAME_F(__nv_logbf(0x1p-140f), -140.0f);
  CHECK_SAME_F(__nv_tgammaf(5.0f), 24.0f);
  CHECK_SAME_F(__nv_rsqrtf(4.0f), 0.5f);
  CHECK_SAME_F(__nv_rsqrtf(0.0f), INFINITY);
  CHECK_SAME_F(__nv_rsqrtf(-0.0f), -INFINITY);
  CHECK(isnan(__nv_rsqrtf(-1.0f)));
  CHECK_SAME_F(__nv_rsqrtf(INFINITY), 0.0f);
  CHECK_SAME_F(__nv_rcbrtf(-8.0f), -0.5f);
  CHECK_SAME_F(__nv_rcbrtf(-0.0f), -INFINITY);
  CHECK_SAME_F(__nv_fast_fdividef(1.0f, 0.0f), INFINITY);
  CHECK_SAME_F(__nv_fast_fdividef(6.0f, -3.0f), -2.0f);
  /* Saturation to [+0, 1]; NaN gives +0. */
  CHECK_SAME_F(__nv_saturatef(NAN), 0.0f);
  CHECK_SAME_F(__nv_saturatef(-0.0f), 0.0f);
  CHECK_SAME_F(__nv_saturatef(-3.0f), 0.0f);
  CHECK_SAME_F(__nv_saturatef(0.25f), 0.25f);
  CHECK_SAME_F(__nv_saturatef(1.5f), 1.0f);
  CHECK_SAME_F(__nv_saturatef(INFINITY), 1.0f);
  CHECK_SAME_F(__nv_saturatef(0x1p-149f), 0x1p-149f);
  /* powif: pow in double, then rounded; C's special cases. */
  CHECK_SAME_F(__nv_powif(2.0f, 10), 1024.0f);
  CHECK_SAME_F(__nv_powif(2.0f, -3), 0.125f);
  CHECK_SAME_F(__nv_powif(0.0f, -1), INFINITY);
  CHECK_SAME_F(__nv_powif(-0.0f, -1), -INFINITY);
  CHECK_SAME_F(__nv_powif(-0.0f, -2), INFINITY);
  CHECK_SAME_F(__nv_powif(NAN, 0), 1.0f);
  CHECK_SAME_F(__nv_powif(-1.5f, 3), -3.375f);
  for (int k = 0; k < 1000; k++) {
    float x = (float)ld_uniform(-4, 4);
    int n = (int)(ld_rand32() % 41) - 20;
    CHECK_ULP_F(__nv_powif(x, n), powl(x, n), 0.501, x);
  }
  /* Classification. */
  const float vals[] = {0.0f, -0.0f, 1.0f, -0x1p-149f, FLT_MAX, INFINITY,
                        -INFINITY, NAN, -NAN};
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    float v = vals[i];
    CHECK_EQ(__nv_finitef(v), i <= 4);
    CHECK_EQ(__nv_isinff(v), i == 5 || i == 6);
    CHECK_EQ(__nv_isnanf(v), i >= 7);
    CHECK_EQ(__nv_signbitf(v), (ld_fbits(v) >> 31) != 0);
  }
  CHECK_EQ(__nv_finitef(FLT_MAX), 1);
  CHECK_EQ(__nv_finitef(INFINITY), 0);
  CHECK_EQ(__nv_signbitf(-0.0f), 1);
  /* nanf: a quiet NaN, whatever the tag. */
  CHECK(isnan(__nv_nanf((const signed char*)"")));
  CHECK(isnan(__nv_nanf((const signed char*)"123")));
  CHECK((ld_fbits(__nv_nanf((const signed char*)"")) & 0x7fc00000u) ==
        0x7fc00000u);
}

int main(void) {
  random_args();
  bessel();
  out_params();
  special_values();
  return check_summary("test_libdevice_float");
}
