// Single-precision math in kernels against a long double host reference:
// every function of the reference's table, over HIP's test ranges plus
// special values, reporting the worst error per function and checking it
// against HIP's documented bound (CUDA's where HIP documents none).
// Exact functions (frexpf, modff, remquof, ...) are compared bit for bit.
#include <cstring>

#include "ulp.h"

// M(name, device call on x (and y), reference on X (and Y), bound, range)
#define F1(M)                                                         \
  M(acosf, acosf(x), std::acos(X), 1, -1, 1)                          \
  M(acoshf, acoshf(x), std::acosh(X), 1, 1, 100)                      \
  M(asinf, asinf(x), std::asin(X), 2, -1, 1)                          \
  M(asinhf, asinhf(x), std::asinh(X), 1, -10, 10)                     \
  M(atanf, atanf(x), std::atan(X), 2, -10, 10)                        \
  M(atanhf, atanhf(x), std::atanh(X), 1, -0.9, 0.9)                   \
  M(cbrtf, cbrtf(x), std::cbrt(X), 2, -100, 100)                      \
  M(ceilf, ceilf(x), std::ceil(X), 0, -4, 4)                          \
  M(cosf, cosf(x), std::cos(X), 1, -3.15, 3.15)                       \
  M(coshf, coshf(x), std::cosh(X), 1, -5, 5)                          \
  M(erfcf, erfcf(x), std::erfc(X), 2, -4, 4)                          \
  M(erff, erff(x), std::erf(X), 4, -4, 4)                             \
  M(exp10f, exp10f(x), exp10l(X), 1, -4, 4)                           \
  M(exp2f, exp2f(x), std::exp2(X), 1, -10, 10)                        \
  M(expf, expf(x), std::exp(X), 1, -10, 10)                           \
  M(expm1f, expm1f(x), std::expm1(X), 1, -10, 10)                     \
  M(fabsf, fabsf(x), std::fabs(X), 0, -20, 20)                        \
  M(floorf, floorf(x), std::floor(X), 0, -4, 4)                       \
  M(lgammaf, lgammaf(x), std::lgamma(X), 4, 0.5, 20)                  \
  M(log10f, log10f(x), std::log10(X), 2, 1e-6, 1e6)                   \
  M(log1pf, log1pf(x), std::log1p(X), 1, -0.9, 10)                    \
  M(log2f, log2f(x), std::log2(X), 1, 1e-6, 1e6)                      \
  M(logbf, logbf(x), std::logb(X), 0, 1e-6, 1e6)                      \
  M(logf, logf(x), std::log(X), 2, 1e-6, 1e6)                         \
  M(nearbyintf, nearbyintf(x), std::nearbyint(X), 0, -4, 4)           \
  M(rintf, rintf(x), std::rint(X), 0, -4, 4)                          \
  M(roundf, roundf(x), std::round(X), 0, -4, 4)                       \
  M(sinf, sinf(x), std::sin(X), 1, -3.15, 3.15)                       \
  M(sinhf, sinhf(x), std::sinh(X), 1, -5, 5)                          \
  M(sqrtf, sqrtf(x), std::sqrt(X), 0, 0, 100)                         \
  M(tanf, tanf(x), std::tan(X), 1, -4.6, 4.6)                         \
  M(tanhf, tanhf(x), std::tanh(X), 2, -5, 5)                          \
  M(tgammaf, tgammaf(x), std::tgamma(X), 6, 0.5, 15)                  \
  M(truncf, truncf(x), std::trunc(X), 0, -4, 4)                       \
  M(rsqrtf, rsqrtf(x), 1 / std::sqrt(X), 1, 0.01, 100)                \
  M(rcbrtf, rcbrtf(x), 1 / std::cbrt(X), 1, -100, 100)                \
  M(sinpif, sinpif(x), ulp::sinpi(X), 2, -0.625, 0.625)               \
  M(cospif, cospif(x), ulp::cospi(X), 1, -0.3, 0.3)                   \
  M(sinpif_wide, sinpif(x), ulp::sinpi(X), 2, -1000, 1000)            \
  M(cospif_wide, cospif(x), ulp::cospi(X), 1, -1000, 1000)            \
  M(erfcxf, erfcxf(x), ulp::erfcx(X), 5, -2, 10)                      \
  M(erfinvf, erfinvf(x), ulp::erfinv(X), 2, -0.9999, 0.9999)          \
  M(erfcinvf, erfcinvf(x), ulp::erfcinv(X), 4, 1e-3, 1.999)           \
  M(normcdff, normcdff(x), ulp::normcdf(X), 5, -12, 6)                \
  M(normcdfinvf, normcdfinvf(x), ulp::normcdfinv(X), 5, 1e-4, 0.9999) \
  M(cyl_i0f, cyl_bessel_i0f(x), ulp::bessel_i(0, X), 6, -30, 30)      \
  M(cyl_i1f, cyl_bessel_i1f(x), ulp::bessel_i(1, X), 6, -30, 30)      \
  M(rsqrt_ovl, rsqrt(x), 1 / std::sqrt(X), 1, 0.01, 100)              \
  M(fast_sinf, __sinf(x), std::sin(X), 18, -3.15, 3.15)               \
  M(fast_cosf, __cosf(x), std::cos(X), 4, -3.15, 3.15)                \
  M(fast_tanf, __tanf(x), std::tan(X), 1, -4.6, 4.6)                  \
  M(fast_expf, __expf(x), std::exp(X), 6, -10, 10)                    \
  M(fast_exp10f, __exp10f(x), exp10l(X), 18, -4, 4)                   \
  M(fast_logf, __logf(x), std::log(X), 2, 1e-6, 1e6)                  \
  M(fast_log2f, __log2f(x), std::log2(X), 1, 1e-6, 1e6)               \
  M(fast_log10f, __log10f(x), std::log10(X), 2, 1e-6, 1e6)            \
  M(frsqrt_rn, __frsqrt_rn(x), 1 / std::sqrt(X), 1, 0.01, 100)        \
  M(fsqrt_rn, __fsqrt_rn(x), std::sqrt(X), 0, 0, 100)                 \
  M(frcp_rn, __frcp_rn(x), 1 / X, 0, -100, 100)                      \
  M(jnf_3_tiny, jnf(3, x), jnl(3, X), 3, -5e-7, 5e-7)                 \
  M(jnf_m3_tiny, jnf(-3, x), jnl(-3, X), 3, -5e-7, 5e-7)

