#!/usr/bin/env bash
# run_sweep.sh OUTDIR [CAP]: on the GPU machine, in a bundle made by
# tools/parity/build.sh (this script's folder), runs each program's `run`
# command with hipc's build and with nvcc's, back to back on the same GPU,
# each capped at CAP seconds (15) of whole-process time. NGPU slots (all
# of nvidia-smi's GPUs) run programs at once, slot k on GPU k
# (CUDA_VISIBLE_DEVICES=k) and, where taskset exists, on its share of the
# cores; each takes the next program of the list when it is free, and no
# slot starts one after STOP seconds (500). LD_LIBRARY_PATH must reach
# libhipc (the bundle's lib/ is added when it exists); HIPC_DEVICES is gpu
# unless set. Writes OUTDIR/summary.txt (program, verdicts, times,
# hipc/nvcc where both give the same verdict, the slot; then counts and
# the geometric mean) and OUTDIR/details.txt (each command's status, time,
# output head and tail). Verdict: TIMEOUT, FAIL (output says fail), EXITn,
# PASS (says pass), OK. A program folder's cap.txt (seconds) replaces CAP
# for that program.
set -u
B=$(cd "$(dirname "$0")" && pwd)
OUTD=${1:-${OUT:-$PWD/parity-out}}; CAP=${2:-15}; STOP=${STOP:-500}
mkdir -p "$OUTD"
OUTD=$(cd "$OUTD" && pwd)
S=$OUTD/summary.txt D=$OUTD/details.txt
: >"$S"; : >"$D"
[ -d "$B/lib" ] && export LD_LIBRARY_PATH="$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}
if [ -z "${NGPU:-}" ]; then
  NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
  [ "$NGPU" -ge 1 ] 2>/dev/null || NGPU=1
fi
CORES=$(nproc 2>/dev/null || echo 1)
PER=$(( CORES / NGPU )); [ "$PER" -ge 1 ] || PER=1
start=$(date +%s)
. "$B/verdict.sh"
run1() { # slot dir cmd [cap] -> "verdict seconds"
  local log=$OUTD/.log.$1 s e rc pin="" cap=${4:-$CAP}
  if command -v taskset >/dev/null 2>&1 && [ "$NGPU" -gt 1 ] &&
      [ "$CORES" -ge "$NGPU" ]; then
    pin="taskset -c $(( $1 * PER ))-$(( $1 * PER + PER - 1 ))"
  fi
  s=$(date +%s.%N)
  (cd "$2" && CUDA_VISIBLE_DEVICES=$1 OMP_NUM_THREADS=$PER \
     timeout -k 2 "$cap" $pin bash -c "$3") >"$log" 2>&1
  rc=$?
  e=$(date +%s.%N)
  local v; v=$(verdict $rc "$log")
  { echo "== $3 (in $2, GPU $1): rc=$rc $v"; head -n 15 "$log"; echo ...
    tail -n 8 "$log"; } >>"$OUTD/.details.$1"
  awk -v v="$v" -v s="$s" -v e="$e" 'BEGIN { printf "%s %.2f\n", v, e - s }'
}
one() { # slot program-folder: the table's row
  local k=$1 p=$2 n prog cmd hv=- ht=- cv=- ct=- ratio=-
  n=$(basename "$p"); prog=$(cat "$p/prog.txt"); cmd=$(cat "$p/cmd.txt")
  [ -n "$prog" ] || return 0
  local cap=$CAP; [ -f "$p/cap.txt" ] && cap=$(cat "$p/cap.txt")
  if [ -x "$p/dir/$prog" ]; then read -r hv ht < <(run1 "$k" "$p/dir" "$cmd" "$cap"); fi
  if [ -x "$p/dir/$prog.cuda" ]; then
    read -r cv ct < <(run1 "$k" "$p/dir" "${cmd/.\/$prog/./$prog.cuda}" "$cap")
  fi
  if [ "$hv" = "$cv" ] && [ "$hv" != TIMEOUT ] && [ "$ht" != - ]; then
    ratio=$(awk -v h="$ht" -v c="$ct" 'BEGIN { printf "%.2f", h / c }')
  fi
  printf '%-24s %-8s %-8s %8s %8s %6s %3s\n' "$n" "$hv" "$cv" "$ht" "$ct" \
    "$ratio" "$k"
}
# FIRST="a b ...": those programs first, then the rest in name order.
list=""
for n in ${FIRST:-}; do [ -f "$B/$n/cmd.txt" ] && list="$list $B/$n/"; done
for p in "$B"/*/; do
  [ -f "$p/cmd.txt" ] || continue
  case " $list " in *" $p "*) ;; *) list="$list $p" ;; esac
done
printf '%s\n' $list >"$OUTD/.queue"; echo 0 >"$OUTD/.next"
take() { # -> the next program folder, or nothing (under a mkdir lock)
  until mkdir "$OUTD/.lock" 2>/dev/null; do sleep 0.05; done
  local i; i=$(cat "$OUTD/.next"); echo $((i + 1)) >"$OUTD/.next"
  rmdir "$OUTD/.lock"
  sed -n "$((i + 1))p" "$OUTD/.queue"
}
slot() { # k: runs programs until the list or the time runs out
  local k=$1 p
  : >"$OUTD/.rows.$k"; : >"$OUTD/.details.$k"
  while p=$(take) && [ -n "$p" ]; do
    if [ $(( $(date +%s) - start )) -ge "$STOP" ]; then
      echo "slot $k stopped at $STOP s" >>"$OUTD/.stopped"; break
    fi
    one "$k" "$p" | tee -a "$OUTD/.rows.$k"
  done
}
for ((k = 0; k < NGPU; k++)); do slot "$k" & done
wait
# The rows in the list's order, then what stopped, counts and the mean.
for p in $list; do
  n=$(basename "$p")
  cat "$OUTD"/.rows.* | awk -v n="$n" '$1 == n'
done >"$S"
cat "$OUTD"/.details.* >"$D"
[ -f "$OUTD/.stopped" ] && cat "$OUTD/.stopped" >>"$S"
echo "$(wc -l <"$OUTD/.queue") programs, $NGPU GPUs, $(( $(date +%s) - start )) s" >>"$S"
awk '$6 ~ /^[0-9.]+$/ { s += log($6); n++ } END { if (n) printf "geomean hipc/nvcc over %d programs: %.3f\n", n, exp(s / n) }' "$S" | tee -a "$S"
awk '$2 == "PASS" && $3 == "PASS" { p++ } NF == 7 && $2 != $3 { d++ } END { printf "both PASS: %d, verdicts differ: %d\n", p, d }' "$S" | tee -a "$S"
rm -rf "$OUTD"/.rows.* "$OUTD"/.details.* "$OUTD"/.log.* "$OUTD"/.queue "$OUTD"/.next "$OUTD"/.stopped
