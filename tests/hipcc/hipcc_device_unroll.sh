#!/usr/bin/env bash
# HIPC_NVPTX_UNROLL=N caps LLVM's partial and runtime unrolling in hipcc's
# GPU pass (an experiment, docs/nvidia.md "Fifth session, contract"):
# clang unrolls a strided double-precision loop of unknown trip count (the
# shape of HeCBench contract's innermost loops) by 8, nvcc by 4. The test
# builds such a kernel as it is, with HIPC_NVPTX_UNROLL=4 and =1, and with
# values the switch ignores, and counts the loads of the unrolled body
# (the most `ld.global.nc.f64` in one basic block of the PTX).
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > unroll.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_strided(const double* __restrict__ t,
                          const double* __restrict__ w,
                          double* __restrict__ out, int n, int stride) {
  int f = threadIdx.x;
  double a = w[f], s = 0;
  if (a > 0)
    for (int i = 0; i < n; i++) s += t[i * stride + f] * a;
  out[f] = s;
}
SRC
# widest PTX: the most loads of double in one basic block of k_strided.
widest() {
  awk '/\.entry .*k_strided/,/^}/' "$1" |
    awk '/^\$L__|^\/\/ %bb/ {n = 0} /ld\.global\.nc\.f64/ {n++; if (n > m) m = n}
         END {print m + 0}'
}
# build NAME [ENV...]: the PTX of unroll.hip in NAME/ with ENV set.
build() {
  local d=$1; shift
  mkdir -p "$d" && (cd "$d" && env "$@" "$HIPCC" --offload-arch=sm_90 -O3 \
    -save-temps -c ../unroll.hip -o unroll.o 2> err.txt) ||
    { echo "FAIL: build $d ($*): $(head -5 "$d/err.txt")"; exit 1; }
}
fail=0
build default X=1
build u4 HIPC_NVPTX_UNROLL=4
build u1 HIPC_NVPTX_UNROLL=1
build bad HIPC_NVPTX_UNROLL=4x
build zero HIPC_NVPTX_UNROLL=0
w0=$(widest default/unroll.sm_90.ptx)
w4=$(widest u4/unroll.sm_90.ptx)
w1=$(widest u1/unroll.sm_90.ptx)
[ "$w0" -eq 8 ] ||
  { echo "FAIL: as it is, the loop's body loads $w0 doubles (clang's unrolling by 8 expected)"; fail=1; }
[ "$w4" -eq 4 ] ||
  { echo "FAIL: HIPC_NVPTX_UNROLL=4: the loop's body loads $w4 doubles, not 4"; fail=1; }
[ "$w1" -eq 1 ] ||
  { echo "FAIL: HIPC_NVPTX_UNROLL=1: the loop's body loads $w1 doubles, not 1"; fail=1; }
for d in bad zero; do
  cmp -s default/unroll.sm_90.ptx "$d/unroll.sm_90.ptx" ||
    { echo "FAIL: HIPC_NVPTX_UNROLL ($d) is not ignored: the PTX differs"; fail=1; }
done
exit $fail
