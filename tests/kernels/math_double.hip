// Double-precision math in kernels against a long double host reference:
// every function of the reference's table, over HIP's test ranges plus
// special values, reporting the worst error per function and checking it
// against HIP's documented bound (CUDA's where HIP documents none; where
// the C library's function is documented to be less accurate than HIP's
// bound, glibc's documented bound, marked libm: cbrt, exp10, sinh, tanh).
// Exact functions (frexp, modf, remquo, ...) are compared bit for bit.
#include <cstring>

#include "ulp.h"

// M(name, device call on x (and y), reference on X (and Y), bound, range)
#define F1(M)                                                       \
  M(acos, acos(x), std::acos(X), 1, -1, 1)                          \
  M(acosh, acosh(x), std::acosh(X), 1, 1, 100)                      \
  M(asin, asin(x), std::asin(X), 1, -1, 1)                          \
  M(asinh, asinh(x), std::asinh(X), 1, -10, 10)                     \
  M(atan, atan(x), std::atan(X), 1, -10, 10)                        \
  M(atanh, atanh(x), std::atanh(X), 1, -0.9, 0.9)                   \
  M(cbrt, cbrt(x), std::cbrt(X), 4 /* libm */, -100, 100)           \
  M(ceil, ceil(x), std::ceil(X), 0, -4, 4)                          \
  M(cos, cos(x), std::cos(X), 1, -3.15, 3.15)                       \
  M(cosh, cosh(x), std::cosh(X), 1, -5, 5)                          \
  M(erfc, erfc(x), std::erfc(X), 2, -4, 4)                          \
  M(erf, erf(x), std::erf(X), 4, -4, 4)                             \
  M(exp10, exp10(x), exp10l(X), 2 /* libm */, -4, 4)                \
  M(exp2, exp2(x), std::exp2(X), 1, -10, 10)                        \
  M(exp, exp(x), std::exp(X), 1, -10, 10)                           \
  M(expm1, expm1(x), std::expm1(X), 1, -10, 10)                     \
  M(fabs, fabs(x), std::fabs(X), 0, -20, 20)                        \
  M(floor, floor(x), std::floor(X), 0, -4, 4)                       \
  M(lgamma, lgamma(x), std::lgamma(X), 2, 0.5, 20)                  \
  M(log10, log10(x), std::log10(X), 1, 1e-6, 1e6)                   \
  M(log1p, log1p(x), std::log1p(X), 1, -0.9, 10)                    \
  M(log2, log2(x), std::log2(X), 1, 1e-6, 1e6)                      \
  M(logb, logb(x), std::logb(X), 0, 1e-6, 1e6)                      \
  M(log, log(x), std::log(X), 1, 1e-6, 1e6)                         \
  M(nearbyint, nearbyint(x), std::nearbyint(X), 0, -4, 4)           \
  M(rint, rint(x), std::rint(X), 0, -4, 4)                          \
  M(round, round(x), std::round(X), 0, -4, 4)                       \
  M(sin, sin(x), std::sin(X), 1, -3.15, 3.15)                       \
  M(sinh, sinh(x), std::sinh(X), 2 /* libm */, -5, 5)               \
  M(sqrt, sqrt(x), std::sqrt(X), 0, 0, 100)                         \
  M(tan, tan(x), std::tan(X), 1, -4.6, 4.6)                         \
  M(tanh, tanh(x), std::tanh(X), 2 /* libm */, -5, 5)               \
  M(tgamma, tgamma(x), std::tgamma(X), 6, 0.5, 15)                  \
  M(trunc, trunc(x), std::trunc(X), 0, -4, 4)                       \
  M(rsqrt, rsqrt(x), 1 / std::sqrt(X), 1, 0.01, 100)                \
  M(rcbrt, rcbrt(x), 1 / std::cbrt(X), 1, -100, 100)                \
  M(sinpi, sinpi(x), ulp::sinpi(X), 2, -0.625, 0.625)               \
  M(cospi, cospi(x), ulp::cospi(X), 2, -0.3, 0.3)                   \
  M(sinpi_wide, sinpi(x), ulp::sinpi(X), 2, -1000, 1000)            \
  M(cospi_wide, cospi(x), ulp::cospi(X), 2, -1000, 1000)            \
  M(erfcx, erfcx(x), ulp::erfcx(X), 5, -2, 10)                      \
  M(erfcx_wide, erfcx(x), ulp::erfcx(X), 5, -26, 1e5)               \
  M(erfinv, erfinv(x), ulp::erfinv(X), 2, -0.9999, 0.9999)          \
  M(erfcinv, erfcinv(x), ulp::erfcinv(X), 4, 1e-3, 1.999)           \
  M(normcdf, normcdf(x), ulp::normcdf(X), 5, -30, 8)                \
  M(normcdfinv, normcdfinv(x), ulp::normcdfinv(X), 5, 1e-4, 0.9999) \
  M(cyl_i0, cyl_bessel_i0(x), ulp::bessel_i(0, X), 6, -30, 30)      \
  M(cyl_i1, cyl_bessel_i1(x), ulp::bessel_i(1, X), 6, -30, 30)      \
  M(dsqrt_rn, __dsqrt_rn(x), std::sqrt(X), 0, 0, 100)               \
  M(drcp_rn, __drcp_rn(x), 1 / X, 0, -100, 100)                     \
  M(jn_3_tiny, jn(3, x), jnl(3, X), 5, -5e-7, 5e-7)                 \
  M(jn_m3_tiny, jn(-3, x), jnl(-3, X), 5, -5e-7, 5e-7)

