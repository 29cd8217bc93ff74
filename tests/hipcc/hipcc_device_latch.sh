#!/usr/bin/env bash
# The GPU pass gives a loop unrolled by LLVM nvcc's exit test, the
# induction variable's next value against the bound (nvptx_latch.c): in
# HeCBench cmembench's constant-memory sum, unrolled by 32, the latch
# tests `j + 128 < 1024`, where LLVM left `(j | 124) < 1020`, a form in
# which ptxas does not see the count of 8 and keeps the loop.
# HIPC_NVPTX_LATCH=0 leaves LLVM's form. The values of this and other
# loop shapes are checked on the CPU device and a GPU by
# tests/kernels/loop_latch.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > cmem.hip <<'SRC'
#include <hip/hip_runtime.h>
__constant__ int data[1024];
__global__ void k_sum(int* out) {
  int s = 0;
  for (int j = 0; j < 1024; j += 4) s += data[j];
  if (threadIdx.x == 0) *out = s;
}
SRC
# latch DIR [VAR=VALUE]: the kernel's compile, then its latch: the two
# instructions before its backward branch, operands without registers.
# The loop's addresses stay LLVM's (HIPC_NVPTX_PSTEP=0), whose pointer
# step would come between (hipcc_device_pstep.sh).
latch() {
  mkdir -p "$1" && (cd "$1" && env HIPC_NVPTX_PSTEP=0 ${2:-} \
    "$HIPCC" --offload-arch=sm_90 -O3 \
    -save-temps -c ../cmem.hip -o cmem.o 2> err.txt) ||
    { echo "FAIL: $1 build: $(head -5 "$1/err.txt")"; exit 1; }
  awk '/\.entry .*k_sum/,/^}/' "$1/cmem.sm_90.ptx" |
    grep -B2 -m1 '@%p[0-9]* bra' | head -2 |
    sed -E 's/%[a-z]+[0-9]+/R/g; s/[[:space:]]+/ /g; s/^ //'
}
got=$(latch new)
want=$'add.s32 R, R, 128;\nsetp.lt.u32 R, R, 1024;'
[ "$got" = "$want" ] ||
  { echo "FAIL: the latch is"; echo "$got"; echo "not"; echo "$want"; fail=1; }
got=$(latch old HIPC_NVPTX_LATCH=0)
echo "$got" | grep -q 'setp.lt.u32 R, R, 1020;' ||
  { echo "FAIL: HIPC_NVPTX_LATCH=0 gives"; echo "$got"; fail=1; }
exit $fail
