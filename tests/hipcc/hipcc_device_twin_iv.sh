#!/usr/bin/env bash
# The GPU pass merges twin counters (nvptx_twin_iv.c): a loop of run-time
# count unrolled by hipc's unroller kept the source's index and the
# unroller's trip counter, equal values both stepped by 4, and the bound
# they were tested against, live through the loop (HeCBench contract's
# double kernel: 40 registers, 38 with the merge). Checks:
# 1. PTX: the strided sum's unrolled loop steps one counter by 4, two
#    with HIPC_NVPTX_TWIN=0 (so that the test can fail);
# 2. run: sums over run-time counts (strides, starts, a down-counting
#    loop, a 64-bit index), compiled for this machine with the GPU pass's
#    unrolling flags, through `hipc-kc --nvptx-ir` with the merge and
#    without, each built without optimisation, give the same results.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > twin.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_sum(const double* __restrict__ t, double* out, int n, int s) {
  double a = 0;
  for (int c = 0; c < n; ++c) a += t[c * s];
  out[threadIdx.x] = a;
}
SRC
# steps DIR: how many `add.s32 R, R, 4` DIR's k_sum has.
steps() {
  grep -cE 'add\.s32[[:space:]]+%r[0-9]+, %r[0-9]+, 4;' "$1/entry.ptx"
}
entry_ptx new twin.hip k_sum && entry_ptx old twin.hip k_sum \
  HIPC_NVPTX_TWIN=0 || exit 1
n=$(steps new)
o=$(steps old)
[ "$n" = 1 ] || { echo "FAIL: $n counters stepped by 4 (1 expected)"; fail=1; }
[ "$o" = 2 ] ||
  { echo "FAIL: $o counters stepped by 4 with HIPC_NVPTX_TWIN=0 (2: is" \
         "the test still meaningful?)"; fail=1; }

cat > shapes.c <<'SRC'
static unsigned mix(unsigned h, double v, long long i) {
  return (h ^ (unsigned)(long long)v) * 16777619u + (unsigned)i;
}
unsigned shapes(const double *t, int n, int s, int b) {
  unsigned h = 2166136261u;
  double a = 0;
  for (int c = 0; c < n; ++c) a += t[c * s];
  h = mix(h, a, n);
  for (int c = b; c < n; ++c) h = mix(h, t[c], c);
  for (int c = n - 1; c >= b; --c) h = mix(h, t[c] * 2, c);
  for (long long c = 0; c < n; c += 2) h = mix(h, t[c], c);
  for (int c = 0, d = b; c < n; ++c, ++d) h = mix(h, t[c] + d, c - d);
  return h;
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
unsigned shapes(const double *, int, int, int);
unsigned ref_shapes(const double *, int, int, int);
int main(void) {
  static double t[4096];
  int bad = 0;
  for (int i = 0; i < 4096; i++) t[i] = (i * 7919) % 1000 - 300;
  for (int n = 0; n < 70; n++)
    for (int s = 1; s < 40; s += 7)
      for (int b = 0; b < 5; b += 2)
        if (shapes(t, n, s, b) != ref_shapes(t, n, s, b)) {
          printf("FAIL: n %d s %d b %d\n", n, s, b);
          bad = 1;
        }
  return bad;
}
SRC
CLANG=${HIPC_CLANG:-clang-19}
nvptx_ir_ab HIPC_NVPTX_TWIN || exit 1
m=$(sed -n 's/.* \([0-9]*\) twin counter(s) merged.*/\1/p' kc.txt)
[ "${m:-0}" -ge 2 ] ||
  { echo "FAIL: ${m:-no} twin counters merged (2 or more expected)"; fail=1; }
./sums || { echo "FAIL: the merged counters compute other results"; fail=1; }
exit $fail
