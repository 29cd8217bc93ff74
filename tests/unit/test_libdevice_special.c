// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -lm
/* libdevice on the CPU device, the special functions the C library lacks
 * (src/backend/cpu/libdevice_special.c): sinpi and cospi against long
 * double sin and cos of a reduced argument; the inverse functions by
 * feeding their results back to long double erf, erfc; the Bessel
 * functions against their integrals (the trapezoidal rule, exact to
 * rounding for these periodic integrands); the norms against a scaled
 * long double sum; and hand-checked special values (signed zeros, an
 * infinity beats a NaN, no overflow or underflow on the way). */
#include "libdevice_test.h"

#define PI_L 3.141592653589793238462643383279502884L

#define DECL(n) double __nv_##n(double); float __nv_##n##f(float);
DECL(sinpi) DECL(cospi) DECL(erfcx) DECL(erfinv) DECL(erfcinv) DECL(normcdf)
DECL(normcdfinv) DECL(cyl_bessel_i0) DECL(cyl_bessel_i1)
#undef DECL
void __nv_sincospi(double, double*, double*);
void __nv_sincospif(float, float*, float*);
float __nv_rhypotf(float, float);
float __nv_norm3df(float, float, float), __nv_rnorm3df(float, float, float);
float __nv_norm4df(float, float, float, float),
    __nv_rnorm4df(float, float, float, float);
float __nv_normf(int, const float*), __nv_rnormf(int, const float*);
double __nv_rhypot(double, double);
double __nv_norm3d(double, double, double), __nv_rnorm3d(double, double, double);
double __nv_norm4d(double, double, double, double),
    __nv_rnorm4d(double, double, double, double);
double __nv_norm(int, const double*), __nv_rnorm(int, const double*);

/* sin(pi x), cos(pi x): x reduced exactly to r in [-1, 1] (fmod), then to
 * an argument of at most 1/2 where long double sin and cos are accurate to
 * their last bits relative to the result. */
static long double sinpi_ref(double x) {
  double r = fmod(x, 2.0);                 /* exact, sign of x */
  if (r > 1) r -= 2;                       /* exact */
  if (r < -1) r += 2;
  if (r > 0.5) r = 1 - r;                  /* sin(pi - t) = sin(t) */
  if (r < -0.5) r = -1 - r;
  return sinl(PI_L * r);
}
static long double cospi_ref(double x) {
  double r = fabs(fmod(x, 2.0));           /* cos is even */
  if (r > 1) r = 2 - r;
  if (r <= 0.25) return cosl(PI_L * r);
  if (r <= 0.75) return sinl(PI_L * (0.5 - r)); /* exact difference */
  return -cosl(PI_L * (1 - r));
}

