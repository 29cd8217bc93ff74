#!/usr/bin/env bash
# Builds everything a GPU machine runs (GPU test suite, GPU benchmarks) and
# copies it, with the scripts that run it, into one folder ($1, default
# $BUILD/gpu-bundle): a small tree that tests/gpu/run_on_device.sh runs
# from, with no compiler and no make (README.md, "Tests").
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
DEST=${1:-$BUILD/gpu-bundle}
make -j2 BUILD="$BUILD" all >/dev/null
BUILD=$BUILD TEST_GPU=1 TEST_BUILD_ONLY=1 tests/run.sh
BUILD=$BUILD bench/gpu/build.sh
rm -rf "$DEST"
mkdir -p "$DEST/build" "$DEST/tests" "$DEST/bench"
cp -r tests/run.sh tests/unit tests/gpu "$DEST/tests/"
mkdir -p "$DEST/tests/kernels" "$DEST/tests/hipcc" "$DEST/tests/shell"
cp tests/kernels/*.hip "$DEST/tests/kernels/"
cp -r bench/gpu "$DEST/bench/"
mkdir -p "$DEST/build/lib"
# libhipc and the HIP libraries (libhiprand, ...), which the tests link,
# and LLVM's OpenMP runtime, which programs built with -fopenmp load.
cp "$BUILD"/lib/lib*.so "$DEST/build/lib/"
[ -e "$BUILD/lib/libomp.so.5" ] && cp "$BUILD/lib/libomp.so.5" "$DEST/build/lib/"
# Binaries without their build logs and debug information.
for d in tests-gpu bench-gpu; do
  (cd "$BUILD" && find "$d" -type f -perm -u+x ! -path '*/logs/*') |
    while read -r f; do
      mkdir -p "$DEST/build/$(dirname "$f")"
      strip -g -o "$DEST/build/$f" "$BUILD/$f" 2>/dev/null || cp "$BUILD/$f" "$DEST/build/$f"
    done
done
# The module API with GPU code objects (tests/shell/module_api).
HIPCC=$BUILD/bin/hipcc tests/shell/module_api/build_gpu.sh "$DEST/build/module-api"
du -sh "$DEST"
