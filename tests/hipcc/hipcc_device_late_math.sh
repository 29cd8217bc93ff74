#!/usr/bin/env bash
# The GPU pass inlines libdevice's larger math functions after the
# optimiser (nvptx_late_math.c), so that it merges and hoists their calls
# as nvcc's does (HeCBench rsbench's Faddeeva loop evaluated a loop-
# invariant `sin` and `cos` on every trip). Checks:
# 1. PTX: a kernel computing sin(x) twice, a store between, and cos(y)
#    in a loop of run-time count with y fixed: one call of the slow
#    argument reduction for each function (3 without, HIPC_NVPTX_LATE_MATH=0,
#    so that the test can fail), also with HIPC_NVPTX_SPLIT=0 (the step
#    before the optimiser runs for either pass); no libdevice function is
#    left a call (sincos, whose results go through pointers, stays inlined
#    as before);
# 2. run: on this machine's code, `__nv_` functions of 40 instructions or
#    more (one of them called in loops), one taking a pointer and one
#    short, through `hipc-kc --nvptx-ir --pre`, clang -O3 and
#    `hipc-kc --nvptx-ir`, give the results of the same steps with
#    HIPC_NVPTX_LATE_MATH=0, and only the large ones were deferred.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > trig.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_trig(double* a, const double* b, int n, double x,
                       double y) {
  int i = threadIdx.x;
  a[i] = sin(x) * b[i];
  a[i + 64] = sin(x) * b[i + 64];
  double s = 0;
  for (int k = 0; k < n; k++) s += b[k] * cos(y);
  double sn, cs;
  sincos(b[i] + s, &sn, &cs);
  a[i + 128] = s + sn * cs + fabs(b[i]);
}
SRC
# reductions DIR: call sites of the trig slow path in DIR's k_trig.
reductions() {
  grep -cE '^[[:space:]]*__internal_trig_reduction_slowpathd,' "$1/entry.ptx"
}
entry_ptx new trig.hip k_trig && entry_ptx old trig.hip k_trig \
  HIPC_NVPTX_LATE_MATH=0 && entry_ptx nosplit trig.hip k_trig \
  HIPC_NVPTX_SPLIT=0 || exit 1
n=$(reductions new)
o=$(reductions old)
# sin once, cos once, sincos's own reduction once.
[ "$n" = 3 ] || { echo "FAIL: $n trig reductions (3 expected)"; fail=1; }
# The step before the optimiser runs for this pass alone too.
s=$(reductions nosplit)
[ "$s" = 3 ] ||
  { echo "FAIL: $s trig reductions with HIPC_NVPTX_SPLIT=0 (3 expected)"; fail=1; }
[ "$o" -ge 4 ] ||
  { echo "FAIL: $o trig reductions with HIPC_NVPTX_LATE_MATH=0 (4 or more:" \
         "is the test still meaningful?)"; fail=1; }
if grep -qE '^[[:space:]]*__nv_[a-z0-9_]*,' new/*.sm_90.ptx; then
  echo "FAIL: a libdevice function left a call:"
  grep -E '^[[:space:]]*__nv_[a-z0-9_]*,' new/*.sm_90.ptx | head -3
  fail=1
fi

cat > shapes.c <<'SRC'
#define INL __attribute__((always_inline)) static inline
/* Large enough to be deferred (40 instructions or more before the
   optimiser). */
INL double __nv_poly(double x) {
  double r = 0, p = 1;
  for (int k = 0; k < 12; k++) {
    r += p / (k + 1);
    p *= x > 1 ? x - 1 : x + 0.5;
    if (r > 1e6) r = r / 3 + k;
  }
  double q = x * x - 3 * x + 2;
  q = q > 0 ? q * 0.5 : -q * 0.25;
  q += x < 0 ? -x : x;
  q = q * q + 1;
  return r + q + (x > 2 ? 1 : 0) + (x < -2 ? 2 : 0);
}
INL double __nv_out(double x, double *o) { /* a pointer: kept */
  double r = 0;
  for (int k = 0; k < 12; k++) r += (x + k) * (x - k) / (k + 1);
  r += x > 0 ? 3 : -3;
  r = r * r + x * 0.5 - 2;
  *o = r * 2 + x;
  return r + (x > 1 ? x : 1 - x) + (r > 0 ? 1 : 0) + (r < -5 ? 2 : 4);
}
INL double __nv_tiny(double x) { return x < 0 ? -x : x; } /* short: kept */
double shapes(const double *t, int n, double y) {
  double s = 0, o;
  for (int i = 0; i < n; i++) s += t[i] * __nv_poly(y);
  s += __nv_poly(t[0]) + __nv_poly(t[0]);
  for (int i = 0; i < n; i++) s += __nv_poly(t[i]) * __nv_tiny(t[i]);
  s += __nv_out(s, &o) + o;
  return s;
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
double shapes(const double *, int, double);
double ref_shapes(const double *, int, double);
int main(void) {
  static double t[64];
  int bad = 0;
  for (int i = 0; i < 64; i++) t[i] = (i * 37 % 29) / 7.0 - 2;
  for (int n = 0; n < 64; n += 3)
    for (double y = -3; y < 3; y += 0.7) {
      double a = shapes(t, n, y), b = ref_shapes(t, n, y);
      if (a != b && !(a != a && b != b)) {
        printf("FAIL: n %d y %g: %.17g, %.17g without\n", n, y, a, b);
        bad = 1;
      }
    }
  return bad;
}
SRC
CLANG=${HIPC_CLANG:-clang-19}
KC=$BUILD/bin/hipc-kc
# steps OUT VAR=VALUE: shapes.c through the GPU pass's steps.
steps() {
  "$CLANG" -O3 -Xclang -disable-llvm-passes -emit-llvm -c shapes.c \
    -o raw.bc &&
    env "$2" "$KC" --nvptx-ir --pre raw.bc -o pre.bc -v 2> "$1.pre.txt" &&
    "$CLANG" -O3 -c -emit-llvm pre.bc -o opt.bc &&
    env "$2" "$KC" --nvptx-ir opt.bc -o "$1.bc" -v 2> "$1.post.txt" &&
    "$CLANG" -O0 -c "$1.bc" -o "$1.o"
}
steps new HIPC_NVPTX_LATE_MATH=1 && steps old HIPC_NVPTX_LATE_MATH=0 &&
  objcopy --redefine-sym shapes=ref_shapes old.o &&
  "$CLANG" main.c new.o old.o -o sums || { echo "FAIL: building"; exit 1; }
d=$(sed -n 's/.* \([0-9]*\) math function(s) left to inline.*/\1/p' \
  new.pre.txt)
i=$(sed -n 's/.* \([0-9]*\) math function(s) inlined.*/\1/p' new.post.txt)
[ "${d:-x}" = 1 ] && [ "${i:-x}" = 1 ] ||
  { echo "FAIL: ${d:-no} deferred, ${i:-no} inlined (1 and 1 expected:" \
         "__nv_poly only)"; fail=1; }
if llvm-dis-19 new.bc -o - 2>/dev/null | grep -q 'call.*@__nv_poly'; then
  echo "FAIL: __nv_poly is still called after the passes"
  fail=1
fi
./sums || { echo "FAIL: the late inlining computes other results"; fail=1; }
exit $fail
