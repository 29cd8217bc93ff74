#!/usr/bin/env bash
# Prints the HeCBench programs of the parity sweep (docs/nvidia.md, "The
# HeCBench parity sweep"), one name a line: those whose NAME-hip and
# NAME-cuda folders both have a Makefile with a `run` target, whose sources
# include none of the libraries hipc lacks, whose Makefiles link nothing but
# libm, pthread and OpenMP, that hold no file over 4 MiB, and whose run
# recipe names no missing file above the folder (../NAME-cuda/data/...).
# Usage: select.sh HECBENCH_CHECKOUT   (the folder that holds src/)
set -u
root=${1:?usage: select.sh HECBENCH_CHECKOUT}
src=$root/src
[ -d "$src" ] || { echo "select.sh: no $src" >&2; exit 2; }
libs='hipcub|hipblas|rocblas|thrust|hiprand|hipsparse|hipfft|rocprim|rocrand'
libs="$libs|mpi\\.h|boost/|gsl/|cublas|curand|cusparse|cufft|cub/|cudnn|miopen"
libs="$libs|hipsolver|cusolver|rocsolver|nccl|rccl|cutlass|cute/|mkl|oneapi"
for hip in "$src"/*-hip; do
  name=${hip##*/}
  name=${name%-hip}
  cuda=$src/$name-cuda
  [ -d "$cuda" ] || continue
  ok=1
  for d in "$hip" "$cuda"; do
    [ -f "$d/Makefile" ] && grep -q '^run:' "$d/Makefile" || { ok=0; break; }
    if grep -rqiE "#[[:space:]]*include[[:space:]]*[<\"]($libs)" "$d"; then
      ok=0; break
    fi
    if grep -E '^\s*LDFLAGS|^\s*LIBS' "$d/Makefile" |
        grep -oE -- '-l[A-Za-z0-9_+]+' | grep -qvE -- '^-l(m|pthread|gomp|omp)$'; then
      ok=0; break
    fi
    [ -z "$(find "$d" -type f -size +4M -print -quit)" ] || { ok=0; break; }
  done
  # The files above the folder that the -hip run recipe names must exist
  # (bmf, meanshift: their inputs are not in the checkout).
  for f in $(sed -n '/^run:/,/^$/p' "$hip/Makefile" | grep -o '\.\./[^ ]*'); do
    [ -e "$hip/$f" ] || ok=0
  done
  [ $ok = 1 ] && echo "$name"
done
exit 0
