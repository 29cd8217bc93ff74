#!/usr/bin/env bash
# The driver calls behind stream creation, pageable hipMemcpyAsync and
# stream destruction on a GPU (docs/nvidia.md, "queue.c"), counted by a
# fake libcuda.so.1 (tests/shell/cuda_fake_driver): one cuMemcpyAsync a
# copy, no event per stream, the null-stream rules asking the driver only
# when work was begun since (cuda_fake_driver/call_counts.c says what).
set -u
src=$(realpath "$(dirname "${BASH_SOURCE[0]}")/cuda_fake_driver")
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
. "$src/build.bash"
need_libhipc
if [ -n "${HIPC_SANITIZED:-}" ]; then
  echo "skip: the fake driver is not built with the sanitizers"
  exit 77
fi
CC=${CC:-cc}
if ! build_fake_cuda fake ||
   ! $CC -std=c11 -Wall -Wextra -Werror -I"$REPO/include" \
     "$src/call_counts.c" -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lhipc \
     -ldl -o counts 2>> build.txt; then
  echo "FAIL: build"; cat build.txt; exit 1
fi
unset HIP_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES HIPC_CUDA_EAGER_CONTEXT
export LD_LIBRARY_PATH=$PWD/fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
HIPC_DEVICES=gpu ./counts > out.txt 2>&1
rc=$?
check "driver calls per copy and per stream ($(cat out.txt))" test $rc -eq 0
exit $fail
