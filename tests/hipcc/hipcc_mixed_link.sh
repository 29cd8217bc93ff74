#!/usr/bin/env bash
# A program made of a .hip and a .c file, compiled with -c and then linked
# (and in one step, and against libhipc.a), runs and computes the right
# thing. Needs the runtime library: skipped until $BUILD/lib/libhipc.so
# exists.
# Skipped under make test-asan / test-ubsan: its programs are linked without the sanitizer runtime.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc

cat > a.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>

extern "C" int c_offset(void);

__global__ void add(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

int main() {
  const int n = 100;
  int h[n];
  for (int i = 0; i < n; i++) h[i] = i;
  int *d;
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
  if (hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice) != hipSuccess)
    return 3;
  add<<<(n + 31) / 32, 32>>>(d, c_offset(), n);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
    return 4;
  hipFree(d);
  for (int i = 0; i < n; i++) {
    if (h[i] != i + 7) {
      printf("bad h[%d] = %d\n", i, h[i]);
      return 1;
    }
  }
  printf("ok\n");
  return 0;
}
SRC
echo 'int c_offset(void) { return 7; }' > b.c

run() {  # run DESCRIPTION PROGRAM: PROGRAM must print "ok"
  local out
  out=$("$2" 2>&1)
  if [ "$out" != "ok" ]; then
    echo "FAIL: $1: the program printed: $out"
    fail=1
  fi
}

if "$HIPCC" -c a.hip -o a.o && "$HIPCC" -c b.c -o b.o &&
   "$HIPCC" a.o b.o -o prog; then
  run "-c then link" ./prog
else
  echo "FAIL: -c then link"
  fail=1
fi

if "$HIPCC" a.hip b.c -o prog2; then
  run "one step" ./prog2
else
  echo "FAIL: hipcc a.hip b.c -o prog2"
  fail=1
fi

if [ -e "$BUILD/lib/libhipc.a" ]; then
  if "$HIPCC" -static-libhipc a.o b.o -o prog3; then
    run "-static-libhipc" ./prog3
  else
    echo "FAIL: hipcc -static-libhipc a.o b.o"
    fail=1
  fi
fi
exit $fail
