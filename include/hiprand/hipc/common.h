// hipRAND device API: what every engine shares. The conversions from an
// engine's 32-bit outputs to floating point, the Box-Muller transform, the
// skip-ahead tables and the qualifiers. Everything here is inline
// __host__ __device__ code: it compiles in each of hipcc's passes (the CPU
// device's, the GPU's and the host's), so kernels and host code (the host
// generators of libhiprand) share one definition of every sequence.
#ifndef HIPRAND_HIPC_COMMON_H
#define HIPRAND_HIPC_COMMON_H

#include <hip/hip_runtime.h>

#define HIPRAND_HD __host__ __device__ inline

// The skip-ahead tables are constant data of every pass that uses them:
// C++17 inline variables (one copy per program), with C names that hipcc
// knows for hipc's own (__hipc_*: no host shadow is expected of them).
#if defined(__HIP_DEVICE_COMPILE__)
#define HIPRAND_JUMP_TABLE extern "C" __constant__ inline const
#else
#define HIPRAND_JUMP_TABLE extern "C" inline const
#endif
#include "hiprand/hipc/jump_tables.h"

namespace hipc {
namespace rand {

// 2^-32 and 2^-53, exact.
constexpr float kInv32f = 2.3283064365386963e-10f;
constexpr double kInv32 = 2.3283064365386963e-10;
constexpr double kInv53 = 1.1102230246251565e-16;
constexpr float kTwoPif = 6.2831853071795865f;
constexpr double kTwoPi = 6.2831853071795865;

// A uniform float in (0, 1]: x / 2^32 + 2^-33, in float (the largest
// inputs round to 1).
HIPRAND_HD float uniform_f(unsigned int x) {
  return static_cast<float>(x) * kInv32f + kInv32f * 0.5f;
}

// A uniform double in (0, 1) from one 32-bit value: x / 2^32 + 2^-33.
HIPRAND_HD double uniform_d1(unsigned int x) {
  return static_cast<double>(x) * kInv32 + kInv32 * 0.5;
}

// A uniform double in (0, 1) with 53 random bits from two 32-bit values:
// z = x xor (y << 21), z / 2^53 + 2^-54.
HIPRAND_HD double uniform_d2(unsigned int x, unsigned int y) {
  unsigned long long z = static_cast<unsigned long long>(x) ^
                         (static_cast<unsigned long long>(y) << 21);
  return static_cast<double>(z) * kInv53 + kInv53 * 0.5;
}

// Box-Muller: two independent standard normals from two uniforms in (0, 1],
// r = sqrt(-2 ln u), (r sin 2 pi v, r cos 2 pi v).
HIPRAND_HD float2 box_muller_f(float u, float v) {
  float r = sqrtf(-2.0f * logf(u));
  float a = kTwoPif * v;
  return make_float2(r * sinf(a), r * cosf(a));
}

HIPRAND_HD double2 box_muller_d(double u, double v) {
  double r = sqrt(-2.0 * log(u));
  double a = kTwoPi * v;
  return make_double2(r * sin(a), r * cos(a));
}

// The standard normal quantile, Phi^-1(u) for u in (0, 1): P. J. Acklam's
// rational approximation (relative error below 1.2e-9), refined by one
// Halley step on erfc, which brings it to double precision.
HIPRAND_HD double inv_normal(double u) {
  const double a0 = -3.969683028665376e+01, a1 = 2.209460984245205e+02,
               a2 = -2.759285104469687e+02, a3 = 1.383577518672690e+02,
               a4 = -3.066479806614716e+01, a5 = 2.506628277459239e+00;
  const double b0 = -5.447609879822406e+01, b1 = 1.615858368580409e+02,
               b2 = -1.556989798598866e+02, b3 = 6.680131188771972e+01,
               b4 = -1.328068155288572e+01;
  const double c0 = -7.784894002430293e-03, c1 = -3.223964580411365e-01,
               c2 = -2.400758277161838e+00, c3 = -2.549732539343734e+00,
               c4 = 4.374664141464968e+00, c5 = 2.938163982698783e+00;
  const double d0 = 7.784695709041462e-03, d1 = 3.224671290700398e-01,
               d2 = 2.445134137142996e+00, d3 = 3.754408661907416e+00;
  const double low = 0.02425;
  double x;
  if (u < low || u > 1 - low) {
    double q = sqrt(-2 * log(u < low ? u : 1 - u));
    x = (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
        ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
    if (u > 1 - low)
      x = -x;
  } else {
    double q = u - 0.5, r = q * q;
    x = (((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q /
        (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
  }
  // Halley: e = Phi(x) - u, x -= t / (1 + x t / 2), t = e sqrt(2 pi) e^(x^2/2).
  double e = 0.5 * erfc(-x * 0.70710678118654752) - u;
  double t = e * 2.5066282746310002 * exp(x * x * 0.5);
  return x - t / (1 + x * t * 0.5);
}

}  // namespace rand
}  // namespace hipc

#endif
