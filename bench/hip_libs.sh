#!/usr/bin/env bash
# hipBLAS and hipFFT on the CPU device against OpenBLAS and FFTW called
# directly, in one program (bench/hip_libs.c; bench/README.md). Run from
# the repository root after make (make bench runs it). Skipped where
# libhipblas or libhipfft is not built; exits 1 if the program fails to
# build, crashes or finds the two sides disagree.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
CC=${CC:-cc}
OUT=$BUILD/bench
mkdir -p "$OUT/logs"
if [ ! -e "$BUILD/lib/libhipblas.so" ] || [ ! -e "$BUILD/lib/libhipfft.so" ]; then
  echo "hip_libs: skipped (libhipblas or libhipfft is not built)"
  exit 0
fi
lib=$(realpath "$BUILD/lib")
if ! "$CC" -std=c11 -O2 -Iinclude bench/hip_libs.c -o "$OUT/hip_libs" \
    $(pkg-config --cflags --libs openblas 2>/dev/null || echo -lopenblas) \
    -lfftw3f_threads -lfftw3f -L"$lib" -Wl,-rpath,"$lib" \
    -lhipblas -lhipfft -lhipc -lm >"$OUT/logs/hip_libs.build.txt" 2>&1; then
  echo "hip_libs: build failed:"
  tail -n 20 "$OUT/logs/hip_libs.build.txt" | sed 's/^/  /'
  exit 1
fi
export HIPC_CPU_THREADS=${HIPC_CPU_THREADS:-$(nproc)}
timeout "${BENCH_TIMEOUT:-300}" "$OUT/hip_libs"