static void sin_cos_pi(void) {
  for (int k = 0; k < 20000; k++) {
    double x = k & 1 ? ld_uniform(-8, 8) : ld_uniform(-1e6, 1e6);
    float xf = (float)x;
    CHECK_ULP_D(__nv_sinpi(x), sinpi_ref(x), 1, x);
    CHECK_ULP_D(__nv_cospi(x), cospi_ref(x), 1, x);
    CHECK_ULP_F(__nv_sinpif(xf), sinpi_ref(xf), 0.501, xf);
    CHECK_ULP_F(__nv_cospif(xf), cospi_ref(xf), 0.501, xf);
    double s, c;
    float sf, cf;
    __nv_sincospi(x, &s, &c);
    CHECK_SAME_D(s, __nv_sinpi(x));
    CHECK_SAME_D(c, __nv_cospi(x));
    __nv_sincospif(xf, &sf, &cf);
    CHECK_SAME_F(sf, __nv_sinpif(xf));
    CHECK_SAME_F(cf, __nv_cospif(xf));
  }
  /* Exact values and the signs of zeros. */
  CHECK_SAME_D(__nv_sinpi(1.0), 0.0);
  CHECK_SAME_D(__nv_sinpi(-1.0), -0.0);
  CHECK_SAME_D(__nv_sinpi(-0.0), -0.0);
  CHECK_SAME_D(__nv_sinpi(0.5), 1.0);
  CHECK_SAME_D(__nv_sinpi(-1.5), 1.0);
  CHECK_SAME_D(__nv_sinpi(0x1p60), 0.0);
  CHECK_SAME_D(__nv_cospi(0.5), 0.0);
  CHECK_SAME_D(__nv_cospi(-1.5), 0.0);
  CHECK_SAME_D(__nv_cospi(1.0), -1.0);
  CHECK_SAME_D(__nv_cospi(0x1p60), 1.0);
  CHECK_SAME_D(__nv_cospi(0x1p52 + 1), -1.0);
  CHECK(isnan(__nv_sinpi(INFINITY)));
  CHECK(isnan(__nv_cospi(-INFINITY)));
  CHECK(isnan(__nv_sinpi(NAN)));
  CHECK_SAME_F(__nv_sinpif(-2.0f), -0.0f);
  CHECK_SAME_F(__nv_sinpif(0.25f), (float)0.70710678118654752440L);
  CHECK_SAME_F(__nv_cospif(2.5f), 0.0f);
  CHECK_SAME_F(__nv_cospif(3.0f), -1.0f);
  CHECK(isnan(__nv_sinpif(INFINITY)));
}

/* r inverts f at y: |f(r) - y| within `ulps` ulps of r carried through
 * the slope, plus an ulp of y (all in long double). */
static int inverts(long double fr, long double y, long double slope,
                   long double r_ulp, long double y_ulp, double ulps) {
  return fabsl(fr - y) <= ulps * r_ulp * fabsl(slope) + y_ulp;
}
static long double ulp_d(long double v) {
  int e;
  frexpl(v, &e);
  return ldexpl(1, (e < -1021 ? -1021 : e) - 53);
}
static long double ulp_f(long double v) {
  int e;
  frexpl(v, &e);
  return ldexpl(1, (e < -125 ? -125 : e) - 24);
}

#define CHECK_INVERSE(ok, what, arg, res)                                   \
  do {                                                                      \
    check_count++;                                                          \
    if (!(ok)) {                                                            \
      fprintf(stderr, "%s:%d: %s(%a) = %a does not invert\n", __FILE__,     \
              __LINE__, what, (double)(arg), (double)(res));                \
      check_failures++;                                                     \
    }                                                                       \
  } while (0)

