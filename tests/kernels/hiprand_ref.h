/* Reference generators for the hipRAND tests, written from the published
 * definitions independently of include/hiprand (C and C++):
 *   xorwow     Marsaglia 2003, seeded as hipRAND's documentation in
 *              README.md says; jumps by 160x160 matrices over GF(2)
 *   Philox     Salmon et al. 2011 (with Random123's known answers)
 *   MRG32k3a   L'Ecuyer 1999, in the floating-point form of the paper
 *   Sobol      Joe and Kuo's construction and their first parameters */
#ifndef HIPRAND_REF_H
#define HIPRAND_REF_H

#include <stdint.h>
#include <string.h>

/* -- xorwow -------------------------------------------------------------- */
typedef struct { uint32_t x[5], d; } ref_xorwow;

static inline void ref_xorwow_seed(ref_xorwow* r, uint64_t seed) {
  uint32_t t0 = 1099087573u * ((uint32_t)seed ^ 0xaad26b49u);
  uint32_t t1 = 2591861531u * ((uint32_t)(seed >> 32) ^ 0xf7dcefddu);
  r->d = 6615241u + t1 + t0;
  r->x[0] = 123456789u + t0;
  r->x[1] = 362436069u ^ t0;
  r->x[2] = 521288629u + t1;
  r->x[3] = 88675123u ^ t1;
  r->x[4] = 5783321u + t0;
}

static inline void ref_xorshift(uint32_t x[5]) {
  uint32_t t = x[0] ^ (x[0] >> 2);
  memmove(x, x + 1, 4 * sizeof(uint32_t));
  x[4] = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
}

static inline uint32_t ref_xorwow_next(ref_xorwow* r) {
  ref_xorshift(r->x);
  r->d += 362437u;
  return r->x[4] + r->d;
}

/* A linear map on 160 bits: col[j] is the image of bit j. */
typedef struct { uint32_t col[160][5]; } ref_gf2;

static inline void ref_gf2_apply(const ref_gf2* m, const uint32_t v[5],
                          uint32_t out[5]) {
  uint32_t r[5] = {0, 0, 0, 0, 0};
  for (int j = 0; j < 160; j++)
    if ((v[j / 32] >> (j % 32)) & 1u)
      for (int w = 0; w < 5; w++)
        r[w] ^= m->col[j][w];
  memcpy(out, r, sizeof r);
}

static inline void ref_gf2_square(ref_gf2* m) {
  static ref_gf2 t;
  for (int j = 0; j < 160; j++)
    ref_gf2_apply(m, m->col[j], t.col[j]);
  *m = t;
}

/* m = T^(2^k), T the xorshift step. */
static inline void ref_gf2_xorshift_pow2(ref_gf2* m, int k) {
  for (int j = 0; j < 160; j++) {
    memset(m->col[j], 0, sizeof m->col[j]);
    m->col[j][j / 32] = 1u << (j % 32);
    ref_xorshift(m->col[j]);
  }
  for (int i = 0; i < k; i++)
    ref_gf2_square(m);
}

/* -- Philox4x32-10 ------------------------------------------------------- */
static inline void ref_philox(const uint32_t ctr[4], const uint32_t key[2],
                       uint32_t out[4]) {
  uint32_t c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
  for (uint32_t r = 0; r < 10; r++) {
    uint32_t k0 = key[0] + r * 0x9E3779B9u, k1 = key[1] + r * 0xBB67AE85u;
    uint64_t a = (uint64_t)c[0] * 0xD2511F53u;
    uint64_t b = (uint64_t)c[2] * 0xCD9E8D57u;
    uint32_t n[4] = {(uint32_t)(b >> 32) ^ c[1] ^ k0, (uint32_t)b,
                     (uint32_t)(a >> 32) ^ c[3] ^ k1, (uint32_t)a};
    memcpy(c, n, sizeof c);
  }
  memcpy(out, c, sizeof c);
}

/* Value `pos` of subsequence `sub` of the seed. */
static inline uint32_t ref_philox_value(uint64_t seed, uint64_t sub, uint64_t pos) {
  uint64_t block = pos / 4;
  uint32_t ctr[4] = {(uint32_t)block, (uint32_t)(block >> 32), (uint32_t)sub,
                     (uint32_t)(sub >> 32)};
  uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)}, out[4];
  ref_philox(ctr, key, out);
  return out[pos % 4];
}

