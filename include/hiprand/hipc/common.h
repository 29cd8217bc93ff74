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

// The skip-ahead tables are constant data of every pass that uses them.
#if defined(__HIP_DEVICE_COMPILE__)
#define HIPRAND_JUMP_TABLE static __constant__ const
#else
#define HIPRAND_JUMP_TABLE static const
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

}  // namespace rand
}  // namespace hipc

#endif
