/* Sobol32 direction vectors (Bratley and Fox's construction, ACM TOMS 14,
 * 1988, with Joe and Kuo's parameters): dimension 1 has m_k = 1 for all k;
 * dimension d with the primitive polynomial x^s + a_1 x^(s-1) + ... + 1
 * and initial m_1..m_s extends them by
 *   m_k = 2 a_1 m_(k-1) ^ 4 a_2 m_(k-2) ^ ... ^ 2^s m_(k-s) ^ m_(k-s),
 * and v_k = m_k 2^(32-k), k = 1..32.
 *
 * Scrambled Sobol32 (hipc's data; AMD's and NVIDIA's are their own random
 * tables): each dimension's vectors are multiplied by a random lower
 * triangular binary matrix with a unit diagonal, in digit order (J.
 * Matousek, "On the L2-discrepancy for anchored boxes", J. Complexity 14,
 * 1998: linear scrambling), and its points are xored with a random constant
 * (a digital shift). Both keep the net's stratification. The random bits
 * are SplitMix64's (G. Steele, D. Lea, C. Flood, OOPSLA 2014) from seed
 * 0x5eed0000 + dimension. */
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

static unsigned int *vectors, *scrambled, *constants;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static uint64_t splitmix64(uint64_t* x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned int parity(unsigned int x) {
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  x ^= x >> 2;
  x ^= x >> 1;
  return x & 1u;
}

static void scramble(const unsigned int* v, unsigned int* sv,
                     unsigned int* c) {
  for (unsigned int d = 0; d < HIPC_SOBOL_MAX_DIMS; d++) {
    uint64_t seed = 0x5eed0000u + d;
    unsigned int rows[32];
    for (unsigned int i = 0; i < 32; i++) {
      /* Digit i (bit 31 - i) takes digit i and random more significant
       * ones. */
      unsigned int above = i == 0 ? 0 : ~0u << (32 - i);
      rows[i] = ((unsigned int)splitmix64(&seed) & above) | (1u << (31 - i));
    }
    for (unsigned int k = 0; k < 32; k++) {
      unsigned int x = v[32 * d + k], y = 0;
      for (unsigned int i = 0; i < 32; i++)
        y |= parity(rows[i] & x) << (31 - i);
      sv[32 * d + k] = y;
    }
    c[d] = (unsigned int)splitmix64(&seed);
  }
}

static void build(void) {
  unsigned int* v = malloc(sizeof(unsigned int) * 32 * HIPC_SOBOL_MAX_DIMS);
  if (v == NULL)
    return;
  for (unsigned int k = 0; k < 32; k++)
    v[k] = 1u << (31 - k);
  for (unsigned int d = 2; d <= HIPC_SOBOL_MAX_DIMS; d++) {
    unsigned int s, a, m[32];
    if (!hipc__sobol_params(d, &s, &a, m)) {
      free(v);
      return;
    }
    for (unsigned int k = s; k < 32; k++) {
      unsigned int x = m[k - s] ^ (m[k - s] << s);
      for (unsigned int i = 1; i < s; i++)
        if ((a >> (s - 1 - i)) & 1u)
          x ^= m[k - i] << i;
      m[k] = x;
    }
    unsigned int* dv = v + 32 * (d - 1);
    for (unsigned int k = 0; k < 32; k++)
      dv[k] = m[k] << (31 - k);
  }
  unsigned int* sv = malloc(sizeof(unsigned int) * 33 * HIPC_SOBOL_MAX_DIMS);
  if (sv == NULL) {
    free(v);
    return;
  }
  scramble(v, sv, sv + 32 * HIPC_SOBOL_MAX_DIMS);
  vectors = v;
  scrambled = sv;
  constants = sv + 32 * HIPC_SOBOL_MAX_DIMS;
}

const unsigned int* hipc__sobol_vectors(void) {
  pthread_once(&once, build);
  return vectors;
}

const unsigned int* hipc__sobol_scrambled_vectors(void) {
  pthread_once(&once, build);
  return scrambled;
}

const unsigned int* hipc__sobol_scramble_constants(void) {
  pthread_once(&once, build);
  return constants;
}
