#!/usr/bin/env bash
# A surface access out of range with hipBoundaryModeTrap stops the program
# on the CPU device with a report naming the access, kernel, block and
# thread (a GPU fails the launch instead); with hipBoundaryModeZero the
# same access is dropped and the program goes on.
# Skipped under make test-asan / test-ubsan (their programs need the
# sanitizer's runtime first; the fault tests are skipped there too).
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/trap.hip" <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
__global__ void store(hipSurfaceObject_t s, int mode) {
  // Thread 3 of block 1 writes one element past the end of row 0.
  int x = blockIdx.x == 1 && threadIdx.x == 3 ? 8 : threadIdx.x;
  surf2Dwrite(1.0f, s, x * 4, 0, mode);
}
int main(int argc, char** argv) {
  hipChannelFormatDesc d = hipCreateChannelDesc<float>();
  hipArray_t a;
  if (hipMallocArray(&a, &d, 8, 2) != hipSuccess) return 2;
  hipResourceDesc r{};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a;
  hipSurfaceObject_t s;
  if (hipCreateSurfaceObject(&s, &r) != hipSuccess) return 2;
  store<<<2, 8>>>(s, std::atoi(argv[1]));
  if (hipDeviceSynchronize() != hipSuccess) return 3;
  std::printf("done\n");
  return 0;
}
SRC
"$HIPCC" -O1 "$dir/trap.hip" -o "$dir/trap" || exit 1
"$dir/trap" 0 >"$dir/zero" 2>&1 || { echo "zero mode failed:"; cat "$dir/zero"; exit 1; }
grep -q done "$dir/zero" || { cat "$dir/zero"; exit 1; }
HIPC_CPU_THREADS=1 "$dir/trap" 1 >"$dir/out" 2>&1
st=$?
if [ $st -eq 0 ]; then echo "the trapping program exited 0"; cat "$dir/out"; exit 1; fi
want="hipc: surface write out of range at (32, 0, 0) with hipBoundaryModeTrap in kernel 'store' block (1,0,0) thread (3,0,0)"
if ! grep -qF "$want" "$dir/out"; then
  echo "expected a report containing: $want"
  echo "got:"; cat "$dir/out"
  exit 1
fi
exit 0
