#!/usr/bin/env bash
# Builds the GPU benchmarks (see bench/README.md, "GPU"): each workload of
# ${HIPC_BENCH_DIR:-../shared/bench}, plus bench/gpu/bandwidth.hip,
# bench/gpu/launch_submit.hip, bench/gpu/startup.hip and
# bench/gpu/stream_copy.hip, twice:
# with hipcc --offload-arch=$HIPC_GPU_ARCH (default sm_90) and, as the
# reference, with nvcc -O3 -arch=$HIPC_GPU_ARCH from the very same source
# (bench/gpu/cuda_shim maps the few HIP names they use onto CUDA's). Also
# bench/gpu/launch_c.c and bench/gpu/copy_driver.c. Output: $BUILD/bench-gpu, run there by
# bench/gpu/run.sh, which needs no compiler.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
BENCH_DIR=${HIPC_BENCH_DIR:-../shared/bench}
ARCH=${HIPC_GPU_ARCH:-sm_90}
NVCC=${NVCC:-${CUDA_PATH:-/usr/local/cuda}/bin/nvcc}
OUT=$BUILD/bench-gpu
HIPCC=$BUILD/bin/hipcc
mkdir -p "$OUT/logs"
status=0

build() { # name log command...
  local name=$1 log=$2; shift 2
  if ! "$@" >"$log" 2>&1; then
    echo "bench-gpu: building $name failed:"; tail -n 15 "$log" | sed 's/^/  /'
    status=1
  fi
}

for src in "$BENCH_DIR"/*.hip bench/gpu/bandwidth.hip bench/gpu/launch_submit.hip \
    bench/gpu/startup.hip bench/gpu/stream_copy.hip bench/gpu/api_latency.hip; do
  [ -e "$src" ] || continue
  name=$(basename "$src" .hip)
  rm -f "$OUT/$name" "$OUT/$name.cuda"
  build "$name" "$OUT/logs/$name.build.txt" \
    "$HIPCC" -O3 --offload-arch="$ARCH" -I"$BENCH_DIR" "$src" -o "$OUT/$name"
  if [ -x "$NVCC" ]; then
    build "$name.cuda" "$OUT/logs/$name.cuda.build.txt" \
      "$NVCC" -O3 -arch="$ARCH" -std=c++17 -Ibench/gpu/cuda_shim -I"$BENCH_DIR" \
      -x cu "$src" -o "$OUT/$name.cuda"
  fi
done
# hipBLAS and hipFFT against cuBLAS and cuFFT (the shim's hipblas/hipfft
# headers name them), where hipc built the libraries.
if [ -e "$BUILD/lib/libhipblas.so" ] && [ -e "$BUILD/lib/libhipfft.so" ]; then
  rm -f "$OUT/hip_libs" "$OUT/hip_libs.cuda"
  build hip_libs "$OUT/logs/hip_libs.build.txt" \
    "$HIPCC" -O3 --offload-arch="$ARCH" bench/gpu/hip_libs.hip \
    -o "$OUT/hip_libs" -lhipblas -lhipfft
  if [ -x "$NVCC" ]; then
    build hip_libs.cuda "$OUT/logs/hip_libs.cuda.build.txt" \
      "$NVCC" -O3 -arch="$ARCH" -std=c++17 -Ibench/gpu/cuda_shim \
      -x cu bench/gpu/hip_libs.hip -o "$OUT/hip_libs.cuda" -lcublas -lcufft
  fi
fi
build launch_c "$OUT/logs/launch_c.build.txt" \
  "${CC:-cc}" -std=c11 -O2 -Wall -Wextra -Iinclude bench/gpu/launch_c.c \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lhipc -ldl -o "$OUT/launch_c"
# The driver's own copy costs beside stream_copy's (no hipc side).
CUDA_INC=${CUDA_PATH:-/usr/local/cuda}/include
CUDA_STUBS=${CUDA_PATH:-/usr/local/cuda}/lib64/stubs
if [ -e "$CUDA_INC/cuda.h" ]; then
  build copy_driver "$OUT/logs/copy_driver.build.txt" \
    "${CC:-cc}" -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L \
    -I"$CUDA_INC" bench/gpu/copy_driver.c -L"$CUDA_STUBS" -lcuda \
    -o "$OUT/copy_driver"
fi
echo "bench-gpu: built into $OUT"
exit $status
