// Shared by the math accuracy tests (math_float.hip, math_double.hip): ULP
// errors against a long double reference, input generation, and the
// references for HIP's functions that the C library lacks, each computed a
// different way than libhipc computes them.
#ifndef HIPC_TESTS_KERNELS_ULP_H
#define HIPC_TESTS_KERNELS_ULP_H

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <vector>

#include "common.h"

namespace ulp {

const long double PI = 3.141592653589793238462643383279502884L;

// The spacing of T's values at the magnitude of r (subnormals included).
template <typename T>
long double ulp_at(long double r) {
  const int digits = std::numeric_limits<T>::digits;
  const int min_exp = std::numeric_limits<T>::min_exponent - 1;  // of 1.x
  r = std::fabs(r);
  int e = r == 0 ? min_exp : std::ilogb(r);
  if (e < min_exp) e = min_exp;
  return std::ldexp(1.0L, e - (digits - 1));
}

// |got - ref| in units of the last place of T at ref; infinity for a wrong
// NaN, infinity or sign of zero.
template <typename T>
double error(T got, long double ref) {
  const double inf = INFINITY;
  if (std::isnan(ref)) return std::isnan(got) ? 0 : inf;
  if (std::isnan(got)) return inf;
  const long double max = std::numeric_limits<T>::max();
  if (std::isinf(got) || std::fabs(ref) > max) {
    // Beyond T's range, the right answer is infinity (or max, within an
    // ulp) with ref's sign.
    if (std::signbit(got) != std::signbit(ref)) return inf;
    if (std::isinf(got)) return std::fabs(ref) >= max ? 0 : inf;
    return static_cast<double>((std::fabs(ref) - std::fabs(got)) /
                               ulp_at<T>(max));
  }
  if (ref == 0 && got == 0)
    return std::signbit(got) == std::signbit(ref) ? 0 : inf;
  return static_cast<double>(std::fabs(got - ref) / ulp_at<T>(ref));
}

// Deterministic inputs: uniform in [lo, hi].
struct rng {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  double next() {  // in [0, 1)
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(s >> 11) * 0x1p-53;
  }
  double in(double lo, double hi) { return lo + (hi - lo) * next(); }
};

// Special values that every function sees on top of its range.
template <typename T>
std::vector<T> specials() {
  using L = std::numeric_limits<T>;
  return {T(0),           -T(0),          L::infinity(),
          -L::infinity(), L::quiet_NaN(), L::denorm_min(),
          -L::min(),      L::max(),       -L::max(),
          T(1),           T(-1),          T(0.5),
          T(2),           T(-2.5),        T(1e-30)};
}

// One function's result, for the report.
struct worst {
  double err = 0;
  long double at = 0, at2 = 0;
  long double want = 0, got = 0;
  void update(double e, long double x, long double x2, long double w,
              long double g) {
    if (e > err || std::isnan(e)) {
      err = e;
      at = x;
      at2 = x2;
      want = w;
      got = g;
    }
  }
};

// On an NVIDIA GPU the device pass takes its math from CUDA's libdevice and
// its fast intrinsics from the hardware, whose documented bounds (CUDA's
// Math API reference) are wider than HIP's for a few functions, and which
// differ from C at some special inputs. Those are held to CUDA's bounds
// there (with `specials` false: on the range only, the special inputs are
// not checked), or only reported (NAN: not bounded; the reason is printed
// and the README lists them). Everything else keeps HIP's bound on every
// device.
struct platform_rule {
  const char* name;
  double bound;
  const char* why;
  bool specials = true;
};
inline const platform_rule* nvidia_rule(const char* name) {
  static const platform_rule rules[] = {
      {"erfinv", 5, "CUDA documents 5 ulp"},
      {"asin", 2, "CUDA documents 2 ulp"},
      {"asinh", 3, "CUDA documents 3 ulp"},
      {"atanh", 2, "CUDA documents 2 ulp"},
      {"lgamma", 4, "CUDA documents 4 ulp (away from its poles)"},
      {"atanhf", 3, "CUDA documents 3 ulp"},
      {"coshf", 2, "CUDA documents 2 ulp"},
      {"sinhf", 3, "CUDA documents 3 ulp"},
      {"erfcf", 4, "CUDA documents 4 ulp"},
      {"expf", 2, "CUDA documents 2 ulp"},
      {"exp2f", 2, "CUDA documents 2 ulp"},
      {"tanf", 4, "CUDA documents 4 ulp"},
      {"norm3d_huge", 2, "CUDA documents 2 ulp for norm3d"},
      {"rnorm3df", 2, "CUDA documents 2 ulp"},
      {"rhypotf", 2, "CUDA documents 2 ulp"},
      {"fast_sinf", -std::ldexp(1.0, -21), "CUDA: absolute 2^-21.41 on [-pi, pi]"},
      {"fast_cosf", -std::ldexp(1.0, -21), "CUDA: absolute 2^-21.41 on [-pi, pi]"},
      {"fast_expf", 14, "CUDA: 2 + floor(|1.173 x|) ulp"},
      {"fast_tanf", NAN, "CUDA: __sinf/__cosf, unbounded near the poles"},
      {"fast_fdividef", 2,
       "CUDA: 2 ulp for |y| < 2^126; special inputs not checked (NaN for "
       "an infinite x and |y| > 2^126)",
       false},
      {"fast_powf", NAN, "CUDA: exp2(y * log2(x)), NaN at x = 0, y = 0"},
  };
  for (const platform_rule& r : rules)
    if (std::strcmp(r.name, name) == 0) return &r;
  return nullptr;
}
inline bool on_nvidia() {
  static int v = -1;
  if (v < 0) {
    int dev = 0;
    hipDeviceProp_t p;
    v = hipGetDevice(&dev) == hipSuccess &&
        hipGetDeviceProperties(&p, dev) == hipSuccess &&
        std::strncmp(p.gcnArchName, "sm_", 3) == 0;
  }
  return v == 1;
}
// The bound `name` is held to on the current device (see above).
inline double bound_for(const char* name, double bound) {
  const platform_rule* r = on_nvidia() ? nvidia_rule(name) : nullptr;
  if (!r) return bound;
  std::printf("  %-14s NVIDIA GPU: %s\n", name, r->why);
  return r->bound;
}

// Whether `name`'s special inputs are checked on the current device.
inline bool specials_checked(const char* name) {
  const platform_rule* r = on_nvidia() ? nvidia_rule(name) : nullptr;
  return r == nullptr || r->specials;
}

// Prints one line and checks err <= bound + 1/2: HIP's bounds count ulps
// from the correctly rounded result, this test from the exact value. A
// negative bound is an absolute error bound instead.
inline void report(const char* name, const worst& w, double bound,
                   const char* unit = "ulp") {
  bool abs_bound = bound < 0;
  double limit = abs_bound ? -bound : bound + 0.5;
  bool ok = std::isnan(bound) || w.err <= limit;
  std::printf(
      "  %-14s worst %9.3g %s (bound %g) at x=%.10Lg%s%.10Lg: got "
      "%.17Lg want %.17Lg%s\n",
      name, w.err, abs_bound ? "abs" : unit, abs_bound ? -bound : bound, w.at,
      w.at2 == 0 ? "" : ", y=", w.at2 == 0 ? 0.0L : w.at2, w.got, w.want,
      ok ? "" : "   <-- FAIL");
  ::test::check(ok, name, __FILE__, __LINE__);
}

// The integer exponent of the powi tests, from their float argument y: y
// truncated, clamped to [-1000, 1000], NaN 0. The same on the host and in
// kernels (a plain cast of infinity or NaN is undefined, and x86 and NVPTX
// give different values).
__host__ __device__ inline int int_exponent(double y) {
  if (y != y) return 0;
  if (y > 1000) return 1000;
  if (y < -1000) return -1000;
  return static_cast<int>(y);
}

// ---- References for functions the C library lacks.

// sqrt of the sum of squares, infinite when any value is (hypot's rule).
inline long double hyp(std::initializer_list<long double> v) {
  long double s = 0;
  bool nan = false;
  for (long double x : v) {
    if (std::isinf(x)) return INFINITY;
    if (std::isnan(x)) nan = true;
    s += x * x;
  }
  return nan ? NAN : std::sqrt(s);
}

// sin(pi x) and cos(pi x) from x = n + r, |r| <= 1/2 (exact), with the
// argument of sin or cos kept within pi/4 so that it keeps its precision.
inline long double sinpi(long double x) {
  long double n = std::round(x), r = x - n, a = std::fabs(r);
  if (r == 0) return std::copysign(0.0L, x);
  long double s = a <= 0.25L ? std::sin(PI * a) : std::cos(PI * (0.5L - a));
  if (std::fmod(n, 2.0L) != 0) s = -s;
  return r < 0 ? -s : s;
}
inline long double cospi(long double x) {
  long double n = std::round(x), a = std::fabs(x - n);
  if (a == 0.5L) return 0;
  long double c = a <= 0.25L ? std::cos(PI * a) : std::sin(PI * (0.5L - a));
  return std::fmod(n, 2.0L) != 0 ? -c : c;
}

// Solves f(x) = y for increasing f on [lo, hi] by bisection to the last
// bit of a long double.
template <typename F>
long double bisect(F f, long double y, long double lo, long double hi) {
  for (int i = 0; i < 400; i++) {
    long double mid = (lo + hi) / 2;
    if (mid == lo || mid == hi) break;
    if (f(mid) < y)
      lo = mid;
    else
      hi = mid;
  }
  return (lo + hi) / 2;
}

inline long double erfinv(long double y) {
  if (std::fabs(y) > 1) return NAN;
  if (std::fabs(y) == 1) return std::copysign(INFINITY, y);
  if (y == 0) return y;
  long double a = std::fabs(y), x;
  if (a < 1e-10L)  // Taylor: sqrt(pi)/2 (y + pi y^3 / 12)
    x = std::sqrt(PI) / 2 * a * (1 + PI * a * a / 12);
  else if (a < 0.5L)
    x = bisect([](long double t) { return std::erf(t); }, a, 0, 1);
  else  // on erfc: 1 - a is exact and erfc keeps its precision there
    x = bisect([](long double t) { return -std::erfc(t); }, -(1 - a), 0, 30);
  return std::copysign(x, y);
}
inline long double erfcinv(long double z) {
  if (z < 0 || z > 2) return NAN;
  if (z == 0) return INFINITY;
  if (z == 2) return -INFINITY;
  if (z == 1) return 0;
  if (z > 0.5L && z < 1.5L)
    return erfinv(1 - z);  // exact 1 - z; erf keeps
                           // precision near 0
  return bisect([](long double t) { return -std::erfc(t); }, -z, -30, 30);
}
inline long double normcdf(long double x) {
  return std::erfc(-x / std::sqrt(2.0L)) / 2;
}
inline long double normcdfinv(long double p) {
  if (p < 0 || p > 1) return NAN;
  if (p == 0) return -INFINITY;
  if (p == 1) return INFINITY;
  if (p == 0.5L) return 0;
  return -std::sqrt(2.0L) * erfcinv(2 * p);
}
inline long double erfcx(long double x) {
  if (x > 50) {  // the continued fraction of erfc, from its tail
    long double t = x;
    for (int k = 80; k >= 1; k--) t = x + (k / 2.0L) / t;
    return 1 / (std::sqrt(PI) * t);
  }
  if (x == -INFINITY) return INFINITY;
  return std::exp(x * x) * std::erfc(x);
}
// I0 and I1 by the trapezoid rule on (1/pi) int_0^pi e^{x cos t} cos(n t) dt,
// which converges exponentially for this periodic integrand.
inline long double bessel_i(int n, long double x) {
  if (n == 1 && std::fabs(x) < 1e-4L)  // the sum cancels: the series
    return x / 2 * (1 + x * x / 8 + x * x * x * x / 192);
  if (std::isinf(x)) return n ? x : INFINITY;
  const int K = 256;
  long double s = 0;
  for (int k = 0; k < K; k++) {
    long double t = PI * (k + 0.5L) / K;
    s += std::exp(x * std::cos(t)) * (n ? std::cos(t) : 1.0L);
  }
  return s / K;
}

}  // namespace ulp

#endif  // HIPC_TESTS_KERNELS_ULP_H
