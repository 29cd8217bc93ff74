#!/usr/bin/env bash
# The driver calls behind stream creation, pageable hipMemcpyAsync and
# stream destruction on a GPU (docs/nvidia.md, "queue.c"), counted by a
# fake libcuda.so.1 (tests/shell/cuda_fake_driver): one cuMemcpyAsync a
# copy, no event per stream, the null-stream rules asking the driver only
# when work was begun since (cuda_fake_driver/call_counts.c says what).
set -u
fake_dir=$(realpath "$(dirname "${BASH_SOURCE[0]}")/cuda_fake_driver")
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
. "$fake_dir/build.bash"
need_libhipc
build_fake_test call_counts.c counts
HIPC_DEVICES=gpu ./counts > out.txt 2>&1
rc=$?
check "driver calls per copy and per stream ($(cat out.txt))" test $rc -eq 0
exit $fail
