// NVPTX versions of the math functions where libdevice, as clang 19 links
// it, differs from HIP (and C): included by hip/hipc/libdevice_nvptx.h in
// place of clang's versions, which it renames out of the way.
//
// - sqrtf (and so sqrt(float) and std::sqrt(float), which call it): HIP's
//   is correctly rounded. libdevice's __nv_sqrtf picks sqrt.rn.f32 or
//   sqrt.approx.f32 by __nvvm_reflect("__CUDA_PREC_SQRT"), which clang 19
//   always answers 0 (approximate, 1 ulp). __builtin_sqrtf is the IEEE
//   square root (sqrt.rn.f32), or the approximate one under -ffast-math.
// - jn, jnf, yn, ynf: libdevice's are NaN for every negative n; these use
//   J_-n = (-1)^n J_n and Y_-n = (-1)^n Y_n. Its jn and jnf are NaN for
//   tiny |x| (0 included): below 2^-20 these use the series
//   J_n(x) = (x/2)^n / n! (1 - (x/2)^2 / (n+1) + ...), whose first two
//   terms are exact to double precision there. Signs of zero as glibc's
//   (the CPU device's): J_n(+-inf) and J_n(+-0) are zeros of the sign
//   (-1)^n has for x < 0; yn(n, +-0) is C's pole, -inf (+inf for odd
//   negative n), where libdevice's yn(n, -0) was +inf; yn(n, +inf) = +0.
//   |n| = 2^31 (n = INT_MIN) gives 0 for jn and NaN for yn.
// - powi, powif (and so pow(double, int), pow(float, int)): libdevice's
//   __nv_powi and __nv_powif square and multiply in the argument's type
//   (2.75 and 2.16 ulp off at n = -4); pow(x, n) in double is within the
//   1 ulp HIP's tests hold these to, with C's special cases.
#ifndef HIPC_MATH_NVPTX_H
#define HIPC_MATH_NVPTX_H

#if !defined(__NVPTX__)
#error "hip/hipc/math_nvptx.h is for hipcc's device pass only"
#endif

static __device__ __forceinline__ float sqrtf(float x) {
  return __builtin_sqrtf(x);
}

namespace hipc {
namespace nvptx {
// Below this |x| jn and jnf use the series.
const double jn_series_below = 0x1p-20;
// |n|, with INT_MIN's 2^31 kept.
__device__ inline unsigned abs_n(int n) {
  return n < 0 ? 0u - static_cast<unsigned>(n) : static_cast<unsigned>(n);
}
// J_n(x) or Y_n(x) from the value r of order |n|: negated where |n| is odd
// and n < 0 (and, for J, where x < 0, as J_n(-x) = (-1)^n J_n(x) when r is
// computed from |x|).
__device__ inline double bessel_sign(int n, bool x_negative, double r) {
  bool flip = (abs_n(n) & 1) && (x_negative != (n < 0));
  return flip ? -r : r;
}
// J_n(x) for |x| < jn_series_below or infinite x; libdevice's otherwise.
template <typename T, typename Nv>
__device__ inline T jn(int n, T x, Nv nv) {
  unsigned m = abs_n(n);
  double a = __builtin_fabs(static_cast<double>(x));
  if (a != a) return x;
  if (a < jn_series_below || a == __builtin_inf() || m > 0x7fffffffu) {
    double t = 0;
    if (a < jn_series_below && m <= 0x7fffffffu) {
      double h = a / 2;
      t = 1;
      // t underflows to 0 within a hundred steps for the largest such h.
      for (unsigned k = 1; k <= m && t != 0; k++) t = t * h / k;
      t *= 1 - h * h / (static_cast<double>(m) + 1);
    }
    return static_cast<T>(bessel_sign(n, __builtin_signbit(x) != 0, t));
  }
  return static_cast<T>(
      bessel_sign(n, false, nv(static_cast<int>(m), x)));
}
template <typename T, typename Nv>
__device__ inline T yn(int n, T x, Nv nv) {
  unsigned m = abs_n(n);
  if (x == 0)
    return static_cast<T>(n < 0 && (m & 1) ? __builtin_inf()
                                           : -__builtin_inf());
  if (x == static_cast<T>(__builtin_inf())) return 0;
  if (m > 0x7fffffffu) return static_cast<T>(__builtin_nan(""));
  return static_cast<T>(bessel_sign(n, false, nv(static_cast<int>(m), x)));
}
// libdevice's functions as callables: passed as function pointers they
// stay indirect calls at -O0, whose address hipc-kc cannot map to the C
// library's jn/yn (the CPU image did not link).
#define HIPC_NVPTX_NV_CALL(name, T)                                      \
  struct name##_call {                                                   \
    __device__ T operator()(int m, T x) const { return ::name(m, x); }   \
  };
HIPC_NVPTX_NV_CALL(__nv_jn, double)
HIPC_NVPTX_NV_CALL(__nv_jnf, float)
HIPC_NVPTX_NV_CALL(__nv_yn, double)
HIPC_NVPTX_NV_CALL(__nv_ynf, float)
#undef HIPC_NVPTX_NV_CALL
}  // namespace nvptx
}  // namespace hipc

static __device__ __forceinline__ double jn(int n, double x) {
  return hipc::nvptx::jn(n, x, hipc::nvptx::__nv_jn_call());
}
static __device__ __forceinline__ float jnf(int n, float x) {
  return hipc::nvptx::jn(n, x, hipc::nvptx::__nv_jnf_call());
}
static __device__ __forceinline__ double yn(int n, double x) {
  return hipc::nvptx::yn(n, x, hipc::nvptx::__nv_yn_call());
}
static __device__ __forceinline__ float ynf(int n, float x) {
  return hipc::nvptx::yn(n, x, hipc::nvptx::__nv_ynf_call());
}
static __device__ __forceinline__ double powi(double x, int n) {
  return __nv_pow(x, n);
}
static __device__ __forceinline__ float powif(float x, int n) {
  return hipc::nvptx::powif(x, n);
}

#endif  // HIPC_MATH_NVPTX_H
