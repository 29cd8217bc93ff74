#!/usr/bin/env bash
# Runs what bench/thrust/gpu_build.sh built (no compiler needed) on the
# GPU: thrust::sort and hipCUB's DeviceRadixSort of 2^24 unsigned keys,
# alternating three times, the best of each side, and Thrust / hipCUB.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
OUT=$BUILD/bench-thrust-gpu
export LD_LIBRARY_PATH=$BUILD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}
export BENCH_HIPCUB_LOG2N=${BENCH_HIPCUB_LOG2N:-24}
best() { # log: the smallest "N ms" of its RESULT lines
  awk '/^RESULT/ { for (i = 3; i <= NF; ++i) if ($i == "ms") print $(i - 1) }' "$1" |
    sort -g | head -1
}
status=0
for side in thrust_sort hipcub_sort; do : > "$OUT/$side.log"; done
for r in 1 2 3; do
  for side in thrust_sort hipcub_sort; do
    timeout 120 "$OUT/$side" >> "$OUT/$side.log" 2>&1 ||
      { echo "$side failed"; tail -3 "$OUT/$side.log"; status=1; }
  done
done
t=$(best "$OUT/thrust_sort.log")
h=$(best "$OUT/hipcub_sort.log")
if [ -n "$t" ] && [ -n "$h" ]; then
  echo "thrust_sort n=2^$BENCH_HIPCUB_LOG2N Thrust $t ms hipCUB $h ms" \
    "ratio $(awk -v t="$t" -v h="$h" 'BEGIN { printf "%.2f", t / h }')"
else
  status=1
fi
exit $status
