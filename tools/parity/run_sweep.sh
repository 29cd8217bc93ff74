#!/usr/bin/env bash
# Runs the parity sweep's bundle on the device machine (docs/nvidia.md,
# "The HeCBench parity sweep"): for each program of `order`, its run
# command in a copy of its folder, first with hipc's binaries, then with
# nvcc's, each capped at CAP seconds of whole-process wall time; no
# program is started after BUDGET seconds. Writes OUTDIR/summary.txt
# (program, verdicts, times, hipc/nvcc ratio, then counts and the
# geometric mean of the ratios where both verdicts agree) and
# OUTDIR/details.log (each command, status, time, head and tail of the
# output). Verdicts: TIMEOUT, FAIL (the output says fail/failed/failure),
# EXITn (non-zero exit), PASS (the output says pass/passed), else OK.
# The device has no bc: the arithmetic is awk's.
# A line of `order` is NAME or NAME CAP (a cap of its own).
# Usage: run_sweep.sh OUTDIR   (CAP: 15 s, BUDGET: 540 s; libhipc found
#   through LD_LIBRARY_PATH, e.g. the repository's build/lib)
set -u
out=${1:?usage: run_sweep.sh OUTDIR}
cap=${CAP:-15}
budget=${BUDGET:-540}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$out"
sum=$out/summary.txt
det=$out/details.log
work=${TMPDIR:-/tmp}/parity-run.$$
mkdir -p "$work"
now() { date +%s.%N; }
start=$(now)
printf '%-22s %-7s %-7s %8s %8s %7s\n' program hipc nvcc hipc_s nvcc_s ratio > "$sum"
: > "$det"

# run_side NAME SIDE CAP: runs NAME's command with SIDE's binaries; prints
# "VERDICT SECONDS".
run_side() {
  local name=$1 side=$2 limit=$3 dir=$work/$1 t0 t1 rc v
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -r "$here/progs/$name/." "$dir/"
  cp "$dir/$side/"* "$dir/data/"
  local cmd
  cmd=$(cat "$dir/cmd")
  t0=$(now)
  (cd "$dir/data" && timeout -k 2 "$limit" bash -c "$cmd") > "$dir/out.txt" 2>&1
  rc=$?
  t1=$(now)
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then v=TIMEOUT
  elif grep -qiE 'fail(ed|ure)?\b' "$dir/out.txt"; then v=FAIL
  elif [ $rc -ne 0 ]; then v=EXIT$rc
  elif grep -qiE '\bpass(ed)?\b' "$dir/out.txt"; then v=PASS
  else v=OK
  fi
  local secs
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  {
    echo "== $name $side: $cmd"
    echo "   status $rc, $secs s, $v"
    head -15 "$dir/out.txt" | sed 's/^/   | /'
    if [ "$(wc -l < "$dir/out.txt")" -gt 30 ]; then
      echo '   | ...'
      tail -15 "$dir/out.txt" | sed 's/^/   | /'
    fi
  } >> "$det"
  rm -rf "$dir"
  echo "$v $secs"
}

while read -r name pcap; do
  [ -n "$name" ] || continue
  elapsed=$(awk -v a="$start" -v b="$(now)" 'BEGIN { print int(b - a) }')
  if [ "$elapsed" -ge "$budget" ]; then
    echo "stopped after ${elapsed} s: $name and the rest not started" >> "$det"
    break
  fi
  hv=MISSING; hs=-; cv=MISSING; cs=-
  [ -d "$here/progs/$name/hip" ] && read -r hv hs < <(run_side "$name" hip "${pcap:-$cap}")
  [ -d "$here/progs/$name/cuda" ] && read -r cv cs < <(run_side "$name" cuda "${pcap:-$cap}")
  ratio=-
  if [ "$hv" = "$cv" ] && [ "$hv" != TIMEOUT ] && [ "$hs" != - ]; then
    ratio=$(awk -v h="$hs" -v c="$cs" 'BEGIN { printf "%.2f", (c > 0 ? h / c : 0) }')
  fi
  printf '%-22s %-7s %-7s %8s %8s %7s\n' "$name" "$hv" "$cv" "$hs" "$cs" "$ratio" >> "$sum"
done < "$here/order"

awk 'NR > 1 && NF == 6 {
       n++
       if ($2 == $3) same++; else differ++
       if ($6 != "-" && $6 > 0) { k++; s += log($6); if ($6 > 1.10) over++ }
     }
     END {
       printf "\n%d programs: %d same verdict, %d different\n", n, same, differ
       if (k) printf "hipc/nvcc over %d: geometric mean %.3f, %d above 1.10\n",
                     k, exp(s / k), over
     }' "$sum" >> "$sum"
rm -rf "$work"
cat "$sum"
