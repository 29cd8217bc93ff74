#!/usr/bin/env bash
# HIPC_NVPTX_PARTIAL_UNROLL=N gives LLVM's partial-unroll threshold to the
# GPU pass's optimiser. A strided sum over a constant 4096 steps (HeCBench
# layout's SoA kernel) is unrolled by 8 at LLVM's NVPTX default (75) and by
# 32 at 300, as nvcc unrolls it: 32 loads in flight per thread. The sums
# are checked on the CPU device and a GPU by tests/kernels/strided_sum.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > soa.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_soa(const int* __restrict__ in, int* __restrict__ out) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = 0;
  for (int i = 0; i < 4096; i++) s += in[i * 4096 + gid];
  out[gid] = s;
}
SRC
loads() { awk '/\.entry .*k_soa/,/^}/' "$1" | grep -c 'ld\.global'; }
fail=0
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c soa.hip -o soa.o 2> err.txt ||
  { echo "FAIL: soa.hip builds: $(head -5 err.txt)"; exit 1; }
[ "$(loads soa.sm_90.ptx)" -eq 8 ] ||
  { echo "FAIL: default unrolls by $(loads soa.sm_90.ptx), not 8 (is the test still meaningful?)"; fail=1; }
mkdir -p wide && cd wide || exit 1
HIPC_NVPTX_PARTIAL_UNROLL=300 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -c ../soa.hip -o soa.o 2> err.txt || { echo "FAIL: threshold 300 build"; exit 1; }
[ "$(loads soa.sm_90.ptx)" -eq 32 ] ||
  { echo "FAIL: threshold 300 unrolls by $(loads soa.sm_90.ptx), not 32"; fail=1; }
exit $fail
