// hipRAND device API: the distributions, per engine. Each value takes a
// fixed number of the engine's 32-bit outputs, in order:
//
//   hiprand_uniform          1   (0, 1]: x / 2^32 + 2^-33 (MRG32k3a: r / (m1+1))
//   hiprand_uniform_double   2   z / 2^53 + 2^-54, z = x ^ (y << 21)
//                                (MRG32k3a, Sobol32: 1)
//   hiprand_normal2          2   Box-Muller on two uniforms (Sobol32: the
//                                inverse normal CDF of one uniform each,
//                                Acklam's approximation refined to double)
//   hiprand_normal           1   the first of a pair, the second kept for the
//                                next call
//   hiprand_normal2_double   4   Box-Muller on two uniform doubles (MRG32k3a 2)
//   hiprand_log_normal*      as the normal ones, exp(mean + stddev * n)
//   hiprand_poisson          varies: Knuth's product of uniforms for
//                                lambda < 64, Hormann's PTRS above (W.
//                                Hormann, "The transformed rejection method
//                                for generating Poisson random variables",
//                                Insurance Math. Econom. 12, 1993); Sobol32
//                                (and scrambled): inversion of the CDF with
//                                one point
//   hiprand_discrete         1   inversion of the distribution's CDF table
#ifndef HIPRAND_HIPC_DISTRIBUTIONS_H
#define HIPRAND_HIPC_DISTRIBUTIONS_H

#include "hiprand/hipc/mrg32k3a.h"
#include "hiprand/hipc/philox.h"
#include "hiprand/hipc/sobol.h"
#include "hiprand/hipc/xorwow.h"

