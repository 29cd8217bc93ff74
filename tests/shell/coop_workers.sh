#!/usr/bin/env bash
# The cooperative launch tests again with 1 and 3 worker threads: a grid of
# many blocks on a single worker, and blocks spread unevenly. (Uses the
# kernel test built by tests/run.sh; skipped when it is not there.)
set -u
bin=$BUILD/tests/kernels/coop_grid
[ -x "$bin" ] || exit 77
for n in 1 3; do
  for ws in 64 32; do
    HIPC_CPU_THREADS=$n HIPC_WARP_SIZE=$ws timeout 60 "$bin" >"$BUILD/tests/logs/coop_workers.out" 2>&1 || {
      echo "HIPC_CPU_THREADS=$n HIPC_WARP_SIZE=$ws:"
      cat "$BUILD/tests/logs/coop_workers.out"
      exit 1
    }
  done
done
exit 0
