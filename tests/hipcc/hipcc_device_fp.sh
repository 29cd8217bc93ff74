#!/usr/bin/env bash
# The floating-point code of hipcc's device pass, read from its PTX: HIP's
# defaults (IEEE division and square root, sqrtf included however it is
# spelled; subnormals kept; a * b + c contracted to an fma, as HIP's
# -ffp-contract=fast-honor-pragmas does), -ffast-math passed through, and
# the conversion intrinsics as single cvt instructions with their rounding
# (the _rz integer -> float ones too, which LLVM 19 turned into
# round-to-nearest casts when they came from libdevice), with the NaN test
# of the float -> integer ones. The values themselves are checked on a GPU
# by tests/kernels/intrinsics_float.hip and the math tests.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > fp.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cmath>

__global__ void k_div(float* p) { p[0] = p[1] / p[2]; }
__global__ void k_ddiv(double* p) { p[0] = p[1] / p[2]; }
__global__ void k_fma(float* p) { p[0] = p[1] * p[2] + p[3]; }
__global__ void k_sqrtf(float* p) { p[0] = sqrtf(p[1]); }
__global__ void k_std_sqrt(float* p) { p[0] = std::sqrt(p[1]); }
__global__ void k_sqrt_float(float* p) { p[0] = sqrt(p[1]); }
__global__ void k_fsqrt_rn(float* p) { p[0] = __fsqrt_rn(p[1]); }
__global__ void k_int2float_rz(float* p, const int* i) {
  p[0] = __int2float_rz(i[0]);
}
__global__ void k_ull2double_rz(double* p, const unsigned long long* i) {
  p[0] = __ull2double_rz(i[0]);
}
__global__ void k_float2ll_rz(long long* p, const float* f) {
  p[0] = __float2ll_rz(f[0]);
}
__global__ void k_double2int_rn_nan(int* p) { p[0] = __double2int_rn(NAN); }
SRC
"$HIPCC" --offload-arch=sm_90 -save-temps -c fp.hip -o fp.o 2> err.txt
[ $? -eq 0 ] || { echo "FAIL: fp.hip builds: $(head -5 err.txt)"; exit 1; }
# body KERNEL [PTX]: the PTX of one kernel (each takes a pointer first:
# its mangled name is _Z<length>KERNELP...).
body() {
  awk -v k="$1" '/^\.visible \.entry/ { on = $0 ~ ("_Z[0-9]+" k "P") }
                 on' "${2:-fp.sm_90.ptx}"
}
has() {  # has KERNEL REGEX [PTX]: KERNEL's PTX matches REGEX
  if ! body "$1" "${3:-}" | grep -Eq "$2"; then
    echo "FAIL: $1 has no '$2':"
    body "$1" "${3:-}" | grep -E '^\s+[a-z]' | head -20
    fail=1
  fi
}
hasnt() {  # hasnt KERNEL REGEX: KERNEL's PTX does not match REGEX
  if body "$1" | grep -Eq "$2"; then
    echo "FAIL: $1 has '$2'"
    fail=1
  fi
}
has k_div 'div\.rn\.f32'
has k_ddiv 'div\.rn\.f64'
has k_fma 'fma\.rn\.f32'
for k in k_div k_fma k_sqrtf; do hasnt "$k" '\.ftz'; done
for k in k_sqrtf k_std_sqrt k_sqrt_float k_fsqrt_rn; do
  has "$k" 'sqrt\.rn\.f32'
  hasnt "$k" 'sqrt\.approx'
done
has k_int2float_rz 'cvt\.rz\.f32\.s32'
has k_ull2double_rz 'cvt\.rz\.f64\.u64'
has k_float2ll_rz 'cvt\.rzi\.s64\.f32'
has k_float2ll_rz 'testp\.notanumber\.f32'
has k_double2int_rn_nan 'cvt\.rni\.s32\.f64'

# -ffast-math reaches the device compile: the approximate square root.
mkdir fast && cp fp.hip fast/ && cd fast || exit 1
"$HIPCC" --offload-arch=sm_90 -ffast-math -save-temps -c fp.hip -o fp.o \
  2> err.txt
[ $? -eq 0 ] || { echo "FAIL: -ffast-math builds: $(head -5 err.txt)"; exit 1; }
has k_sqrtf 'sqrt\.approx'
exit $fail
