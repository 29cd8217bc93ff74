#!/usr/bin/env bash
# RCCL across MPI processes (README "Several devices and RCCL"): a HIP
# program built with hipcc, MPI's flags and -lrccl runs under mpirun on 2
# and 3 ranks, with MPI_Init and with MPI_Init_thread(MPI_THREAD_MULTIPLE)
# (tests/shell/rccl_mpi/ranks.hip checks the results). Skipped without
# OpenMPI (mpirun, mpicxx) or where librccl was built without MPI.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}
if ! command -v mpirun > /dev/null || ! command -v mpicxx > /dev/null; then
  echo "skip: needs OpenMPI (mpirun, mpicxx)"
  exit 77
fi
if [ ! -e "$BUILD/lib/librccl.so" ] ||
   ! ldd "$BUILD/lib/librccl.so" | grep -q libmpi; then
  echo "skip: librccl is built without MPI"
  exit 77
fi
export HIPC_DEVICES=cpu OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
unset HIPC_CPU_DEVICES HIPC_CPU_THREADS
# shellcheck disable=SC2086,SC2046
if ! "$HIPCC" $TF -O2 $(mpicxx --showme:compile) \
     "$REPO/tests/shell/rccl_mpi/ranks.hip" -o ranks \
     $(mpicxx --showme:link) -lrccl 2> build.txt; then
  echo "FAIL: build"; cat build.txt; exit 1
fi
for np in 2 3; do
  for mode in init thread; do
    out=$(timeout 60 mpirun --oversubscribe --bind-to none -np $np ./ranks $mode 2>&1)
    st=$?
    check "$np ranks, $mode" test $st -eq 0
    [ $st -eq 0 ] || echo "$out" | tail -20
  done
done
# The inline path (small collectives on an idle stream run on the calling
# thread): taken where it may be, not with HIPC_RCCL_INLINE_MAX=0 or under
# the program's MPI_THREAD_MULTIPLE; results and stream order either way
# (tests/shell/rccl_mpi/inline.hip).
# shellcheck disable=SC2086,SC2046
if ! "$HIPCC" $TF -O2 $(mpicxx --showme:compile) \
     "$REPO/tests/shell/rccl_mpi/inline.hip" -o inline \
     $(mpicxx --showme:link) -lrccl 2> build.txt; then
  echo "FAIL: build inline"; cat build.txt; exit 1
fi
for run in "2 inline init" "2 queued init 0" "2 queued thread" "3 inline init" \
           "3 queued thread"; do
  read -r np path mode max <<< "$run"
  out=$(HIPC_RCCL_INLINE_MAX=$max timeout 60 mpirun --oversubscribe \
        --bind-to none -x HIPC_RCCL_INLINE_MAX -np "$np" ./inline "$path" \
        "$mode" 2>&1)
  st=$?
  check "$np ranks, inline.hip: $path, $mode" test $st -eq 0
  [ $st -eq 0 ] || echo "$out" | tail -20
done
# Buffers staged through pinned memory, as a GPU's are (HIPC_RCCL_STAGE).
for np in 2 3; do
  out=$(HIPC_RCCL_STAGE=1 timeout 60 mpirun --oversubscribe --bind-to none \
        -x HIPC_RCCL_STAGE -np $np ./ranks thread 2>&1)
  st=$?
  check "$np ranks, thread, staged" test $st -eq 0
  [ $st -eq 0 ] || echo "$out" | tail -20
done
# The GPU-to-GPU collectives (src/lib/rccl/gpu_peer.c) over the CPU device's
# IPC, taken when buffers are staged as a GPU's by every call, buffers
# freed and reallocated at the same addresses included (each rank says so
# for each call: HIPC_RCCL_LOG=2), and left with HIPC_RCCL_STAGED=1 (each
# call says why); tests/shell/rccl_mpi/peer.hip touches its buffers
# through hipMemcpy only, as on GPUs.
# shellcheck disable=SC2086,SC2046
if ! "$HIPCC" $TF -O2 $(mpicxx --showme:compile) \
     "$REPO/tests/shell/rccl_mpi/peer.hip" -o peer \
     $(mpicxx --showme:link) -lrccl 2> build.txt; then
  echo "FAIL: build peer"; cat build.txt; exit 1
fi
export HIPC_RCCL_LOG=2
for np in 2 3; do
  for staged in 0 1; do
    out=$(HIPC_RCCL_STAGE=1 HIPC_RCCL_STAGED=$staged timeout 60 mpirun \
          --oversubscribe --bind-to none -x HIPC_RCCL_STAGE -x HIPC_RCCL_STAGED \
          -x HIPC_RCCL_LOG -np $np ./peer 2>&1)
    st=$?
    check "$np ranks, peer.hip, HIPC_RCCL_STAGED=$staged" test $st -eq 0
    for kind in all-reduce 'small all-reduce' broadcast reduce all-gather \
                reduce-scatter; do
      for ((r = 0; r < np; r++)); do
        said=$(echo "$out" | grep -c "rank $r of $np: $kind GPU to GPU")
        why=$(echo "$out" |
              grep -c "rank $r of $np: $kind staged (.*HIPC_RCCL_STAGED=1")
        if [ "$staged" = 0 ]; then
          check "$np ranks: rank $r's $kind went GPU to GPU $said times" \
            test "$said" -gt 0
        else
          check "$np ranks, HIPC_RCCL_STAGED=1: rank $r's $kind staged $why times, GPU to GPU $said" \
            test "$said" -eq 0 -a "$why" -gt 0
        fi
      done
    done
    staged_calls=$(echo "$out" | grep -c ' staged (')
    if [ "$staged" = 0 ]; then
      check "$np ranks: no call staged ($staged_calls were)" \
        test "$staged_calls" -eq 0
      [ "$staged_calls" -eq 0 ] || echo "$out" | grep ' staged (' | head -5
    fi
    [ $st -eq 0 ] || echo "$out" | tail -20
  done
done
exit $fail
