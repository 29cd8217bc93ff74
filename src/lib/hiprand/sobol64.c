/* Sobol64 direction vectors: sobol.c's construction (Bratley and Fox, Joe
 * and Kuo's parameters) carried to 64 digits, v_k = m_k 2^(64-k),
 * k = 1..64, so that the top 32 bits of Sobol64's points are Sobol32's.
 *
 * Scrambled Sobol64 (hipc's data, as for Scrambled Sobol32): each
 * dimension's vectors times a random unit lower triangular binary matrix
 * (Matousek's linear scrambling) and a random digital shift, from
 * SplitMix64 with seed 0x5eed640000000000 + dimension. */
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

static unsigned long long *vectors, *scrambled, *constants;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static uint64_t splitmix64(uint64_t* x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned long long parity(unsigned long long x) {
  return (unsigned long long)__builtin_parityll(x);
}

static void scramble(const unsigned long long* v, unsigned long long* sv,
                     unsigned long long* c) {
  for (unsigned int d = 0; d < HIPC_SOBOL_MAX_DIMS; d++) {
    uint64_t seed = 0x5eed640000000000ull + d;
    unsigned long long rows[64];
    for (unsigned int i = 0; i < 64; i++) {
      /* Digit i (bit 63 - i) takes digit i and random more significant
       * ones. */
      unsigned long long above = i == 0 ? 0 : ~0ull << (64 - i);
      rows[i] = (splitmix64(&seed) & above) | (1ull << (63 - i));
    }
    for (unsigned int k = 0; k < 64; k++) {
      unsigned long long x = v[64 * d + k], y = 0;
      for (unsigned int i = 0; i < 64; i++)
        y |= parity(rows[i] & x) << (63 - i);
      sv[64 * d + k] = y;
    }
    c[d] = splitmix64(&seed);
  }
}

static void build(void) {
  size_t words = (size_t)64 * HIPC_SOBOL_MAX_DIMS;
  unsigned long long* v = malloc(sizeof *v * words);
  unsigned long long* sv = malloc(sizeof *sv * (words + HIPC_SOBOL_MAX_DIMS));
  if (v == NULL || sv == NULL)
    goto fail;
  for (unsigned int k = 0; k < 64; k++)
    v[k] = 1ull << (63 - k);
  for (unsigned int d = 2; d <= HIPC_SOBOL_MAX_DIMS; d++) {
    unsigned int s, a, m0[32];
    unsigned long long m[64];
    if (!hipc__sobol_params(d, &s, &a, m0))
      goto fail;
    for (unsigned int k = 0; k < s; k++)
      m[k] = m0[k];
    for (unsigned int k = s; k < 64; k++) {
      unsigned long long x = m[k - s] ^ (m[k - s] << s);
      for (unsigned int i = 1; i < s; i++)
        if ((a >> (s - 1 - i)) & 1u)
          x ^= m[k - i] << i;
      m[k] = x;
    }
    unsigned long long* dv = v + 64 * (d - 1);
    for (unsigned int k = 0; k < 64; k++)
      dv[k] = m[k] << (63 - k);
  }
  scramble(v, sv, sv + words);
  vectors = v;
  scrambled = sv;
  constants = sv + words;
  return;
fail:
  free(v);
  free(sv);
}

const unsigned long long* hipc__sobol64_vectors(void) {
  pthread_once(&once, build);
  return vectors;
}

const unsigned long long* hipc__sobol64_scrambled_vectors(void) {
  pthread_once(&once, build);
  return scrambled;
}

const unsigned long long* hipc__sobol64_scramble_constants(void) {
  pthread_once(&once, build);
  return constants;
}
