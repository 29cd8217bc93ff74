// hipRAND device API: Sobol32, the 32-bit Sobol sequence of one dimension
// in Gray-code order (I. M. Sobol', 1967; A. Antonov and V. Saleev, 1979):
// point i is the xor of the direction vectors v[k] over the set bits k of
// i ^ (i >> 1), point 0 is 0. hiprandGetDirectionVectors32 gives Joe and
// Kuo's vectors (S. Joe and F. Y. Kuo, SIAM J. Sci. Comput. 30, 2008).
#ifndef HIPRAND_HIPC_SOBOL_H
#define HIPRAND_HIPC_SOBOL_H

#include "hiprand/hipc/common.h"

struct hiprandStateSobol32 {
  unsigned int i;  // the index of the next point
  unsigned int x;  // the next point
  unsigned int direction_vectors[32];
};
typedef struct hiprandStateSobol32 hiprandStateSobol32_t;

// Scrambled Sobol32: the points of scrambled direction vectors (hipc's
// scrambling, hiprandGetDirectionVectors32 with
// HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) xor a per-dimension
// constant (hiprandGetScrambleConstants32).
struct hiprandStateScrambledSobol32 {
  unsigned int i, x;
  unsigned int c;  // the scramble constant
  unsigned int direction_vectors[32];
};
typedef struct hiprandStateScrambledSobol32 hiprandStateScrambledSobol32_t;

namespace hipc {
namespace rand {

// Point i of the sequence with direction vectors v.
HIPRAND_HD unsigned int sobol_point(const unsigned int v[32], unsigned int i) {
  unsigned int g = i ^ (i >> 1), x = 0;
  for (int k = 0; g != 0; k++, g >>= 1)
    if (g & 1u)
      x ^= v[k];
  return x;
}

HIPRAND_HD unsigned int sobol_next(hiprandStateSobol32_t* s) {
  unsigned int r = s->x;
  // The Gray code of i + 1 differs from that of i in the lowest zero bit
  // of i.
  unsigned int z = ~s->i;
  if (z != 0)
    s->x ^= s->direction_vectors[__builtin_ctz(z)];
  s->i++;
  return r;
}

HIPRAND_HD unsigned int sobol_next(hiprandStateScrambledSobol32_t* s) {
  unsigned int r = s->x ^ s->c;
  unsigned int z = ~s->i;
  if (z != 0)
    s->x ^= s->direction_vectors[__builtin_ctz(z)];
  s->i++;
  return r;
}

}  // namespace rand
}  // namespace hipc

HIPRAND_HD void skipahead(unsigned int n, hiprandStateScrambledSobol32_t* s) {
  s->i += n;
  s->x = hipc::rand::sobol_point(s->direction_vectors, s->i);
}

HIPRAND_HD void hiprand_init(const unsigned int direction_vectors[32],
                             unsigned int scramble_constant,
                             unsigned int offset,
                             hiprandStateScrambledSobol32_t* s) {
  for (int k = 0; k < 32; k++)
    s->direction_vectors[k] = direction_vectors[k];
  s->c = scramble_constant;
  s->i = offset;
  s->x = hipc::rand::sobol_point(s->direction_vectors, offset);
}

HIPRAND_HD unsigned int hiprand(hiprandStateScrambledSobol32_t* s) {
  return hipc::rand::sobol_next(s);
}

// Skips n points ahead.
HIPRAND_HD void skipahead(unsigned int n, hiprandStateSobol32_t* s) {
  s->i += n;
  s->x = hipc::rand::sobol_point(s->direction_vectors, s->i);
}

HIPRAND_HD void hiprand_init(const unsigned int direction_vectors[32],
                             unsigned int offset, hiprandStateSobol32_t* s) {
  for (int k = 0; k < 32; k++)
    s->direction_vectors[k] = direction_vectors[k];
  s->i = offset;
  s->x = hipc::rand::sobol_point(s->direction_vectors, offset);
}

HIPRAND_HD unsigned int hiprand(hiprandStateSobol32_t* s) {
  return hipc::rand::sobol_next(s);
}

#endif
