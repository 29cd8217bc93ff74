#!/usr/bin/env bash
# Runs what bench/hipcub/gpu_build.sh built (no compiler needed): each
# workload at 2^24 items, hipCUB (hipcc) and CUB (nvcc) alternating three
# times, the best of each side, and hipCUB / CUB (the target is <= 1.5).
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
OUT=$BUILD/bench-hipcub-gpu
export LD_LIBRARY_PATH=$BUILD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}
export BENCH_HIPCUB_LOG2N=${BENCH_HIPCUB_LOG2N:-24}
best() { # log: the smallest "N ms" of its RESULT lines
  awk '/^RESULT/ { for (i = 3; i <= NF; ++i) if ($i == "ms") print $(i - 1) }' "$1" |
    sort -g | head -1
}
status=0
for w in sort sort_pairs scan reduce; do
  : > "$OUT/hipcub_$w.hipc.log"
  : > "$OUT/hipcub_$w.cub.log"
  for r in 1 2 3; do
    for side in hipc cub; do
      timeout 60 "$OUT/hipcub_$w.$side" >> "$OUT/hipcub_$w.$side.log" 2>&1 ||
        { echo "hipcub_$w ($side) failed"; tail -3 "$OUT/hipcub_$w.$side.log"; status=1; }
    done
  done
  h=$(best "$OUT/hipcub_$w.hipc.log")
  c=$(best "$OUT/hipcub_$w.cub.log")
  if [ -n "$h" ] && [ -n "$c" ]; then
    echo "hipcub_$w n=2^$BENCH_HIPCUB_LOG2N hipCUB $h ms CUB $c ms ratio $(awk -v h="$h" -v c="$c" 'BEGIN { printf "%.2f", h / c }')"
  fi
done
exit $status