/* -- MRG32k3a ------------------------------------------------------------ */
typedef struct { double s1[3], s2[3]; } ref_mrg;

#define REF_M1 4294967087.0
#define REF_M2 4294944443.0

static inline void ref_mrg_seed(ref_mrg* r, uint64_t seed) {
  for (int i = 0; i < 3; i++)
    r->s1[i] = r->s2[i] = 12345.0;
  if (seed == 0)
    return;
  uint64_t x = (uint32_t)seed ^ 0x55555555u;
  uint64_t y = (uint32_t)(seed >> 32) ^ 0xAAAAAAAAu;
  r->s1[0] = r->s1[2] = (double)(12345u * x % 4294967087u);
  r->s1[1] = (double)(12345u * y % 4294967087u);
  r->s2[0] = r->s2[2] = (double)(12345u * y % 4294944443u);
  r->s2[1] = (double)(12345u * x % 4294944443u);
}

/* L'Ecuyer's published step; returns r in [1, m1]. */
static inline uint32_t ref_mrg_next(ref_mrg* r) {
  double p1 = 1403580.0 * r->s1[1] - 810728.0 * r->s1[0];
  int64_t k = (int64_t)(p1 / REF_M1);
  p1 -= (double)k * REF_M1;
  if (p1 < 0.0)
    p1 += REF_M1;
  r->s1[0] = r->s1[1];
  r->s1[1] = r->s1[2];
  r->s1[2] = p1;
  double p2 = 527612.0 * r->s2[2] - 1370589.0 * r->s2[0];
  k = (int64_t)(p2 / REF_M2);
  p2 -= (double)k * REF_M2;
  if (p2 < 0.0)
    p2 += REF_M2;
  r->s2[0] = r->s2[1];
  r->s2[1] = r->s2[2];
  r->s2[2] = p2;
  return (uint32_t)(p1 <= p2 ? p1 - p2 + REF_M1 : p1 - p2);
}

/* -- Sobol --------------------------------------------------------------- */
/* Joe and Kuo's first parameters (new-joe-kuo-6.21201): d, s, a, m. */
static const unsigned ref_jk[][8] = {
    {2, 1, 0, 1},       {3, 2, 1, 1, 3},     {4, 3, 1, 1, 3, 1},
    {5, 3, 2, 1, 1, 1}, {6, 4, 1, 1, 1, 3, 3}, {7, 4, 4, 1, 3, 5, 13},
};

/* Direction numbers V[1..32] of dimension dim (1..7), scaled by 2^32, by
 * Joe and Kuo's recurrence on V. */
static inline void ref_sobol_v(unsigned dim, uint32_t v[33]) {
  if (dim == 1) {
    for (int i = 1; i <= 32; i++)
      v[i] = 1u << (32 - i);
    return;
  }
  const unsigned* p = ref_jk[dim - 2];
  unsigned s = p[1], a = p[2];
  for (unsigned i = 1; i <= s; i++)
    v[i] = p[2 + i] << (32 - i);
  for (unsigned i = s + 1; i <= 32; i++) {
    v[i] = v[i - s] ^ (v[i - s] >> s);
    for (unsigned k = 1; k <= s - 1; k++)
      v[i] ^= ((a >> (s - 1 - k)) & 1u) * v[i - k];
  }
}

/* Points 0..n-1 of dimension dim: X_i = X_(i-1) ^ V[C_(i-1)], C_i the
 * position (from 1) of the lowest zero bit of i. */
static inline void ref_sobol_points(unsigned dim, uint32_t* x, unsigned n) {
  uint32_t v[33];
  ref_sobol_v(dim, v);
  x[0] = 0;
  for (unsigned i = 1; i < n; i++) {
    unsigned c = 1, val = i - 1;
    while (val & 1u) {
      val >>= 1;
      c++;
    }
    x[i] = x[i - 1] ^ v[c];
  }
}

/* -- conversions (README.md, "hipRAND") ------------------------------------ */
static inline float ref_uniform(uint32_t x) {
  return (float)x * 2.3283064365386963e-10f + 1.1641532182693481e-10f;
}
static inline double ref_uniform_double(uint32_t x, uint32_t y) {
  uint64_t z = (uint64_t)x ^ ((uint64_t)y << 21);
  return (double)z * 1.1102230246251565e-16 + 5.551115123125783e-17;
}

#endif
