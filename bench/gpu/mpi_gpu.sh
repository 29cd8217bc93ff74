#!/usr/bin/env bash
# GPU-aware MPI (libhipc_mpi) and librccl on 2 NVIDIA GPUs.
#
#   bench/gpu/mpi_gpu.sh build   here (hipcc, mpicxx): the tests and the
#                                benches, the libraries they load, and
#                                OpenMPI's runtime (bench/gpu/ompi_runtime.sh:
#                                the GPU machine has none) in $BUILD/mpi-gpu
#                                (about 20 MiB)
#   bench/gpu/mpi_gpu.sh run     on the GPU machine (no compiler; uses its
#                                own mpirun if it has one): writes to ${OUT:-.}
#     rccl-test.txt   tests/unit/test_rccl_staged.c, one rank per GPU, device
#                     to device (it must say so), then staged
#     rccl-bench.txt  bench/gpu/rccl_gpu.c: every collective in one process,
#                     device to device and staged, against the peer-copy
#                     bandwidth, 8 B to 256 MiB
#     test.txt   tests/shell/hipc_mpi/calls.hip with device buffers in
#                every wrapped call ("stage": they must be staged)
#     bench.txt  bench/gpu/mpi_staging.hip, 8 B to 256 MiB
#     peer-test.txt   tests/shell/rccl_mpi/peer.hip on 2 processes, one GPU
#                     each, HIPC_RCCL_LOG=2: every call says which path it
#                     took (and why, when staged); each collective must go
#                     GPU to GPU on both ranks at every call
#     staged-test.txt the same with HIPC_RCCL_STAGED=1 (host staging)
#     rccl-mpi.txt    bench/rccl_allreduce.c on 2 processes, one GPU each:
#                     librccl GPU to GPU, librccl staged through host
#                     memory, and MPI_Allreduce on host buffers, algbw and
#                     busbw from 8 B to 256 MiB
#     cpu-mpi.txt     the same program on 2 ranks of the CPU device
#                     (issue #19's CPU table on the GPU machine's cores),
#                     with HIPC_BENCH_WHY=1's two columns (MPI on the
#                     hipMalloc'd buffer, MPI inside a host function)
#   bench/gpu/mpi_gpu.sh cpu     on any machine of the kind, GPUs or not:
#                                stream-latency.txt (bench/stream_latency.hip)
#                                and cpu-mpi.txt alone
#   bench/gpu/mpi_gpu.sh peer    on 2 GPUs, within 120 s: peer-test.txt,
#                                staged-test.txt, rccl-mpi.txt and cpu-mpi.txt
#                                (to 64 MiB)
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
  # shellcheck disable=SC2046
  "$BUILD/bin/hipcc" -O2 --offload-arch="$ARCH" $(mpicxx --showme:compile) \
    tests/shell/rccl_mpi/peer.hip -o "$DIR/peer" $(mpicxx --showme:link) \
    -lrccl
  cp "$BUILD/lib/libhipc.so" "$BUILD/lib/libhipc_mpi.so" \
    "$BUILD/lib/librccl.so" "$DIR/lib/"
  "$BUILD/bin/hipcc" -O2 bench/stream_latency.hip -o "$DIR/stream_latency"
  bench/gpu/ompi_runtime.sh gather "$DIR/ompi"
  du -sh "$DIR"
  ;;
