#!/usr/bin/env bash
# The GPU pass addresses a constant array in a loop through a 64-bit
# pointer stepped with the loop, nvcc's form (nvptx_pointer_step.c): in
# HeCBench cmembench's constant-memory sums, unrolled by 32, each loop adds
# 512 to a pointer and loads at offsets from it, where LLVM's form
# multiplies the counter (`mul.wide.u32`) in every trip; with nvcc's form
# ptxas turns every load of the unrolled loop into one at a constant
# address. Each loop starts in a block of its own (else the back end
# copies the next loop's start values in the loop before, and ptxas
# unrolls fewer of them). HIPC_NVPTX_PSTEP=0 leaves LLVM's form. The values of this and other shapes are checked on
# the CPU device and a GPU by tests/kernels/loop_pointer_step.hip, and the
# rewrite's arithmetic on this machine by hipcc_device_pstep_exec.sh.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > cmem.hip <<'SRC'
#include <hip/hip_runtime.h>
__constant__ int data[1024];
__global__ void k_sum(int* out) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 1024; j += 4) s += data[j + i];
  if (threadIdx.x == 0) *out = s;
}
SRC
# ptx DIR [VAR=VALUE]: the kernel's PTX, registers made R.
ptx() {
  entry_ptx "$1" cmem.hip k_sum "${2:-}" || return 1
  sed -E 's/%[a-z]+[0-9]+/R/g; s/[[:space:]]+/ /g; s/^ //' "$1/entry.ptx"
}
new=$(ptx new) || { echo "$new"; exit 1; }
n=$(grep -c '^add.s64 R, R, 512;' <<< "$new")
[ "$n" = 4 ] || { echo "FAIL: $n pointer steps of 512, not 4"; fail=1; }
n=$(grep -c 'mul.wide' <<< "$new")
[ "$n" = 0 ] || { echo "FAIL: $n mul.wide left"; fail=1; }
n=$(grep -cE '^ld.const.u32 R, \[R(\+[0-9]+)?\];' <<< "$new")
[ "$n" = 128 ] ||
  { echo "FAIL: $n loads at offsets of a register, not 128"; fail=1; }
# Each loop's start values are set before it, not in the loop before it.
loops=$(awk '/^\$L__BB/ {l = $1; sub(/:.*/, "", l)}
  /bra \$L__BB/ {t = $NF; sub(/;$/, "", t); if (t == l) n++}
  END {print n + 0}' <<< "$new")
[ "$loops" = 4 ] || { echo "FAIL: $loops loops, not 4"; fail=1; }
copies=$(awk '/^\$L__BB/ {p = 1} p && /^mov/ {print} /bra \$L__BB/ {p = 0}' \
  <<< "$new")
[ -z "$copies" ] || { echo "FAIL: copies in the loops:"; echo "$copies"; fail=1; }
old=$(ptx old HIPC_NVPTX_PSTEP=0) || { echo "$old"; exit 1; }
grep -q 'mul.wide.u32' <<< "$old" ||
  { echo "FAIL: HIPC_NVPTX_PSTEP=0 did not keep LLVM's form"; fail=1; }
exit $fail
