#!/usr/bin/env bash
# Builds the hipCUB workloads (bench/hipcub/hipcub_{sort,scan,reduce}.hip)
# for an NVIDIA GPU twice: with hipcc --offload-arch=$HIPC_GPU_ARCH
# (default sm_90; hipCUB's GPU kernels) and, as the reference, with nvcc
# against CUB (bench/hipcub/cub_shim, bench/gpu/cuda_shim). Output:
# $BUILD/bench-hipcub-gpu, run there by bench/hipcub/gpu_run.sh.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ARCH=${HIPC_GPU_ARCH:-sm_90}
NVCC=${NVCC:-${CUDA_PATH:-/usr/local/cuda}/bin/nvcc}
OUT=$BUILD/bench-hipcub-gpu
mkdir -p "$OUT/logs"
status=0
for w in sort sort_pairs scan reduce; do
  src=bench/hipcub/hipcub_$w.hip
  "$BUILD/bin/hipcc" --offload-arch="$ARCH" -O3 -Ibench/hipcub "$src" \
    -o "$OUT/hipcub_$w.hipc" > "$OUT/logs/hipcub_$w.hipc.build.txt" 2>&1 \
    || { echo "hipcc $w failed (see $OUT/logs)"; status=1; }
  "$NVCC" -O3 -arch="$ARCH" -std=c++17 -x cu -Ibench/hipcub/cub_shim \
    -Ibench/gpu/cuda_shim -Ibench/hipcub "$src" -o "$OUT/hipcub_$w.cub" \
    > "$OUT/logs/hipcub_$w.cub.build.txt" 2>&1 \
    || { echo "nvcc $w failed (see $OUT/logs)"; status=1; }
done
echo "bench-hipcub-gpu: built into $OUT"
exit $status
