#!/usr/bin/env bash
# hipcc's device pass unrolls by 4 a loop of warp collectives whose trip
# count every lane shares (a kernel argument), the remainder after, as
# nvcc does: LLVM never unrolls a loop with a convergent call by a count
# unknown at compile time, and HeCBench vote's `__any`/`__all` loops took
# 1.6 times nvcc's time rolled (src/kc/nvptx_unroll.c). A loop whose count
# differs between lanes stays rolled (unrolling would split the lanes that
# vote together), and so does every loop with HIPC_NVPTX_IR=0. The values
# are checked on a GPU by tests/kernels/warp_loop_unroll.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > vote.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_any(const unsigned* in, unsigned* out, int repeat) {
  int tx = threadIdx.x;
  for (int i = 0; i < repeat; i++) out[tx] = __any(in[tx]);
}
__global__ void k_lane_count(const unsigned* in, unsigned* out) {
  int tx = threadIdx.x;
  int repeat = in[tx];
  for (int i = 0; i < repeat; i++) out[tx] = __any(in[tx + i]);
}
SRC
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
votes() { body "$1" "$2" | grep -c 'vote\.sync'; }
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c vote.hip -o vote.o 2> err.txt ||
  { echo "FAIL: vote.hip builds: $(head -5 err.txt)"; exit 1; }
[ "$(votes vote.sm_90.ptx k_any)" -eq 5 ] ||
  { echo "FAIL: k_any has $(votes vote.sm_90.ptx k_any) votes, not 4 + 1"; fail=1; }
[ "$(votes vote.sm_90.ptx k_lane_count)" -eq 1 ] ||
  { echo "FAIL: k_lane_count (a count per lane) was unrolled"; fail=1; }
mkdir -p off && cd off || exit 1
HIPC_NVPTX_IR=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../vote.hip \
  -o vote.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_IR=0 build"; exit 1; }
[ "$(votes vote.sm_90.ptx k_any)" -eq 1 ] ||
  { echo "FAIL: clang alone unrolls k_any (is the test still meaningful?)"; fail=1; }
exit $fail
