#!/usr/bin/env bash
# nvptx_copysign.c: hipcc's device pass makes llvm.copysign bit operations
# (LLVM 19's NVPTX back end expands the call to abs, neg, a shift, an and,
# a compare and a select; nvcc writes one copysign.f32, as ptxas makes of
# two ands and an or). Checked here: (1) its results, on host code
# compiled by clang -O3, run through `hipc-kc --nvptx-ir` with the
# rewrite and without (HIPC_NVPTX_COPYSIGN=0), float and double, on
# zeros, infinities, NaNs, subnormals and ordinary values of both signs:
# the same bits; (2) the PTX of a copysignf kernel and of a tanhf one
# (libdevice's tanhf calls copysign): the sign's `and` and no `neg.f32`,
# which HIPC_NVPTX_COPYSIGN=0 brings back.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
CLANG=${HIPC_CLANG:-clang-19}

cat > shapes.c <<'SRC'
#include <string.h>
unsigned long long shapes(const double* v, int i, int j) {
  float f = __builtin_copysignf((float)v[i], (float)v[j]);
  double d = __builtin_copysign(v[i], v[j]);
  unsigned fb;
  unsigned long long db;
  memcpy(&fb, &f, 4);
  memcpy(&db, &d, 8);
  return db ^ ((unsigned long long)fb << 17);
}
SRC
cat > main.c <<'SRC'
#include <math.h>
#include <stdio.h>
unsigned long long shapes(const double* v, int i, int j);
unsigned long long ref_shapes(const double* v, int i, int j);
int main(void) {
  const double v[] = {0.0, -0.0, 1.5, -2.25, INFINITY, -INFINITY, NAN,
                      -NAN, 1e-310, -1e-310, 1e-40, -1e-40, 3.4e38,
                      -1e300, 0x1p-149, -0x1p-1074};
  int n = sizeof v / sizeof *v, bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (shapes(v, i, j) != ref_shapes(v, i, j) && bad++ < 5)
        printf("FAIL: copysign(%g, %g): %#llx, not %#llx\n", v[i], v[j],
               shapes(v, i, j), ref_shapes(v, i, j));
  return bad != 0;
}
SRC
nvptx_ir_ab HIPC_NVPTX_COPYSIGN || exit 1
grep -q ' 2 copysign(s) made bit operations' kc.txt ||
  { echo "FAIL: not both copysigns rewritten: $(cat kc.txt)"; fail=1; }
./sums || fail=1

cat > cs.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_copysign(const float* a, const float* b, float* out) {
  int i = threadIdx.x;
  out[i] = copysignf(a[i], b[i]);
}
__global__ void k_tanh(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = tanhf(a[i]);
}
SRC
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c cs.hip -o cs.o 2> err.txt ||
  { echo "FAIL: cs.hip builds: $(head -5 err.txt)"; exit 1; }
for k in k_copysign k_tanh; do
  body cs.sm_90.ptx $k | grep -q 'and\.b32.*-2147483648' ||
    { echo "FAIL: $k: no sign bit taken by and"; fail=1; }
  body cs.sm_90.ptx $k | grep -q 'neg\.f32' &&
    { echo "FAIL: $k: neg.f32 left (the back end's expansion)"; fail=1; }
done
mkdir -p off && cd off || exit 1
HIPC_NVPTX_COPYSIGN=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -c ../cs.hip -o cs.o 2> err.txt || { echo "FAIL: the build without"; exit 1; }
body cs.sm_90.ptx k_tanh | grep -q 'neg\.f32' ||
  { echo "FAIL: without the rewrite k_tanh has no neg.f32 (is the test still meaningful?)"; fail=1; }
exit $fail
