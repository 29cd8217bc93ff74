#!/usr/bin/env bash
# run_sweep.sh OUTDIR [CAP]: on the GPU machine, in a bundle made by
# tools/parity/build.sh (this script's folder), runs each program's `run`
# command with hipc's build and with nvcc's, back to back, each capped at
# CAP seconds (15) of whole-process time, and stops starting programs
# after STOP seconds (540). LD_LIBRARY_PATH must reach libhipc. Writes
# OUTDIR/summary.txt (program, verdicts, times, hipc/nvcc where both give
# the same verdict, then counts and the geometric mean) and
# OUTDIR/details.txt (each command's status, time, output head and tail).
# Verdict: TIMEOUT, FAIL (output says fail), EXITn, PASS (says pass), OK.
set -u
B=$(cd "$(dirname "$0")" && pwd)
OUTD=${1:-${OUT:-$PWD/parity-out}}; CAP=${2:-15}; STOP=${STOP:-540}
mkdir -p "$OUTD"
S=$OUTD/summary.txt D=$OUTD/details.txt
: >"$S"; : >"$D"
start=$(date +%s)
verdict() { # rc log
  if [ "$1" = 124 ] || [ "$1" = 137 ]; then echo TIMEOUT
  elif grep -qi 'fail' "$2"; then echo FAIL
  elif [ "$1" != 0 ]; then echo "EXIT$1"
  elif grep -qi 'pass' "$2"; then echo PASS
  else echo OK; fi
}
run1() { # dir cmd -> "verdict seconds"
  local log=$OUTD/.log s e rc
  s=$(date +%s.%N)
  (cd "$1" && timeout -k 2 "$CAP" bash -c "$2") >"$log" 2>&1
  rc=$?
  e=$(date +%s.%N)
  local v; v=$(verdict $rc "$log")
  { echo "== $2 (in $1): rc=$rc $v"; head -n 15 "$log"; echo ...; tail -n 8 "$log"; } >>"$D"
  awk -v v="$v" -v s="$s" -v e="$e" 'BEGIN { printf "%s %.2f\n", v, e - s }'
}
# FIRST="a b ...": those programs first, then the rest in name order.
list=""
for n in ${FIRST:-}; do [ -d "$B/$n" ] && list="$list $B/$n/"; done
for p in "$B"/*/; do case " $list " in *" $p "*) ;; *) list="$list $p" ;; esac; done
for p in $list; do
  n=$(basename "$p"); [ -f "$p/cmd.txt" ] || continue
  [ $(( $(date +%s) - start )) -ge "$STOP" ] && { echo "stopped at $STOP s" >>"$S"; break; }
  prog=$(cat "$p/prog.txt"); cmd=$(cat "$p/cmd.txt")
  [ -n "$prog" ] || continue
  hv=- ht=- cv=- ct=-
  if [ -x "$p/dir/$prog" ]; then read -r hv ht < <(run1 "$p/dir" "$cmd"); fi
  if [ -x "$p/dir/$prog.cuda" ]; then
    read -r cv ct < <(run1 "$p/dir" "${cmd/.\/$prog/./$prog.cuda}")
  fi
  ratio=-
  if [ "$hv" = "$cv" ] && [ "$hv" != TIMEOUT ] && [ "$ht" != - ]; then
    ratio=$(awk -v h="$ht" -v c="$ct" 'BEGIN { printf "%.2f", h / c }')
  fi
  printf '%-24s %-8s %-8s %8s %8s %6s\n' "$n" "$hv" "$cv" "$ht" "$ct" "$ratio" | tee -a "$S"
done
awk '$6 ~ /^[0-9.]+$/ { s += log($6); n++ } END { if (n) printf "geomean hipc/nvcc over %d programs: %.3f\n", n, exp(s / n) }' "$S" | tee -a "$S"
awk '$2 == "PASS" && $3 == "PASS" { p++ } $2 != $3 { d++ } END { printf "both PASS: %d, verdicts differ: %d\n", p, d }' "$S" | tee -a "$S"
