#!/usr/bin/env bash
# Per-launch and hand-off cost of the CPU device, two builds of libhipc
# against each other and against bench/ref/launch.c, on a few cores
# (taskset), alternating, best of N: launch (us per launch; ratios to the
# reference and after / before) and stream_latency (median and p90 of each
# round trip, the best of N runs per build).
# Usage: bench/cpu_handoff_compare.sh DIR [CPUS], DIR holding bin/launch,
# bin/launch.ref, bin/stream_latency and before/libhipc.so,
# after/libhipc.so; CPUS defaults to 0,1. LAUNCH_ONLY=1: the launch rows
# alone.
dir=${1:?usage: cpu_handoff_compare.sh DIR [CPUS]}
cpus=${2:-0,1}
cd "$dir" || exit 1
export HIPC_DEVICES=cpu HIPC_CPU_THREADS=${HIPC_CPU_THREADS:-2}
N=${N:-7}
us() { awk '/^RESULT / { for (i = 3; i <= NF; ++i) if ($i == "us/launch") { print $(i - 1); exit } }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
run() { # run LIBDIR PROGRAM
  LD_LIBRARY_PATH=$PWD/$1 timeout 60 taskset -c "$cpus" ./bin/"$2"
}
b= a= r=
for ((i = 0; i < N; i++)); do
  b=$(min "$b" "$(run before launch 2>&1 | us)")
  a=$(min "$a" "$(run after launch 2>&1 | us)")
  r=$(min "$r" "$(timeout 60 taskset -c "$cpus" ./bin/launch.ref 2>&1 | us)")
done
awk -v c="$cpus" -v b="$b" -v a="$a" -v r="$r" 'BEGIN {
  printf "launch cpus %s (us/launch, best of %d): before %s after %s ref %s\n",
         c, '"$N"', b, a, r
  if (r > 0 && b > 0)
    printf "  before/ref %.2f  after/ref %.2f  after/before %.2f\n",
           b / r, a / r, a / b }'
[ -n "${LAUNCH_ONLY:-}" ] && exit 0
# stream_latency: per row (operation + condition), the best median and
# the best p90 over N runs of each build, runs alternating.
for ((i = 0; i < N; i++)); do
  for v in before after; do
    run "$v" stream_latency 2>&1 |
      awk -v v="$v" '$3 ~ /^(idle|busy)$/ { print v, $1 "_" $2 "_" $3, $4, $5 }'
  done
done | awk '
  { key = $2; if (!(($1, key) in med) || $3 < med[$1, key]) med[$1, key] = $3
    if (!(($1, key) in p90) || $4 < p90[$1, key]) p90[$1, key] = $4
    if (!(key in seen)) { seen[key] = 1; order[++n] = key } }
  END { printf "stream round trip, best of runs (median / p90 us):\n"
        for (i = 1; i <= n; ++i) { k = order[i]
          printf "  %-22s before %7.1f / %7.1f  after %7.1f / %7.1f  after/before %.2f\n",
                 k, med["before", k], p90["before", k], med["after", k],
                 p90["after", k], (med["before", k] > 0) ? med["after", k] / med["before", k] : 0 } }'
