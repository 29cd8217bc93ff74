#!/usr/bin/env bash
# The CUDA backend makes a GPU's primary context on the device's first use
# (docs/nvidia.md, "Start-up"), checked against a fake libcuda.so.1
# (tests/shell/cuda_fake_driver: two GPUs, counting context retains and
# streams): counting GPUs and reading their properties make none; eight
# threads' first allocations on one GPU make one; waiting for an unused GPU
# makes none; peer access makes the peer's; HIPC_CUDA_EAGER_CONTEXT=1 makes
# both at init. The fake's other entry points are stubs made by
# cuda_fake_driver/build.bash from the backend's list.
set -u
fake_dir=$(realpath "$(dirname "${BASH_SOURCE[0]}")/cuda_fake_driver")
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
. "$fake_dir/build.bash"
need_libhipc
build_fake_test lazy_context.c lazy -pthread
HIPC_DEVICES=gpu ./lazy > out.txt 2>&1
rc=$?
check "contexts on first use ($(cat out.txt))" test $rc -eq 0
HIPC_DEVICES=gpu HIPC_CUDA_EAGER_CONTEXT=1 ./lazy eager > out.txt 2>&1
rc=$?
check "HIPC_CUDA_EAGER_CONTEXT=1: contexts at init ($(cat out.txt))" \
  test $rc -eq 0
HIPC_DEVICES=gpu ./lazy peer > out.txt 2>&1
rc=$?
check "peer access makes the peer's context ($(cat out.txt))" test $rc -eq 0
# The check itself: the lazy checks fail where contexts come at init.
HIPC_DEVICES=gpu HIPC_CUDA_EAGER_CONTEXT=1 ./lazy > out.txt 2>&1
rc=$?
check "eager contexts fail the lazy checks" test $rc -ne 0
check "... at the count of contexts" grep -q 'retain0") == 0' out.txt
exit $fail