// Bessel functions: absolute error bounds (CUDA's), as the relative error
// is unbounded near their zeros.
#define F1_ABS(M)                               \
  M(j0, j0(x), j0l(X), -5e-12, -20, 20)         \
  M(j1, j1(x), j1l(X), -5e-12, -20, 20)         \
  M(y0, y0(x), y0l(X), -5e-12, 0.5, 20)         \
  M(y1, y1(x), y1l(X), -5e-12, 0.5, 20)         \
  M(jn_3, jn(3, x), jnl(3, X), -5e-12, -20, 20) \
  M(jn_m3, jn(-3, x), jnl(-3, X), -5e-12, -20, 20) \
  M(yn_2, yn(2, x), ynl(2, X), -5e-12, 1, 20)  \
  M(yn_m3, yn(-3, x), ynl(-3, X), -5e-12, 1, 20)

// fmax/fmin(+0, -0) may give either zero: both sides add +0.
#define F2(M)                                                                  \
  M(atan2, atan2(x, y), std::atan2(X, Y), 1, -4, 4, -2, 2)                     \
  M(copysign, copysign(x, y), std::copysign(X, Y), 0, -10, 10, -3, 3)          \
  M(fdim, fdim(x, y), std::fdim(X, Y), 0, -10, 10, -3, 3)                      \
  M(fmax, fmax(x, y) + 0.0, std::fmax(X, Y) + 0, 0, -10, 10, -3, 3)            \
  M(fmin, fmin(x, y) + 0.0, std::fmin(X, Y) + 0, 0, -10, 10, -3, 3)            \
  M(fmod, fmod(x, y), std::fmod(X, Y), 0, -10, 10, -3, 3)                      \
  M(hypot, hypot(x, y), ulp::hyp({X, Y}), 1, -10, 10, 0, 10)                   \
  M(pow, pow(x, y), std::pow(X, Y), 1, -4, 4, -2, 2)                           \
  M(remainder, remainder(x, y), std::remainder(X, Y), 0, -10, 10, -3, 3)       \
  M(rhypot, rhypot(x, y), 1 / ulp::hyp({X, Y}), 1, -100, 100, -10, 100)        \
  M(norm3d, norm3d(x, y, x - y), ulp::hyp({X, Y, static_cast<double>(X - Y)}), \
    1, -10, 10, -10, 10)                                                       \
  M(norm4d, norm4d(x, y, 2 * x, y - 1),                                        \
    ulp::hyp({X, Y, static_cast<double>(2 * X), static_cast<double>(Y - 1)}),  \
    2, -10, 10, -10, 10)                                                       \
  M(rnorm3d, rnorm3d(x, y, 1.5), 1 / ulp::hyp({X, Y, 1.5L}), 1, -10, 10, -10,  \
    10)                                                                        \
  M(rnorm4d, rnorm4d(x, y, -x, 0.5), 1 / ulp::hyp({X, Y, -X, 0.5L}), 1, -10,   \
    10, -10, 10)                                                               \
  M(norm3d_huge, norm3d(x * 1e300, y * 1e300, 1e-300),                         \
    ulp::hyp({static_cast<double>(X) * 1e300, static_cast<double>(Y) * 1e300,  \
              1e-300}),                                                        \
    1, -10, 10, -10, 10)                                                       \
  M(powi, powi(x, ulp::int_exponent(y)),                                       \
    std::pow(X, ulp::int_exponent(static_cast<double>(Y))), 1,                 \
    -10, 10, -4.99, 4.99)                                                      \
  M(ddiv_rn, __ddiv_rn(x, y), X / Y, 0, -100, 100, -100, 100)                  \
  M(dmul_rn, __dmul_rn(x, y), X* Y, 0, -100, 100, -100, 100)

