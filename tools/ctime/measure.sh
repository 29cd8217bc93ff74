#!/bin/sh
# Compile time of hipcc against the host pass alone (issue #12). For each
# HIP source, best of N (default 3) user+sys CPU seconds and wall clock of
#   ref:   clang-19 -x hip --cuda-host-only -O3 -c FILE (the "clang++ -O3"
#          reference, with hipc's headers and the host pass's macros:
#          plain clang++ cannot read <<<>>>)
#   j1:    hipcc -O3 -c FILE with HIPC_KC_JOBS=1 (kc in one piece)
#   hipcc: hipcc -O3 -c FILE (kc's parts on threads)
# then "idle": the wall clock hipcc would take on an idle machine with two
# processors, estimated from CPU times: the host pass (ref) beside the
# device pass, whose kc parts run side by side (hipcc's CPU time less ref
# and less all parts but the longest, from HIPC_KC_TIME). FLAGS: $HIPCC_FLAGS.
# BEFORE=PATH/hipcc: the j1 columns are that hipcc's (another build, as it
# comes), for before/after in one run.
# Usage: tools/ctime/measure.sh [-n N] FILE...
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
n=3
if [ "$1" = -n ]; then n=$2; shift 2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# best "$@": prints "WALL CPU" (the best of each over n runs); the last
# run's stderr stays in $tmp/err.
best() {
  bw=999; bc=999; i=0
  while [ $i -lt $n ]; do
    /usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" ||
      { cat "$tmp/err" >&2; echo "failed: $*" >&2; exit 1; }
    read w u s <"$tmp/t"
    bw=$(echo "$w $bw" | awk '{print ($1 < $2) ? $1 : $2}')
    bc=$(echo "$u $s $bc" | awk '{print ($1 + $2 < $3) ? $1 + $2 : $3}')
    i=$((i + 1))
  done
  echo "$bw $bc"
}
printf "%-26s %6s %6s %6s %6s %6s %6s %6s | %6s %6s %6s\n" file ref_w ref_c \
  j1_w j1_c hip_w hip_c idle x_j1c x_hipc x_idle
for f in "$@"; do
  d=$(dirname "$f")
  r=$(best clang-19 -x hip --cuda-host-only -nogpuinc -nogpulib -D__HIPCC__=1 \
      -D__HIP_PLATFORM_HIPC__=1 -D__HIPC_CLANG_HOST__=1 -std=c++17 \
      -isystem "$root/build/include" -include hip/hip_runtime.h -I"$d" -O3 \
      $HIPCC_FLAGS -c "$f" -o "$tmp/ref.o")
  if [ -n "${BEFORE:-}" ]; then
    j=$(best "$BEFORE" $HIPCC_FLAGS -I"$d" -O3 -c "$f" -o "$tmp/h.o")
  else
    j=$(best env HIPC_KC_JOBS=1 "$root/build/bin/hipcc" $HIPCC_FLAGS -I"$d" \
        -O3 -c "$f" -o "$tmp/h.o")
  fi
  h=$(best env HIPC_KC_TIME=1 "$root/build/bin/hipcc" $HIPCC_FLAGS -I"$d" -O3 \
      -c "$f" -o "$tmp/h.o")
  # all parts but the longest ran beside it
  side=$(awk '/ part [0-9]+ .* s CPU$/ {s += $(NF-2); if ($(NF-2) > m) m = $(NF-2)}
              END {print s - m}' "$tmp/err")
  echo "$(basename "$d")/$(basename "$f") $r $j $h $side" | awk '{
    idle = $7 - $3 - $8; if (idle < $3) idle = $3;
    printf "%-26s %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f | %6.2f %6.2f %6.2f\n",
      $1, $2, $3, $4, $5, $6, $7, idle, $5 / $3, $7 / $3, idle / $3}'
done
