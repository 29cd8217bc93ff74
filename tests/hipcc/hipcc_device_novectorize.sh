#!/usr/bin/env bash
# HIPC_NVPTX_VECTORIZE=0 turns LLVM's loop vectoriser off in the GPU pass.
# By default a scan of a local byte array (HeCBench nqueen's
# `board[i] == board[r]` check) becomes 4-byte vectors whose bytes are
# joined by shl/or and taken apart by bfe; with the switch the loop stays
# scalar, as nvcc's is (no bfe). The scan's results are checked on the CPU
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
[ "$(bfes scan.sm_90.ptx)" -gt 0 ] ||
  { echo "FAIL: default build has no bfe (is the test still meaningful?)"; fail=1; }
mkdir -p novec && cd novec || exit 1
HIPC_NVPTX_VECTORIZE=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -c ../scan.hip -o scan.o 2> err.txt || { echo "FAIL: switch build"; exit 1; }
[ "$(bfes scan.sm_90.ptx)" -eq 0 ] ||
  { echo "FAIL: HIPC_NVPTX_VECTORIZE=0 build has $(bfes scan.sm_90.ptx) bfe"; fail=1; }
exit $fail
