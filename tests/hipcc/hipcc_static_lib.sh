#!/usr/bin/env bash
# --emit-static-lib archives a library's objects; a program links it with
# the archive before or after its own source (as with AMD's hipcc), both
# with kernels and __device__ functions in the library. --cuda-host-only is
# accepted.
# Skipped under make test-asan / test-ubsan: its programs are linked without the sanitizer runtime.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
# main.hip calls a __device__ function of the library: relocatable device
# code, which only the CPU device has (the device pass has no -fgpu-rdc).
unset HIPC_OFFLOAD_ARCH
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc

cat > lib.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ int lib_square(int x) { return x * x; }
__global__ void lib_cube(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = lib_square(p[i]) * p[i];
}
void lib_launch(int *p, int n) { lib_cube<<<(n + 63) / 64, 64>>>(p, n); }
SRC
cat > main.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
__device__ int lib_square(int x);
void lib_launch(int *p, int n);
__global__ void add_square(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += lib_square(i);
}
int main() {
  const int n = 300;
  int h[n];
  for (int i = 0; i < n; i++) h[i] = i - 150;
  int *d;
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  lib_launch(d, n);
  add_square<<<(n + 31) / 32, 32>>>(d, n);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
    return 3;
  for (int i = 0; i < n; i++) {
    int v = i - 150;
    if (h[i] != v * v * v + i * i) {
      printf("bad h[%d] = %d\n", i, h[i]);
      return 1;
    }
  }
  printf("ok\n");
  return 0;
}
SRC

check() {  # check DESCRIPTION COMMAND...: the command must succeed
  local what=$1
  shift
  if ! "$@" > out.txt 2>&1; then
    echo "FAIL: $what"
    sed 's/^/  | /' out.txt
    fail=1
    return 1
  fi
}

check "archive with --emit-static-lib" \
  "$HIPCC" --emit-static-lib -fPIC -o libk.a lib.hip
if ! ar t libk.a | grep -q '\.o$'; then
  echo "FAIL: libk.a holds no object"
  fail=1
fi
check "archive first, source after" "$HIPCC" -o p1 libk.a main.hip &&
  check "run p1" ./p1 && grep -qx ok out.txt || { echo "FAIL: p1"; fail=1; }
check "source first, -l after" "$HIPCC" --cuda-host-only -o p2 main.hip \
  -L. -lk && check "run p2" ./p2 && grep -qx ok out.txt ||
  { echo "FAIL: p2"; fail=1; }
if "$HIPCC" --emit-static-lib lib.hip > out.txt 2>&1; then
  echo "FAIL: --emit-static-lib without -o succeeded"
  fail=1
elif ! grep -q -- "--emit-static-lib needs an output file" out.txt; then
  echo "FAIL: no clear message without -o"
  cat out.txt
  fail=1
fi
exit $fail
