#!/usr/bin/env bash
# abort() called by one thread of a kernel ends the process (SIGABRT), as
# in HIP, after a report that names the kernel, block and thread; the host
# code after the launch never runs.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/abort.hip" <<'SRC'
#include <hip/hip_runtime.h>
__global__ void stop(int* flag) {
  if (blockIdx.x == 1 && threadIdx.x == 3) abort();
  flag[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
int main() {
  int* f;
  if (hipMalloc(&f, 4 * 32 * sizeof(int)) != hipSuccess) return 2;
  stop<<<4, 32>>>(f);
  (void)hipDeviceSynchronize();
  fprintf(stderr, "after the kernel\n");
  return 0;
}
SRC
"$HIPCC" -O2 "$dir/abort.hip" -o "$dir/abort" || exit 1
"$dir/abort" >"$dir/out" 2>"$dir/err"
st=$?
if [ $st -ne 134 ]; then
  echo "expected status 134 (SIGABRT), got $st"; cat "$dir/err"; exit 1
fi
want="hipc: abort() called in kernel 'stop' block (1,0,0) thread (3,0,0)"
if ! grep -qF "$want" "$dir/err"; then
  echo "expected: $want"; cat "$dir/err"; exit 1
fi
if grep -q "after the kernel" "$dir/err"; then
  echo "the host went on after the kernel aborted"; exit 1
fi
exit 0
