#!/usr/bin/env bash
# The CPU device pass compiles the classification functions (isnan, isinf,
# isfinite, signbit and CUDA's __isnanf, __isinff, __finitef, __signbitf,
# float and double) and rsqrtf to inline code: the kernel object calls no
# __nv_isnan*, __nv_isinf*, __nv_finite*, __nv_isfinite*, __nv_signbit* or
# __nv_rsqrtf in libhipc (hip/hipc/libdevice_nvptx.h), so kernels that use
# them, HeCBench's ne and many image and stencil codes, stay vectorisable.
# The values are checked by tests/kernels/classify_inline.hip.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }

cat > cls.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cmath>

__global__ void k_f(const float* x, float* y) {
  int i = threadIdx.x;
  float v = x[i];
  y[i] = (isnan(v) ? 1.f : 0.f) + (isinf(v) ? 2.f : 0.f) +
         (isfinite(v) ? 4.f : 0.f) + (signbit(v) ? 8.f : 0.f) +
         __isnanf(v) + __isinff(v) + __finitef(v) + __signbitf(v) +
         rsqrtf(v);
}
__global__ void k_d(const double* x, double* y) {
  int i = threadIdx.x;
  double v = x[i];
  y[i] = (isnan(v) ? 1. : 0.) + (isinf(v) ? 2. : 0.) +
         (isfinite(v) ? 4. : 0.) + (signbit(v) ? 8. : 0.) + __isnan(v) +
         __isinf(v) + __finite(v);
}
SRC
"$HIPCC" -O2 -save-temps -c cls.hip -o cls.o 2> err.txt
check "cls.hip builds ($(head -3 err.txt))" [ -e cls.kc.o ]
if [ -e cls.kc.o ]; then
  calls=$(nm -u cls.kc.o |
          grep -E '__nv_(isnan|isinf|finite|isfinite|signbit|rsqrtf)')
  check "the kernels call no classification in libhipc: $calls" \
    [ -z "$calls" ]
fi
exit $fail