static void error_functions(void) {
  const long double two_over_sqrt_pi = 1.128379167095512573896158903121545L;
  for (int k = 0; k < 5000; k++) {
    double y = ld_uniform(-0.999, 0.999);
    double r = __nv_erfinv(y);
    long double slope = two_over_sqrt_pi * expl(-(long double)r * r);
    CHECK_INVERSE(inverts(erfl(r), y, slope, ulp_d(r), ulp_d(y), 2),
                  "erfinv", y, r);
    float yf = (float)y, rf = __nv_erfinvf(yf);
    slope = two_over_sqrt_pi * expl(-(long double)rf * rf);
    CHECK_INVERSE(inverts(erfl(rf), yf, slope, ulp_f(rf), ulp_f(yf), 1),
                  "erfinvf", yf, rf);
    double z = k & 1 ? ld_uniform(0.001, 1.999)
                     : ldexp(ld_uniform(1, 2), -(k % 900));
    r = __nv_erfcinv(z);
    slope = two_over_sqrt_pi * expl(-(long double)r * r);
    CHECK_INVERSE(inverts(erfcl(r), z, slope, ulp_d(r), ulp_d(z), 2),
                  "erfcinv", z, r);
    double p = k & 1 ? ld_uniform(0.0001, 0.9999)
                     : ldexp(ld_uniform(1, 2), -1 - k % 900);
    r = __nv_normcdfinv(p);
    slope = expl(-(long double)r * r / 2) / sqrtl(2 * PI_L);
    CHECK_INVERSE(inverts(0.5L * erfcl(-r / sqrtl(2)), p, slope, ulp_d(r),
                          ulp_d(p), 2),
                  "normcdfinv", p, r);
    /* Forward: normcdf and erfcx from their definitions. */
    double x = ld_uniform(-30, 8);
    CHECK_ULP_D(__nv_normcdf(x), 0.5L * erfcl(-x / sqrtl(2)), 2, x);
    CHECK_ULP_F(__nv_normcdff((float)x), 0.5L * erfcl(-(float)x / sqrtl(2)),
                0.501, x);
    x = ld_uniform(-5, 40);
    long double xx = (long double)x * x; /* exact */
    CHECK_ULP_D(__nv_erfcx(x), erfcl(x) * expl(xx), 3, x);
    xx = (long double)(float)x * (float)x;
    CHECK_ULP_F(__nv_erfcxf((float)x), erfcl((float)x) * expl(xx), 0.51, x);
  }
  /* Far out, against Laplace's continued fraction
   * erfcx(x) = 1/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))),
   * which converges fast for large x (evaluated from the bottom). */
  for (double x = 6; x < 1e300; x *= 3.7) {
    float xf = (float)x;
    long double cf = x, cff = xf;
    for (int n = 200; n >= 1; n--) {
      cf = x + (n / 2.0L) / cf;
      cff = xf + (n / 2.0L) / cff;
    }
    CHECK_ULP_D(__nv_erfcx(x), 1 / (sqrtl(PI_L) * cf), 2, x);
    if (x < 1e30) CHECK_ULP_F(__nv_erfcxf(xf), 1 / (sqrtl(PI_L) * cff), 0.51, x);
  }
  CHECK_SAME_D(__nv_erfinv(0.0), 0.0);
  CHECK_SAME_D(__nv_erfinv(-0.0), -0.0);
  CHECK_SAME_D(__nv_erfinv(1.0), INFINITY);
  CHECK_SAME_D(__nv_erfinv(-1.0), -INFINITY);
  CHECK(isnan(__nv_erfinv(1.5)));
  CHECK_SAME_F(__nv_erfinvf(-1.0f), -INFINITY);
  CHECK_SAME_D(__nv_erfcinv(0.0), INFINITY);
  CHECK_SAME_D(__nv_erfcinv(2.0), -INFINITY);
  CHECK_SAME_D(__nv_erfcinv(1.0), 0.0);
  CHECK(isnan(__nv_erfcinv(-0.5)));
  CHECK_SAME_F(__nv_erfcinvf(0.0f), INFINITY);
  CHECK_SAME_D(__nv_normcdfinv(0.5), 0.0);
  CHECK_SAME_D(__nv_normcdfinv(0.0), -INFINITY);
  CHECK_SAME_D(__nv_normcdfinv(1.0), INFINITY);
  CHECK(isnan(__nv_normcdfinvf(2.0f)));
  CHECK_SAME_D(__nv_normcdf(0.0), 0.5);
  CHECK_SAME_D(__nv_normcdf(-INFINITY), 0.0);
  CHECK_SAME_D(__nv_normcdf(INFINITY), 1.0);
  CHECK_SAME_F(__nv_normcdff(0.0f), 0.5f);
  CHECK_SAME_D(__nv_erfcx(INFINITY), 0.0);
  CHECK_SAME_D(__nv_erfcx(-30.0), INFINITY);
  CHECK_SAME_D(__nv_erfcx(0.0), 1.0);
  CHECK_SAME_F(__nv_erfcxf(0.0f), 1.0f);
  CHECK(isnan(__nv_erfcx(NAN)));
}

/* I0(x) = (1/pi) int_0^pi exp(x cos t) dt and I1 with cos t in the
 * integrand: the trapezoidal rule on n points converges geometrically for
 * these periodic analytic integrands. */
