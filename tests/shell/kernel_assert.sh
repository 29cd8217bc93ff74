#!/usr/bin/env bash
# A failed assert() in a kernel reports the file, line, function, kernel,
# block and thread, and aborts the process (SIGABRT), as HIP does; what the
# kernel printed before is not lost. With NDEBUG the same assert is gone.
# An assert that fails on the host prints the C library's usual message.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/assert.hip" <<'SRC'
#include <hip/hip_runtime.h>
#include <cassert>
#include <cstdlib>
__global__ void check_values(const int* v, int bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) printf("kernel started\n");
  assert(v[i] != bad);
}
int main(int argc, char** argv) {
  int* v;
  if (hipMalloc(&v, 256 * sizeof(int)) != hipSuccess) return 2;
  int h[256];
  for (int i = 0; i < 256; i++) h[i] = i;
  (void)hipMemcpy(v, h, sizeof h, hipMemcpyHostToDevice);
  if (argc > 1 && argv[1][0] == 'h') {
    assert(argc == 7);  // fails on the host
    return 0;
  }
  check_values<<<4, 64>>>(v, 2 * 64 + 9);  // block 2, thread 9
  (void)hipDeviceSynchronize();
  printf("not reached unless NDEBUG\n");
  return 0;
}
SRC
"$HIPCC" -O2 "$dir/assert.hip" -o "$dir/assert" || exit 1
"$HIPCC" -O2 -DNDEBUG "$dir/assert.hip" -o "$dir/assert_ndebug" || exit 1
fail() { echo "$1"; echo "stdout:"; cat "$dir/out"; echo "stderr:"; cat "$dir/err"; exit 1; }

"$dir/assert" >"$dir/out" 2>"$dir/err"
st=$?
[ $st -eq 134 ] || fail "expected status 134 (SIGABRT), got $st"
want="assert.hip:7: void __hipc_body_check_values(const int *, int): Device-side assertion \`v[i] != bad' failed in kernel 'check_values' block (2,0,0) thread (9,0,0)"
# GCC spells the function "void __hipc_body_check_values(const int*, int)";
# through clang's front end it is the kernel itself, "void check_values(...)".
grep -qF "Device-side assertion \`v[i] != bad' failed in kernel 'check_values' block (2,0,0) thread (9,0,0)" "$dir/err" ||
  fail "expected a report like: $want"
grep -q "^/.*assert.hip:7: void \(__hipc_body_\)\?check_values(const int \?\*, int): " "$dir/err" ||
  fail "expected the file, line and function: $want"
[ "$(cat "$dir/out")" = "kernel started" ] || fail "expected stdout 'kernel started'"
grep -q "abort() called" "$dir/err" && fail "the assertion was also reported as an abort()"

"$dir/assert_ndebug" >"$dir/out" 2>"$dir/err"
st=$?
[ $st -eq 0 ] || fail "NDEBUG: expected status 0, got $st"
[ "$(cat "$dir/out")" = "kernel started
not reached unless NDEBUG" ] || fail "NDEBUG: unexpected stdout"

"$dir/assert" host >"$dir/out" 2>"$dir/err"
st=$?
[ $st -eq 134 ] || fail "host: expected status 134, got $st"
grep -q "^assert: .*assert.hip:16: int main(int, char \?\*\*): Assertion \`argc == 7' failed.$" "$dir/err" ||
  fail "host: expected the C library's message"
exit 0
