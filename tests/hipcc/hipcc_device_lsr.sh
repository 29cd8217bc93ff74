#!/usr/bin/env bash
# hipcc's device pass keeps 32-bit induction variables 32-bit: LLVM's loop
# strength reduction (run by the NVPTX back end) turned an `int` counter
# compared with a `long` bound into a set of 64-bit counters, so `i % 3`
# took a 64-bit mul.hi per unrolled step (HeCBench concurrentKernels ran
# 1.51 times nvcc's time), and turned a 2-D loop nest's addresses into
# many recomputed products (HeCBench contract: 378 mul.lo.s32 against
# nvcc's 64). hipcc passes -disable-lsr; HIPC_NVPTX_LSR=1 keeps the pass,
# and the test checks that it then still differs (so that it can fail).
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > lsr.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_mod(long* out, long count) {
  long acc = 0;
  for (int i = 0; i < count; i++) acc += i % 3;
  out[0] = acc;
}
SRC
# ptx FILE: the k_mod entry's instructions.
body() { awk '/\.entry .*k_mod/,/^}/' "$1"; }
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c lsr.hip -o lsr.o 2> err.txt
[ $? -eq 0 ] || { echo "FAIL: lsr.hip builds: $(head -5 err.txt)"; exit 1; }
fail=0
n64=$(body lsr.sm_90.ptx | grep -c 'mul\.hi\.u64')
n32=$(body lsr.sm_90.ptx | grep -cE 'mul\.hi\.u32|mul\.wide\.u32')
[ "$n64" -eq 0 ] ||
  { echo "FAIL: k_mod divides in 64 bits ($n64 mul.hi.u64)"; fail=1; }
[ "$n32" -ge 1 ] ||
  { echo "FAIL: k_mod has no 32-bit division by 3"; fail=1; }
mkdir -p keep && cd keep || exit 1
HIPC_NVPTX_LSR=1 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../lsr.hip \
  -o lsr.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_LSR=1 build"; exit 1; }
[ "$(body lsr.sm_90.ptx | grep -c 'mul\.hi\.u64')" -gt 0 ] ||
  { echo "FAIL: with LSR kept, k_mod no longer divides in 64 bits (is the test still meaningful?)"; fail=1; }
exit $fail
