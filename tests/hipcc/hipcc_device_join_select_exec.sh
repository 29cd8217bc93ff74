#!/usr/bin/env bash
# nvptx_join_select.c's rewrite, run: branches to two small arms that fall
# into a block with other predecessors (two-pointer merges, else-if
# chains of counters, float and pointer arms, arms used after the loop,
# one arm holding the other's value) and ones it leaves (an arm with a
# load or a division, an arm of five instructions), compiled for this
# machine with the GPU pass's unrolling flags, then through
# `hipc-kc --nvptx-ir` with the rewrite and without (HIPC_NVPTX_JOIN=0),
# each built without optimisation: both must compute the same results
# over many inputs, and the rewrite must have made at least 6 selects.
# The GPU runs such merges in tests/kernels/merge_branches.hip.
# Skipped when clang-19 is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
CLANG=${HIPC_CLANG:-clang-19}
command -v "$CLANG" > /dev/null || { echo "skip: needs $CLANG"; exit 77; }

cat > shapes.c <<'SRC'
/* Intersection of two sorted lists, as HeCBench jaccard's kernel. */
static float merge(const int *a, int na, const int *b, int nb,
                   const float *w) {
  int i = 0, j = 0;
  float s = 0;
  while (i < na && j < nb) {
    if (a[i] == b[j]) { s += w[a[i]]; i++; j++; }
    else if (a[i] < b[j]) i++;
    else j++;
  }
  return s + (float)(i * 1000 + j);
}
/* Three-way counters with a float arm and values used after the loop. */
static unsigned chain(const int *a, int n, float *out) {
  unsigned lo = 0, hi = 0, eq = 0;
  float f = 1.0f;
  for (int k = 0; k < n; k++) {
    int v = a[k];
    if (v == 50) { eq += 3; f = f * 0.5f + 1.0f; }
    else if (v < 50) { lo = lo * 3 + (unsigned)v; f = f + 0.25f; }
    else { hi ^= (unsigned)v << 2; f = f - 0.125f; }
  }
  *out = f;
  return lo * 7 + hi * 13 + eq;
}
/* Pointer arms: which list advances. */
static long walk(const int *a, const int *b, int n) {
  const int *p = a, *q = b;
  long s = 0;
  for (int k = 0; k < n; k++) {
    if (*p == *q) { s += *p; p++; q++; }
    else if (*p < *q) p += 1;
    else q += 1;
  }
  return s + (p - a) * 31 + (q - b);
}
/* Left alone: an arm with a load, an arm with a division. */
static int kept(const int *a, int n, int d) {
  int s = 0, t = 0;
  for (int k = 0; k < n; k++) {
    if (a[k] == 7) s += 2;
    else if (a[k] < 7) s += a[(k + 3) % n];
    else t = t / (d + (a[k] & 1)) + 1;
  }
  return s * 3 + t;
}
/* Left alone: an arm of five instructions. */
static int big(const int *a, int n) {
  int s = 0, t = 1;
  for (int k = 0; k < n; k++) {
    if (a[k] == 3) s++;
    else if (a[k] < 3) t = ((t * 5 + a[k]) ^ (t >> 2)) * 3 + 1;
    else s = s * 7 + 2;
  }
  return s + t;
}
unsigned shapes(const int *a, int na, const int *b, int nb, const float *w,
                int d) {
  float f;
  unsigned r = (unsigned)merge(a, na, b, nb, w);
  r = r * 31 + chain(a, na, &f) + (unsigned)(int)(f * 1024.0f);
  r = r * 31 + (unsigned)walk(a, b, na < nb ? na : nb);
  r = r * 31 + (unsigned)kept(a, na, d);
  return r * 31 + (unsigned)big(b, nb);
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
unsigned shapes(const int *, int, const int *, int, const float *, int);
unsigned ref_shapes(const int *, int, const int *, int, const float *, int);
static int cmp(const void *x, const void *y) {
  return *(const int *)x - *(const int *)y;
}
int main(void) {
  static int a[256], b[256];
  static float w[128];
  int bad = 0;
  for (int i = 0; i < 128; i++) w[i] = (float)i * 0.75f;
  srand(7);
  for (int t = 0; t < 400; t++) {
    int na = 1 + rand() % 200, nb = 1 + rand() % 200;
    for (int i = 0; i < na; i++) a[i] = rand() % 100;
    for (int i = 0; i < nb; i++) b[i] = rand() % 100;
    if (t % 2) { qsort(a, na, sizeof *a, cmp); qsort(b, nb, sizeof *b, cmp); }
    int d = 1 + t % 5;
    unsigned x = shapes(a, na, b, nb, w, d), y = ref_shapes(a, na, b, nb, w, d);
    if (x != y) {
      printf("FAIL: case %d: %u, not %u\n", t, x, y);
      bad = 1;
    }
  }
  return bad;
}
SRC
nvptx_ir_ab HIPC_NVPTX_JOIN || exit 1
n=$(sed -n 's/.* \([0-9]*\) branch(es) to small arms made selects.*/\1/p' kc.txt)
[ "${n:-0}" -ge 6 ] ||
  { echo "FAIL: ${n:-no} branches made selects (6 or more expected)"; fail=1; }
./sums || { echo "FAIL: the selects compute other results"; fail=1; }
exit $fail
