#!/usr/bin/env bash
# hipc's headers are system headers to the user's compile (hipcc passes
# -isystem for its include directory in every pass): a clean program
# builds with -pedantic -Werror and every conversion warning, as HIP, as
# C through the host API, and with an NVIDIA GPU pass when the CUDA
# toolkit is there; and it runs. (Before, -Wsign-conversion fired inside
# hip/hipc/warp.h and -pedantic on __int128 in the intrinsics.)
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
STRICT="-pedantic -Werror -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow"
cat > clean.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <cstdio>
#include <vector>
__global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  const int n = 1000;
  std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
  float *x = nullptr, *y = nullptr;
  const size_t bytes = n * sizeof(float);
  if (hipMalloc(&x, bytes) != hipSuccess) return 1;
  if (hipMalloc(&y, bytes) != hipSuccess) return 1;
  if (hipMemcpy(x, hx.data(), bytes, hipMemcpyHostToDevice)) return 1;
  if (hipMemcpy(y, hy.data(), bytes, hipMemcpyHostToDevice)) return 1;
  saxpy<<<(n + 255) / 256, 256>>>(3.0f, x, y, n);
  if (hipMemcpy(hy.data(), y, bytes, hipMemcpyDeviceToHost)) return 1;
  for (int i = 0; i < n; ++i)
    if (hy[static_cast<size_t>(i)] != 5.0f) return 2;
  std::printf("ok\n");
  return hipFree(x) != hipSuccess || hipFree(y) != hipSuccess;
}
SRC
cat > capi.c <<'SRC'
#include <hip/hip_runtime_api.h>
#include <stdio.h>
int main(void) {
  int n = 0;
  if (hipGetDeviceCount(&n) != hipSuccess || n < 1) return 1;
  printf("ok\n");
  return 0;
}
SRC
# shellcheck disable=SC2086
check "HIP with $STRICT" "$HIPCC" -std=c++17 $STRICT clean.hip -o clean
check "clean runs" test "$(./clean)" = ok
# shellcheck disable=SC2086
check "C with $STRICT" "$HIPCC" -std=c11 $STRICT capi.c -o capi
check "capi runs" test "$(./capi)" = ok
CUDA=${CUDA_PATH:-/usr/local/cuda}
if [ -x "$CUDA/bin/ptxas" ]; then
  # shellcheck disable=SC2086
  check "HIP for sm_90 with $STRICT" "$HIPCC" -std=c++17 $STRICT \
    --offload-arch=sm_90 clean.hip -o clean_gpu
fi
exit $fail
