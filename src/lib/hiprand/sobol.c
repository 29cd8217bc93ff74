/* Sobol32 direction vectors (Bratley and Fox's construction, ACM TOMS 14,
 * 1988, with Joe and Kuo's parameters): dimension 1 has m_k = 1 for all k;
 * dimension d with the primitive polynomial x^s + a_1 x^(s-1) + ... + 1
 * and initial m_1..m_s extends them by
 *   m_k = 2 a_1 m_(k-1) ^ 4 a_2 m_(k-2) ^ ... ^ 2^s m_(k-s) ^ m_(k-s),
 * and v_k = m_k 2^(32-k), k = 1..32. */
#include <stdlib.h>

#include "internal.h"

static unsigned int* vectors;
static pthread_once_t once = PTHREAD_ONCE_INIT;

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
  vectors = v;
}

const unsigned int* hipc__sobol_vectors(void) {
  pthread_once(&once, build);
  return vectors;
}
