#!/usr/bin/env bash
# kc's checking form (src/kc/check.c): every kernel gets K.check, an
# instrumented copy of K.thread and of the device functions it calls; the
# ordinary forms (K.run, K.thread and the functions they call) carry no
# hook, so a program pays nothing when HIPC_CHECK is unset. Checked on the
# IR kc writes (--emit-ll, before optimisation would inline anything away
# the test could not see: -O0).
set -u
[ -x "$BUILD/bin/hipc-kc" ] && command -v clang-19 >/dev/null || exit 77
. tests/hipcc/common.bash
cat > k.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ int twice(const int* p, int i) { return 2 * p[i]; }
__global__ void plain(const int* a, int* b) {
  b[threadIdx.x] = twice(a, threadIdx.x);
}
__global__ void shared(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
SRC
"$HIPCC" -O0 -save-temps -c k.hip -o k.o 2>cc.txt || { cat cc.txt; exit 1; }
"$BUILD/bin/hipc-kc" k.cpu.bc --id t -O0 --emit-ll -o k.ll || exit 1
# The functions that call the access hook, by name.
hooked=$(awk '/^define/ { f = $0 } /call void @hipc_check_access/ { print f }' k.ll |
         sed 's/.*@\([^(]*\)(.*/\1/' | sort -u)
echo "$hooked" | grep -q '_Z5plainPKiPi' || { echo "plain's copy has no hook"; fail=1; }
echo "$hooked" | grep -q '_Z5twicePKii' || { echo "twice's copy has no hook"; fail=1; }
echo "$hooked" | grep -q '_Z6sharedPi' || { echo "shared's copy has no hook"; fail=1; }
echo "$hooked" | grep -v 'hipc_check\.' | grep -q . &&
  { echo "hooks outside the checking form:"; echo "$hooked"; fail=1; }
grep -q 'call void @hipc_check_barrier' k.ll || { echo "no barrier hook"; fail=1; }
# Each kernel's image entry names its K.check (the last field).
for k in _Z5plainPKiPi _Z6sharedPi; do
  grep -q "ptr @\"hipc_check.$k.thread\"\|ptr @hipc_check.$k.thread" k.ll ||
    { echo "$k: no K.check in the image"; fail=1; }
done
exit $fail
