#!/usr/bin/env bash
# fp8 and bfloat16 code of hipcc's device pass, read from its PTX
# (include/hip/hipc/fp8_nvptx.h, bf16.h, bf16_ops.h): float to fp8 is one
# cvt.rn.satfinite.e4m3x2/e5m2x2.f32 (E4M3 FNUZ too) with its special
# cases selected, fp8 to float a cvt.f32.f16 of a half's bits, bfloat16
# + - * (and their x2 forms) one add/sub/mul.rn.bf16(x2), and none of them
# branches: the bit-level conversions, with a branch or more per value,
# made HeCBench addBiasQKV's kernel (4 fp8 to bfloat16, 4 back) 886 PTX
# instructions against nvcc's 79 and 4.75 times its time. E5M2 FNUZ keeps
# the bit-level conversion from float (its range is not OCP E5M2's). The
# values are checked on a GPU by tests/kernels/fp8.hip and bf16.hip.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > fp8.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp8.h>

__global__ void k_to_fnuz(__hip_fp8x4_e4m3_fnuz* o, const __hip_bfloat162* b) {
  o[0] = __hip_fp8x4_e4m3_fnuz(b[0], b[1]);
}
__global__ void k_from_fnuz(float* f, const __hip_fp8_e4m3_fnuz* x) {
  f[0] = static_cast<float>(x[0]);
}
__global__ void k_to_e4m3(__hip_fp8_storage_t* o, const float* f) {
  o[0] = __hip_cvt_float_to_fp8(f[0], __HIP_NOSAT, __HIP_E4M3);
}
__global__ void k_to_e5m2(__hip_fp8_e5m2* o, const float* f) {
  o[0] = __hip_fp8_e5m2(f[0]);
}
__global__ void k_from_e5m2fnuz(float* f, const __hip_fp8_e5m2_fnuz* x) {
  f[0] = static_cast<float>(x[0]);
}
__global__ void k_bf16x2(__hip_bfloat162* o, const __hip_bfloat162* a) {
  o[0] = __hmul2(__hadd2(a[0], a[1]), a[2]) - a[3];
}
__global__ void k_bf16(__hip_bfloat16* o, const __hip_bfloat16* a) {
  o[0] = a[0] * a[1] + a[2];
}
__global__ void k_bf16_from_float(__hip_bfloat16* o, const float* f) {
  o[0] = __float2bfloat16(f[0]);
}
SRC
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c fp8.hip -o fp8.o 2> err.txt
[ $? -eq 0 ] || { echo "FAIL: fp8.hip builds: $(head -5 err.txt)"; exit 1; }
body() {  # body KERNEL: the PTX of one kernel
  awk -v k="$1" '/^\.visible \.entry/ { on = $0 ~ ("_Z[0-9]+" k "P") }
                 on' fp8.sm_90.ptx
}
has() {  # has KERNEL REGEX: KERNEL's PTX matches REGEX
  if ! body "$1" | grep -Eq "$2"; then
    echo "FAIL: $1 has no '$2':"
    body "$1" | grep -E '^\s+[a-z]' | head -30
    fail=1
  fi
}
hasnt() {  # hasnt KERNEL REGEX: KERNEL's PTX does not match REGEX
  if body "$1" | grep -Eq "$2"; then
    echo "FAIL: $1 has '$2'"
    fail=1
  fi
}
has k_to_fnuz 'cvt\.rn\.satfinite\.e4m3x2\.f32'
[ "$(body k_to_fnuz | grep -c 'cvt\.rn\.satfinite\.e4m3x2\.f32')" -eq 4 ] ||
  { echo "FAIL: k_to_fnuz does not convert its 4 values in 4 cvt"; fail=1; }
has k_from_fnuz 'cvt\.f32\.f16'
has k_to_e4m3 'cvt\.rn\.satfinite\.e4m3x2\.f32'
has k_to_e5m2 'cvt\.rn\.satfinite\.e5m2x2\.f32'
has k_from_e5m2fnuz 'cvt\.f32\.f16'
has k_bf16x2 'add\.rn\.bf16x2'
has k_bf16x2 'mul\.rn\.bf16x2'
has k_bf16x2 'sub\.rn\.bf16x2'
has k_bf16 'mul\.rn\.bf16 '
has k_bf16 'add\.rn\.bf16 '
has k_bf16_from_float 'cvt\.rn\.bf16\.f32'
for k in k_to_fnuz k_from_fnuz k_to_e4m3 k_to_e5m2 k_from_e5m2fnuz k_bf16x2 \
  k_bf16 k_bf16_from_float; do
  hasnt "$k" 'bra'
done
exit $fail