run | cpu | peer)
  LOGS=${OUT:-$PWD}
  mkdir -p "$LOGS"
  export LD_LIBRARY_PATH=$PWD/$DIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_MCA_rmaps_base_oversubscribe=1 HIPC_DEVICES=gpu
  unset HIPC_MPI_STAGE HIPC_RCCL_STAGE HIPC_RCCL_STAGED HIPC_RCCL_PEER_MIN
  nvidia-smi -L 2>&1 | head -n 4  # on stdout: $OUT brings back 8 files
  status=0
  step() { # log seconds command...: runs it, prints the log's end
    local log=$1 t=$2; shift 2
    echo "== $*" | sed "s|$PWD/||g"
    timeout "$t" "$@" > "$LOGS/$log" 2>&1
    local rc=$?
    [ $rc -eq 0 ] || { status=1; echo "(exit $rc)"; }
    grep -v "^librccl: rank" "$LOGS/$log" | tail -n 32
  }
  # The OpenMPI the programs were linked with, carried (librccl needs its
  # libmpi even in one process).
  if [ -d "$DIR/ompi" ]; then
    # shellcheck disable=SC1091
    . bench/gpu/ompi_runtime.sh env "$DIR/ompi"
  fi
  # The CPU device's all-reduce against MPI on 2 ranks (max bytes, limit,
  # log).
  cpu_bench() {
    step "${3:-cpu-mpi.txt}" "$2" mpirun --bind-to none -np 2 \
      -x LD_LIBRARY_PATH -x HIPC_DEVICES=cpu -x HIPC_BENCH_MAX="$1" \
      -x HIPC_BENCH_WHY=1 \
      "$DIR/rccl_allreduce"
  }
  # peer.hip on 2 GPUs, each call's path logged; then with
  # HIPC_RCCL_STAGED=1, where nothing may go GPU to GPU.
  peer_tests() {
    local mpi="mpirun --bind-to none -np 2 -x LD_LIBRARY_PATH -x HIPC_DEVICES"
    # shellcheck disable=SC2086
    step peer-test.txt "$1" $mpi -x HIPC_RCCL_LOG=2 "$DIR/peer"
    local log=$LOGS/peer-test.txt
    for kind in all-reduce 'small all-reduce' broadcast reduce all-gather \
                reduce-scatter; do
      for r in 0 1; do
        local gpu staged
        gpu=$(grep -c "rank $r of 2: $kind GPU to GPU" "$log")
        staged=$(grep -c "rank $r of 2: $kind staged" "$log")
        echo "rank $r: $kind: $gpu calls GPU to GPU, $staged staged"
        [ "$gpu" -gt 0 ] && [ "$staged" = 0 ] || status=1
      done
    done
    grep ' staged (\|hipIpcOpenMemHandle' "$log" | sed 's/([0-9]* B)//' |
      sort | uniq -c | head -n 20
    # shellcheck disable=SC2086
    step staged-test.txt "$2" $mpi -x HIPC_RCCL_LOG=1 \
      -x HIPC_RCCL_STAGED=1 "$DIR/peer"
    if grep -q 'GPU to GPU' "$LOGS/staged-test.txt"; then
      echo "HIPC_RCCL_STAGED=1 still went GPU to GPU"
      status=1
    fi
  }
  if [ "${1:-run}" = cpu ]; then
    HIPC_DEVICES=cpu step stream-latency.txt 30 "$DIR/stream_latency"
    cpu_bench $((256 << 20)) 60
    exit $status
  fi
  if [ "${1:-run}" = peer ]; then
    peer_tests 20 14
    step rccl-mpi.txt 32 mpirun --bind-to none -np 2 -x LD_LIBRARY_PATH \
      -x HIPC_DEVICES -x HIPC_BENCH_MAX=$((256 << 20)) -x HIPC_RCCL_LOG=1 \
      -x HIPC_BENCH_STAGED=1 "$DIR/rccl_allreduce"
    # The first call of each path (HIPC_RCCL_LOG=1: printing every call
    # would add to the times).
    grep '^librccl: rank' "$LOGS/rccl-mpi.txt" | sed 's/ ([0-9]* B)//' |
      sort | uniq -c
    cpu_bench $((64 << 20)) 15
    exit $status
  fi
  HIPC_RCCL_LOG=1 step rccl-test.txt 60 "$DIR/test_rccl_staged"
  grep -q 'of one process: device to device' "$LOGS/rccl-test.txt" || {
    echo "test_rccl_staged never went device to device"; status=1; }
  step rccl-bench.txt 120 "$DIR/rccl_gpu"
  # shellcheck disable=SC2086
  if command -v mpirun > /dev/null; then
    mpi="mpirun --bind-to none -np 2 -x LD_LIBRARY_PATH -x HIPC_DEVICES"
    step test.txt 30 $mpi "$DIR/calls" stage
    step bench.txt 45 $mpi "$DIR/mpi_staging"
    peer_tests 25 25
    step rccl-mpi.txt 40 $mpi -x HIPC_BENCH_MAX=$((256 << 20)) \
      -x HIPC_BENCH_STAGED=1 "$DIR/rccl_allreduce"
    cpu_bench $((256 << 20)) 40
  else
    echo "mpi_gpu: no mpirun on this machine: the MPI parts did not run" |
      tee "$LOGS/test.txt"
    status=1
  fi
  exit $status
  ;;
*) echo "usage: $0 build|run|cpu|peer" >&2; exit 2 ;;
esac
