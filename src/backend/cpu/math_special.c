/* HIP math functions that the C library lacks, for the CPU device (see
 * hip/hipc/math_lib.h). Each is computed in long double (64 or more
 * mantissa bits on x86-64 and AArch64) from C library functions, so that
 * the double result is within about one ulp; the float versions in the
 * headers round these. */
#include <math.h>

#include "hip/hipc/math_lib.h"

#define PI_L 3.141592653589793238462643383279502884L
#define SQRT_PI_L 1.772453850905516027298167483341145182L
#define SQRT2_L 1.414213562373095048801688724209698079L

/* sin(pi * x) and cos(pi * x) from x = n/2 + r with |r| <= 1/4 (exact:
 * |x| < 2^52 there, so 2x and the difference are exact). */
static long double sincospi_quadrant(double x, int want_cos) {
  double n = nearbyint(2.0 * x);
  double r = x - 0.5 * n;
  long double a = PI_L * r;
  int q = (int)fmod(n, 4.0);
  if (q < 0) q += 4;
  if (want_cos) q = (q + 1) & 3;  /* cos(t) = sin(t + pi/2) */
  switch (q) {
    case 0: return sinl(a);
    case 1: return cosl(a);
    case 2: return -sinl(a);
    default: return -cosl(a);
  }
}

double hipc_sinpi(double x) {
  if (isnan(x) || isinf(x)) return x - x;
  if (fabs(x) >= 0x1p52) return copysign(0.0, x);  /* an integer */
  double v = (double)sincospi_quadrant(x, 0);
  return v == 0 ? copysign(0.0, x) : v;  /* sinpi(-n) = -0, sinpi(n) = +0 */
}

double hipc_cospi(double x) {
  if (isnan(x) || isinf(x)) return x - x;
  if (fabs(x) >= 0x1p53) return 1.0;  /* an even integer */
  if (fabs(x) >= 0x1p52) return fmod(x, 2.0) == 0 ? 1.0 : -1.0;
  double v = (double)sincospi_quadrant(x, 1);
  return v == 0 ? 0.0 : v;  /* cospi(n + 1/2) = +0 */
}

/* exp(x * x) with x * x split into an exact sum hi + lo. */
static long double exp_square(double x) {
  double hi = x * x;
  double lo = fma(x, x, -hi);
  return expl((long double)hi) * (1.0L + (long double)lo);
}

/* erfcx(x) = exp(x^2) erfc(x) for x >= 0. Beyond 50, where erfc itself
 * nears the bottom of the long double range, the asymptotic series
 * 1/(x sqrt(pi)) * sum (-1)^k (2k-1)!! / (2x^2)^k converges to full
 * precision in a few terms. */
static long double erfcx_nonneg(double x) {
  if (x < 50) return erfcl(x) * exp_square(x);
  if (isinf(x)) return 0;
  long double t = 1, sum = 1, inv2x2 = 1.0L / (2.0L * x * x);
  for (int k = 1; k < 12; k++) {
    t *= -(2 * k - 1) * inv2x2;
    sum += t;
  }
  return sum / (x * SQRT_PI_L);
}

double hipc_erfcx(double x) {
  if (isnan(x)) return x;
  if (x >= 0) return (double)erfcx_nonneg(x);
  if (x < -26.7) return INFINITY;  /* 2 exp(x^2) overflows */
  /* erfc(-t) = 2 - erfc(t) gives erfcx(x) = 2 exp(x^2) - erfcx(-x). */
  return (double)(2.0L * exp_square(x) - erfcx_nonneg(-x));
}

/* The x >= 0 with erfc(x) = z, for 0 < z <= 1: Newton's method on
 * log(erfc(x)) - log(z), which is concave and decreasing, so that the
 * iteration approaches the root from above once it has overshot. */
static long double erfcinv_upper(long double z) {
  long double x;
  if (z > 0.1L) {  /* erfinv(y) ~ sqrt(pi)/2 (y + pi y^3 / 12) */
    long double y = 1 - z;
    x = SQRT_PI_L / 2 * y * (1 + PI_L * y * y / 12);
  } else {
    x = sqrtl(-logl(z));
  }
  for (int i = 0; i < 100; i++) {
    long double e = erfcl(x);
    long double f = logl(e / z);
    long double df = -2 / SQRT_PI_L * expl(-x * x) / e;
    long double dx = f / df;
    x -= dx;
    if (fabsl(dx) <= 0x1p-66L * fabsl(x)) break;
  }
  return x;
}

