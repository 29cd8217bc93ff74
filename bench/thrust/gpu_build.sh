#!/usr/bin/env bash
# Builds thrust::sort (bench/thrust/thrust_sort.hip) and the same sort
# through hipCUB's own API (bench/hipcub/hipcub_sort.hip) for an NVIDIA GPU
# (hipcc --offload-arch=$HIPC_GPU_ARCH, default sm_90). Output:
# $BUILD/bench-thrust-gpu, run there by bench/thrust/gpu_run.sh.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ARCH=${HIPC_GPU_ARCH:-sm_90}
OUT=$BUILD/bench-thrust-gpu
mkdir -p "$OUT/logs"
status=0
for src in bench/thrust/thrust_sort.hip bench/hipcub/hipcub_sort.hip; do
  name=$(basename "$src" .hip)
  "$BUILD/bin/hipcc" --offload-arch="$ARCH" -O3 -Ibench/hipcub "$src" \
    -o "$OUT/$name" > "$OUT/logs/$name.build.txt" 2>&1 \
    || { echo "hipcc $name failed (see $OUT/logs)"; status=1; }
done
echo "bench-thrust-gpu: built into $OUT"
exit $status