static long double bessel_i_ref(double x, int order) {
  const int n = 400;
  long double sum = 0;
  for (int i = 0; i <= n; i++) {
    long double t = PI_L * i / n, c = cosl(t);
    long double v = expl(x * c) * (order ? c : 1);
    sum += i == 0 || i == n ? v / 2 : v;
  }
  return sum / n;
}

static void bessel(void) {
  for (int k = 0; k < 2000; k++) {
    double x = ld_uniform(-60, 60);
    float xf = (float)x;
    CHECK_ULP_D(__nv_cyl_bessel_i0(x), bessel_i_ref(x, 0), 2, x);
    CHECK_ULP_D(__nv_cyl_bessel_i1(x), bessel_i_ref(x, 1), 2, x);
    CHECK_ULP_F(__nv_cyl_bessel_i0f(xf), bessel_i_ref(xf, 0), 0.51, xf);
    CHECK_ULP_F(__nv_cyl_bessel_i1f(xf), bessel_i_ref(xf, 1), 0.51, xf);
  }
  CHECK_SAME_D(__nv_cyl_bessel_i0(0.0), 1.0);
  CHECK_SAME_D(__nv_cyl_bessel_i1(-0.0), -0.0);
  CHECK_SAME_D(__nv_cyl_bessel_i0(-800.0), INFINITY);
  CHECK_SAME_D(__nv_cyl_bessel_i1(-800.0), -INFINITY);
  CHECK_SAME_F(__nv_cyl_bessel_i0f(100.0f), INFINITY);
  CHECK_SAME_F(__nv_cyl_bessel_i1f(-0.0f), -0.0f);
  CHECK(isnan(__nv_cyl_bessel_i0(NAN)));
}

/* sqrt(sum a_i^2) without overflow: scaled by the largest |a_i|, a power
 * of two (exact), then summed in long double. */
static long double norm_ref(int n, const double* a) {
  double m = 0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(a[i]));
  if (m == 0) return 0;
  int e;
  frexp(m, &e);
  long double s = 0;
  for (int i = 0; i < n; i++) {
    long double v = ldexpl(a[i], -e);
    s += v * v;
  }
  return ldexpl(sqrtl(s), e);
}

