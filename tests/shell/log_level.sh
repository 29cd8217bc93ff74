#!/usr/bin/env bash
# HIPC_LOG_LEVEL (and AMD_LOG_LEVEL): unset, the runtime prints nothing;
# 1, the failed calls with their error; 3, every call with its arguments
# (those the runtime records) and result, and each launch with its
# configuration.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}
cat > p.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void fill(int* p) {
  p[(blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x] = 7;
}
int main() {
  int* d;
  if (hipMalloc(&d, 6 * 32 * sizeof(int)) != hipSuccess) return 1;
  if (hipSetDevice(1000) != hipErrorInvalidDevice) return 2;
  fill<<<dim3(3, 2), 32, 0, 0>>>(d);
  int h[6 * 32];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 3;
  for (int v : h) if (v != 7) return 4;
  return hipFree(d) == hipSuccess ? 0 : 5;
}
SRC
# shellcheck disable=SC2086
if ! "$HIPCC" $TF p.hip -o p 2> build.txt; then
  echo "FAIL: build"; cat build.txt; exit 1
fi
unset HIPC_LOG_LEVEL AMD_LOG_LEVEL
HIPC_DEVICES=cpu ./p 2> off.txt
check "runs unlogged" test $? -eq 0
check "unset: nothing on stderr" test ! -s off.txt
HIPC_DEVICES=cpu HIPC_LOG_LEVEL=1 ./p 2> one.txt
check "runs at level 1" test $? -eq 0
expect_output "level 1: the failed call" "hipc: hipSetDevice: hipErrorInvalidDevice" \
  cat one.txt
HIPC_DEVICES=cpu HIPC_LOG_LEVEL=3 ./p 2> three.txt
check "runs at level 3" test $? -eq 0
# With their arguments (P: a pointer).
P='0x[0-9a-f]+'
for line in "hipc: hipMalloc\(size=768, ptr=($P)\): hipSuccess" \
            "hipc: hipSetDevice\(device=1000\): hipErrorInvalidDevice" \
            "hipc: hipLaunchKernel\(kernel=fill, grid=\(3,2,1\), block=\(32,1,1\), shared=0, stream=0x0\): hipSuccess" \
            "hipc: hipMemcpy\(dst=$P, src=$P, bytes=768, kind=hipMemcpyDeviceToHost, stream=0x0\): hipSuccess" \
            "hipc: hipFree\(ptr=$P\): hipSuccess"; do
  check "level 3: '$line'" grep -qxE "$line" three.txt
done
ptr=$(sed -n 's/^hipc: hipMalloc(size=768, ptr=\(0x[0-9a-f]*\)).*/\1/p' three.txt)
check "level 3: hipMemcpy's source is hipMalloc's pointer" \
  grep -qF "src=$ptr, bytes=768" three.txt
check "level 3: hipFree's pointer is hipMalloc's" \
  grep -qxF "hipc: hipFree(ptr=$ptr): hipSuccess" three.txt
check "level 3: the failed call at level 1 has no arguments" \
  grep -qxF "hipc: hipSetDevice: hipErrorInvalidDevice" one.txt
check "level 3: the launch and its configuration" \
  grep -qx "hipc: launch fill grid (3,2,1) block (32,1,1) shared 0 stream (nil) device 0" \
    three.txt
HIPC_DEVICES=cpu AMD_LOG_LEVEL=1 ./p 2> amd.txt
check "AMD_LOG_LEVEL is read too" cmp -s one.txt amd.txt
exit $fail
