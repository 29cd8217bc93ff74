#!/usr/bin/env bash
# Every HIPC_* environment variable the runtime reads is checked (issue
# 17): a bad value is reported once on stderr, naming the variable, the
# value, what is allowed and what is used instead, and the program goes on
# with the default; good values say nothing.
set -u
# The probe links without the sanitizers' flags.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
cd "$(dirname "$0")/../.."
out=$BUILD/tests/env_checks
mkdir -p "$out"
cat >"$out/probe.c" <<'C'
#include <stdio.h>
#include <hip/hip_runtime_api.h>
int main(void) {
  hipDeviceProp_t p;
  void* d;
  if (hipGetDeviceProperties(&p, 0) != hipSuccess) return 2;
  if (hipMalloc(&d, 64) != hipSuccess || hipMemset(d, 0, 64) != hipSuccess)
    return 3;
  if (hipDeviceSynchronize() != hipSuccess || hipFree(d) != hipSuccess)
    return 4;
  printf("threads %d warp %d\n", p.multiProcessorCount, p.warpSize);
  return 0;
}
C
${CC:-cc} -std=c11 -Iinclude "$out/probe.c" -L"$BUILD/lib" \
  -Wl,-rpath,"$BUILD/lib" -lhipc -o "$out/probe" || exit 1
fail=0
# expect VAR=VALUE PATTERN: the run succeeds and stderr matches PATTERN
# exactly once.
expect() {
  local var=$1 pattern=$2
  env "$var" "$out/probe" >"$out/stdout" 2>"$out/stderr"
  local st=$? n
  n=$(grep -c -- "$pattern" "$out/stderr")
  if [ $st -ne 0 ] || [ "$n" -ne 1 ]; then
    echo "FAIL: $var: status $st, $n message(s) matching '$pattern':"
    cat "$out/stderr"
    fail=1
  fi
}
expect HIPC_CPU_THREADS=abc \
  'hipc: HIPC_CPU_THREADS=abc is not a whole number from 1 to 4096; using'
expect HIPC_CPU_THREADS=0 'hipc: HIPC_CPU_THREADS=0 is not a whole number'
expect HIPC_CPU_THREADS=2x 'hipc: HIPC_CPU_THREADS=2x is not a whole number'
expect HIPC_WARP_SIZE=48 \
  'hipc: HIPC_WARP_SIZE=48 is not one of: 64 32; using 64'
expect HIPC_CPU_STACK_KB=-5 'hipc: HIPC_CPU_STACK_KB=-5 is not a whole number'
expect HIPC_QUEUE_DEPTH=none \
  'hipc: HIPC_QUEUE_DEPTH=none is not a whole number from 1 to 1048576; using 1024'
expect HIPC_DEVICES=tpu \
  'hipc: HIPC_DEVICES=tpu is not one of: all cpu gpu; using all'
expect HIPC_NO_SIGNALS=yes 'hipc: HIPC_NO_SIGNALS=yes is not 0 or 1; using 0'
# Bad values fall back to the defaults.
HIPC_CPU_THREADS=abc HIPC_WARP_SIZE=48 "$out/probe" 2>/dev/null |
  grep -q "threads $(nproc) warp 64" || { echo "FAIL: defaults"; fail=1; }
# Good values: silent, and taken.
for v in HIPC_CPU_THREADS=3 HIPC_WARP_SIZE=32 HIPC_CPU_STACK_KB=512 \
  HIPC_QUEUE_DEPTH=8 HIPC_DEVICES=cpu HIPC_NO_SIGNALS=0 HIP_LAUNCH_BLOCKING=1; do
  env "$v" "$out/probe" >/dev/null 2>"$out/stderr" || { echo "FAIL: $v"; fail=1; }
  [ -s "$out/stderr" ] && { echo "FAIL: $v printed:"; cat "$out/stderr"; fail=1; }
done
HIPC_CPU_THREADS=3 HIPC_WARP_SIZE=32 "$out/probe" | grep -q 'threads 3 warp 32' ||
  { echo "FAIL: good values not taken"; fail=1; }
exit $fail