static void norms(void) {
  for (int k = 0; k < 20000; k++) {
    int scale = (int)(ld_rand32() % 1200) - 600;
    double a[6];
    float f[6];
    for (int i = 0; i < 6; i++) {
      a[i] = ldexp(ld_uniform(-1, 1), scale + (int)(ld_rand32() % 20));
      f[i] = (float)ldexp(a[i], -scale + (int)(ld_rand32() % 200) - 100);
    }
    double fd[6];
    for (int i = 0; i < 6; i++) fd[i] = f[i];
    long double n2 = norm_ref(2, a), n3 = norm_ref(3, a), n4 = norm_ref(4, a);
    long double n6 = norm_ref(6, a);
    CHECK_ULP_D(__nv_rhypot(a[0], a[1]), 1 / n2, 1, a[0]);
    CHECK_ULP_D(__nv_norm3d(a[0], a[1], a[2]), n3, 1, a[0]);
    CHECK_ULP_D(__nv_rnorm3d(a[0], a[1], a[2]), 1 / n3, 1, a[0]);
    CHECK_ULP_D(__nv_norm4d(a[0], a[1], a[2], a[3]), n4, 1, a[0]);
    CHECK_ULP_D(__nv_rnorm4d(a[0], a[1], a[2], a[3]), 1 / n4, 1, a[0]);
    CHECK_ULP_D(__nv_norm(6, a), n6, 1, a[0]);
    CHECK_ULP_D(__nv_rnorm(6, a), 1 / n6, 1, a[0]);
    n2 = norm_ref(2, fd), n3 = norm_ref(3, fd), n4 = norm_ref(4, fd);
    n6 = norm_ref(6, fd);
    CHECK_ULP_F(__nv_rhypotf(f[0], f[1]), 1 / n2, 0.501, f[0]);
    CHECK_ULP_F(__nv_norm3df(f[0], f[1], f[2]), n3, 0.501, f[0]);
    CHECK_ULP_F(__nv_rnorm3df(f[0], f[1], f[2]), 1 / n3, 0.501, f[0]);
    CHECK_ULP_F(__nv_norm4df(f[0], f[1], f[2], f[3]), n4, 0.501, f[0]);
    CHECK_ULP_F(__nv_rnorm4df(f[0], f[1], f[2], f[3]), 1 / n4, 0.501, f[0]);
    CHECK_ULP_F(__nv_normf(6, f), n6, 0.501, f[0]);
    CHECK_ULP_F(__nv_rnormf(6, f), 1 / n6, 0.501, f[0]);
  }
  /* No overflow or underflow in between. */
  CHECK_ULP_D(__nv_norm3d(1e300, 1e300, 1e300), 1e300L * sqrtl(3), 1, 0);
  CHECK_ULP_D(__nv_rnorm3d(1e-300, 1e-300, 1e-300), 1e300L / sqrtl(3), 1, 0);
  CHECK_ULP_F(__nv_norm3df(3e38f, 3e38f, 0), 3e38L * sqrtl(2), 0.501, 0);
  CHECK_ULP_F(__nv_rhypotf(3e-45f, 4e-45f), 1 / hypotl(3e-45f, 4e-45f), 0.501, 0);
  CHECK_SAME_F(__nv_rhypotf(3.0f, 4.0f), 0.2f);
  CHECK_SAME_D(__nv_norm3d(2.0, 3.0, 6.0), 7.0);
  CHECK_SAME_F(__nv_norm4df(1.0f, 1.0f, 1.0f, 1.0f), 2.0f);
  /* An infinite coordinate beats a NaN; NaN alone gives NaN. */
  CHECK_SAME_D(__nv_norm3d(NAN, -INFINITY, 1.0), INFINITY);
  CHECK_SAME_D(__nv_rnorm4d(1.0, NAN, 2.0, INFINITY), 0.0);
  CHECK_SAME_D(__nv_rhypot(INFINITY, NAN), 0.0);
  CHECK(isnan(__nv_norm4d(1.0, NAN, 2.0, 3.0)));
  CHECK_SAME_F(__nv_norm3df(NAN, -INFINITY, 1.0f), INFINITY);
  CHECK_SAME_F(__nv_rnorm3df(INFINITY, NAN, 1.0f), 0.0f);
  CHECK_SAME_F(__nv_rhypotf(NAN, -INFINITY), 0.0f);
  CHECK(isnan(__nv_rhypotf(NAN, 1.0f)));
  double da[3] = {NAN, 1.0, -INFINITY};
  float fa[3] = {NAN, 1.0f, -INFINITY};
  CHECK_SAME_D(__nv_norm(3, da), INFINITY);
  CHECK_SAME_D(__nv_rnorm(3, da), 0.0);
  CHECK_SAME_F(__nv_normf(3, fa), INFINITY);
  CHECK_SAME_F(__nv_rnormf(3, fa), 0.0f);
  CHECK(isnan(__nv_norm(2, da)));
  CHECK(isnan(__nv_normf(2, fa)));
  /* Zero vectors: norm 0, reciprocal +inf. */
  CHECK_SAME_D(__nv_norm(0, da), 0.0);
  CHECK_SAME_D(__nv_rnorm3d(0.0, -0.0, 0.0), INFINITY);
  CHECK_SAME_F(__nv_rnormf(0, fa), INFINITY);
  CHECK_SAME_F(__nv_rhypotf(0.0f, -0.0f), INFINITY);
}

int main(void) {
  sin_cos_pi();
  error_functions();
  bessel();
  norms();
  return check_summary("test_libdevice_special");
}