/* erfinv for |y| < 1/2: Newton's method on erf(x) - y. */
static long double erfinv_small(double y) {
  long double x = SQRT_PI_L / 2 * y * (1 + PI_L * y * y / 12);
  for (int i = 0; i < 100; i++) {
    long double dx = (erfl(x) - y) / (2 / SQRT_PI_L * expl(-x * x));
    x -= dx;
    if (fabsl(dx) <= 0x1p-66L * fabsl(x)) break;
  }
  return x;
}

double hipc_erfinv(double y) {
  if (isnan(y) || fabs(y) > 1) return NAN;
  if (y == 0) return y;
  if (fabs(y) == 1) return copysign(INFINITY, y);
  if (fabs(y) < 0.5) return (double)erfinv_small(y);
  /* 1 - |y| is exact for |y| in [1/2, 1]. */
  return copysign((double)erfcinv_upper(1.0L - fabs(y)), y);
}

/* erfcinv in long double, for z in (0, 2): near 1, as erfinv(1 - z) (exact
 * there), which keeps the precision of a result near 0. */
static long double erfcinv_ld(double z) {
  if (z >= 0.5 && z <= 1.5) return erfinv_small(1.0 - z);
  if (z < 0.5) return erfcinv_upper(z);
  return -erfcinv_upper(2.0 - z);  /* exact for z in [1.5, 2] */
}

double hipc_erfcinv(double z) {
  if (isnan(z) || z < 0 || z > 2) return NAN;
  if (z == 0) return INFINITY;
  if (z == 2) return -INFINITY;
  return (double)erfcinv_ld(z);
}

double hipc_normcdf(double x) {
  if (isnan(x)) return x;
  return (double)(0.5L * erfcl(-(long double)x / SQRT2_L));
}

double hipc_normcdfinv(double p) {
  if (isnan(p) || p < 0 || p > 1) return NAN;
  if (p == 0) return -INFINITY;
  if (p == 1) return INFINITY;
  double x = (double)(-SQRT2_L * erfcinv_ld(2 * p));  /* 2p is exact */
  return x == 0 ? 0.0 : x;  /* +0 at p = 1/2 */
}

/* The power series of I0 (order 0) or I1 (order 1): all terms positive, so
 * it is accurate for every x; it needs about |x| terms. */
static long double bessel_i_series(long double x, int order) {
  long double q = x * x / 4;
  long double t = order ? x / 2 : 1, sum = t;
  for (int k = 1; k < 4000; k++) {
    t *= q / ((long double)k * (k + order));
    sum += t;
    if (t <= sum * 0x1p-68L) break;
  }
  return sum;
}

double hipc_cyl_bessel_i0(double x) {
  if (isnan(x)) return x;
  x = fabs(x);
  if (x > 720) return INFINITY;
  return (double)bessel_i_series(x, 0);
}

double hipc_cyl_bessel_i1(double x) {
  if (isnan(x)) return x;
  if (fabs(x) > 720) return copysign(INFINITY, x);
  if (x == 0) return x;
  return copysign((double)bessel_i_series(fabs(x), 1), x);
}

/* The sum of squares in long double (no overflow or underflow there); -1
 * for an infinite a[i], NaN for a NaN one. */
static long double sum_squares(int dim, const double* a) {
  long double sum = 0;
  int nan = 0;
  for (int i = 0; i < dim; i++) {
    if (isinf(a[i])) return -1;
    if (isnan(a[i])) nan = 1;
    sum += (long double)a[i] * a[i];
  }
  return nan ? NAN : sum;
}

double hipc_norm(int dim, const double* a) {
  long double s = sum_squares(dim, a);
  return s < 0 ? INFINITY : (double)sqrtl(s);
}

double hipc_rnorm(int dim, const double* a) {
  long double s = sum_squares(dim, a);
  return s < 0 ? 0.0 : (double)(1.0L / sqrtl(s));
}