// Bessel functions: absolute error bounds (CUDA's), as the relative error
// is unbounded near their zeros.
#define F1_ABS(M)                                  \
  M(j0f, j0f(x), j0l(X), -2.2e-6, -20, 20)         \
  M(j1f, j1f(x), j1l(X), -2.2e-6, -20, 20)         \
  M(y0f, y0f(x), y0l(X), -2.2e-6, 0.5, 20)         \
  M(y1f, y1f(x), y1l(X), -2.2e-6, 0.5, 20)         \
  M(jnf_3, jnf(3, x), jnl(3, X), -2.2e-6, -20, 20) \
  M(jnf_m3, jnf(-3, x), jnl(-3, X), -2.2e-6, -20, 20) \
  M(ynf_2, ynf(2, x), ynl(2, X), -2.2e-6, 1, 20)   \
  M(ynf_m3, ynf(-3, x), ynl(-3, X), -2.2e-6, 1, 20)

// fmax/fmin(+0, -0) may give either zero: both sides add +0.
#define F2(M)                                                                  \
  M(atan2f, atan2f(x, y), std::atan2(X, Y), 1, -4, 4, -2, 2)                   \
  M(copysignf, copysignf(x, y), std::copysign(X, Y), 0, -10, 10, -3, 3)        \
  M(fdimf, fdimf(x, y), std::fdim(X, Y), 0, -10, 10, -3, 3)                    \
  M(fmaxf, fmaxf(x, y) + 0.0f, std::fmax(X, Y) + 0, 0, -10, 10, -3, 3)         \
  M(fminf, fminf(x, y) + 0.0f, std::fmin(X, Y) + 0, 0, -10, 10, -3, 3)         \
  M(fmodf, fmodf(x, y), std::fmod(X, Y), 0, -10, 10, -3, 3)                    \
  M(hypotf, hypotf(x, y), ulp::hyp({X, Y}), 1, -10, 10, 0, 10)                 \
  M(powf, powf(x, y), std::pow(X, Y), 1, -4, 4, -2, 2)                         \
  M(remainderf, remainderf(x, y), std::remainder(X, Y), 0, -10, 10, -3, 3)     \
  M(rhypotf, rhypotf(x, y), 1 / ulp::hyp({X, Y}), 1, -100, 100, -10, 100)      \
  M(fdividef, fdividef(x, y), X / Y, 0, -100, 100, -100, 100)                  \
  M(fast_fdividef, __fdividef(x, y), X / Y, 0, -100, 100, -100, 100)           \
  M(fast_powf, __powf(x, y), std::pow(X, Y), 1, 0, 4, -2, 2)                   \
  M(norm3df, norm3df(x, y, x - y),                                             \
    ulp::hyp({X, Y, static_cast<float>(X - Y)}), 1, -10, 10, -10, 10)          \
  M(norm4df, norm4df(x, y, 2 * x, y - 1),                                      \
    ulp::hyp({X, Y, static_cast<float>(2 * X), static_cast<float>(Y - 1)}), 2, \
    -10, 10, -10, 10)                                                          \
  M(rnorm3df, rnorm3df(x, y, 1.5f), 1 / ulp::hyp({X, Y, 1.5L}), 1, -10, 10,    \
    -10, 10)                                                                   \
  M(rnorm4df, rnorm4df(x, y, -x, 0.5f), 1 / ulp::hyp({X, Y, -X, 0.5L}), 2,     \
    -10, 10, -10, 10)                                                          \
  M(powif, powif(x, ulp::int_exponent(y)),                                     \
    std::pow(X, ulp::int_exponent(static_cast<double>(Y))), 1,                 \
    -10, 10, -4.99, 4.99)

