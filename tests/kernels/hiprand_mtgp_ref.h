// A plain reference of MTGP32 (Saito and Matsumoto), written from the
// algorithm's definition for the hipRAND tests: the whole sequence of words
// x[0], x[1], ... kept in a vector, no ring, no tables of hipc's.
#ifndef HIPC_TESTS_HIPRAND_MTGP_REF_H
#define HIPC_TESTS_HIPRAND_MTGP_REF_H

#include <cstdint>
#include <vector>

struct MtgpRef {
  int pos, sh1, sh2;
  uint32_t mask, tbl[16], tmp[16];
  std::vector<uint32_t> x;  // x[0..N) from the seed, then the recursion
  size_t k = 0;             // the next output

  static constexpr int N = 351;  // ceil(11213 / 32)

  template <class Params>
  MtgpRef(const Params& p, uint32_t seed)
      : pos(p.pos), sh1(p.sh1), sh2(p.sh2), mask(p.mask) {
    for (int i = 0; i < 16; i++) {
      tbl[i] = p.tbl[i];
      tmp[i] = p.tmp_tbl[i];
    }
    // Initialisation by the seed, as in MTGP's reference code.
    uint32_t hidden = tbl[4] ^ (tbl[8] << 16);
    uint32_t b = hidden + (hidden >> 16);
    b += b >> 8;
    b &= 0xff;
    x.assign(N, b * 0x01010101u);
    x[0] = seed;
    x[1] = hidden;
    for (int i = 1; i < N; i++)
      x[i] ^= UINT32_C(1812433253) * (x[i - 1] ^ (x[i - 1] >> 30)) +
              static_cast<uint32_t>(i);
  }

  uint32_t next() {
    uint32_t a = x[k], c = x[k + 1], y = x[k + pos];
    uint32_t v = (a & mask) ^ c;
    v ^= v << sh1;
    y = v ^ (y >> sh2);
    uint32_t w = y ^ tbl[y & 15];
    x.push_back(w);  // x[k + N]
    uint32_t t = x[k + pos - 1];
    t ^= t >> 16;
    t ^= t >> 8;
    k++;
    return w ^ tmp[t & 15];
  }
};

#endif
