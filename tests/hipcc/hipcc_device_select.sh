#!/usr/bin/env bash
# hipcc's device pass makes a select between costly values (a square root,
# a division) a branch again when every lane of the block has the same
# condition (a kernel argument), as nvcc keeps it: clang -O3 computes both
# square roots of `if (mode == 0) d = sqrtf(v + e); else d = sqrtf(v) + e;`
# and selects one (HeCBench adam's loop; src/kc/nvptx_select.c). A
# condition that differs between lanes keeps the select (a branch would
# run both arms anyway, one after the other), and so does every select
# with HIPC_NVPTX_SELECT=0. The values are checked by
# tests/kernels/uniform_select.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > sel.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_mode(float* out, const float* in, int mode, float e) {
  int t = threadIdx.x;
  float v = in[t], d;
  if (mode == 0) d = sqrtf(v + e); else d = sqrtf(v) + e;
  out[t] = d;
}
__global__ void k_lane(float* out, const float* in, float e) {
  int t = threadIdx.x;
  float v = in[t], d;
  if (t & 1) d = sqrtf(v + e); else d = sqrtf(v) + e;
  out[t] = d;
}
SRC
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
count() { body "$1" "$2" | grep -c "$3"; }
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c sel.hip -o sel.o 2> err.txt ||
  { echo "FAIL: sel.hip builds: $(head -5 err.txt)"; exit 1; }
[ "$(count sel.sm_90.ptx k_mode 'selp\.f32')" -eq 0 ] ||
  { echo "FAIL: k_mode still selects:"; body sel.sm_90.ptx k_mode | grep -E '^\s+[a-z@]'; fail=1; }
[ "$(count sel.sm_90.ptx k_mode 'sqrt\.rn\.f32')" -eq 2 ] ||
  { echo "FAIL: k_mode lost a square root"; fail=1; }
[ "$(count sel.sm_90.ptx k_lane 'selp\.f32')" -eq 1 ] ||
  { echo "FAIL: k_lane (a per-lane condition) no longer selects"; fail=1; }
mkdir -p off && cd off || exit 1
HIPC_NVPTX_SELECT=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../sel.hip \
  -o sel.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_SELECT=0 build"; exit 1; }
[ "$(count sel.sm_90.ptx k_mode 'selp\.f32')" -eq 1 ] ||
  { echo "FAIL: clang alone branches in k_mode (is the test still meaningful?)"; fail=1; }
exit $fail