#define ENUM1(name, ...) id_##name,
#define ENUM2(name, ...) id2_##name,
enum { F1(ENUM1) F1_ABS(ENUM1) n_f1 };
enum { F2(ENUM2) n_f2 };

// Not inlined into the kernel's thread loop: keeps the build fast.
__device__ __attribute__((noinline)) double apply1(int id, double x) {
  switch (id) {
#define CASE1(name, dev, ...) \
  case id_##name:             \
    return dev;
    F1(CASE1) F1_ABS(CASE1)
  }
  return 0;
}
__device__ __attribute__((noinline)) double apply2(int id, double x, double y) {
  switch (id) {
#define CASE2(name, dev, ...) \
  case id2_##name:            \
    return dev;
    F2(CASE2)
  }
  return 0;
}

__global__ void k_apply1(int id, const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = apply1(id, x[i]);
}
__global__ void k_apply2(int id, const double* x, const double* y, double* out,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = apply2(id, x[i], y[i]);
}

const int N = 2048;

static void run1(int id, const char* name, double bound, double lo, double hi,
                 long double (*ref)(long double)) {
  std::vector<double> x = ulp::specials<double>();
  const size_t nspecial = x.size();
  ulp::rng r;
  while (x.size() < N) x.push_back(static_cast<double>(r.in(lo, hi)));
  x.push_back(static_cast<double>(lo));
  x.push_back(static_cast<double>(hi));
  int n = static_cast<int>(x.size());
  double *dx, *dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(double)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice));
  k_apply1<<<(n + 255) / 256, 256>>>(id, dx, dout, n);
  std::vector<double> got(n);
  HIP_CHECK(
      hipMemcpy(got.data(), dout, n * sizeof(double), hipMemcpyDeviceToHost));
  const bool specials = ulp::specials_checked(name);
  ulp::worst w;
  for (int i = 0; i < n; i++) {
    long double want =
        std::isnan(x[i]) ? NAN : ref(static_cast<long double>(x[i]));
    double e;
    if (bound < 0 && std::isfinite(want) && std::fabs(want) <= DBL_MAX) {
      // Absolute error where the value is at most 1, relative beyond.
      e = static_cast<double>(std::fabs(got[i] - want) /
                              std::fmax(1.0L, std::fabs(want)));
    } else {
      e = ulp::error(got[i], want);
    }
    // Special values count only when the result's kind is wrong (NaN,
    // infinity, zero or sign); HIP's bounds hold on the ranges.
    if (static_cast<size_t>(i) < nspecial && (std::isfinite(e) || !specials))
      continue;
    w.update(e, x[i], 0, want, got[i]);
  }
  ulp::report(name, w, bound);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dout));
}

