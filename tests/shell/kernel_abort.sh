#!/usr/bin/env bash
# abort() called by one thread of a kernel ends the process (SIGABRT), as
# in HIP, after a report that names the kernel, block and thread; the host
# code after the launch never runs. The same with two CPU devices, whose
# signal handlers were once installed twice (a host abort() then spun
# forever), and an abort() in host code ends the process too.
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
HIPC_CPU_DEVICES=2 timeout 60 "$dir/abort" >"$dir/out" 2>"$dir/err"
st=$?
if [ $st -ne 134 ] || ! grep -qF "$want" "$dir/err"; then
  echo "two CPU devices: expected status 134 and the report, got $st"
  cat "$dir/err"; exit 1
fi
cat >"$dir/host_abort.hip" <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdlib>
__global__ void touch(int* p) { p[threadIdx.x] = 1; }
int main() {
  int* p;
  if (hipMalloc(&p, 64 * sizeof(int)) != hipSuccess) return 2;
  touch<<<1, 64>>>(p);
  if (hipDeviceSynchronize() != hipSuccess) return 3;
  std::abort();
}
SRC
"$HIPCC" -O2 "$dir/host_abort.hip" -o "$dir/host_abort" || exit 1
for n in 1 2; do
  HIPC_CPU_DEVICES=$n timeout 60 "$dir/host_abort" >"$dir/out" 2>"$dir/err"
  st=$?
  if [ $st -ne 134 ]; then
    echo "host abort() with $n CPU device(s): expected status 134, got $st"
    cat "$dir/err"; exit 1
  fi
  if grep -q "in kernel" "$dir/err"; then
    echo "host abort() reported as a kernel's"; cat "$dir/err"; exit 1
  fi
done
exit 0
