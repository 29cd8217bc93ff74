#!/usr/bin/env bash
# hipc's CPU benchmarks against hand-written threaded C (see bench/README.md).
#
# Builds each HIP workload of ${HIPC_BENCH_DIR:-../shared/bench} with hipcc
# and each reference bench/ref/<name>.c with cc, runs the two back to back on
# the same sizes and the same number of threads, and prints one table row
# per run: hipc time, reference time, hipc / reference, and the target.
# Run from the repository root (as "make bench" does). Exits 1 if a workload
# or a reference fails to build, crashes or fails its own check; a MISS
# against a target is reported, not an error.
set -u

cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
BENCH_DIR=${HIPC_BENCH_DIR:-../shared/bench}
OUT=$BUILD/bench
HIPCC=$BUILD/bin/hipcc
CC=${CC:-cc}
# A hung run must not hang "make bench"; each run gets this many seconds.
RUN_TIMEOUT=${BENCH_TIMEOUT:-120}

if [ ! -d "$BENCH_DIR" ]; then
  echo "bench: no workloads: $BENCH_DIR does not exist (set HIPC_BENCH_DIR)"
  exit 0
fi
if [ ! -x "$HIPCC" ]; then
  echo "bench: $HIPCC not found; run make first" >&2
  exit 1
fi
mkdir -p "$OUT/logs"

# Same thread count for both sides. hipc reads HIPC_CPU_THREADS (default:
# online cores); exporting the value makes the references see it too.
export HIPC_CPU_THREADS=${HIPC_CPU_THREADS:-$(nproc)}

# Targets from the issue: hipc / reference at most this; others informative.
target_of() {
  case $1 in
    # Issue #12's targets for the compiler's region form.
    saxpy | matmul) echo 1.2 ;;
    reduce | shfl_transpose) echo 3 ;;
    launch) echo 1.5 ;;
    graph_launch) echo 1 ;; # a graph must beat launching its nodes
    hipcub_sort | thrust_sort) echo 2 ;;
    hipcub_reduce | hipcub_scan) echo 1.5 ;;
    *) echo - ;;
  esac
}

