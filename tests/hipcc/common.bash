# Shared set-up of the hipcc shell tests (sourced): absolute HIPCC and
# BUILD, a scratch directory that is removed on exit and is the current
# directory, and `fail`, which a test sets to 1 on a failed check.
HIPCC=$(realpath "${HIPCC:-build/bin/hipcc}")
BUILD=$(realpath "${BUILD:-build}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail=0

# check DESCRIPTION COMMAND...: the command must succeed.
check() {
  local what=$1
  shift
  if ! "$@"; then
    echo "FAIL: $what"
    fail=1
  fi
}

# The device pass's tools (clang-19, the CUDA toolkit's ptxas) and the
# installed headers, or the test is skipped (exit 77). Sets CUDA.
need_device_pass() {
  CUDA=${CUDA_PATH:-/usr/local/cuda}
  if ! command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
     [ ! -x "$CUDA/bin/ptxas" ] ||
     [ ! -e "$BUILD/include/hip/hip_runtime.h" ]; then
    echo "skip: needs clang-19, $CUDA/bin/ptxas and $BUILD/include"
    exit 77
  fi
}

# The shared libhipc, or the test is skipped (exit 77).
need_libhipc() {
  if [ ! -e "$BUILD/lib/libhipc.so" ]; then
    echo "skip: $BUILD/lib/libhipc.so is not built"
    exit 77
  fi
}