#define ENUM1(name, ...) id_##name,
#define ENUM2(name, ...) id2_##name,
enum { F1(ENUM1) F1_ABS(ENUM1) n_f1 };
enum { F2(ENUM2) n_f2 };

// Not inlined into the kernel's thread loop: keeps the build fast.
__device__ __attribute__((noinline)) float apply1(int id, float x) {
  switch (id) {
#define CASE1(name, dev, ...) \
  case id_##name:             \
    return dev;
    F1(CASE1) F1_ABS(CASE1)
  }
  return 0;
}
__device__ __attribute__((noinline)) float apply2(int id, float x, float y) {
  switch (id) {
#define CASE2(name, dev, ...) \
  case id2_##name:            \
    return dev;
    F2(CASE2)
  }
  return 0;
}

__global__ void k_apply1(int id, const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = apply1(id, x[i]);
}
__global__ void k_apply2(int id, const float* x, const float* y, float* out,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = apply2(id, x[i], y[i]);
}

const int N = 2048;

static void run1(int id, const char* name, double bound, double lo, double hi,
                 long double (*ref)(long double)) {
  std::vector<float> x = ulp::specials<float>();
  const size_t nspecial = x.size();
  ulp::rng r;
  while (x.size() < N) x.push_back(static_cast<float>(r.in(lo, hi)));
  x.push_back(static_cast<float>(lo));
  x.push_back(static_cast<float>(hi));
  int n = static_cast<int>(x.size());
  float *dx, *dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_apply1<<<(n + 255) / 256, 256>>>(id, dx, dout, n);
  std::vector<float> got(n);
  HIP_CHECK(
      hipMemcpy(got.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
  const bool specials = ulp::specials_checked(name);
  ulp::worst w;
  for (int i = 0; i < n; i++) {
    long double want =
        std::isnan(x[i]) ? NAN : ref(static_cast<long double>(x[i]));
    double e;
    if (bound < 0 && std::isfinite(want) && std::fabs(want) <= FLT_MAX) {
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
  std::vector<float> sp = ulp::specials<float>(), x, y;
  for (float a : sp)
    for (float b : sp) {
      x.push_back(a);
      y.push_back(b);
    }
  const size_t nspecial = x.size();
  ulp::rng r;
  while (x.size() < N) {
    x.push_back(static_cast<float>(r.in(lo1, hi1)));
    y.push_back(static_cast<float>(r.in(lo2, hi2)));
  }
  int n = static_cast<int>(x.size());
  float *dx, *dy, *dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dy, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_apply2<<<(n + 255) / 256, 256>>>(id, dx, dy, dout, n);
  std::vector<float> got(n);
  HIP_CHECK(
      hipMemcpy(got.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
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
  float frac, ip, rq, ld, sb, sbl, nan_v, nxt, fma_v, sc, cc, scp, ccp;
  int ex, quo, ilog;
  long lr, lrd;
  long long llr, llrd;
  float nrm, rnrm;
};

__global__ void k_exact(const float* x, exact_out* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  exact_out r;
  r.frac = frexpf(v, &r.ex);
  r.ip = 0;
  r.frac += 0 * modff(v, &r.ip);
  r.rq = remquof(v, 1.75f, &r.quo);
  r.ld = ldexpf(v, 3);
  r.sb = scalbnf(v, -2);
  r.sbl = scalblnf(v, 5L);
  r.ilog = v == 0 ? 0 : ilogbf(v);
  r.nan_v = nanf("");
  r.nxt = nextafterf(v, 0.0f);
  r.fma_v = fmaf(v, 1.25f, -0.5f);
  sincosf(v, &r.sc, &r.cc);
  sincospif(v, &r.scp, &r.ccp);
  r.lr = lrintf(v);
  r.lrd = lroundf(v);
  r.llr = llrintf(v);
  r.llrd = llroundf(v);
  float a[5] = {v, 1.0f, -2.0f, v * 0.5f, 3.0f};
  r.nrm = normf(5, a);
  r.rnrm = rnormf(5, a);
  o[i] = r;
}

static void test_exact() {
  std::vector<float> x;
  ulp::rng r;
  for (int i = 0; i < 512; i++) x.push_back(static_cast<float>(r.in(-50, 50)));
  x.push_back(0.5f);
  x.push_back(-2.5f);
  int n = static_cast<int>(x.size());
  float* dx;
  exact_out* dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(exact_out)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_exact<<<(n + 63) / 64, 64>>>(dx, dout, n);
  std::vector<exact_out> got(n);
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(exact_out),
                      hipMemcpyDeviceToHost));
  int bad = 0;
  ulp::worst sinpi_w, cospi_w, norm_w, rnorm_w;
  for (int i = 0; i < n; i++) {
    float v = x[i];
    const exact_out& g = got[i];
    int ex;
    float ip;
    int quo;
    bool ok = g.frac == frexpf(v, &ex) && g.ex == ex;
    modff(v, &ip);
    ok = ok && g.ip == ip;
    // C fixes the quotient's sign and its magnitude modulo 2^n, n >= 3 (the
    // C library keeps more bits than libdevice): the low 3 bits are compared,
    // and the sign where they are not all zero (0 carries no sign).
    ok = ok && g.rq == remquof(v, 1.75f, &quo) &&
         (std::abs(g.quo) & 7) == (std::abs(quo) & 7) &&
         ((std::abs(quo) & 7) == 0 || (g.quo < 0) == (quo < 0));
    ok = ok && g.ld == v * 8 && g.sb == v / 4 && g.sbl == v * 32;
    ok = ok && g.ilog == (v == 0 ? 0 : std::ilogb(v));
    ok = ok && std::isnan(g.nan_v);
    ok = ok && g.nxt == std::nextafter(v, 0.0f);
    ok =
        ok && g.fma_v == static_cast<float>(v * 1.25 - 0.5);  // exact in double
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
  ulp::report("sincospif.s", sinpi_w, 2);
  ulp::report("sincospif.c", cospi_w, 1);
  ulp::report("normf", norm_w, 1);
  ulp::report("rnormf", rnorm_w, 1);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dout));
}

// isfinite, isinf, isnan, signbit on the special values.
__global__ void k_class(const float* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] =
        isfinite(x[i]) + 2 * isinf(x[i]) + 4 * isnan(x[i]) + 8 * signbit(x[i]);
}

static void test_classify() {
  std::vector<float> x = ulp::specials<float>();
  x.push_back(-std::numeric_limits<float>::quiet_NaN());
  int n = static_cast<int>(x.size());
  float* dx;
  int* dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
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
  std::printf("single precision: worst error per function\n");
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
  return test_summary("math_float");
}
