#!/usr/bin/env bash
# GPU-aware MPI on any MPI (libhipc_mpi, README "Several devices and
# RCCL"): hipcc links libhipc_mpi before MPI's library when the link line
# names it; tests/shell/hipc_mpi/calls.hip calls every wrapped function
# with device buffers on 2 and 3 ranks and checks the results. On CPU
# devices the buffers must go straight through (nothing staged); with
# HIPC_MPI_STAGE=all they are staged as GPU memory would be. Skipped
# without OpenMPI (mpirun, mpicxx) or libhipc_mpi.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}
if ! command -v mpirun > /dev/null || ! command -v mpicxx > /dev/null; then
  echo "skip: needs OpenMPI (mpirun, mpicxx)"
  exit 77
fi
if [ ! -e "$BUILD/lib/libhipc_mpi.so" ]; then
  echo "skip: libhipc_mpi is not built (no MPI)"
  exit 77
fi
export HIPC_DEVICES=cpu OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
unset HIPC_CPU_DEVICES HIPC_CPU_THREADS HIPC_MPI_STAGE
# shellcheck disable=SC2086,SC2046
if ! "$HIPCC" $TF -O1 $(mpicxx --showme:compile) \
     "$REPO/tests/shell/hipc_mpi/calls.hip" -o calls \
     $(mpicxx --showme:link) 2> build.txt; then
  echo "FAIL: build"; cat build.txt; exit 1
fi
check "hipcc links libhipc_mpi with mpicxx --showme:link" \
  sh -c 'ldd ./calls | grep -q libhipc_mpi'
echo 'int main(void) { return 0; }' > plain.c
"$HIPCC" plain.c -o plain
check "and not without MPI" sh -c '! ldd ./plain | grep -q libhipc_mpi'
for np in 2 3; do
  out=$(timeout 120 mpirun --bind-to none -np $np ./calls pass 2>&1)
  st=$?
  check "$np ranks, CPU device pointers go straight through" test $st -eq 0
  [ $st -eq 0 ] || echo "$out" | tail -20
  out=$(HIPC_MPI_STAGE=all timeout 120 mpirun --bind-to none \
        -x HIPC_MPI_STAGE -np $np ./calls stage 2>&1)
  st=$?
  check "$np ranks, staged through pinned memory" test $st -eq 0
  [ $st -eq 0 ] || echo "$out" | tail -20
done
exit $fail