namespace hipc {
namespace rand {

// One uniform double per engine output (Poisson, discrete).
HIPRAND_HD double u01_1(hiprandStateXORWOW_t* s) {
  return uniform_d1(xorwow_next(s));
}
HIPRAND_HD double u01_1(hiprandStatePhilox4_32_10_t* s) {
  return uniform_d1(philox_next(s));
}
HIPRAND_HD double u01_1(hiprandStateMRG32k3a_t* s) { return mrg_uniform_d(s); }
HIPRAND_HD double u01_1(hiprandStateSobol32_t* s) {
  return uniform_d1(sobol_next(s));
}
HIPRAND_HD double u01_1(hiprandStateScrambledSobol32_t* s) {
  return uniform_d1(sobol_next(s));
}

HIPRAND_HD float u01f(hiprandStateXORWOW_t* s) {
  return uniform_f(xorwow_next(s));
}
HIPRAND_HD float u01f(hiprandStatePhilox4_32_10_t* s) {
  return uniform_f(philox_next(s));
}
HIPRAND_HD float u01f(hiprandStateMRG32k3a_t* s) {
  return static_cast<float>(mrg_uniform_d(s));
}
HIPRAND_HD float u01f(hiprandStateSobol32_t* s) {
  return uniform_f(sobol_next(s));
}
HIPRAND_HD float u01f(hiprandStateScrambledSobol32_t* s) {
  return uniform_f(sobol_next(s));
}

HIPRAND_HD double u01d(hiprandStateXORWOW_t* s) {
  unsigned int x = xorwow_next(s);
  return uniform_d2(x, xorwow_next(s));
}
HIPRAND_HD double u01d(hiprandStatePhilox4_32_10_t* s) {
  unsigned int x = philox_next(s);
  return uniform_d2(x, philox_next(s));
}
HIPRAND_HD double u01d(hiprandStateMRG32k3a_t* s) { return mrg_uniform_d(s); }
HIPRAND_HD double u01d(hiprandStateSobol32_t* s) {
  return uniform_d1(sobol_next(s));
}
HIPRAND_HD double u01d(hiprandStateScrambledSobol32_t* s) {
  return uniform_d1(sobol_next(s));
}

// The quasi-random engines, whose normals and Poisson values invert CDFs.
template <class State>
struct is_quasi {
  static constexpr bool value = false;
};
template <>
struct is_quasi<hiprandStateSobol32_t> {
  static constexpr bool value = true;
};
template <>
struct is_quasi<hiprandStateScrambledSobol32_t> {
  static constexpr bool value = true;
};

// The first index k of cdf[0..size) with cdf[k] >= u (size - 1 if none).
HIPRAND_HD unsigned int cdf_search(const double* cdf, unsigned int size,
                                   double u) {
  unsigned int lo = 0, hi = size - 1;
  while (lo < hi) {
    unsigned int mid = lo + (hi - lo) / 2;
    if (cdf[mid] >= u)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

// The smallest k with P(X <= k) >= u, summing the probabilities.
HIPRAND_HD unsigned int poisson_invert(double u, double lambda) {
  double logp = -lambda, cdf = exp(logp);
  unsigned int k = 0;
  double loglam = log(lambda);
  while (cdf < u && k < 0xffffffffu) {
    k++;
    logp += loglam - log(static_cast<double>(k));
    double p = exp(logp);
    if (p == 0.0 && k > lambda)
      break;
    cdf += p;
  }
  return k;
}

// Quasi-random engines: inversion with one point.
template <class State>
HIPRAND_HD unsigned int poisson_inversion(State* s, double lambda) {
  return poisson_invert(u01_1(s), lambda);
}

template <class State>
HIPRAND_HD unsigned int poisson(State* s, double lambda) {
  if (is_quasi<State>::value)
    return poisson_inversion(s, lambda);
  if (lambda < 64.0) {
    double limit = exp(-lambda), p = 1.0;
    unsigned int k = 0;
    for (;;) {
      p *= u01_1(s);
      if (p <= limit)
        return k;
      k++;
    }
  }
  double slam = sqrt(lambda), loglam = log(lambda);
  double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  double inv_alpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    double u = u01_1(s) - 0.5, v = u01_1(s);
    double us = 0.5 - fabs(u);
    double k = floor((2 * a / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr)
      return static_cast<unsigned int>(k);
    if (k < 0 || (us < 0.013 && v > us))
      continue;
    if (log(v) + log(inv_alpha) - log(a / (us * us) + b) <=
        -lambda + k * loglam - lgamma(k + 1))
      return static_cast<unsigned int>(k);
  }
}

template <class State>
HIPRAND_HD float2 normal2(State* s) {
  float u = u01f(s);
  if (is_quasi<State>::value)
    return make_float2(static_cast<float>(inv_normal(u)),
                       static_cast<float>(inv_normal(u01f(s))));
  return box_muller_f(u, u01f(s));
}

template <class State>
HIPRAND_HD double2 normal2_double(State* s) {
  double u = u01d(s);
  if (is_quasi<State>::value)
    return make_double2(inv_normal(u), inv_normal(u01d(s)));
  return box_muller_d(u, u01d(s));
}

template <class State>
HIPRAND_HD float normal(State* s) {
  if (s->boxmuller_flag) {
    s->boxmuller_flag = 0;
    return s->boxmuller_extra;
  }
  float2 v = normal2(s);
  s->boxmuller_extra = v.y;
  s->boxmuller_flag = 1;
  return v.x;
}
HIPRAND_HD float normal(hiprandStateSobol32_t* s) {
  return static_cast<float>(inv_normal(u01f(s)));
}
HIPRAND_HD float normal(hiprandStateScrambledSobol32_t* s) {
  return static_cast<float>(inv_normal(u01f(s)));
}

template <class State>
HIPRAND_HD double normal_double(State* s) {
  if (s->boxmuller_flag_double) {
    s->boxmuller_flag_double = 0;
    return s->boxmuller_extra_double;
  }
  double2 v = normal2_double(s);
  s->boxmuller_extra_double = v.y;
  s->boxmuller_flag_double = 1;
  return v.x;
}
HIPRAND_HD double normal_double(hiprandStateSobol32_t* s) {
  return inv_normal(u01d(s));
}
HIPRAND_HD double normal_double(hiprandStateScrambledSobol32_t* s) {
  return inv_normal(u01d(s));
}

}  // namespace rand
}  // namespace hipc

// The distributions of every engine.
#define HIPRAND_HIPC_DISTRIBUTIONS(State)                                     \
  HIPRAND_HD float hiprand_uniform(State* s) { return hipc::rand::u01f(s); }  \
  HIPRAND_HD double hiprand_uniform_double(State* s) {                        \
    return hipc::rand::u01d(s);                                               \
  }                                                                           \
  HIPRAND_HD float hiprand_normal(State* s) { return hipc::rand::normal(s); } \
  HIPRAND_HD double hiprand_normal_double(State* s) {                         \
    return hipc::rand::normal_double(s);                                      \
  }                                                                           \
  HIPRAND_HD float hiprand_log_normal(State* s, float mean, float stddev) {   \
    return expf(mean + stddev * hipc::rand::normal(s));                       \
  }                                                                           \
  HIPRAND_HD double hiprand_log_normal_double(State* s, double mean,          \
                                              double stddev) {                \
    return exp(mean + stddev * hipc::rand::normal_double(s));                 \
  }                                                                           \
  HIPRAND_HD unsigned int hiprand_poisson(State* s, double lambda) {          \
    return hipc::rand::poisson(s, lambda);                                    \
  }                                                                           \
  HIPRAND_HD unsigned int hiprand_discrete(                                   \
      State* s, hiprandDiscreteDistribution_t d) {                            \
    return d->offset +                                                        \
           hipc::rand::cdf_search(d->cdf, d->size, hipc::rand::u01_1(s));     \
  }

// Pairs, for the pseudo-random engines.
#define HIPRAND_HIPC_PAIRS(State)                                             \
  HIPRAND_HD float2 hiprand_normal2(State* s) {                               \
    return hipc::rand::normal2(s);                                            \
  }                                                                           \
  HIPRAND_HD double2 hiprand_normal2_double(State* s) {                       \
    return hipc::rand::normal2_double(s);                                     \
  }                                                                           \
  HIPRAND_HD float2 hiprand_log_normal2(State* s, float mean, float stddev) { \
    float2 v = hipc::rand::normal2(s);                                        \
    return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y)); \
  }                                                                           \
  HIPRAND_HD double2 hiprand_log_normal2_double(State* s, double mean,        \
                                                double stddev) {              \
    double2 v = hipc::rand::normal2_double(s);                                \
    return make_double2(exp(mean + stddev * v.x), exp(mean + stddev * v.y));  \
  }