failed=0
declare -A built
# Workloads of this repository (bench/*.hip) are their own reference: the
# same binary run with BENCH_SIDE=ref (see bench/README.md).
declare -A self_ref
# bench/hipcub/*.hip and bench/thrust/*.hip have references in bench/ref/
# like "$BENCH_DIR"'s.
workloads=()
# bench/stream_latency.hip prints its own table (bench/stream_latency.sh
# below), not a RESULT line against a reference.
for src in "$BENCH_DIR"/*.hip bench/hipcub/*.hip bench/thrust/*.hip bench/*.hip; do
  [ "$src" = bench/stream_latency.hip ] || workloads+=("$src")
done

echo "bench: building into $OUT ($HIPC_CPU_THREADS threads)"
for src in "${workloads[@]}"; do
  [ -e "$src" ] || continue
  name=$(basename "$src" .hip)
  built[$name]=1
  # A binary left from an earlier build must not stand in for a failed one.
  rm -f "$OUT/$name" "$OUT/$name.ref"
  if ! "$HIPCC" -O3 -march=native "$src" -o "$OUT/$name" \
      >"$OUT/logs/$name.build.txt" 2>&1; then
    echo "bench: hipcc failed on $src:"
    tail -n 20 "$OUT/logs/$name.build.txt" | sed 's/^/  /'
  fi
  ref=bench/ref/$name.c
  if [ "$(dirname "$src")" = bench ]; then
    self_ref[$name]=1
    bin=$OUT/$name
    [[ $bin == /* ]] || bin=$PWD/$bin
    printf '#!/bin/sh\nBENCH_SIDE=ref exec "%s" "$@"\n' "$bin" \
      >"$OUT/$name.ref"
    chmod +x "$OUT/$name.ref"
    continue
  fi
  if [ ! -f "$ref" ]; then
    echo "bench: no reference $ref; $name is run without one"
    continue
  fi
  if ! "$CC" -std=c11 -O3 -march=native -pthread "$ref" -o "$OUT/$name.ref" \
      -lm >"$OUT/logs/$name.ref.build.txt" 2>&1; then
    echo "bench: cc failed on $ref:"
    tail -n 20 "$OUT/logs/$name.ref.build.txt" | sed 's/^/  /'
    rm -f "$OUT/$name.ref"
  fi
done

# The time on a "RESULT <name> ..." line: the number before "ms", or before
# "us/launch" for the launch workload; prints "<number> <unit>".
parse_time() {
  awk '/^RESULT / {
         for (i = 3; i <= NF; ++i)
           if ($i == "ms" || $i == "us/launch") { print $(i - 1), $i; exit }
       }' "$1"
}

# run_one LOG BINARY [VAR=VALUE...]: runs BINARY with the extra environment,
# output to LOG; prints the parsed time or "FAILED (why)".
run_one() {
  local log=$1 bin=$2
  shift 2
  if [ ! -x "$bin" ]; then
    echo "FAILED (not built)"
    return
  fi
  env "$@" timeout "$RUN_TIMEOUT" "$bin" >"$log" 2>&1
  local rc=$?
  local t
  t=$(parse_time "$log")
  if [ $rc -eq 124 ]; then
    echo "FAILED (timeout ${RUN_TIMEOUT}s)"
  elif [ $rc -ne 0 ]; then
    echo "FAILED (exit $rc)"
  elif [ -z "$t" ]; then
    echo "FAILED (no RESULT line)"
  else
    echo "$t"
  fi
}

# better A B: the faster of two run_one answers; a failure sticks.
better() {
  if [ -z "$1" ]; then echo "$2"
  elif [[ $1 == FAILED* ]]; then echo "$1"
  elif [[ $2 == FAILED* ]]; then echo "$2"
  else awk -v a="$1" -v b="$2" 'BEGIN { print (b + 0 < a + 0) ? b : a }'
  fi
}

REPEAT=${BENCH_REPEAT:-3}
rows=()
failures=()
# bench_row NAME LABEL [VAR=VALUE...]: hipc, then the reference, same sizes.
bench_row() {
  local name=$1 label=$2
  shift 2
  [ "${built[$name]+x}" ] || return
  local h r log=$OUT/logs/${label//\//.} # reduce/warp64 -> reduce.warp64
  local has_ref=0
  [ -f "bench/ref/$name.c" ] && has_ref=1
  [ "${self_ref[$name]+x}" ] && has_ref=1
  # Alternate the two sides BENCH_REPEAT times and keep each side's best, so
  # that a burst of other load on the machine hits both alike.
  local i hi ri
  for ((i = 0; i < REPEAT; ++i)); do
    hi=$(run_one "$log.hipc.txt" "$OUT/$name" "$@")
    h=$(better "${h:-}" "$hi")
    if [ $has_ref = 1 ]; then
      ri=$(run_one "$log.ref.txt" "$OUT/$name.ref" "$@")
      r=$(better "${r:-}" "$ri")
    fi
    # Stop at a failure, so that its log is the one left to read.
    [[ $h == FAILED* || ${r:-} == FAILED* ]] && break
  done
  [ $has_ref = 1 ] || r="- -"
  local target verdict ratio unit ht rt
  target=$(target_of "$name")
  ht=${h%% *}
  rt=${r%% *}
  unit=${h#* }
  if [[ $h == FAILED* || $r == FAILED* ]]; then
    failed=1
    local hlog=$log.hipc.txt
    [[ $h == *"not built"* ]] && hlog=$OUT/logs/$name.build.txt
    [[ $h == FAILED* ]] && failures+=("$label (hipc): $h, see $hlog")
    [[ $r == FAILED* ]] && failures+=("$label (ref): $r, see $log.ref.txt")
    [[ $h == FAILED* ]] && ht=FAILED unit=-
    [[ $r == FAILED* ]] && rt=FAILED
    ratio=- verdict=FAILED
  elif [ "$rt" = - ]; then
    ratio=- verdict=-
  else
    ratio=$(awk -v h="$ht" -v r="$rt" \
      'BEGIN { if (r > 0) printf "%.2f", h / r; else print "inf" }')
    if [ "$target" = - ]; then
      verdict=info
    else
      verdict=$(awk -v x="$ratio" -v t="$target" \
        'BEGIN { print (x != "inf" && x + 0 <= t + 0) ? "PASS" : "MISS" }')
    fi
  fi
  [ "$target" != - ] && target="<=${target}x"
  rows+=("$(printf '%-22s %10s %10s %-10s %8s %7s  %s' "$label" "$ht" "$rt" \
    "$unit" "$ratio" "$target" "$verdict")")
  echo "${rows[-1]}"
}

# Sizes are the workloads' own defaults unless BENCH_LOG2N, BENCH_N or
# BENCH_LAUNCHES are set; both sides inherit them, so they always agree.
echo "bench: BENCH_LOG2N=${BENCH_LOG2N:-default} BENCH_N=${BENCH_N:-default}" \
  "BENCH_LAUNCHES=${BENCH_LAUNCHES:-default}" \
  "HIPC_CPU_THREADS=$HIPC_CPU_THREADS"
header=$(printf '%-22s %10s %10s %-10s %8s %7s  %s' workload hipc ref unit \
  hipc/ref target result)
echo "$header"
for src in "${workloads[@]}"; do
  [ -e "$src" ] || continue
  name=$(basename "$src" .hip)
  case $name in
    # Warp collectives: both of HIP's warp sizes. The reference has no warps
    # and is run again beside each, so each row is measured side by side.
    reduce | shfl_transpose)
      bench_row "$name" "$name/warp64" HIPC_WARP_SIZE=64
      bench_row "$name" "$name/warp32" HIPC_WARP_SIZE=32
      ;;
    *) bench_row "$name" "$name" ;;
  esac
done

# Stream round trips (bench/roundtrip.hip; issue #19's target: <= 10 us on
# idle cores): every kind, idle and busy, from the last hipc run.
if [ -f "$OUT/logs/roundtrip.hipc.txt" ]; then
  echo
  grep '^roundtrip ' "$OUT/logs/roundtrip.hipc.txt"
  grep '^roundtrip ' "$OUT/logs/roundtrip.ref.txt" 2>/dev/null
fi

# The HIP libraries against OpenBLAS and FFTW called directly
# (bench/hip_libs.sh).
echo
BUILD=$BUILD bench/hip_libs.sh || { failed=1; failures+=("hip_libs: see above"); }
# Stream round-trip latency, idle and busy (bench/stream_latency.sh).
BUILD=$BUILD bench/stream_latency.sh ||
  { failed=1; failures+=("stream_latency: see above"); }
# librccl's all-reduce against MPI's on 2 ranks (bench/rccl_allreduce.sh).
BUILD=$BUILD bench/rccl_allreduce.sh ||
  { failed=1; failures+=("rccl_allreduce: see above"); }

if [ ${#failures[@]} -gt 0 ]; then
  echo
  for f in "${failures[@]}"; do
    echo "bench: FAILED $f"
  done
fi
exit $failed
