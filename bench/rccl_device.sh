#!/usr/bin/env bash
# Issue #19's CPU-device all-reduce table (bench/rccl_allreduce.c) on a
# quiet machine without a compiler or MPI (the GPU machine's 16 cores).
#
#   bench/rccl_device.sh build [DIR]   here, after make: the bench, libhipc
#       and librccl, and OpenMPI's runtime (bench/gpu/ompi_runtime.sh) in
#       DIR (default build/rccl7/dev, git-ignored, about 15 MiB); with
#       BEFORE=FOLDER, that folder's libhipc.so and librccl.so too (another
#       build's, for a same-run comparison: DIR/before, 5.5 MiB)
#   bench/rccl_device.sh run [DIR]     there, from the repository root:
#       2 ranks of the CPU device, 8 B to RCCL_DEVICE_MAX MiB (16), best
#       of 20, with HIPC_BENCH_WHY=1's columns; twice each, back to
#       back: as built, then with the waiting thread sleeping after 30 us
#       as before
#       (HIPC_CPU_SPIN_HOSTFN_US=0), then without the inline path
#       (HIPC_RCCL_INLINE_MAX=0), then with DIR/before's libraries if there
set -u
cd "$(dirname "$0")/.."
DIR=${2:-build/rccl7/dev}
case ${1:-run} in
build)
  set -e
  BUILD=${BUILD:-build}
  lib=$(realpath "$BUILD/lib")
  mkdir -p "$DIR/lib"
  mpicc -std=c11 -O2 -Iinclude bench/rccl_allreduce.c \
    -o "$DIR/rccl_allreduce" -L"$lib" -lrccl -lhipc
  cp "$lib/libhipc.so" "$lib/librccl.so" "$DIR/lib/"
  if [ -n "${BEFORE:-}" ]; then
    mkdir -p "$DIR/before"
    cp "$BEFORE/libhipc.so" "$BEFORE/librccl.so" "$DIR/before/"
  fi
  bench/gpu/ompi_runtime.sh gather "$DIR/ompi"
  du -sh "$DIR"
  ;;
run)
  export LD_LIBRARY_PATH=$PWD/$DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  if ! command -v mpirun > /dev/null && [ -d "$DIR/ompi" ]; then
    # shellcheck disable=SC1091
    . bench/gpu/ompi_runtime.sh env "$DIR/ompi"
  fi
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  nproc
  status=0
  runs=("" HIPC_CPU_SPIN_HOSTFN_US=0 HIPC_RCCL_INLINE_MAX=0)
  [ -d "$DIR/before" ] && runs+=(before)
  for v in "${runs[@]}"; do
    for i in 1 2; do
      echo "== ${v:-as built} ($i)"
      lp=$LD_LIBRARY_PATH x=$v
      if [ "$v" = before ]; then lp=$PWD/$DIR/before:$lp x=; fi
      # shellcheck disable=SC2086
      LD_LIBRARY_PATH=$lp timeout 60 mpirun --bind-to none -np 2 \
        -x LD_LIBRARY_PATH \
        -x HIPC_DEVICES=cpu \
        -x HIPC_BENCH_MAX=$((${RCCL_DEVICE_MAX:-16} << 20)) \
        -x HIPC_BENCH_REPS=20 -x HIPC_BENCH_WHY=1 ${x:+-x $x} \
        "$DIR/rccl_allreduce" || status=1
    done
  done
  exit $status
  ;;
*) echo "usage: $0 build|run [DIR]" >&2; exit 2 ;;
esac
