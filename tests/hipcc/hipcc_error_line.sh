#!/usr/bin/env bash
# A compile error in a .hip file is reported by clang at the user's file
# and line, even after a kernel definition and a launch on earlier lines; a
# '<<<' with no '>>>' is located the same way; the CPU device pass's errors
# say they were found compiling for the CPU device (not for the sm_70 of
# its IR vehicle).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH
if [ ! -e "$BUILD/include/hip/hip_runtime.h" ]; then
  echo "skip: $BUILD/include/hip/hip_runtime.h is missing"
  exit 77
fi

cat > bad.hip <<'SRC'
#include <hip/hip_runtime.h>

__global__ void
add_one(int *p,
        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

void run(int *p, int n) {
  add_one<<<(n + 63) / 64,
            64>>>(p, n);
  int x = undeclared_name;
}
SRC
if "$HIPCC" -c bad.hip -o bad.o 2> err.txt; then
  echo "FAIL: bad.hip compiled"
  fail=1
fi
if ! grep -q '^bad\.hip:13:[0-9]*: error: .*undeclared_name' err.txt; then
  echo "FAIL: expected 'bad.hip:13:...: error: ...undeclared_name'; got:"
  cat err.txt
  fail=1
fi
if ! grep -q 'error generated when compiling for the CPU device' err.txt ||
   grep -q 'sm_70' err.txt; then
  echo "FAIL: expected '... when compiling for the CPU device', no sm_70; got:"
  cat err.txt
  fail=1
fi

cat > unterminated.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k(int *p) {}

void run(int *p) {
  k<<<1, 1(p);
}
SRC
if "$HIPCC" -c unterminated.hip -o u.o 2> err.txt; then
  echo "FAIL: unterminated.hip compiled"
  fail=1
fi
if ! grep -q "^unterminated\.hip:5:[0-9]*: error: expected '>>>'" err.txt; then
  echo "FAIL: expected 'unterminated.hip:5: error: ...'; got:"
  cat err.txt
  fail=1
fi
exit $fail
