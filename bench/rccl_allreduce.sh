#!/usr/bin/env bash
# librccl's all-reduce against MPI_Allreduce on 2 ranks of the CPU device
# (bench/rccl_allreduce.c): time, bus bandwidth (GB/s) and MPI's time over
# librccl's per size. Run from the repository root after make (make bench
# runs it). Skipped without OpenMPI or where librccl has no MPI.
# BENCH_RUN_ONLY=1 runs the binary already built (on a machine without a
# compiler: mpirun is still needed).
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OUT=$BUILD/bench
mkdir -p "$OUT/logs"
if { [ -z "${BENCH_RUN_ONLY:-}" ] && ! command -v mpicc > /dev/null; } ||
   ! command -v mpirun > /dev/null ||
   ! ldd "$BUILD/lib/librccl.so" 2>/dev/null | grep -q libmpi; then
  echo "rccl_allreduce: skipped (needs OpenMPI and librccl built with it)"
  exit 0
fi
lib=$(realpath "$BUILD/lib")
# shellcheck disable=SC2046
if [ -z "${BENCH_RUN_ONLY:-}" ] && ! mpicc -std=c11 -O2 -Iinclude bench/rccl_allreduce.c \
    -o "$OUT/rccl_allreduce" -L"$lib" -Wl,-rpath,"$lib" -lrccl -lhipc \
    >"$OUT/logs/rccl_allreduce.build.txt" 2>&1; then
  echo "rccl_allreduce: build failed:"
  tail -n 20 "$OUT/logs/rccl_allreduce.build.txt" | sed 's/^/  /'
  exit 1
fi
export HIPC_DEVICES=cpu OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# The rpath names where it was built; a copy elsewhere finds its libraries.
export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
timeout "${BENCH_TIMEOUT:-300}" mpirun --oversubscribe -np 2 -x LD_LIBRARY_PATH \
  "$OUT/rccl_allreduce"
