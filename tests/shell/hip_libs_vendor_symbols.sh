#!/usr/bin/env bash
# Every cuBLAS, cuFFT and cuSPARSE function libhipblas, libhipfft and
# libhipsparse look up at run time (the names in their string tables) is
# exported by the CUDA toolkit's library: the NVIDIA path, checked without
# a GPU. Skipped where neither the toolkit's libraries nor ours are there.
set -u
BUILD=${BUILD:-build}
CUDA=${CUDA_PATH:-/usr/local/cuda}
checked=0 fail=0
for pair in hipblas:cublas hipfft:cufft hipsparse:cusparse; do
  ours=$BUILD/lib/lib${pair%%:*}.so vendor=${pair#*:}
  theirs=$(ls "$CUDA"/lib64/lib$vendor.so* "$CUDA"/targets/*/lib/lib$vendor.so* \
    2>/dev/null | head -1)
  [ -e "$ours" ] && [ -n "$theirs" ] || continue
  exported=$(nm -D --defined-only "$theirs" | awk '{print $3}' | sed 's/@.*//')
  names=$(strings -a "$ours" | grep -E "^${vendor}[A-Z][A-Za-z0-9_]*$" | sort -u)
  n=0 missing=0
  for s in $names; do
    n=$((n + 1))
    grep -qxF "$s" <<<"$exported" ||
      { echo "FAIL: $vendor has no $s"; missing=$((missing + 1)); fail=1; }
  done
  echo "$(basename "$ours"): $n $vendor functions, $missing missing from" \
    "$(basename "$theirs")"
  [ "$n" -gt 0 ] || { echo "FAIL: no $vendor names found in $ours"; fail=1; }
  checked=1
done
[ $checked = 1 ] || { echo "skip: no CUDA libraries in $CUDA"; exit 77; }
exit $fail
