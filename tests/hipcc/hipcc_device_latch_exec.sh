#!/usr/bin/env bash
# nvptx_latch.c's rewrite, run: loops of the shapes it rewrites (and some
# it must refuse: a step that would wrap past the type's end on the last
# trip, a start known at run time, 8- and 16-bit counters), compiled for
# this machine with the GPU pass's unrolling flags, then through
# `hipc-kc --nvptx-ir` with the rewrite and without (HIPC_NVPTX_LATCH=0),
# each built without optimisation; both must compute the same sums, and
# the rewrite must have changed at least ten latches. The GPU runs the
# same shapes in tests/kernels/loop_latch.hip.
# Skipped when clang-19 is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
CLANG=${HIPC_CLANG:-clang-19}
command -v "$CLANG" > /dev/null || { echo "skip: needs $CLANG"; exit 77; }

cat > shapes.c <<'SRC'
#define N 1024
static unsigned step(unsigned s, int v, long long j) {
  return (s ^ (unsigned)v) * 16777619u + (unsigned)j;
}
unsigned shapes(const int* d, int which) {
  unsigned s = 2166136261u;
  switch (which) {
  case 0: for (int i = 0; i < 4; i++)
            for (unsigned j = 0; j < N; j += 4) s = step(s, d[j + i], j);
          break;
  case 1: for (int j = -37; j < 980; j += 3) s = step(s, d[j + 37], j); break;
  case 2: for (int j = 0; j <= 999; j += 2) s = step(s, d[j], j); break;
  case 3: for (unsigned j = 0; j != 1024; j += 8) s = step(s, d[j], j); break;
  case 4: for (int j = 1000; j > 3; j -= 7) s = step(s, d[j], j); break;
  case 5: for (long long j = 0; j < 5000; j += 5) s = step(s, d[j % N], j);
          break;
  case 6: for (unsigned j = 4294966000u; j < 4294967280u; j += 16)
            s = step(s, d[j & (N - 1)], j);
          break;
  case 7: for (int j = -3000; j < -40; j += 12) s = step(s, d[-j % N], j);
          break;
  case 8: for (int j = which + 29; j < 1000; j += 6) s = step(s, d[j], j);
          break;
  case 9: for (int j = 2147483000; j < 2147483600; j += 7)
            s = step(s, d[j & (N - 1)], j);
          break;
  case 10: for (unsigned char j = 3; j < 250; j += 5) s = step(s, d[j], j);
           break;
  case 11: for (unsigned j = 0xfff00000u; j < 0xffffffefu; j += 16)
             s = step(s, d[j & (N - 1)], j);
           break;
  default: for (short j = -30000; j < 32000; j += 13)
             s = step(s, d[j & (N - 1)], j);
           break;
  }
  return s;
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
unsigned shapes(const int* d, int which);
unsigned ref_shapes(const int* d, int which);
int main(void) {
  static int d[1024];
  int bad = 0;
  for (int i = 0; i < 1024; i++) d[i] = (i * 7919) ^ (i >> 3);
  for (int w = 0; w < 13; w++)
    if (shapes(d, w) != ref_shapes(d, w)) {
      printf("FAIL: shape %d: %u, not %u\n", w, shapes(d, w),
             ref_shapes(d, w));
      bad = 1;
    }
  return bad;
}
SRC
nvptx_ir_ab HIPC_NVPTX_LATCH || exit 1
n=$(grep -o '[0-9]* latch(es)' kc.txt | cut -d' ' -f1)
[ "${n:-0}" -ge 10 ] || { echo "FAIL: ${n:-no} latches rewritten"; fail=1; }
./sums || fail=1
exit $fail
