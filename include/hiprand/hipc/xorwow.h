// hipRAND device API: XORWOW, Marsaglia's xorshift generator with a Weyl
// sequence (G. Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003),
// seeded and divided into subsequences as cuRAND and hipRAND define it:
// subsequence i starts 2^67 * i values into the sequence of the seed.
#ifndef HIPRAND_HIPC_XORWOW_H
#define HIPRAND_HIPC_XORWOW_H

#include "hiprand/hipc/common.h"

struct hiprandStateXORWOW {
  unsigned int d;     // the Weyl counter
  unsigned int v[5];  // the xorshift state
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct hiprandStateXORWOW hiprandStateXORWOW_t;
typedef hiprandStateXORWOW_t hiprandState_t;
typedef hiprandStateXORWOW_t hiprandState;  // as cuRAND's curandState

namespace hipc {
namespace rand {

// The xorshift step, the linear map T on the 160 bits of v.
HIPRAND_HD void xorwow_shift(unsigned int v[5]) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

// v = p(T) v for the polynomial p of degree < 160 (bit i of p[] is the
// coefficient of x^i), by Horner's rule.
HIPRAND_HD void xorwow_apply(const unsigned int p[5], unsigned int v[5]) {
  unsigned int r[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; i--) {
    xorwow_shift(r);
    if ((p[i >> 5] >> (i & 31)) & 1u)
      for (int w = 0; w < 5; w++)
        r[w] ^= v[w];
  }
  for (int w = 0; w < 5; w++)
    v[w] = r[w];
}

// Jumps the xorshift state ahead by n * 2^base steps (base 0 or 67): the
// table holds x^(2^k) mod P(x), P the characteristic polynomial of T.
HIPRAND_HD void xorwow_jump(unsigned long long n, int table_base,
                            unsigned int v[5]) {
  for (int k = 0; n != 0; k++, n >>= 1)
    if (n & 1u)
      xorwow_apply(__hipc_hiprand_xorwow_jump[table_base + k], v);
}

HIPRAND_HD unsigned int xorwow_next(hiprandStateXORWOW_t* s) {
  xorwow_shift(s->v);
  s->d += 362437u;
  return s->v[4] + s->d;
}

}  // namespace rand
}  // namespace hipc

// Skips n values ahead.
HIPRAND_HD void skipahead(unsigned long long n, hiprandStateXORWOW_t* s) {
  hipc::rand::xorwow_jump(n, 0, s->v);
  s->d += 362437u * static_cast<unsigned int>(n);
}

// Skips n subsequences (n * 2^67 values) ahead.
HIPRAND_HD void skipahead_sequence(unsigned long long n,
                                   hiprandStateXORWOW_t* s) {
  hipc::rand::xorwow_jump(n, 64, s->v);  // 362437 * 2^67 = 0 mod 2^32
}

HIPRAND_HD void hiprand_init(unsigned long long seed,
                             unsigned long long subsequence,
                             unsigned long long offset,
                             hiprandStateXORWOW_t* s) {
  unsigned int s0 = static_cast<unsigned int>(seed) ^ 0xaad26b49u;
  unsigned int s1 = static_cast<unsigned int>(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  s->d = 6615241u + t1 + t0;
  s->v[0] = 123456789u + t0;
  s->v[1] = 362436069u ^ t0;
  s->v[2] = 521288629u + t1;
  s->v[3] = 88675123u ^ t1;
  s->v[4] = 5783321u + t0;
  s->boxmuller_flag = s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
  skipahead_sequence(subsequence, s);
  skipahead(offset, s);
}

HIPRAND_HD unsigned int hiprand(hiprandStateXORWOW_t* s) {
  return hipc::rand::xorwow_next(s);
}

#endif
