// hipRAND device API: Sobol64, the 64-bit Sobol sequence of one dimension
// in Gray-code order (as Sobol32, hiprand/hipc/sobol.h, with 64 direction
// vectors of 64 bits: hiprandGetDirectionVectors64), and scrambled Sobol64
// (scrambled vectors, points xor a constant: hiprandGetScrambleConstants64).
// Values: hiprand and hiprand_long_long the 64-bit point; hiprand_uniform
// its top 32 bits x as x / 2^32 + 2^-33; hiprand_uniform_double its top 53
// bits z as z / 2^53 + 2^-54; normals the inverse normal CDF of the uniform
// double; Poisson and discrete by inversion. One point per value.
#ifndef HIPRAND_HIPC_SOBOL64_H
#define HIPRAND_HIPC_SOBOL64_H

#include "hiprand/hipc/common.h"

struct hiprandStateSobol64 {
  unsigned long long i;  // the index of the next point
  unsigned long long x;  // the next point
  unsigned long long direction_vectors[64];
};
typedef struct hiprandStateSobol64 hiprandStateSobol64_t;

struct hiprandStateScrambledSobol64 {
  unsigned long long i, x;
  unsigned long long c;  // the scramble constant
  unsigned long long direction_vectors[64];
};
typedef struct hiprandStateScrambledSobol64 hiprandStateScrambledSobol64_t;

namespace hipc {
namespace rand {

// Point i of the sequence with direction vectors v.
HIPRAND_HD unsigned long long sobol64_point(const unsigned long long v[64],
                                            unsigned long long i) {
  unsigned long long g = i ^ (i >> 1), x = 0;
  for (int k = 0; g != 0; k++, g >>= 1)
    if (g & 1u)
      x ^= v[k];
  return x;
}

// Steps s from point i to point i + 1 (the Gray codes differ in the lowest
// zero bit of i); returns point i, xor c.
template <class State>
HIPRAND_HD unsigned long long sobol64_step(State* s, unsigned long long c) {
  unsigned long long r = s->x ^ c;
  unsigned long long z = ~s->i;
  if (z != 0)
    s->x ^= s->direction_vectors[__builtin_ctzll(z)];
  s->i++;
  return r;
}

HIPRAND_HD unsigned long long sobol64_next(hiprandStateSobol64_t* s) {
  return sobol64_step(s, 0ull);
}
HIPRAND_HD unsigned long long sobol64_next(hiprandStateScrambledSobol64_t* s) {
  return sobol64_step(s, s->c);
}

HIPRAND_HD float uniform64_f(unsigned long long x) {
  return uniform_f(static_cast<unsigned int>(x >> 32));
}

HIPRAND_HD double uniform64_d(unsigned long long x) {
  return static_cast<double>(x >> 11) * kInv53 + kInv53 * 0.5;
}

}  // namespace rand
}  // namespace hipc

HIPRAND_HD void hiprand_init(const unsigned long long direction_vectors[64],
                             unsigned long long offset,
                             hiprandStateSobol64_t* s) {
  for (int k = 0; k < 64; k++)
    s->direction_vectors[k] = direction_vectors[k];
  s->i = offset;
  s->x = hipc::rand::sobol64_point(s->direction_vectors, offset);
}

HIPRAND_HD void hiprand_init(const unsigned long long direction_vectors[64],
                             unsigned long long scramble_constant,
                             unsigned long long offset,
                             hiprandStateScrambledSobol64_t* s) {
  for (int k = 0; k < 64; k++)
    s->direction_vectors[k] = direction_vectors[k];
  s->c = scramble_constant;
  s->i = offset;
  s->x = hipc::rand::sobol64_point(s->direction_vectors, offset);
}

// The functions of both states.
#define HIPRAND_HIPC_SOBOL64(State)                                          \
  HIPRAND_HD void skipahead(unsigned long long n, State* s) {                \
    s->i += n;                                                               \
    s->x = hipc::rand::sobol64_point(s->direction_vectors, s->i);            \
  }                                                                          \
  HIPRAND_HD unsigned long long hiprand(State* s) {                          \
    return hipc::rand::sobol64_next(s);                                      \
  }                                                                          \
  HIPRAND_HD unsigned long long hiprand_long_long(State* s) {                \
    return hipc::rand::sobol64_next(s);                                      \
  }                                                                          \
  HIPRAND_HD float hiprand_uniform(State* s) {                               \
    return hipc::rand::uniform64_f(hipc::rand::sobol64_next(s));             \
  }                                                                          \
  HIPRAND_HD double hiprand_uniform_double(State* s) {                       \
    return hipc::rand::uniform64_d(hipc::rand::sobol64_next(s));             \
  }                                                                          \
  HIPRAND_HD double hiprand_normal_double(State* s) {                        \
    return hipc::rand::inv_normal(hiprand_uniform_double(s));                \
  }                                                                          \
  HIPRAND_HD float hiprand_normal(State* s) {                                \
    return static_cast<float>(hiprand_normal_double(s));                     \
  }                                                                          \
  HIPRAND_HD float hiprand_log_normal(State* s, float mean, float stddev) {  \
    return expf(mean + stddev * hiprand_normal(s));                          \
  }                                                                          \
  HIPRAND_HD double hiprand_log_normal_double(State* s, double mean,         \
                                              double stddev) {               \
    return exp(mean + stddev * hiprand_normal_double(s));                    \
  }                                                                          \
  HIPRAND_HD unsigned int hiprand_poisson(State* s, double lambda) {         \
    return hipc::rand::poisson_invert(hiprand_uniform_double(s), lambda);    \
  }                                                                          \
  HIPRAND_HD unsigned int hiprand_discrete(State* s,                         \
                                           hiprandDiscreteDistribution_t d) { \
    return d->offset +                                                       \
           hipc::rand::cdf_search(d->cdf, d->size, hiprand_uniform_double(s)); \
  }

HIPRAND_HIPC_SOBOL64(hiprandStateSobol64_t)
HIPRAND_HIPC_SOBOL64(hiprandStateScrambledSobol64_t)

#endif
