// hipRAND device API: MRG32k3a, L'Ecuyer's combined multiple recursive
// generator (P. L'Ecuyer, "Good parameters and implementations for combined
// multiple recursive random number generators", Oper. Res. 47(1), 1999).
// Subsequence i starts 2^76 * i values into the sequence of the seed (the
// substreams of L'Ecuyer's RngStreams).
//
// Seeding (hipc's): seed 0 gives L'Ecuyer's initial state, 12345 in all six
// words; otherwise, with x = low word of seed ^ 0x55555555 and y = high word
// ^ 0xAAAAAAAA, s1 = (12345x, 12345y, 12345x) mod m1 and s2 = (12345y,
// 12345x, 12345y) mod m2 (a component that comes out all zero gets 12345s).
// A value is r = p1 - p2 mod m1 in [1, m1]; as a double r / (m1 + 1).
#ifndef HIPRAND_HIPC_MRG32K3A_H
#define HIPRAND_HIPC_MRG32K3A_H

#include "hiprand/hipc/common.h"

struct hiprandStateMRG32k3a {
  unsigned int s1[3], s2[3];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct hiprandStateMRG32k3a hiprandStateMRG32k3a_t;

namespace hipc {
namespace rand {

constexpr unsigned long long kMrgM1 = 4294967087ull;
constexpr unsigned long long kMrgM2 = 4294944443ull;
constexpr double kMrgNorm = 1.0 / 4294967088.0;  // 1 / (m1 + 1)

// v = A v mod m for the 3x3 matrix A (row-major).
HIPRAND_HD void mrg_apply(const unsigned int a[9], unsigned int v[3],
                          unsigned long long m) {
  unsigned long long r[3];
  for (int i = 0; i < 3; i++) {
    unsigned long long s = 0;
    for (int k = 0; k < 3; k++)
      s = (s + static_cast<unsigned long long>(a[3 * i + k]) * v[k] % m) % m;
    r[i] = s;
  }
  for (int i = 0; i < 3; i++)
    v[i] = static_cast<unsigned int>(r[i]);
}

// Jumps n * 2^base values ahead (base 0 or 76): the tables hold A^(2^k).
HIPRAND_HD void mrg_jump(unsigned long long n, int table_base,
                         hiprandStateMRG32k3a* s) {
  for (int k = 0; n != 0; k++, n >>= 1)
    if (n & 1u) {
      mrg_apply(__hipc_hiprand_mrg_jump1[table_base + k], s->s1, kMrgM1);
      mrg_apply(__hipc_hiprand_mrg_jump2[table_base + k], s->s2, kMrgM2);
    }
}

// The next value r in [1, m1].
HIPRAND_HD unsigned int mrg_next(hiprandStateMRG32k3a* s) {
  unsigned long long p1 =
      (1403580ull * s->s1[1] % kMrgM1 +
       (kMrgM1 - 810728ull) * s->s1[0] % kMrgM1) % kMrgM1;
  unsigned long long p2 =
      (527612ull * s->s2[2] % kMrgM2 +
       (kMrgM2 - 1370589ull) * s->s2[0] % kMrgM2) % kMrgM2;
  s->s1[0] = s->s1[1];
  s->s1[1] = s->s1[2];
  s->s1[2] = static_cast<unsigned int>(p1);
  s->s2[0] = s->s2[1];
  s->s2[1] = s->s2[2];
  s->s2[2] = static_cast<unsigned int>(p2);
  return static_cast<unsigned int>(p1 > p2 ? p1 - p2 : p1 + kMrgM1 - p2);
}

HIPRAND_HD double mrg_uniform_d(hiprandStateMRG32k3a* s) {
  return static_cast<double>(mrg_next(s)) * kMrgNorm;
}

}  // namespace rand
}  // namespace hipc

// Skips n values ahead.
HIPRAND_HD void skipahead(unsigned long long n, hiprandStateMRG32k3a_t* s) {
  hipc::rand::mrg_jump(n, 0, s);
}

// Skips n subsequences (n * 2^76 values) ahead.
HIPRAND_HD void skipahead_subsequence(unsigned long long n,
                                      hiprandStateMRG32k3a_t* s) {
  hipc::rand::mrg_jump(n, 64, s);
}

HIPRAND_HD void skipahead_sequence(unsigned long long n,
                                   hiprandStateMRG32k3a_t* s) {
  hipc::rand::mrg_jump(n, 64, s);
}

HIPRAND_HD void hiprand_init(unsigned long long seed,
                             unsigned long long subsequence,
                             unsigned long long offset,
                             hiprandStateMRG32k3a_t* s) {
  using namespace hipc::rand;
  for (int i = 0; i < 3; i++)
    s->s1[i] = s->s2[i] = 12345u;
  if (seed != 0) {
    unsigned long long x = static_cast<unsigned int>(seed) ^ 0x55555555u;
    unsigned long long y =
        static_cast<unsigned int>(seed >> 32) ^ 0xAAAAAAAAu;
    s->s1[0] = static_cast<unsigned int>(12345u * x % kMrgM1);
    s->s1[1] = static_cast<unsigned int>(12345u * y % kMrgM1);
    s->s1[2] = s->s1[0];
    s->s2[0] = static_cast<unsigned int>(12345u * y % kMrgM2);
    s->s2[1] = static_cast<unsigned int>(12345u * x % kMrgM2);
    s->s2[2] = s->s2[0];
    if ((s->s1[0] | s->s1[1]) == 0)
      s->s1[0] = s->s1[1] = s->s1[2] = 12345u;
    if ((s->s2[0] | s->s2[1]) == 0)
      s->s2[0] = s->s2[1] = s->s2[2] = 12345u;
  }
  s->boxmuller_flag = s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
  skipahead_subsequence(subsequence, s);
  skipahead(offset, s);
}

// A 32-bit value: floor(r / (m1 + 1) * 2^32).
HIPRAND_HD unsigned int hiprand(hiprandStateMRG32k3a_t* s) {
  return static_cast<unsigned int>(hipc::rand::mrg_uniform_d(s) *
                                   4294967296.0);
}

#endif
