#!/usr/bin/env bash
# nvptx_pointer_step.c's rewrite, run: loops over global arrays of the
# shapes it rewrites (offsets before and after the index, a signed index
# from below zero, counting down, 64-bit counters, structs and doubles,
# loops one after another) and ones it leaves (a start known at run time,
# a 16-bit counter), compiled for this machine with the GPU pass's
# unrolling flags, once with 64-bit counters (LLVM's choice here) and once
# with 32-bit ones extended at each address (the GPU's), then through
# `hipc-kc --nvptx-ir` with the rewrite and without (HIPC_NVPTX_PSTEP=0),
# each built without optimisation; both must compute the same sums, and
# the rewrite must have made at least 300 addresses pointer steps (some
# 400 of each build's). The GPU runs such shapes in tests/kernels/loop_pointer_step.hip.
# Skipped when clang-19 is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
CLANG=${HIPC_CLANG:-clang-19}
command -v "$CLANG" > /dev/null || { echo "skip: needs $CLANG"; exit 77; }

cat > shapes.c <<'SRC'
#define N 1024
typedef struct { int x, y; } pair;
typedef struct { int x, y, z, w; } quad;
extern const int tab[N];
extern int gtab[N];
extern pair ptab[N / 2];
extern quad qtab[N / 4];
extern double dtab[N];
static unsigned step(unsigned s, int v, long long j) {
  return (s ^ (unsigned)v) * 16777619u + (unsigned)j;
}
unsigned shapes(int which) {
  unsigned s = 2166136261u;
  switch (which) {
  case 0: for (int i = 0; i < 4; i++)
            for (unsigned j = 0; j < N; j += 4) s = step(s, gtab[j + i], j);
          break;
  case 1: for (int j = -37; j < 980; j += 3) s = step(s, gtab[j + 37], j);
          break;
  case 2: for (int j = 40; j < 1000; j += 2) s = step(s, gtab[j - 40], j);
          break;
  case 3: for (unsigned j = 0; j != 1024; j += 8) s = step(s, tab[j], j);
          break;
  case 4: for (int j = 1000; j > 3; j -= 7) s = step(s, gtab[j], j); break;
  case 5: for (long long j = 0; j < 1000; j += 5) s = step(s, gtab[j], j);
          break;
  case 6: for (int j = 0; j < N / 2; j += 2)
            s = step(s, ptab[j].x + ptab[j + 1].y, j);
          break;
  case 7: for (unsigned j = 0; j < N / 4; j += 1)
            s = step(s, qtab[j].x ^ qtab[j].w, j);
          break;
  case 8: for (int j = which + 29; j < 1000; j += 6) s = step(s, gtab[j], j);
          break;
  case 9: for (int j = 0; j < N; j += 8)
            s = step(s, (int)(dtab[j] + dtab[j + 3]), j);
          break;
  case 10: for (unsigned j = 16; j < N; j += 16)
             s = step(s, gtab[j - 16] + gtab[j - 1], j);
           break;
  case 11: for (int i = 0; i < 3; i++) {
             for (int j = i; j < N; j += 4) s = step(s, gtab[j], j);
             for (int j = 0; j < N - i; j += 2) s = step(s, tab[j + i], j);
           }
           break;
  default: for (unsigned short j = 0; j < 1000; j += 8)
             s = step(s, gtab[j], j);
           break;
  }
  return s;
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
#define N 1024
typedef struct { int x, y; } pair;
typedef struct { int x, y, z, w; } quad;
int gtab[N], tab[N];
pair ptab[N / 2];
quad qtab[N / 4];
double dtab[N];
unsigned shapes(int which);
unsigned ref_shapes(int which);
int main(void) {
  int bad = 0;
  for (int i = 0; i < N; i++) {
    gtab[i] = (i * 7919) ^ (i >> 3);
    tab[i] = i * 40503 + 7;
    dtab[i] = i * 0.5 - 7;
  }
  for (int i = 0; i < N / 2; i++) { ptab[i].x = i * 31; ptab[i].y = -i; }
  for (int i = 0; i < N / 4; i++) { qtab[i].x = i * 3; qtab[i].w = i ^ 5; }
  for (int w = 0; w < 13; w++)
    if (shapes(w) != ref_shapes(w)) {
      printf("FAIL: shape %d: %u, not %u\n", w, shapes(w), ref_shapes(w));
      bad = 1;
    }
  return bad;
}
SRC
for counters in 64 32; do
  extra=
  [ $counters = 32 ] && extra="-mllvm -indvars-widen-indvars=false"
  # shellcheck disable=SC2086
  nvptx_ir_ab HIPC_NVPTX_PSTEP $extra || exit 1
  n=$(grep -o '[0-9]* constant address' kc.txt | cut -d' ' -f1)
  [ "${n:-0}" -ge 300 ] ||
    { echo "FAIL: $counters-bit counters: ${n:-no} addresses stepped"; fail=1; }
  ./sums || { echo "FAIL: with $counters-bit counters"; fail=1; }
done
exit $fail
