#!/usr/bin/env bash
# Pageable-copy costs on a GPU (issue #20, HeCBench streamCreateCopyDestroy):
#   bench/gpu/stream_copy.sh build [HECBENCH_SRC]   here, with a compiler
#   bench/gpu/stream_copy.sh run                    on the GPU machine
# `build` makes $BUILD/stream7: stream_copy (hipcc) and stream_copy.cuda
# (nvcc, the same source through cuda_shim), copy_driver (the driver
# alone), new/libhipc.so (this tree's), and, given HeCBench's src folder,
# its streamCreateCopyDestroy built both ways (sccd, sccd.cuda). A
# base/libhipc.so put there by hand (another commit's) is run too.
# `run` runs each hipc binary with every libhipc.so there and the nvcc
# builds, alternating, BENCH_ROUNDS (3) times, then copy_driver once.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
OUT=$BUILD/stream7
ARCH=${HIPC_GPU_ARCH:-sm_90}
CUDA=${CUDA_PATH:-/usr/local/cuda}

if [ "${1:-}" = build ]; then
  mkdir -p "$OUT/new"
  cp "$BUILD/lib/libhipc.so" "$OUT/new/" || exit 1
  "$BUILD/bin/hipcc" -O3 --offload-arch="$ARCH" bench/gpu/stream_copy.hip \
    -o "$OUT/stream_copy" || exit 1
  "$CUDA/bin/nvcc" -O3 -arch="$ARCH" -std=c++17 -Ibench/gpu/cuda_shim \
    -x cu bench/gpu/stream_copy.hip -o "$OUT/stream_copy.cuda" || exit 1
  ${CC:-cc} -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L \
    -I"$CUDA/include" bench/gpu/copy_driver.c -L"$CUDA/lib64/stubs" -lcuda \
    -o "$OUT/copy_driver" || exit 1
  if [ -n "${2:-}" ]; then
    "$BUILD/bin/hipcc" -std=c++17 -O3 --offload-arch="$ARCH" -x hip -w \
      "$2/streamCreateCopyDestroy-hip/main.cu" -o "$OUT/sccd" || exit 1
    "$CUDA/bin/nvcc" -std=c++17 -O3 -arch="$ARCH" \
      "$2/streamCreateCopyDestroy-cuda/main.cu" -o "$OUT/sccd.cuda" || exit 1
  fi
  echo "stream_copy: built into $OUT"
  exit 0
fi

[ "${1:-}" = run ] || { echo "usage: $0 build [HECBENCH_SRC] | run"; exit 2; }
export HIPC_DEVICES=${HIPC_DEVICES:-gpu}
status=0
for round in $(seq 1 "${BENCH_ROUNDS:-3}"); do
  for prog in stream_copy sccd; do
    [ -x "$OUT/$prog" ] || continue
    for lib in "$OUT"/*/libhipc.so; do
      echo "== $prog hipc $(basename "$(dirname "$lib")") (round $round)"
      LD_LIBRARY_PATH=$(dirname "$lib") "$OUT/$prog" || status=1
    done
    echo "== $prog nvcc (round $round)"
    "$OUT/$prog.cuda" || status=1
  done
done
echo "== copy_driver"
"$OUT/copy_driver" || status=1
exit $status
