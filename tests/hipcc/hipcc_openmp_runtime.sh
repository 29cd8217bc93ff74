#!/usr/bin/env bash
# A program built with `hipcc -fopenmp` loads LLVM's OpenMP runtime from
# hipc's library folder, beside libhipc.so (the Makefile copies libomp.so.5
# there), through the run path hipcc gives every program: a GPU machine
# that has only the CUDA driver and hipc's library folder runs it. The
# OpenMP loop's sum is checked against the closed form.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
if [ ! -e "$BUILD/lib/libomp.so.5" ]; then
  echo "skip: $BUILD/lib/libomp.so.5 is not there (libomp-19-dev)"
  exit 77
fi
cat > omp.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <omp.h>
#include <cstdio>
__global__ void twice(int* v) { v[threadIdx.x] *= 2; }
int main() {
  long sum = 0;
#pragma omp parallel for reduction(+ : sum) num_threads(4)
  for (int i = 1; i <= 1000; i++) sum += i;
  int h[4] = {1, 2, 3, 4}, *d;
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  twice<<<1, 4>>>(d);
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%ld %d %d\n", sum, h[0], h[3]);
  return 0;
}
SRC
"$HIPCC" -O2 -fopenmp omp.hip -o omp > err.txt 2>&1
rc=$?
check "builds with -fopenmp: $(tail -3 err.txt)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || exit $fail
where=$(env -u LD_LIBRARY_PATH ldd ./omp | awk '$1 == "libomp.so.5" {print $3}')
check "libomp.so.5 comes from $BUILD/lib (ldd says '$where')" \
  [ "$where" = "$BUILD/lib/libomp.so.5" ]
got=$(env -u LD_LIBRARY_PATH HIPC_DEVICES=cpu ./omp 2>&1)
check "runs: '$got'" [ "$got" = "500500 2 8" ]
exit $fail
