#!/usr/bin/env bash
# run_best.sh OUTDIR [N]: on the GPU machine, in a bundle of programs that
# tools/parity/build.sh built (this script's folder), times each program's
# builds back to back on one GPU: N rounds (3), each running the command
# once with every build (hipc's PROG, nvcc's PROG.cuda, and any other
# PROG.VARIANT the folder holds, such as a hipc build with another
# setting), and keeps each build's best whole-process time. For comparing
# a few programs precisely after a fix (docs/nvidia.md, "The HeCBench
# parity sweep"); run_sweep.sh is for many programs at once.
# Programs run in ORDER (names; default: the folders' order), each run
# capped at CAP seconds (20); no program or round starts after STOP
# seconds (120).
# Writes OUTDIR/summary.txt (program, build, verdict, best seconds,
# build/nvcc ratio) and OUTDIR/details.txt (each run's time and the lines
# of its output that give times or a verdict).
set -u
B=$(cd "$(dirname "$0")" && pwd)
OUTD=${1:?usage: run_best.sh OUTDIR [N]}; N=${2:-3}
CAP=${CAP:-20}; STOP=${STOP:-120}
mkdir -p "$OUTD"
OUTD=$(cd "$OUTD" && pwd)
S=$OUTD/summary.txt D=$OUTD/details.txt
: >"$S"; : >"$D"
[ -d "$B/lib" ] && export LD_LIBRARY_PATH="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}
export CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
start=$(date +%s)
names=${ORDER:-$(cd "$B" && for d in */cmd.txt; do dirname "$d"; done)}
. "$B/verdict.sh"
printf '%-12s %-8s %-8s %8s %7s\n' program build verdict best/s ratio >>"$S"
for n in $names; do
  p=$B/$n
  [ -f "$p/cmd.txt" ] || continue
  if [ $(( $(date +%s) - start )) -ge "$STOP" ]; then
    echo "$n: not run (past STOP=${STOP}s)" >>"$S"; continue
  fi
  prog=$(cat "$p/prog.txt"); cmd=$(cat "$p/cmd.txt")
  [ -n "$prog" ] && [ -x "$p/dir/$prog" ] || continue
  # The builds: hip (PROG, kept as PROG.hip), cuda, and the variants.
  cp "$p/dir/$prog" "$p/dir/$prog.hip"
  builds="hip"
  [ -x "$p/dir/$prog.cuda" ] && builds="$builds cuda"
  for f in "$p/dir/$prog".*; do
    v=${f##*.}
    case $v in hip|cuda) ;; *) [ -x "$f" ] && builds="$builds $v";; esac
  done
  declare -A best=() ver=()
  for r in $(seq 1 "$N"); do
    # Past STOP, a program keeps the rounds it has (one at least).
    [ "$r" -gt 1 ] && [ $(( $(date +%s) - start )) -ge "$STOP" ] && break
    for b in $builds; do
      cp "$p/dir/$prog.$b" "$p/dir/$prog"
      log=$OUTD/.log
      s=$(date +%s.%N)
      (cd "$p/dir" && timeout -k 2 "$CAP" bash -c "$cmd") >"$log" 2>&1
      rc=$?
      e=$(date +%s.%N)
      t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }')
      ver[$b]=$(verdict $rc "$log")
      if [ -z "${best[$b]:-}" ] ||
          awk -v a="$t" -v b="${best[$b]}" 'BEGIN { exit !(a < b) }'; then
        best[$b]=$t
      fi
      { echo "== $n $b round $r: $t s, rc=$rc ${ver[$b]}"
        grep -iE 'time|pass|fail' "$log" | head -n 12; } >>"$D"
    done
  done
  cp "$p/dir/$prog.hip" "$p/dir/$prog"
  for b in $builds; do
    ratio=-
    [ -n "${best[cuda]:-}" ] && ratio=$(awk -v a="${best[$b]}" \
      -v c="${best[cuda]}" 'BEGIN { printf "%.3f", a / c }')
    printf '%-12s %-8s %-8s %8s %7s\n' "$n" "$b" "${ver[$b]}" "${best[$b]}" \
      "$ratio" >>"$S"
  done
  unset best ver
done
echo "total $(( $(date +%s) - start )) s" >>"$S"
cat "$S"
