#!/usr/bin/env bash
# Stream round-trip latency of the CPU device (bench/stream_latency.hip):
# host function, empty kernel, and kernel + event record, each with the
# workers parked (idle) and back to back (busy); median and p90 in
# microseconds. Issue #19's target: an idle round trip <= 10 us. Run from the
# repository root after make (make bench runs it); BENCH_RUN_ONLY=1 runs the
# binary already built (on a machine without a compiler).
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OUT=$BUILD/bench
mkdir -p "$OUT/logs"
if [ -z "${BENCH_RUN_ONLY:-}" ] &&
   ! "$BUILD/bin/hipcc" -O2 bench/stream_latency.hip -o "$OUT/stream_latency" \
     >"$OUT/logs/stream_latency.build.txt" 2>&1; then
  echo "stream_latency: build failed:"
  tail -n 20 "$OUT/logs/stream_latency.build.txt" | sed 's/^/  /'
  exit 1
fi
echo "stream round trip (HIPC_CPU_SPIN_US=${HIPC_CPU_SPIN_US:-30}):"
# The rpath names where it was built; a copy elsewhere finds its libraries.
export LD_LIBRARY_PATH=$(realpath "$BUILD/lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
HIPC_DEVICES=cpu timeout "${BENCH_TIMEOUT:-120}" "$OUT/stream_latency"
