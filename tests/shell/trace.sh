#!/usr/bin/env bash
# HIPC_TRACE (README "Timeline"): tests/shell/trace/timeline.hip traced
# and its trace checked by tests/shell/trace/check.py (the Chrome trace
# event format, and the kernels, copies, fills, API calls and roctx ranges
# the program made); a program that exits with work in flight still
# leaves valid JSON; the trace of examples/cooperative_groups.hip is in
# the format; -lroctx64 links; no trace without the variable; a
# file that cannot be written is reported and the program runs.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}
if ! command -v python3 > /dev/null; then
  echo "skip: needs python3"
  exit 77
fi
export HIPC_DEVICES=cpu
unset HIPC_LOG_LEVEL AMD_LOG_LEVEL HIPC_TRACE
# shellcheck disable=SC2086
if ! "$HIPCC" $TF -O2 "$REPO/tests/shell/trace/timeline.hip" -o timeline \
     -lroctx64 -lpthread 2> build.txt; then
  echo "FAIL: build (with -lroctx64)"; cat build.txt; exit 1
fi

HIPC_TRACE=$PWD/t.json ./timeline > expected.json
check "traced run" test $? -eq 0
check "the trace matches the format and the program" \
  python3 "$REPO/tests/shell/trace/check.py" t.json expected.json
# shellcheck disable=SC2086
"$HIPCC" $TF -O2 "$REPO/examples/cooperative_groups.hip" -o cg 2> build3.txt ||
  { cat build3.txt; exit 1; }
HIPC_TRACE=$PWD/cg.json ./cg > /dev/null
check "examples/cooperative_groups runs traced" test $? -eq 0
check "its trace is in the format" python3 "$REPO/tests/shell/trace/check.py" cg.json
check "with its kernels" grep -q '"cat":"kernel"' cg.json
HIPC_TRACE=$PWD/t32.json HIPC_WARP_SIZE=32 ./timeline > expected32.json
check "traced run at warp 32" \
  python3 "$REPO/tests/shell/trace/check.py" t32.json expected32.json

before=$(ls | wc -l)
./timeline > untraced.out
check "untraced run" test $? -eq 0
check "no file written without HIPC_TRACE" test "$(ls | wc -l)" -eq $((before + 1))
HIPC_TRACE=$PWD/no/such/dir/t.json ./timeline > /dev/null 2> err.txt
check "an unwritable trace file does not stop the program" test $? -eq 0
check "and is reported" grep -q "hipc: HIPC_TRACE: cannot write" err.txt

# exit() with kernels in flight on a stream: the exit handler waits for
# them, writes them and closes the JSON.
cat > quit.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <roctx.h>
#include <stdlib.h>
__global__ void spin(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = 0;
  for (int k = 0; k < n; ++k) v += k ^ i;
  p[i] = v;
}
int main() {
  int* d;
  hipStream_t s;
  if (hipMalloc(&d, 1024 * sizeof(int)) != hipSuccess) return 1;
  if (hipStreamCreate(&s) != hipSuccess) return 2;
  roctxRangePush("left open");
  for (int k = 0; k < 4; ++k) spin<<<8, 128, 0, s>>>(d, 20000);
  exit(3);
}
SRC
# shellcheck disable=SC2086
"$HIPCC" $TF -O2 quit.hip -o quit 2> build2.txt || { cat build2.txt; exit 1; }
HIPC_TRACE=$PWD/q.json ./quit
check "exit status kept" test $? -eq 3
check "exit(): the trace is valid JSON with the 4 kernels" python3 -c '
import json, sys
ev = json.load(open("q.json"))["traceEvents"]
k = [e for e in ev if e.get("cat") == "kernel" and e["name"] == "spin"]
sys.exit(0 if len(k) == 4 and all(e["dur"] >= 0 for e in k) else 1)'
exit $fail
