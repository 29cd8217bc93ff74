#!/usr/bin/env bash
# The GPU pass runs without LLVM's loop vectoriser, as nvcc vectorises no
# loops: a scan of a local byte array (HeCBench nqueen's
# `board[i] == board[r]` check) stays scalar (no bfe). HIPC_NVPTX_VECTORIZE=1
# (or HIPC_NVPTX_UNROLL=llvm) turns the vectoriser on, and the loop becomes
# 4-byte vectors whose bytes are joined by shl/or and taken apart by bfe. The scan's results are checked on the CPU
# device and a GPU by tests/kernels/byte_scan.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > scan.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_scan(const char* __restrict__ in, int* __restrict__ out,
                       int n) {
  char b[20];
  int t = threadIdx.x, count = 0;
  for (int i = 0; i < n; i++) b[i] = in[t + i];
  for (int d = 1; d < n; d++) {
    b[d]++;
    bool safe = true;
    for (int i = 0; i < d; i++)
      if (b[i] == b[d]) safe = false;
    count += safe;
  }
  out[t] = count;
}
SRC
bfes() { awk '/\.entry .*k_scan/,/^}/' "$1" | grep -c 'bfe\.'; }
fail=0
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c scan.hip -o scan.o 2> err.txt ||
  { echo "FAIL: scan.hip builds: $(head -5 err.txt)"; exit 1; }
[ "$(bfes scan.sm_90.ptx)" -eq 0 ] ||
  { echo "FAIL: default build has $(bfes scan.sm_90.ptx) bfe"; fail=1; }
for e in HIPC_NVPTX_VECTORIZE=1 HIPC_NVPTX_UNROLL=llvm; do
  d=${e%%=*}
  mkdir -p "$d" && (cd "$d" && env "$e" "$HIPCC" --offload-arch=sm_90 -O3 \
    -save-temps -c ../scan.hip -o scan.o 2> err.txt) ||
    { echo "FAIL: $e build"; exit 1; }
  [ "$(bfes "$d/scan.sm_90.ptx")" -gt 0 ] ||
    { echo "FAIL: $e build has no bfe (is the test still meaningful?)"; fail=1; }
done
exit $fail