static void run2(int id, const char* name, double bound, double lo1, double hi1,
                 double lo2, double hi2,
                 long double (*ref)(long double, long double)) {
  std::vector<double> sp = ulp::specials<double>(), x, y;
  for (double a : sp)
    for (double b : sp) {
      x.push_back(a);
      y.push_back(b);
    }
  const size_t nspecial = x.size();
  ulp::rng r;
  while (x.size() < N) {
    x.push_back(static_cast<double>(r.in(lo1, hi1)));
    y.push_back(static_cast<double>(r.in(lo2, hi2)));
  }
  int n = static_cast<int>(x.size());
  double *dx, *dy, *dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(double)));
  HIP_CHECK(hipMalloc(&dy, n * sizeof(double)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dy, y.data(), n * sizeof(double), hipMemcpyHostToDevice));
  k_apply2<<<(n + 255) / 256, 256>>>(id, dx, dy, dout, n);
  std::vector<double> got(n);
  HIP_CHECK(
      hipMemcpy(got.data(), dout, n * sizeof(double), hipMemcpyDeviceToHost));
  const bool specials = ulp::specials_checked(name);
  ulp::worst w;
  for (int i = 0; i < n; i++) {
    long double want =
        ref(static_cast<long double>(x[i]), static_cast<long double>(y[i]));
    double e = ulp::error(got[i], want);
    if (static_cast<size_t>(i) < nspecial && (std::isfinite(e) || !specials))
      continue;
    w.update(e, x[i], y[i], want, got[i]);
  }
  ulp::report(name, w, bound);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  HIP_CHECK(hipFree(dout));
}

// The exact functions and those with pointer or integer arguments,
// compared with the host C library bit for bit.
struct exact_out {
  double frac, ip, rq, ld, sb, sbl, nan_v, nxt, fma_v, sc, cc, scp, ccp;
  int ex, quo, ilog;
  long lr, lrd;
  long long llr, llrd;
  double nrm, rnrm;
};

__global__ void k_exact(const double* x, exact_out* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = x[i];
  exact_out r;
  r.frac = frexp(v, &r.ex);
  r.ip = 0;
  r.frac += 0 * modf(v, &r.ip);
  r.rq = remquo(v, 1.75, &r.quo);
  r.ld = ldexp(v, 3);
  r.sb = scalbn(v, -2);
  r.sbl = scalbln(v, 5L);
  r.ilog = v == 0 ? 0 : ilogb(v);
  r.nan_v = nan("");
  r.nxt = nextafter(v, 0.0);
  r.fma_v = fma(v, 1.25, -0.5);
  sincos(v, &r.sc, &r.cc);
  sincospi(v, &r.scp, &r.ccp);
  r.lr = lrint(v);
  r.lrd = lround(v);
  r.llr = llrint(v);
  r.llrd = llround(v);
  double a[5] = {v, 1.0, -2.0, v * 0.5, 3.0};
  r.nrm = norm(5, a);
  r.rnrm = rnorm(5, a);
  o[i] = r;
}

