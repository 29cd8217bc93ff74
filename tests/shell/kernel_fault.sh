#!/usr/bin/env bash
# A fault inside a kernel on the CPU device is reported with the kernel's
# name, block and thread, and the program stops (non-zero status).
# Skipped under make test-asan / test-ubsan: the sanitizers own the fault signals there.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/fault.hip" <<'SRC'
#include <hip/hip_runtime.h>
__global__ void poke(int* p, int bad_block, int bad_thread) {
  int* q = p;
  if ((int)blockIdx.x == bad_block && (int)threadIdx.x == bad_thread)
    q = (int*)16;  // an unmapped address
  q[threadIdx.x] = 1;
}
int main() {
  int* p;
  if (hipMalloc(&p, 64 * sizeof(int)) != hipSuccess) return 2;
  poke<<<4, 64>>>(p, 3, 5);
  (void)hipDeviceSynchronize();
  return 0;  // not reached
}
SRC
"$HIPCC" -O1 "$dir/fault.hip" -o "$dir/fault" || exit 1
HIPC_CPU_THREADS=1 "$dir/fault" >"$dir/out" 2>&1
st=$?
if [ $st -eq 0 ]; then echo "the faulting program exited 0"; exit 1; fi
want="in kernel 'poke' block (3,0,0) thread (5,0,0)"
if ! grep -qF "$want" "$dir/out"; then
  echo "expected a report containing: $want"
  echo "got:"; cat "$dir/out"
  exit 1
fi
grep -q "segmentation fault" "$dir/out" || { cat "$dir/out"; exit 1; }
exit 0
