#!/usr/bin/env bash
# libhipc under the usual tools (issue 17, item 7): valgrind runs a kernel
# on fibers with no error (the fiber stacks are registered with valgrind:
# before, 200 000 errors), and a user program built with
# -fsanitize=thread against the shipped (uninstrumented) libhipc gets no
# report (the waits tell TSan what the workers' copies did: before, a
# race per copy). Each part is skipped where its tool is missing.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/f.hip" <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>
// A barrier under a thread-dependent branch: the fiber form.
__global__ void fib(int* out, int n) {
  __shared__ int s[1024];
  int t = static_cast<int>(threadIdx.x);
  s[t] = t + static_cast<int>(blockIdx.x);
  if (t % 3 == 0) __syncthreads();
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(t + 1) % n];
}
int main() {
  const int n = 1024;
  std::vector<int> h(2 * n, -1);
  int* d = nullptr;
  if (hipMalloc(&d, h.size() * sizeof(int)) != hipSuccess) return 1;
  for (int r = 0; r < 3; ++r) {
    fib<<<2, n>>>(d, n);
    if (hipMemcpy(h.data(), d, h.size() * sizeof(int),
                  hipMemcpyDeviceToHost) != hipSuccess)
      return 1;
    for (int b = 0; b < 2; ++b)
      for (int t = 0; t < n; ++t)
        if (h[static_cast<size_t>(b * n + t)] != (t + 1) % n + b) return 2;
    h.assign(h.size(), r);  // the host writes what the copy wrote
  }
  std::printf("ok\n");
  return hipFree(d) != hipSuccess;
}
SRC
fail=0
"$HIPCC" -v -O1 -g "$dir/f.hip" -o "$dir/f" 2>"$dir/cc" || { cat "$dir/cc"; exit 1; }
grep -q "kernel _Z3fibPii: fibers" "$dir/cc" || { echo "fib is not in fiber form"; cat "$dir/cc"; fail=1; }
ran=0
if command -v valgrind >/dev/null; then
  ran=1
  HIPC_CPU_THREADS=2 valgrind --error-exitcode=9 "$dir/f" >"$dir/out" 2>"$dir/vg"
  st=$?
  if [ $st -ne 0 ] || [ "$(cat "$dir/out")" != ok ] ||
     ! grep -q "ERROR SUMMARY: 0 errors" "$dir/vg"; then
    echo "valgrind: status $st"; cat "$dir/out"; tail -30 "$dir/vg"; fail=1
  fi
fi
# TSan: only where clang's TSan runtime links (libclang-rt-19-dev).
echo 'int main(void){return 0;}' >"$dir/t.c"
if "${HIPC_CLANG:-clang-19}" -fsanitize=thread "$dir/t.c" -o "$dir/t" 2>/dev/null; then
  ran=1
  "$HIPCC" -O1 -g -fsanitize=thread "$dir/f.hip" -o "$dir/ft" 2>"$dir/cc" ||
    { cat "$dir/cc"; exit 1; }
  grep -q "warning" "$dir/cc" && { echo "hipcc -fsanitize=thread warned:"; cat "$dir/cc"; fail=1; }
  TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$dir/ft" >"$dir/out" 2>"$dir/ts"
  st=$?
  if [ $st -ne 0 ] || [ "$(cat "$dir/out")" != ok ]; then
    echo "tsan: status $st"; cat "$dir/out"; head -40 "$dir/ts"; fail=1
  fi
fi
[ $ran -eq 0 ] && exit 77
exit $fail