HIPRAND_HIPC_DISTRIBUTIONS(hiprandStateXORWOW_t)
HIPRAND_HIPC_DISTRIBUTIONS(hiprandStatePhilox4_32_10_t)
HIPRAND_HIPC_DISTRIBUTIONS(hiprandStateMRG32k3a_t)
HIPRAND_HIPC_DISTRIBUTIONS(hiprandStateSobol32_t)
HIPRAND_HIPC_DISTRIBUTIONS(hiprandStateScrambledSobol32_t)
HIPRAND_HIPC_PAIRS(hiprandStateXORWOW_t)
HIPRAND_HIPC_PAIRS(hiprandStatePhilox4_32_10_t)
HIPRAND_HIPC_PAIRS(hiprandStateMRG32k3a_t)

// Philox4x32-10's groups of four.
HIPRAND_HD float4 hiprand_uniform4(hiprandStatePhilox4_32_10_t* s) {
  uint4 v = hiprand4(s);
  using hipc::rand::uniform_f;
  return make_float4(uniform_f(v.x), uniform_f(v.y), uniform_f(v.z),
                     uniform_f(v.w));
}

HIPRAND_HD double2 hiprand_uniform2_double(hiprandStatePhilox4_32_10_t* s) {
  uint4 v = hiprand4(s);
  using hipc::rand::uniform_d2;
  return make_double2(uniform_d2(v.x, v.y), uniform_d2(v.z, v.w));
}

HIPRAND_HD double4 hiprand_uniform4_double(hiprandStatePhilox4_32_10_t* s) {
  double2 a = hiprand_uniform2_double(s), b = hiprand_uniform2_double(s);
  return make_double4(a.x, a.y, b.x, b.y);
}

HIPRAND_HD float4 hiprand_normal4(hiprandStatePhilox4_32_10_t* s) {
  float2 a = hipc::rand::normal2(s), b = hipc::rand::normal2(s);
  return make_float4(a.x, a.y, b.x, b.y);
}

HIPRAND_HD double4 hiprand_normal4_double(hiprandStatePhilox4_32_10_t* s) {
  double2 a = hipc::rand::normal2_double(s);
  double2 b = hipc::rand::normal2_double(s);
  return make_double4(a.x, a.y, b.x, b.y);
}

HIPRAND_HD float4 hiprand_log_normal4(hiprandStatePhilox4_32_10_t* s,
                                      float mean, float stddev) {
  float4 v = hiprand_normal4(s);
  return make_float4(expf(mean + stddev * v.x), expf(mean + stddev * v.y),
                     expf(mean + stddev * v.z), expf(mean + stddev * v.w));
}

HIPRAND_HD double4 hiprand_log_normal4_double(hiprandStatePhilox4_32_10_t* s,
                                              double mean, double stddev) {
  double4 v = hiprand_normal4_double(s);
  return make_double4(exp(mean + stddev * v.x), exp(mean + stddev * v.y),
                      exp(mean + stddev * v.z), exp(mean + stddev * v.w));
}

HIPRAND_HD uint4 hiprand_poisson4(hiprandStatePhilox4_32_10_t* s,
                                  double lambda) {
  unsigned int a = hipc::rand::poisson(s, lambda);
  unsigned int b = hipc::rand::poisson(s, lambda);
  unsigned int c = hipc::rand::poisson(s, lambda);
  return make_uint4(a, b, c, hipc::rand::poisson(s, lambda));
}

#endif
