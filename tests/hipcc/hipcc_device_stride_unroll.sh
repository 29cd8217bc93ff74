#!/usr/bin/env bash
# hipcc's device pass has LLVM unroll by 4 a grid-stride loop (a step known
# only at run time), a division for the trip count and the remainder loop
# after, as nvcc does: LLVM's NVPTX cost model refuses the division and
# leaves such loops rolled, one load in flight per thread (HeCBench
# simpleMultiDevice's reduction took 1.35 times nvcc's time;
# src/kc/nvptx_stride_unroll.c). Where the step is an int (nsw), the loop
# is unrolled as it is (4 loads and a remainder); where it adds the
# unsigned grid size (`i += gridDim.x * blockDim.x`, which may wrap), a
# copy that runs where it cannot wrap is unrolled and the loop as it was
# kept for the rest (4 + 1 + 1 loads). A loop with the user's `#pragma unroll 1`,
# one with a barrier and one with a constant step are left to clang; with
# HIPC_NVPTX_IR=0 nothing is unrolled. The values are checked on a GPU by
# tests/kernels/grid_stride_unroll.hip. Skipped when clang-19 or the CUDA
# toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > gs.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_sum(float* out, const float* in, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int i = tid; i < n; i += gridDim.x * blockDim.x) s += in[i];
  out[tid] = s;
}
__global__ void k_sum_int(float* out, const float* in, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;
  float s = 0;
  for (int i = tid; i < n; i += stride) s += in[i];
  out[tid] = s;
}
__global__ void k_kept(float* out, const float* in, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll 1
  for (int i = tid; i < n; i += gridDim.x * blockDim.x) s += in[i];
  out[tid] = s;
}
__global__ void k_barrier(float* out, const float* in, int n) {
  __shared__ float t[256];
  float s = 0;
  for (int i = threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    t[threadIdx.x] = in[i];
    __syncthreads();
    s += t[255 - threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = s;
}
SRC
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
loads() { body "$1" "$2" | grep -c 'ld\.global'; }
"$HIPCC" --offload-arch=sm_90 -O3 -v -save-temps -c gs.hip -o gs.o 2> err.txt ||
  { echo "FAIL: gs.hip builds: $(head -5 err.txt)"; exit 1; }
grep -q '2 grid-stride loop(s) unrolled' err.txt ||
  { echo "FAIL: -v does not say two grid-stride loops: $(grep grid-stride err.txt)"; fail=1; }
[ "$(loads gs.sm_90.ptx k_sum_int)" -eq 5 ] ||
  { echo "FAIL: k_sum_int has $(loads gs.sm_90.ptx k_sum_int) loads, not 4 + 1"; fail=1; }
[ "$(loads gs.sm_90.ptx _Z5k_sumP)" -eq 6 ] ||
  { echo "FAIL: k_sum has $(loads gs.sm_90.ptx _Z5k_sumP) loads, not 4 + 1 + 1"; fail=1; }
for k in _Z5k_sumP k_sum_int; do
  body gs.sm_90.ptx $k | grep -q 'div\.u32' ||
    { echo "FAIL: $k has no division for its trip count"; fail=1; }
done
[ "$(loads gs.sm_90.ptx k_kept)" -eq 1 ] ||
  { echo "FAIL: k_kept (#pragma unroll 1) was unrolled"; fail=1; }
[ "$(loads gs.sm_90.ptx k_barrier)" -eq 1 ] ||
  { echo "FAIL: k_barrier (a loop with barriers) was unrolled"; fail=1; }
mkdir -p off && cd off || exit 1
HIPC_NVPTX_IR=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../gs.hip \
  -o gs.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_IR=0 build"; exit 1; }
[ "$(loads gs.sm_90.ptx _Z5k_sumP)" -eq 1 ] ||
  { echo "FAIL: clang alone unrolls k_sum (is the test still meaningful?)"; fail=1; }
exit $fail
