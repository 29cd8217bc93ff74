#!/usr/bin/env bash
# hipcc's device pass copies a float4 (any 16-byte aligned object of 16 to
# 64 bytes) with 16-byte loads and stores and keeps a temporary it copies
# through in registers, as nvcc does: clang leaves such a copy a memcpy,
# which NVPTX lowers 8 bytes at a time through the stack (HeCBench
# shmembench's float4 swaps in shared memory: 2.7 times nvcc's kernel
# time; src/kc/nvptx_memcpy.c). With HIPC_NVPTX_IR=0 the copies are
# clang's. The values are checked on a GPU by tests/kernels/vector_copy.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > vc.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ void swap4(float4* a, float4* b) { float4 t = *b; *b = *a; *a = t; }
__global__ void k_swap(float4* g, int rounds) {
  __shared__ float4 s[512];
  int t = threadIdx.x;
  s[t] = g[t];
  s[t + 256] = g[t + 256];
  __syncthreads();
  for (int j = 0; j < rounds; j++) {
    swap4(s + t, s + t + 256);
    __syncthreads();
  }
  g[t] = s[t];
}
SRC
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c vc.hip -o vc.o 2> err.txt ||
  { echo "FAIL: vc.hip builds: $(head -5 err.txt)"; exit 1; }
k=$(body vc.sm_90.ptx k_swap)
[ "$(grep -c 'ld\.shared\.v4' <<< "$k")" -eq 3 ] ||
  { echo "FAIL: k_swap reads shared memory other than by three ld.shared.v4 (two for the swap, one after)"; fail=1; }
grep -q '\[%SP' <<< "$k" && { echo "FAIL: k_swap copies through the stack"; fail=1; }
grep -q 'ld\.\(shared\|global\)\.u64' <<< "$k" &&
  { echo "FAIL: k_swap copies 8 bytes at a time"; fail=1; }
mkdir -p off && cd off || exit 1
HIPC_NVPTX_IR=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../vc.hip \
  -o vc.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_IR=0 build"; exit 1; }
body vc.sm_90.ptx k_swap | grep -q '\[%SP' ||
  { echo "FAIL: clang alone keeps the temporary in registers (is the test still meaningful?)"; fail=1; }
exit $fail
