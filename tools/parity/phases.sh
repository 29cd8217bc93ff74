#!/usr/bin/env bash
# tools/parity/phases.sh OUTDIR NAME...: on the GPU machine, in a bundle
# made by tools/parity/build.sh (this script's folder), shows where each
# program's whole-process time goes, for programs whose kernels take
# nvcc's time but whose process does not (docs/nvidia.md, "The HeCBench
# parity sweep"). For each NAME it runs hipc's build and nvcc's back to back
# (best of N, default 2), stamping every output line with the seconds
# since the process started, and reports bash's real/user/sys; then once
# more hipc's build with HIPC_TRACE, and sums that trace's API time by
# call (calls, total ms, longest ms) and its kernel and copy time.
# Writes OUTDIR/NAME.txt; prints them.
set -u
B=$(cd "$(dirname "$0")" && pwd)
OUTD=${1:?usage: phases.sh OUTDIR NAME...}; shift
N=${N:-2}
mkdir -p "$OUTD"; OUTD=$(cd "$OUTD" && pwd)
[ -d "$B/lib" ] && export LD_LIBRARY_PATH="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HIPC_DEVICES=${HIPC_DEVICES:-gpu} CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
stamp() { # start: each line of stdin with seconds since start
  local t0=${1/./} l d
  while IFS= read -r l; do
    d=$(( ${EPOCHREALTIME/./} - t0 ))
    printf '%4d.%03d %s\n' $((d / 1000000)) $((d % 1000000 / 1000)) "$l"
  done
}
run() { # dir cmd label
  local t0=$EPOCHREALTIME
  echo "-- $3"
  TIMEFORMAT="   real %3R user %3U sys %3S"
  { time (cd "$1" && timeout -k 2 "${CAP:-30}" bash -c "$2" 2>&1 | stamp "$t0" | awk 'NR<=12 || /time|Time|PASS|FAIL/' | cut -c1-120); } 2>&1
}
for n in "$@"; do
  p=$B/$n; prog=$(cat "$p/prog.txt"); cmd=$(cat "$p/cmd.txt")
  {
    echo "== $n: $cmd"
    for ((i = 1; i <= N; i++)); do
      run "$p/dir" "$cmd" "hipc $i"
      run "$p/dir" "${cmd/.\/$prog/./$prog.cuda}" "nvcc $i"
    done
    if [ "${TRACE:-1}" = 1 ]; then
      HIPC_TRACE=$OUTD/$n.json run "$p/dir" "$cmd" "hipc traced" >/dev/null
      echo "-- trace (api: calls, total ms, max ms; kernels and copies: total ms)"
      awk -F'"name":"' '/"ph":"X"/ {
          split($2, a, "\""); name = a[1]
          cat = "api"; if ($0 ~ /"cat":"kernel"/) cat = "kernel"; else if ($0 ~ /"cat":"memcpy"/) cat = "copy"; else if ($0 !~ /"cat":"api"/) cat = "other"
          d = $0; sub(/.*"dur":/, "", d); d += 0
          key = cat " " (cat == "kernel" ? "(all)" : name)
          n[key]++; s[key] += d; if (d > m[key]) m[key] = d
        } END { for (k in n) printf "%-8s %-40s %8d %10.1f %9.1f\n", substr(k, 1, index(k, " ") - 1), substr(k, index(k, " ") + 1), n[k], s[k] / 1000, m[k] / 1000 }' \
        "$OUTD/$n.json" | sort -k4 -n -r | head -14
      rm -f "$OUTD/$n.json"
    fi
  } >"$OUTD/$n.txt" 2>&1
  cat "$OUTD/$n.txt"
done
