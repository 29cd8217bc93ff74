#!/usr/bin/env bash
# Half and bfloat16 code of hipcc's device pass, read from its PTX: the
# conversions between float and __half are one cvt each, as nvcc's (no
# select or branch for NaNs: AMD's are plain casts too; HeCBench gelu's
# kernels took 1.35-1.57 times nvcc's with the select), + - * of __half are add/sub/mul.rn.f16 (with .rn:
# a * b + c of __half stays two roundings, as on the CPU device), __hfma is
# fma.rn.f16, and a loop over the halves of a uint4 (HeCBench's fma)
# stays in registers (no .local: the bit-level software conversions it
# used before kept the loop rolled and its vectors in local memory).
# The values are checked on a GPU by tests/kernels/fp16.hip and bf16.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > half.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>

__global__ void k_to_float(float* p, const __half* h) {
  p[0] = __half2float(h[0]);
}
__global__ void k_from_float(__half* h, const float* p) {
  h[0] = __float2half(p[0]);
}
__global__ void k_mul_add(__half* h) { h[0] = h[1] * h[2] + h[3]; }
__global__ void k_hfma(__half* h) { h[0] = __hfma(h[1], h[2], h[3]); }
__global__ void k_bf16_from_float(__hip_bfloat16* b, const float* p) {
  b[0] = __float2bfloat16(p[0]);
}
__global__ void k_vec8(uint4* c, const uint4* a, const uint4* b) {
  int i = threadIdx.x;
  uint4 av = a[i], bv = b[i], cv = c[i];
  __half* ah = reinterpret_cast<__half*>(&av);
  __half* bh = reinterpret_cast<__half*>(&bv);
  __half* ch = reinterpret_cast<__half*>(&cv);
  for (int j = 0; j < 8; ++j) ch[j] += ah[j] * bh[j];
  c[i] = cv;
}
SRC
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c half.hip -o half.o 2> err.txt
[ $? -eq 0 ] || { echo "FAIL: half.hip builds: $(head -5 err.txt)"; exit 1; }
body() {  # body KERNEL: the PTX of one kernel
  awk -v k="$1" '/^\.visible \.entry/ { on = $0 ~ ("_Z[0-9]+" k "P") }
                 on' half.sm_90.ptx
}
has() {  # has KERNEL REGEX: KERNEL's PTX matches REGEX
  if ! body "$1" | grep -Eq "$2"; then
    echo "FAIL: $1 has no '$2':"
    body "$1" | grep -E '^\s+[a-z]' | head -20
    fail=1
  fi
}
hasnt() {  # hasnt KERNEL REGEX: KERNEL's PTX does not match REGEX
  if body "$1" | grep -Eq "$2"; then
    echo "FAIL: $1 has '$2'"
    fail=1
  fi
}
has k_to_float 'cvt\.f32\.f16'
has k_from_float 'cvt\.rn\.f16\.f32'
for k in k_to_float k_from_float; do
  hasnt "$k" 'bra'
  hasnt "$k" 'selp'
  n=$(body "$k" | grep -cE '^\s+(cvt|mov|and|or|setp|selp|shl|shr|bfe)\.')
  # The conversion alone: one cvt (cvta is not counted), nothing else.
  [ "$(body "$k" | grep -cE '^\s+cvt\.')" -eq 1 ] ||
    { echo "FAIL: $k converts in more than one cvt"; fail=1; }
  [ "$n" -le 1 ] || { echo "FAIL: $k has $n bit-level instructions:"; body "$k" | grep -E '^\s+[a-z]'; fail=1; }
done
has k_mul_add 'mul\.rn\.f16'
has k_mul_add 'add\.rn\.f16'
hasnt k_mul_add 'fma\.rn'
has k_hfma 'fma\.rn\.f16'
has k_bf16_from_float 'cvt\.rn\.bf16\.f32'
has k_vec8 'mul\.rn\.f16'
hasnt k_vec8 '\.local'
exit $fail
