#!/usr/bin/env bash
# Both passes are on by default (HIPC_NVPTX_SPLIT=0 / HIPC_NVPTX_CHAIN=0
# turn them off). Split: before LLVM's optimiser, hipc-kc --nvptx-ir --pre
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
#    invariant in its loop by default, and has one with
#    HIPC_NVPTX_SPLIT=0 (so the test can fail).
# Chain (src/kc/nvptx_chain.c, after the optimiser): the
# unrolled copies' `gep p, sext(mul nsw (c + k), C)` become a pointer
# stepped by `sext(C)`, as nvcc's PTX (`add.s64` per load). Checks:
# 3. host results: a strided sum through both passes and the optimiser;
# 4. PTX: k_sum's loop steps its loads' addresses by add.s64 of a
#    register, and every load stays ld.global.nc.
# 5. robustness: a block whose strided indices multiply a load and a call
#    (not sums) or are 32-bit GEP indices (thrust's and hipCUB's kernels:
#    hipc-kc read a missing operand and crashed) is taken as it is; only
#    the 64-bit pair of one sum is chained.
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
n=$(sed -n 's/.*: \([0-9]*\) index sum(s) made 64-bit.*/\1/p' kc.txt)
[ "${n:-0}" -ge 3 ] ||
  { echo "FAIL: the pass rewrote ${n:-no} index sums (3 or more expected)";
    fail=1; }
check "the rewritten index chains give the 64-bit sums' addresses" ./idx

cat > strided.c <<'SRC'
double strided(const double *t, int n, int C, int base) {
  double s = 0;
  for (int c = 0; c < n; c++) s += t[base + c * C] * (c + 1);
  return s;
}
SRC
cat > smain.c <<'SRC'
#include <stdio.h>
double strided(const double *, int, int, int);
static double t[40000];
int main(void) {
  for (int i = 0; i < 40000; i++) t[i] = i % 97;
  int bad = 0;
  static const int v[][3] = {{37, 18, 5}, {64, 300, 7}, {3, 1000, 0},
                             {101, 13, 2}, {0, 5, 1}};
  for (int i = 0; i < 5; i++) {
    double want = 0;
    for (long c = 0; c < v[i][0]; c++)
      want += t[v[i][2] + c * v[i][1]] * (double)(c + 1);
    double got = strided(t, v[i][0], v[i][1], v[i][2]);
    if (got != want) {
      printf("case %d: %g against %g\n", i, got, want);
      bad = 1;
    }
  }
  return bad;
}
SRC
"$CLANG" -O2 -Xclang -disable-llvm-passes -emit-llvm -c strided.c -o s.raw.bc &&
  "$KC" --nvptx-ir --pre s.raw.bc -o s.pre.bc &&
  "$CLANG" -O2 -emit-llvm -c s.pre.bc -o s.opt.bc &&
  HIPC_NVPTX_CHAIN=1 "$KC" --nvptx-ir s.opt.bc -o s.ir.bc -v 2> kc.txt &&
  "$CLANG" -O2 -c s.ir.bc -o strided.o &&
  "$CLANG" -O2 smain.c strided.o -o strided ||
  { echo "FAIL: the host build through --pre and HIPC_NVPTX_CHAIN=1";
    cat kc.txt; exit 1; }
n=$(sed -n 's/.* \([0-9]*\) strided address(es) chained.*/\1/p' kc.txt)
[ "${n:-0}" -ge 3 ] ||
  { echo "FAIL: ${n:-no} strided addresses chained (3 or more expected)";
    fail=1; }
check "the chained addresses read what the 64-bit indices do" ./strided

cat > odd.ll <<'LL'
target triple = "nvptx64-nvidia-cuda"
declare i32 @g(i32)
define double @odd(ptr %t, ptr %q, i32 %s) {
  %x = load i32, ptr %q
  %m1 = mul nsw i32 %x, %s
  %e1 = sext i32 %m1 to i64
  %p1 = getelementptr double, ptr %t, i64 %e1
  %a = load double, ptr %p1
  %c = call i32 @g(i32 %x)
  %m2 = mul nsw i32 %c, %s
  %e2 = sext i32 %m2 to i64
  %p2 = getelementptr double, ptr %t, i64 %e2
  %b = load double, ptr %p2
  %y = add nsw i32 %x, 2
  %m3 = mul nsw i32 %y, %s
  %p3 = getelementptr double, ptr %t, i32 %m3
  %d = load double, ptr %p3
  %m4 = mul nsw i32 %y, %s
  %e4 = sext i32 %m4 to i64
  %p4 = getelementptr double, ptr %t, i64 %e4
  %f = load double, ptr %p4
  %r1 = fadd double %a, %b
  %r2 = fadd double %r1, %d
  %r3 = fadd double %r2, %f
  ret double %r3
}
LL
"$CLANG" -c -emit-llvm -Wno-override-module odd.ll -o odd.bc &&
  HIPC_NVPTX_CHAIN=1 "$KC" --nvptx-ir odd.bc -o odd.ir.bc -v 2> kc.txt ||
  { echo "FAIL: hipc-kc on loads, calls and 32-bit indices"; cat kc.txt;
    exit 1; }
n=$(sed -n 's/.* \([0-9]*\) strided address(es) chained.*/\1/p' kc.txt)
[ "${n:-x}" = 1 ] ||
  { echo "FAIL: ${n:-no} strided addresses chained in odd.ll (1 expected)";
    fail=1; }

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
mkdir -p chain && cd chain || exit 1
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../split.hip -o split.o \
  2> err.txt || { echo "FAIL: split.hip builds"; exit 1; }
body=$(awk '/\.entry .*k_sum/,/^}/' split.sm_90.ptx)
steps=$(echo "$body" | awk '/Loop Header/ {l = 1} l' |
  grep -cE 'add\.s64[[:space:]]+%rd[0-9]+, %rd[0-9]+, %rd[0-9]+;')
[ "$steps" -ge 4 ] ||
  { echo "FAIL: by default k_sum's loop steps $steps addresses" \
         "by add.s64 (4 or more expected)"; fail=1; }
[ "$(echo "$body" | grep -c 'ld\.global\.f64')" -eq 0 ] ||
  { echo "FAIL: by default k_sum has loads that are not" \
         "ld.global.nc"; fail=1; }
cd .. || exit 1
mkdir -p plain && cd plain || exit 1
HIPC_NVPTX_SPLIT=0 HIPC_NVPTX_CHAIN=0 "$HIPCC" --offload-arch=sm_90 -O3 \
  -save-temps -c ../split.hip -o split.o 2> err.txt ||
  { echo "FAIL: split.hip builds with HIPC_NVPTX_SPLIT=0"; exit 1; }
[ "$(loop_mads split.sm_90.ptx)" -gt 0 ] ||
  { echo "FAIL: with HIPC_NVPTX_SPLIT=0 k_sum's loop has no per-load mad.lo.s32" \
         "(is the test still meaningful?)"; fail=1; }
exit $fail
