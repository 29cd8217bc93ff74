#!/usr/bin/env bash
# GPU-aware MPI (libhipc_mpi) and librccl on 2 NVIDIA GPUs.
#
#   bench/gpu/mpi_gpu.sh build   here (hipcc, mpicxx): the test and the
#                                bench, with the libraries they load, in
#                                $BUILD/mpi-gpu (about 4 MiB)
#   bench/gpu/mpi_gpu.sh run     on the GPU machine (no compiler; needs
#                                OpenMPI's mpirun): writes to ${OUT:-.}
#     test.txt   tests/shell/hipc_mpi/calls.hip with device buffers in
#                every wrapped call ("stage": they must be staged)
#     bench.txt  bench/gpu/mpi_staging.hip, 8 B to 256 MiB
#     rccl-test.txt   tests/unit/test_rccl_staged.c, one rank per GPU
#     rccl-bench.txt  bench/gpu/rccl_gpu.c: all-reduce in one process
#                     against the peer-copy bandwidth, 8 B to 256 MiB
#     rccl-mpi.txt    bench/rccl_allreduce.c on 2 processes, one GPU each:
#                     librccl (staged through MPI) against MPI_Allreduce
#                     on host buffers
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
DIR=$BUILD/mpi-gpu
ARCH=${HIPC_GPU_ARCH:-sm_90}
case ${1:-run} in
build)
  set -e
  make -j2 BUILD="$BUILD" all > /dev/null
  mkdir -p "$DIR/lib"
  # shellcheck disable=SC2046
  for src in tests/shell/hipc_mpi/calls.hip bench/gpu/mpi_staging.hip; do
    "$BUILD/bin/hipcc" -O2 --offload-arch="$ARCH" $(mpicxx --showme:compile) \
      "$src" -o "$DIR/$(basename "$src" .hip)" $(mpicxx --showme:link)
  done
  lib=$(realpath "$BUILD/lib")
  cc -std=c11 -O2 -Iinclude bench/gpu/rccl_gpu.c -o "$DIR/rccl_gpu" \
    -L"$lib" -lrccl -lhipc
  cc -std=c11 -O2 -Iinclude -Itests/unit tests/unit/test_rccl_staged.c \
    -o "$DIR/test_rccl_staged" -L"$lib" -lrccl -lhipc -lm
  mpicc -std=c11 -O2 -Iinclude bench/rccl_allreduce.c \
    -o "$DIR/rccl_allreduce" -L"$lib" -lrccl -lhipc
  cp "$BUILD/lib/libhipc.so" "$BUILD/lib/libhipc_mpi.so" \
    "$BUILD/lib/librccl.so" "$DIR/lib/"
  du -sh "$DIR"
  ;;
run)
  LOGS=${OUT:-$PWD}
  mkdir -p "$LOGS"
  export LD_LIBRARY_PATH=$PWD/$DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_MCA_rmaps_base_oversubscribe=1 HIPC_DEVICES=gpu
  unset HIPC_MPI_STAGE HIPC_RCCL_STAGE
  nvidia-smi -L > "$LOGS/machine.txt" 2>&1
  status=0
  step() { # log seconds command...: runs it, prints the log's end
    local log=$1 t=$2; shift 2
    echo "== $*" | sed "s|$PWD/||g"
    timeout "$t" "$@" > "$LOGS/$log" 2>&1
    local rc=$?
    [ $rc -eq 0 ] || { status=1; echo "(exit $rc)"; }
    tail -n 25 "$LOGS/$log"
  }
  step rccl-test.txt 40 "$DIR/test_rccl_staged"
  step rccl-bench.txt 60 "$DIR/rccl_gpu"
  if command -v mpirun > /dev/null; then
    mpi="mpirun --bind-to none -np 2 -x LD_LIBRARY_PATH -x HIPC_DEVICES"
    step test.txt 50 $mpi "$DIR/calls" stage
    step bench.txt 90 $mpi "$DIR/mpi_staging"
    step rccl-mpi.txt 45 $mpi -x HIPC_BENCH_MAX=$((256 << 20)) \
      "$DIR/rccl_allreduce"
  else
    echo "mpi_gpu: no mpirun on this machine: the MPI parts did not run" |
      tee "$LOGS/test.txt"
    status=1
  fi
  exit $status
  ;;
*) echo "usage: $0 build|run" >&2; exit 2 ;;
esac
