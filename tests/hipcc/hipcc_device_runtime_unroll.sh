#!/usr/bin/env bash
# The GPU pass unrolls a loop whose count is known only at run time as nvcc
# does (hipc-kc --nvptx-ir, src/kc/nvptx_unroller.c): by 4, a remainder
# loop after, whatever the body's size up to some 50 instructions (8 square
# roots and their arithmetic: 4 copies, 5 loads in all), by 2 for twice
# that (16 square roots: 3 loads), not at all for more (32: 1 load), and
# innermost loops only (a loop around the sum stays rolled). LLVM's
# NVPTX defaults (HIPC_NVPTX_UNROLL=llvm) unroll a one-load sum by 8 and
# leave the 8-square-root loop rolled. The unrolled loops' results are
# checked on the CPU device and a GPU by tests/kernels/strided_sum.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > rt.hip <<'SRC'
#include <hip/hip_runtime.h>
#define STEP(x, y) x = sqrtf(x * y + t); y = sqrtf(y * x + s); \
  t = t * 0.5f + x * y; s += x - y;
#define S8(x, y) STEP(x, y) STEP(x, y) STEP(x, y) STEP(x, y)
#define BODY(name, ...) \
  __global__ void name(const float* __restrict__ in, float* out, int n) { \
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x; \
    float s = 0, t = 1; \
    for (int i = 0; i < n; i++) { \
      float x = in[i * 4096 + g], y = x + 1; \
      __VA_ARGS__ \
    } \
    out[g] = s + t; \
  }
BODY(k_sum, s += x;)
BODY(k_sqrt8, S8(x, y))
BODY(k_sqrt16, S8(x, y) S8(y, x))
BODY(k_sqrt32, S8(x, y) S8(y, x) S8(x, y) S8(y, x))
__global__ void k_nest(const float* __restrict__ in, float* out, int n,
                       int m) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) s += in[(i + j) * 4096 + g] * j;
  out[g] = s;
}
SRC
loads() { awk "/\\.entry .*$2/,/^}/" "$1" | grep -c 'ld\.global'; }
fail=0
# expect PTX KERNEL LOADS WHAT
expect() {
  local n
  n=$(loads "$1" "$2")
  [ "$n" -eq "$3" ] || { echo "FAIL: $4: $2 has $n loads, not $3"; fail=1; }
}
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c rt.hip -o rt.o 2> err.txt ||
  { echo "FAIL: rt.hip builds: $(head -5 err.txt)"; exit 1; }
expect rt.sm_90.ptx k_sum 5 default
expect rt.sm_90.ptx k_sqrt8 5 default
expect rt.sm_90.ptx k_sqrt16 3 default
expect rt.sm_90.ptx k_sqrt32 1 default
expect rt.sm_90.ptx k_nest 5 "default (the outer loop stays rolled)"
mkdir -p llvm && cd llvm || exit 1
HIPC_NVPTX_UNROLL=llvm "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -c ../rt.hip -o rt.o 2> err.txt || { echo "FAIL: llvm build"; exit 1; }
expect rt.sm_90.ptx k_sum 9 HIPC_NVPTX_UNROLL=llvm
expect rt.sm_90.ptx k_sqrt8 1 HIPC_NVPTX_UNROLL=llvm
exit $fail
