#!/usr/bin/env bash
# atomicAdd on __half, __half2, __hip_bfloat16 and __hip_bfloat162 in
# hipcc's device pass is PTX's atom.add.noftz on the type (as nvcc's
# headers have it), not a compare-and-swap loop: HeCBench f16atomic's
# __half2 kernel took 6 times nvcc's time on an H200 with the loop. bf16
# atomics need sm_90; for sm_80 they stay a loop. The values are checked on
# a GPU by tests/kernels/half_atomics.hip. Skipped when clang-19 or the
# CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > ha.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
__global__ void k_h(__half* p, __half v) { atomicAdd(p, v); }
__global__ void k_h2(__half2* p, __half2 v) { unsafeAtomicAdd(p, v); }
__global__ void k_b(__hip_bfloat16* p, __hip_bfloat16 v) { safeAtomicAdd(p, v); }
__global__ void k_b2(__hip_bfloat162* p, __hip_bfloat162 v) { atomicAdd(p, v); }
SRC
# body PTX KERNEL: the kernel's instructions.
body() { awk -v k="$2" '/\.entry / { on = index($0, k) > 0 } on { print } on && /^}/ { on = 0 }' "$1"; }
fail=0
for arch in sm_90 sm_80; do
  mkdir -p $arch
  (cd $arch && "$HIPCC" --offload-arch=$arch -O3 -save-temps -c ../ha.hip \
     -o ha.o > err.txt 2>&1) ||
    { echo "FAIL: ha.hip builds for $arch: $(head -5 $arch/err.txt)"; exit 1; }
done
ptx=sm_90/ha.sm_90.ptx
for k in "_Z3k_hP6__halfS_ atom.add.noftz.f16 " \
         "_Z4k_h2 atom.add.noftz.f16x2 " \
         "_Z3k_b atom.add.noftz.bf16 " \
         "_Z4k_b2 atom.add.noftz.bf16x2 "; do
  set -- $k
  n=$(body $ptx "$1" | grep -c "$2 ")
  cas=$(body $ptx "$1" | grep -c 'atom.*cas')
  [ "$n" = 1 ] && [ "$cas" = 0 ] ||
    { echo "FAIL: sm_90 $1: $n '$2', $cas atom.cas (1 and 0 expected)"; fail=1; }
done
ptx=sm_80/ha.sm_80.ptx
[ "$(body $ptx _Z3k_b | grep -c 'atom.*cas')" -ge 1 ] &&
  [ "$(body $ptx _Z3k_b | grep -c 'noftz.bf16')" = 0 ] ||
  { echo "FAIL: sm_80 k_b: not a compare-and-swap loop"; fail=1; }
[ "$(body $ptx _Z4k_h2 | grep -c 'atom.add.noftz.f16x2')" = 1 ] ||
  { echo "FAIL: sm_80 k_h2: no atom.add.noftz.f16x2"; fail=1; }
exit $fail
