#!/usr/bin/env bash
# On a GPU machine with no compiler: runs the prebuilt GPU test suite, then
# the GPU benchmarks, from a bundle made by tests/gpu/bundle.sh (or from a
# tree where "make gpu-bundle" ran). Logs go to $1 (default $OUT, else
# ./gpu-logs): tests.txt, bench.txt, and the failed tests' logs.
#
#   tests/gpu/run_on_device.sh [LOGDIR] [tests|bench|all]
set -u
cd "$(dirname "$0")/../.."
LOGS=${1:-${OUT:-$PWD/gpu-logs}}
WHAT=${2:-all}
mkdir -p "$LOGS"
export BUILD=${BUILD:-$PWD/build}
export LD_LIBRARY_PATH=$BUILD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
status=0
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  uname -m; } >"$LOGS/machine.txt" 2>&1
if [ "$WHAT" != bench ]; then
  TEST_GPU=1 TEST_RUN_ONLY=1 tests/run.sh 2>&1 | tee "$LOGS/tests.txt" | tail -n 40
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  # The logs of what failed, in one file.
  for t in $(sed -n 's/^FAIL  \([^ ]*\).*/\1/p' "$LOGS/tests.txt" | sort -u); do
    for f in "$BUILD"/tests-gpu/logs/"${t//\//_}"*; do
      echo "=== $f"; tail -n 60 "$f"
    done
  done >"$LOGS/failed-logs.txt" 2>&1
  # The module API with GPU code objects (tests/shell/module_api).
  if [ -x "$BUILD/module-api/main" ]; then
    if "$BUILD/module-api/main" "$BUILD/module-api" gpu >"$LOGS/module-api.txt" 2>&1
    then r="PASS  module-api (GPU code objects)"
    else r="FAIL  module-api (GPU code objects): see module-api.txt"; status=1
    fi
    echo "$r" | tee -a "$LOGS/tests.txt"
  fi
fi
if [ "$WHAT" != tests ]; then
  BENCH_LOGS=$LOGS/bench-logs bench/gpu/run.sh 2>&1 | tee "$LOGS/bench.txt" | tail -n 30
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  tar -C "$LOGS" -czf "$LOGS/bench-logs.tgz" bench-logs && rm -rf "$LOGS/bench-logs"
fi
exit $status
