#!/usr/bin/env bash
# Runs the GPU benchmarks built by bench/gpu/build.sh (prebuilt binaries
# only: this is what runs on the GPU machine) and prints, per workload, the
# hipc time, the native CUDA time of the same source, and hipc / CUDA
# (the target is at most 1.05). Each pair runs several times, alternating
# (launch timings are noisy: 7 times, the rest twice), and the best time of
# each side counts. Sizes are the issue's GPU sizes. BENCH_ONLY="names"
# runs only those workloads.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
OUT=$BUILD/bench-gpu
LOGS=${BENCH_LOGS:-$OUT/logs}
mkdir -p "$LOGS"
export LD_LIBRARY_PATH=$BUILD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}

size_of() {
  case $1 in
    saxpy | reduce) echo BENCH_LOG2N=28 ;;
    shfl_transpose) echo BENCH_LOG2N=26 ;;
    matmul) echo BENCH_N=4096 ;;
    launch) echo BENCH_LAUNCHES=20000 ;;
    bandwidth) echo BENCH_MB=256 ;;
    *) echo BENCH_NONE=0 ;;
  esac
}

# "key value unit" for each RESULT line of a log: the number before "ms",
# "us/launch", "us/copy" or "us/call".
results() {
  awk '/^RESULT / { for (i = 3; i <= NF; ++i)
         if ($i == "ms" || $i == "us/launch" || $i == "us/copy" || $i == "us/call") {
           print $2, $(i - 1), $i; break } }' "$1"
}

declare -A hipc cuda unit
failed=0
run_one() { # binary side log
  local bin=$1 side=$2 log=$3 name
  name=$(basename "$bin"); name=${name%.cuda}
  if ! env $(size_of "$name") timeout 300 "$bin" >"$log" 2>&1; then
    echo "bench-gpu: $bin failed:"; tail -n 10 "$log" | sed 's/^/  /'
    failed=1
    return
  fi
  while read -r key value u; do
    local cur
    if [ "$side" = hipc ]; then cur=${hipc[$key]:-}; else cur=${cuda[$key]:-}; fi
    if [ -z "$cur" ] || awk "BEGIN { exit !($value < $cur) }"; then
      if [ "$side" = hipc ]; then hipc[$key]=$value; else cuda[$key]=$value; fi
    fi
    unit[$key]=$u
  done < <(results "$log")
}

for name in ${BENCH_ONLY:-launch launch_submit saxpy matmul reduce shfl_transpose bandwidth hip_libs launch_c startup stream_copy api_latency}; do
  [ -x "$OUT/$name" ] || { echo "bench-gpu: $OUT/$name not built"; continue; }
  reps="1 2"
  case $name in launch* | startup) reps="1 2 3 4 5 6 7" ;; esac
  for rep in $reps; do
    run_one "$OUT/$name" hipc "$LOGS/$name.hipc.$rep.txt"
    [ -x "$OUT/$name.cuda" ] && run_one "$OUT/$name.cuda" cuda "$LOGS/$name.cuda.$rep.txt"
  done
done

printf '\n%-16s %14s %14s %8s\n' workload hipc cuda hipc/cuda
for key in launch launch_submit launch_c launch_driver_stream launch_driver saxpy matmul reduce shfl_transpose h2d d2h sgemm dgemm fft1d fft2d \
    startup_count startup_properties startup_first_malloc startup_first_memset \
    startup_first_launch startup_second_kernel startup_loaded_launch \
    null_1000 stream_1000 streams8 nonblock pinned null_5000 stream_5000 \
    null_live malloc_free h2d_4k d2h_128 from_symbol launch_sync round; do
  h=${hipc[$key]:-} c=${cuda[$key]:-}
  [ -z "$h" ] && [ -z "$c" ] && continue
  # launch_c's reference is the driver API, measured in the same process.
  [ "$key" = launch_c ] && c=${hipc[launch_driver]:-}
  # The driver itself on a non-blocking stream (hipc's kind) against the
  # legacy stream (cudart's): what the kind of stream costs.
  [ "$key" = launch_driver_stream ] && c=${hipc[launch_driver]:-}
  [ "$key" = launch_driver ] && continue
  ratio=-
  [ -n "$h" ] && [ -n "$c" ] && ratio=$(awk "BEGIN { printf \"%.3f\", $h / $c }")
  printf '%-16s %11s %-2s %11s %-2s %8s\n' "$key" "${h:--}" "${unit[$key]%/launch}" \
    "${c:--}" "${unit[$key]%/launch}" "$ratio"
done
exit $failed
