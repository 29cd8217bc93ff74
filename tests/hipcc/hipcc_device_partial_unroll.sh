#!/usr/bin/env bash
# The GPU pass unrolls a loop of constant count as nvcc does: a strided sum
# over 4096 rows (HeCBench layout's SoA kernel) by 32, 32 loads in flight
# per thread, as nvcc's (clang's partial threshold 200, at most 32 copies;
# nvcc's and hipc's count 16 when the row's address takes an `int`
# multiply, `in[i * 4096 + gid]`).
# HIPC_NVPTX_UNROLL=llvm keeps LLVM's NVPTX defaults, which unroll it by 8;
# HIPC_NVPTX_PARTIAL_UNROLL=N sets the threshold (75 gives 8 again);
# HIPC_NVPTX_FULL_UNROLL=N the full-unroll threshold (a sum of 128 rows,
# 32 copies by default, is unrolled whole with 1000). The
# sums are checked on the CPU device and a GPU by
# tests/kernels/strided_sum.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > soa.hip <<'SRC'
#include <hip/hip_runtime.h>
struct Row { int col[4096]; };
__global__ void k_soa(const Row* __restrict__ in, int* __restrict__ out) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = 0;
  for (int i = 0; i < 4096; i++) s += in[i].col[gid];
  out[gid] = s;
}
__global__ void k_full(const Row* __restrict__ in, int* __restrict__ out) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = 0;
  for (int i = 0; i < 128; i++) s += in[i].col[gid];
  out[gid] = s;
}
SRC
# loads PTX [KERNEL]: the global loads of KERNEL (k_soa) in PTX.
loads() { awk "/\\.entry .*${2:-k_soa}/,/^}/" "$1" | grep -c 'ld\.global'; }
fail=0
# build DIR [VAR=VALUE]: soa.hip compiled in DIR, the PTX's loads printed.
build() {
  mkdir -p "$1" && (cd "$1" && env ${2:-} "$HIPCC" --offload-arch=sm_90 -O3 \
    -save-temps -c ../soa.hip -o soa.o 2> err.txt) ||
    { echo "FAIL: $1 build: $(head -5 "$1/err.txt")"; exit 1; }
  loads "$1/soa.sm_90.ptx"
}
n=$(build nvcc) && [ "$n" -eq 32 ] ||
  { echo "FAIL: default unrolls by $n, not 32"; fail=1; }
n=$(build llvm HIPC_NVPTX_UNROLL=llvm) && [ "$n" -eq 8 ] ||
  { echo "FAIL: HIPC_NVPTX_UNROLL=llvm unrolls by $n, not 8"; fail=1; }
n=$(build t75 HIPC_NVPTX_PARTIAL_UNROLL=75) && [ "$n" -eq 8 ] ||
  { echo "FAIL: threshold 75 unrolls by $n, not 8"; fail=1; }
n=$(loads nvcc/soa.sm_90.ptx k_full) && [ "$n" -eq 32 ] ||
  { echo "FAIL: the 128-row sum unrolls by $n by default, not 32"; fail=1; }
build f1000 HIPC_NVPTX_FULL_UNROLL=1000 > /dev/null
n=$(loads f1000/soa.sm_90.ptx k_full) && [ "$n" -eq 128 ] ||
  { echo "FAIL: HIPC_NVPTX_FULL_UNROLL=1000 unrolls the 128-row sum by $n," \
         "not 128"; fail=1; }
exit $fail
