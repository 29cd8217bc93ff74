#!/usr/bin/env bash
# HIPC_NVPTX_SPLIT=1: before LLVM's optimiser, hipc-kc --nvptx-ir --pre
# rewrites `sext` of an `add nsw`/`sub nsw` index chain used by GEPs as
# the chain in 64 bits over the sign-extended leaves
# (src/kc/nvptx_split.c), so that the loop-invariant part of
# `t[a*A + b*B + c*C + f]` becomes a 64-bit base pointer outside the loop
# instead of a 32-bit sum that Reassociate folds into every load's index
# (HeCBench contract's double kernel: 32 registers and one load in flight
# per loop against nvcc's 40 and three). Checks:
# 1. host results: index chains (adds, subs, negative terms) through the
#    pass, optimised and run, give the addresses of 64-bit sums;
# 2. PTX: a kernel of contract's shape has no per-load `mad.lo.s32` of the
#    invariant in its loop with the switch, and has one without it (so the
#    test can fail).
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
KC=$BUILD/bin/hipc-kc
CLANG=${HIPC_CLANG:-clang-19}

cat > idx.c <<'SRC'
const double *a3(const double *t, int a, int A, int b, int B, int c, int C,
                 int f) {
  return &t[a * A + b * B + c * C + f];
}
const double *s3(const double *t, int a, int A, int b, int B, int c, int C,
                 int f) {
  return &t[a * A - b * B + (c * C - f)];
}
const double *in_loop(const double *t, int n, int C, int base, long *sum) {
  const double *last = t;
  for (int c = 0; c < n; c++) {
    last = &t[base + c * C - 3];
    *sum += last - t;
  }
  return last;
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
const double *a3(const double *, int, int, int, int, int, int, int);
const double *s3(const double *, int, int, int, int, int, int, int);
const double *in_loop(const double *, int, int, int, long *);
static double t[1];
int main(void) {
  static const int v[][7] = {{1, 73728, 2, 1152, 3, 18, 5},
                             {-4, 1000, 7, -300, 11, 13, -9},
                             {63, 73728, 63, 1152, 63, 18, 17},
                             {0, 0, 0, 0, -5, 400000, 2}};
  int bad = 0;
  for (int i = 0; i < 4; i++) {
    const int *x = v[i];
    long e = (long)x[0] * x[1] + (long)x[2] * x[3] + (long)x[4] * x[5] + x[6];
    long g = a3(t, x[0], x[1], x[2], x[3], x[4], x[5], x[6]) - t;
    long es = (long)x[0] * x[1] - (long)x[2] * x[3] + (long)x[4] * x[5] - x[6];
    long gs = s3(t, x[0], x[1], x[2], x[3], x[4], x[5], x[6]) - t;
    if (g != e || gs != es) {
      printf("case %d: %ld/%ld against %ld/%ld\n", i, g, gs, e, es);
      bad = 1;
    }
  }
  long sum = 0, want = 0;
  long last = in_loop(t, 40, 18, -100, &sum) - t;
  for (int c = 0; c < 40; c++) want += -100 + c * 18 - 3;
  if (sum != want || last != -100 + 39 * 18 - 3) {
    printf("loop: %ld, %ld against %ld, %d\n", sum, last, want,
           -100 + 39 * 18 - 3);
    bad = 1;
  }
  return bad;
}
SRC
"$CLANG" -O2 -Xclang -disable-llvm-passes -emit-llvm -c idx.c -o raw.bc &&
  "$KC" --nvptx-ir --pre raw.bc -o pre.bc -v 2> kc.txt &&
  "$CLANG" -O2 -c pre.bc -o idx.o && "$CLANG" -O2 main.c idx.o -o idx ||
  { echo "FAIL: the host build through hipc-kc --nvptx-ir --pre"; cat kc.txt;
    exit 1; }
n=$(sed -n 's/.*: \([0-9]*\) index sum(s) made 64-bit/\1/p' kc.txt)
[ "${n:-0}" -ge 3 ] ||
  { echo "FAIL: the pass rewrote ${n:-no} index sums (3 or more expected)";
    fail=1; }
check "the rewritten index chains give the 64-bit sums' addresses" ./idx

cat > split.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_sum(const double* __restrict__ t, double* out, int N,
                      int C) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int f = tid % C, a = tid / C % N, b = tid / C / N;
  int B = N * C, A = N * B;
  double s = 0;
  for (int c = 0; c < N; ++c) s += t[a * A + b * B + c * C + f];
  out[tid] = s;
}
SRC
# loop_mads PTX: mad.lo.s32 in k_sum's loops (from each loop header's label
# to the end of the entry).
loop_mads() {
  awk '/\.entry .*k_sum/,/^}/' "$1" |
    awk '/Loop Header/ {in_loop = 1} in_loop && /mad\.lo\.s32/' | wc -l
}
HIPC_NVPTX_SPLIT=1 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -c split.hip -o split.o 2> err.txt ||
  { echo "FAIL: split.hip builds with HIPC_NVPTX_SPLIT=1: $(head -5 err.txt)";
    exit 1; }
[ "$(loop_mads split.sm_90.ptx)" -eq 0 ] ||
  { echo "FAIL: with HIPC_NVPTX_SPLIT=1 k_sum's loop still folds the" \
         "invariant into each load's index"; fail=1; }
mkdir -p plain && cd plain || exit 1
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../split.hip -o split.o \
  2> err.txt || { echo "FAIL: split.hip builds"; exit 1; }
[ "$(loop_mads split.sm_90.ptx)" -gt 0 ] ||
  { echo "FAIL: without the switch k_sum's loop has no per-load mad.lo.s32" \
         "(is the test still meaningful?)"; fail=1; }
exit $fail
