// hipRAND device API: Philox4x32-10 (J. K. Salmon, M. A. Moraes, R. O. Dror,
// D. E. Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC 2011), a
// counter-based generator: value i of a sequence is word i mod 4 of the
// 10-round bijection of the 128-bit counter i / 4 under the 64-bit key (the
// seed). Subsequence j starts at counter j * 2^64 (values 2^66 apart).
#ifndef HIPRAND_HIPC_PHILOX_H
#define HIPRAND_HIPC_PHILOX_H

#include "hiprand/hipc/common.h"

struct hiprandStatePhilox4_32_10 {
  unsigned int ctr[4];     // the counter, least significant word first
  unsigned int key[2];     // the seed
  unsigned int output[4];  // the block of ctr
  unsigned int STATE;      // the next word of output
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct hiprandStatePhilox4_32_10 hiprandStatePhilox4_32_10_t;

namespace hipc {
namespace rand {

// out = Philox4x32-10(ctr, key).
HIPRAND_HD void philox_block(const unsigned int ctr[4],
                             const unsigned int key[2], unsigned int out[4]) {
  unsigned int c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
  unsigned int k0 = key[0], k1 = key[1];
  for (int round = 0; round < 10; round++) {
    unsigned long long p0 = 0xD2511F53ull * c0;
    unsigned long long p1 = 0xCD9E8D57ull * c2;
    unsigned int hi0 = static_cast<unsigned int>(p0 >> 32);
    unsigned int hi1 = static_cast<unsigned int>(p1 >> 32);
    c0 = hi1 ^ c1 ^ k0;
    c1 = static_cast<unsigned int>(p1);
    c2 = hi0 ^ c3 ^ k1;
    c3 = static_cast<unsigned int>(p0);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
}

// ctr += n, from word `w` up (w = 0: the counter, w = 2: its high half).
HIPRAND_HD void philox_add(unsigned int ctr[4], unsigned long long n, int w) {
  unsigned long long carry = n;
  for (; w < 4 && carry != 0; w++) {
    unsigned long long s = static_cast<unsigned long long>(ctr[w]) +
                           (carry & 0xffffffffull);
    ctr[w] = static_cast<unsigned int>(s);
    carry = (carry >> 32) + (s >> 32);
  }
}

HIPRAND_HD unsigned int philox_next(hiprandStatePhilox4_32_10_t* s) {
  unsigned int r = s->output[s->STATE];
  if (++s->STATE == 4) {
    philox_add(s->ctr, 1, 0);
    philox_block(s->ctr, s->key, s->output);
    s->STATE = 0;
  }
  return r;
}

}  // namespace rand
}  // namespace hipc

// Skips n values ahead.
HIPRAND_HD void skipahead(unsigned long long n,
                          hiprandStatePhilox4_32_10_t* s) {
  unsigned int st = s->STATE + static_cast<unsigned int>(n & 3u);
  unsigned long long blocks = (n >> 2) + (st >> 2);
  s->STATE = st & 3u;
  hipc::rand::philox_add(s->ctr, blocks, 0);
  hipc::rand::philox_block(s->ctr, s->key, s->output);
}

// Skips n subsequences (n * 2^66 values) ahead.
HIPRAND_HD void skipahead_sequence(unsigned long long n,
                                   hiprandStatePhilox4_32_10_t* s) {
  hipc::rand::philox_add(s->ctr, n, 2);
  hipc::rand::philox_block(s->ctr, s->key, s->output);
}

HIPRAND_HD void hiprand_init(unsigned long long seed,
                             unsigned long long subsequence,
                             unsigned long long offset,
                             hiprandStatePhilox4_32_10_t* s) {
  s->ctr[0] = s->ctr[1] = 0;
  s->ctr[2] = static_cast<unsigned int>(subsequence);
  s->ctr[3] = static_cast<unsigned int>(subsequence >> 32);
  s->key[0] = static_cast<unsigned int>(seed);
  s->key[1] = static_cast<unsigned int>(seed >> 32);
  s->STATE = 0;
  s->boxmuller_flag = s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
  skipahead(offset, s);
}

HIPRAND_HD unsigned int hiprand(hiprandStatePhilox4_32_10_t* s) {
  return hipc::rand::philox_next(s);
}

// The next four values.
HIPRAND_HD uint4 hiprand4(hiprandStatePhilox4_32_10_t* s) {
  unsigned int a = hipc::rand::philox_next(s);
  unsigned int b = hipc::rand::philox_next(s);
  unsigned int c = hipc::rand::philox_next(s);
  unsigned int d = hipc::rand::philox_next(s);
  return make_uint4(a, b, c, d);
}

#endif