static void test_exact() {
  std::vector<double> x;
  ulp::rng r;
  for (int i = 0; i < 512; i++) x.push_back(static_cast<double>(r.in(-50, 50)));
  x.push_back(0.5);
  x.push_back(-2.5f);
  int n = static_cast<int>(x.size());
  double* dx;
  exact_out* dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(double)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(exact_out)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice));
  k_exact<<<(n + 63) / 64, 64>>>(dx, dout, n);
  std::vector<exact_out> got(n);
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(exact_out),
                      hipMemcpyDeviceToHost));
  int bad = 0;
  ulp::worst sinpi_w, cospi_w, norm_w, rnorm_w;
  for (int i = 0; i < n; i++) {
    double v = x[i];
    const exact_out& g = got[i];
    int ex;
    double ip;
    int quo;
    bool ok = g.frac == frexp(v, &ex) && g.ex == ex;
    modf(v, &ip);
    ok = ok && g.ip == ip;
    // C fixes the quotient's sign and its magnitude modulo 2^n, n >= 3 (the
    // C library keeps more bits than libdevice): the low 3 bits are compared,
    // and the sign where they are not all zero (0 carries no sign).
    ok = ok && g.rq == remquo(v, 1.75, &quo) &&
         (std::abs(g.quo) & 7) == (std::abs(quo) & 7) &&
         ((std::abs(quo) & 7) == 0 || (g.quo < 0) == (quo < 0));
    ok = ok && g.ld == v * 8 && g.sb == v / 4 && g.sbl == v * 32;
    ok = ok && g.ilog == (v == 0 ? 0 : std::ilogb(v));
    ok = ok && std::isnan(g.nan_v);
    ok = ok && g.nxt == std::nextafter(v, 0.0);
    ok = ok && g.fma_v == std::fma(v, 1.25, -0.5);
    ok = ok && ulp::error(g.sc, std::sin(static_cast<long double>(v))) <= 1.5;
    ok = ok && ulp::error(g.cc, std::cos(static_cast<long double>(v))) <= 1.5;
    ok = ok && g.lr == std::lrint(v) && g.lrd == std::lround(v);
    ok = ok && g.llr == std::llrint(v) && g.llrd == std::llround(v);
    if (!ok && bad++ < 5)
      std::fprintf(stderr, "exact functions differ at %g\n", v);
    sinpi_w.update(ulp::error(g.scp, ulp::sinpi(v)), v, 0, ulp::sinpi(v),
                   g.scp);
    cospi_w.update(ulp::error(g.ccp, ulp::cospi(v)), v, 0, ulp::cospi(v),
                   g.ccp);
    long double s = 1.25L * v * v + 14;  // v^2 + 1 + 4 + v^2/4 + 9
    norm_w.update(ulp::error(g.nrm, std::sqrt(s)), v, 0, std::sqrt(s), g.nrm);
    rnorm_w.update(ulp::error(g.rnrm, 1 / std::sqrt(s)), v, 0, 1 / std::sqrt(s),
                   g.rnrm);
  }
  CHECK_EQ(bad, 0);
  ulp::report("sincospi.s", sinpi_w, 2);
  ulp::report("sincospi.c", cospi_w, 2);
  ulp::report("norm", norm_w, 1);
  ulp::report("rnorm", rnorm_w, 1);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dout));
}

// isfinite, isinf, isnan, signbit on the special values.
__global__ void k_class(const double* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] =
        isfinite(x[i]) + 2 * isinf(x[i]) + 4 * isnan(x[i]) + 8 * signbit(x[i]);
}

static void test_classify() {
  std::vector<double> x = ulp::specials<double>();
  x.push_back(-std::numeric_limits<double>::quiet_NaN());
  int n = static_cast<int>(x.size());
  double* dx;
  int* dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(double)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice));
  k_class<<<1, n>>>(dx, dout, n);
  std::vector<int> got(n);
  HIP_CHECK(
      hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    CHECK_EQ(got[i], std::isfinite(x[i]) + 2 * std::isinf(x[i]) +
                         4 * std::isnan(x[i]) + 8 * std::signbit(x[i]));
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dout));
}

int main() {
  test_classify();
  std::printf("double precision: worst error per function\n");
#define RUN1(name, dev, ref, bound, lo, hi) \
  run1(id_##name, #name, ulp::bound_for(#name, bound), lo, hi,     \
       [](long double X) -> long double { return ref; });
  F1(RUN1)
  F1_ABS(RUN1)
#define RUN2(name, dev, ref, bound, lo1, hi1, lo2, hi2) \
  run2(id2_##name, #name, ulp::bound_for(#name, bound), lo1, hi1, lo2, hi2,    \
       [](long double X, long double Y) -> long double { return ref; });
  F2(RUN2)
  test_exact();
  return test_summary("math_double");
}
