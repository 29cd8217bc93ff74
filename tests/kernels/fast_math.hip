// The float math functions under -ffast-math, against the host's double
// results. On NVIDIA GPUs hipcc's GPU pass uses their intrinsic forms
// there, as nvcc's -use_fast_math does (docs/nvidia.md, "Fast math";
// tests/hipcc/hipcc_device_fast_math.sh reads the PTX), so each result is
// held to the error bound CUDA documents for the intrinsic over the
// range tested (programming guide, "Intrinsic Functions"; tanh.approx.f32:
// PTX ISA), with some margin; the CPU device computes the exact functions,
// well within the same bounds.
// HIPCC-FLAGS: -ffast-math
#include <cmath>
#include <cstdio>

#include "common.h"

enum Fn { POWF, STD_POW, EXPF, EXP10F, LOGF, LOG10F, SINF, COSF, TANF, TANHF,
          NFN };
const char* const names[NFN] = {"powf", "std::pow", "expf", "exp10f", "logf",
                                "log10f", "sinf", "cosf", "tanf", "tanhf"};
const int per_fn = 256;

__global__ void compute(const float* x, const float* y, float* r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = x[i], b = y[i];
  float v = 0;
  switch (i / per_fn) {
    case POWF: v = powf(a, b); break;
    case STD_POW: v = std::pow(a, b); break;
    case EXPF: v = expf(a); break;
    case EXP10F: v = exp10f(a); break;
    case LOGF: v = logf(a); break;
    case LOG10F: v = log10f(a); break;
    case SINF: v = sinf(a); break;
    case COSF: v = cosf(a); break;
    case TANF: v = tanf(a); break;
    case TANHF: v = tanhf(a); break;
  }
  r[i] = v;
}

struct Range {
  float lo, hi;    // x
  float ylo, yhi;  // y (pow only)
  double rel, abs; // allowed |got - want| = rel * |want| + abs
};

int main() {
  const double u = 0x1p-23;  // a float ulp, relative
  const Range ranges[NFN] = {
      // __powf: exp2(y * log2(x)), lg2.approx's absolute error (2^-22.6)
      // scaled by |y| <= 3, then ex2.approx's 2 ulp.
      {0.5f, 4.0f, -3.0f, 3.0f, 0x1p-17, 0},
      {0.5f, 4.0f, -3.0f, 3.0f, 0x1p-17, 0},
      // __expf: 2 + floor(|1.173 x|) ulp; __exp10f: 2 + floor(|2.97 x|).
      {-8.0f, 8.0f, 0, 0, 12 * u * 2, 0},
      {-3.0f, 3.0f, 0, 0, 11 * u * 2, 0},
      // __logf, __log10f: 2^-21.41 absolute in [0.5, 2], else 3 ulp.
      {0.5f, 2.0f, 0, 0, 0, 0x1p-20},
      {0.5f, 2.0f, 0, 0, 0, 0x1p-20},
      // __sinf, __cosf: 2^-21.41 absolute in [-pi, pi].
      {-3.14159f, 3.14159f, 0, 0, 0, 0x1p-20},
      {-3.14159f, 3.14159f, 0, 0, 0, 0x1p-20},
      // __tanf: __sinf(x) / __cosf(x); cos(1.2) = 0.36.
      {-1.2f, 1.2f, 0, 0, 0x1p-18, 0x1p-19},
      // tanh.approx.f32: 2^-10.987 relative.
      {-5.0f, 5.0f, 0, 0, 0x1p-10, 0x1p-20},
  };
  const int n = NFN * per_fn;
  float hx[n], hy[n], hr[n];
  for (int f = 0; f < NFN; f++) {
    for (int k = 0; k < per_fn; k++) {
      float t = static_cast<float>(k) / (per_fn - 1);
      hx[f * per_fn + k] = ranges[f].lo + (ranges[f].hi - ranges[f].lo) * t;
      // y runs through its range 7 times as x runs through x's once.
      float s = static_cast<float>((k * 7) % per_fn) / (per_fn - 1);
      hy[f * per_fn + k] =
          ranges[f].ylo + (ranges[f].yhi - ranges[f].ylo) * s;
    }
  }
  float *dx, *dy, *dr;
  HIP_CHECK(hipMalloc(&dx, sizeof hx));
  HIP_CHECK(hipMalloc(&dy, sizeof hy));
  HIP_CHECK(hipMalloc(&dr, sizeof hr));
  HIP_CHECK(hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dy, hy, sizeof hy, hipMemcpyHostToDevice));
  compute<<<n / 64, 64>>>(dx, dy, dr);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(hr, dr, sizeof hr, hipMemcpyDeviceToHost));
  for (int f = 0; f < NFN; f++) {
    int bad = 0;
    for (int k = 0; k < per_fn; k++) {
      int i = f * per_fn + k;
      double a = hx[i], b = hy[i], want = 0;
      switch (f) {
        case POWF: case STD_POW: want = std::pow(a, b); break;
        case EXPF: want = std::exp(a); break;
        case EXP10F: want = std::pow(10.0, a); break;
        case LOGF: want = std::log(a); break;
        case LOG10F: want = std::log10(a); break;
        case SINF: want = std::sin(a); break;
        case COSF: want = std::cos(a); break;
        case TANF: want = std::tan(a); break;
        case TANHF: want = std::tanh(a); break;
      }
      double tol = ranges[f].rel * std::fabs(want) + ranges[f].abs;
      if (!(std::fabs(hr[i] - want) <= tol) && bad++ < 3)
        std::fprintf(stderr, "%s(%.9g, %.9g) = %.9g, want %.9g (+-%.3g)\n",
                     names[f], a, b, hr[i], want, tol);
    }
    CHECK_EQ(bad, 0);
  }
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  HIP_CHECK(hipFree(dr));
  return test_summary("fast_math");
}
