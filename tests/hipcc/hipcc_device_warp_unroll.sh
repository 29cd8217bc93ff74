#!/usr/bin/env bash
# hipcc's device pass unrolls by 4 a loop of warp collectives whose trip
# count every lane shares (a kernel argument), the remainder after, as
# nvcc does: LLVM never unrolls a loop with a convergent call by a count
# unknown at compile time, and HeCBench vote's `__any`/`__all` loops took
# 1.6 times nvcc's time rolled (src/kc/nvptx_unroll.c), loops of several
# blocks too (vote's third kernel: `if (__all(..))` in the loop, a value
# used after the loop). A loop whose count differs between lanes stays
# rolled, and so does one with a second way out (`break`) (unrolling would split the lanes that
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
__global__ void k_vote_if(bool* info, int warp_size, int repeat) {
  int tx = threadIdx.x;
  for (int i = 0; i < repeat; i++) {
    info[3 * tx] = __any(tx >= warp_size);
    info[3 * tx + 1] = tx >= warp_size;
    if (__all(tx >= warp_size)) info[3 * tx + 2] = true;
  }
}
__global__ void k_after(const int* in, int* out, int n) {
  int tx = threadIdx.x, v = in[tx];
  for (int i = 0; i < n; i++) {
    if (v & 1) out[tx + 64] += v;
    v = __shfl_xor(v, 1) * 3 + i;
  }
  out[tx] = v * 5;
}
__global__ void k_break(const unsigned* in, unsigned* out, int repeat) {
  int tx = threadIdx.x;
  for (int i = 0; i < repeat; i++) {
    if (__any(in[tx] > i)) break;
    out[tx] += i;
  }
}
__global__ void k_lane_count(const unsigned* in, unsigned* out) {
  int tx = threadIdx.x;
  int repeat = in[tx];
  for (int i = 0; i < repeat; i++) out[tx] = __any(in[tx + i]);
}
SRC
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
votes() { body "$1" "$2" | grep -c 'vote\.sync'; }
shfls() { body "$1" "$2" | grep -c 'shfl\.sync'; }
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c vote.hip -o vote.o 2> err.txt ||
  { echo "FAIL: vote.hip builds: $(head -5 err.txt)"; exit 1; }
[ "$(votes vote.sm_90.ptx k_any)" -eq 5 ] ||
  { echo "FAIL: k_any has $(votes vote.sm_90.ptx k_any) votes, not 4 + 1"; fail=1; }
[ "$(votes vote.sm_90.ptx k_vote_if)" -eq 10 ] ||
  { echo "FAIL: k_vote_if has $(votes vote.sm_90.ptx k_vote_if) votes, not 8 + 2"; fail=1; }
[ "$(shfls vote.sm_90.ptx k_after)" -eq 5 ] ||
  { echo "FAIL: k_after has $(shfls vote.sm_90.ptx k_after) shuffles, not 4 + 1"; fail=1; }
[ "$(votes vote.sm_90.ptx k_break)" -eq 1 ] ||
  { echo "FAIL: k_break (two ways out) was unrolled"; fail=1; }
[ "$(votes vote.sm_90.ptx k_lane_count)" -eq 1 ] ||
  { echo "FAIL: k_lane_count (a count per lane) was unrolled"; fail=1; }
mkdir -p off && cd off || exit 1
HIPC_NVPTX_IR=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../vote.hip \
  -o vote.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_IR=0 build"; exit 1; }
[ "$(votes vote.sm_90.ptx k_any)" -eq 1 ] ||
  { echo "FAIL: clang alone unrolls k_any (is the test still meaningful?)"; fail=1; }
[ "$(votes vote.sm_90.ptx k_vote_if)" -eq 2 ] ||
  { echo "FAIL: clang alone unrolls k_vote_if (is the test still meaningful?)"; fail=1; }
exit $fail
