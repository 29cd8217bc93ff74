#!/bin/sh
# Compile time of hipcc against the host pass alone (issue #12): for each
# HIP source, best of N (default 3) wall clock and user+sys of
#   hipcc -O3 -c FILE               (FLAGS from $HIPCC_FLAGS)
#   clang-19 -x hip --cuda-host-only -O3 -c FILE   (the "clang++ -O3" reference,
#       with hipc's headers and the host pass's macros: plain clang++ cannot
#       read <<<>>>)
# and their ratios. Usage: tools/ctime/measure.sh [-n N] FILE...
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
n=3
if [ "$1" = -n ]; then n=$2; shift 2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# best WALL USER+SYS of n runs of "$@" (by wall clock)
best() {
  bw=999; bu=999
  i=0
  while [ $i -lt $n ]; do
    /usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" ||
      { cat "$tmp/err" >&2; echo "failed: $*" >&2; exit 1; }
    set -- "$@"
    read w u s <"$tmp/t"
    bw=$(echo "$w $bw" | awk '{print ($1 < $2) ? $1 : $2}')
    bu=$(echo "$u $s $bu" | awk '{print ($1 + $2 < $3) ? $1 + $2 : $3}')
    i=$((i + 1))
  done
  echo "$bw $bu"
}
printf "%-28s %7s %7s %7s %7s %6s %6s\n" file ref_wall ref_cpu hipcc_w hipcc_c x_wall x_cpu
for f in "$@"; do
  d=$(dirname "$f")
  r=$(best clang-19 -x hip --cuda-host-only -nogpuinc -nogpulib -D__HIPCC__=1 \
      -D__HIP_PLATFORM_HIPC__=1 -D__HIPC_CLANG_HOST__=1 -std=c++17 \
      -isystem "$root/build/include" -include hip/hip_runtime.h -I"$d" -O3 \
      -c "$f" -o "$tmp/ref.o")
  h=$(best "$root/build/bin/hipcc" $HIPCC_FLAGS -I"$d" -O3 -c "$f" -o "$tmp/h.o")
  echo "$(basename "$d")/$(basename "$f") $r $h" | awk '{printf "%-28s %7.2f %7.2f %7.2f %7.2f %6.2f %6.2f\n", $1, $2, $3, $4, $5, $4/$2, $5/$3}'
done
