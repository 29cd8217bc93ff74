#!/usr/bin/env bash
# Without GPU images hipcc runs the host pass beside the CPU device pass
# (src/hipcc/frontend.c). What the user sees must not change: an error in
# code both passes compile is reported once (the device pass's), an error
# only the host pass sees is reported with its file and line and fails
# the build, a host warning is printed once, the program runs, and
# HIPC_SERIAL_PASSES=1 (one pass after the other) builds the same program.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH
need_libhipc

cat > both.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k(int *p) { p[0] = 1 }
int main() { return 0; }
SRC
if "$HIPCC" -c both.hip -o both.o 2> err.txt; then
  echo "FAIL: both.hip compiled"; fail=1
fi
n=$(grep -c "^both\.hip:2:[0-9]*: error: expected ';'" err.txt)
if [ "$n" != 1 ]; then
  echo "FAIL: expected the error once, got $n times:"; cat err.txt; fail=1
fi

cat > host_only.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k(int *p) { p[0] = 1; }
#ifndef __HIP_DEVICE_COMPILE__
int host_side() { return not_declared_anywhere; }
#endif
int main() { return 0; }
SRC
if "$HIPCC" -c host_only.hip -o host_only.o 2> err.txt; then
  echo "FAIL: host_only.hip compiled"; fail=1
fi
if ! grep -q "^host_only\.hip:4:[0-9]*: error: .*not_declared_anywhere" err.txt; then
  echo "FAIL: expected host_only.hip:4: error; got:"; cat err.txt; fail=1
fi
[ -e host_only.o ] && { echo "FAIL: host_only.o was written"; fail=1; }

cat > ok.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void square(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * p[i] + i;
}
int main() {
  int unused_here;
  const int n = 300;
  int h[n], *d;
  for (int i = 0; i < n; i++) h[i] = i - 7;
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  square<<<(n + 63) / 64, 64>>>(d, n);
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    if (h[i] != (i - 7) * (i - 7) + i) { printf("bad %d\n", i); return 1; }
  puts("ok");
  return 0;
}
SRC
for serial in 0 1; do
  rm -f ok
  if ! HIPC_SERIAL_PASSES=$serial "$HIPCC" -Wall ok.hip -o ok 2> err.txt; then
    echo "FAIL: ok.hip (serial=$serial) did not build:"; cat err.txt; fail=1
    continue
  fi
  n=$(grep -c "warning: unused variable 'unused_here'" err.txt)
  if [ "$n" != 1 ]; then
    echo "FAIL: serial=$serial: the warning $n times:"; cat err.txt; fail=1
  fi
  out=$(./ok)
  [ "$out" = ok ] || { echo "FAIL: serial=$serial: ok printed '$out'"; fail=1; }
done
exit $fail
