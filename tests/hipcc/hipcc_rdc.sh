#!/usr/bin/env bash
# Device code across translation units on the CPU device (relocatable
# device code; -fgpu-rdc or not): a kernel of one file calls a __device__
# function and uses an `extern __device__` variable of another file, and
# both see one variable.
set -u
# Programs built without the sanitizers cannot load a sanitised libhipc.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
unset HIPC_OFFLOAD_ARCH
cat > a.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ int counter = 5;
__device__ int twice(int x) { return 2 * x + counter; }
__global__ void bump() { atomicAdd(&counter, 1); }
SRC
cat > b.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
extern __device__ int counter;
__device__ int twice(int x);
__global__ void bump();
__global__ void k(int* o) { o[threadIdx.x] = twice(threadIdx.x); }
int main() {
  int* d;
  int h[64];
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 2;
  for (int round = 0; round < 2; round++) {
    k<<<1, 64>>>(d);
    if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
      return 3;
    for (int i = 0; i < 64; i++)
      if (h[i] != 2 * i + 5 + 64 * round) {
        printf("round %d: o[%d] = %d\n", round, i, h[i]);
        return 1;
      }
    bump<<<1, 64>>>();  // a.hip's kernel adds to the variable b.hip reads
  }
  return 0;
}
SRC
for rdc in "" -fgpu-rdc; do
  "$HIPCC" $rdc -O2 a.hip b.hip -o prog 2> err.txt
  check "builds with '$rdc' ($(cat err.txt))" [ -x prog ]
  check "runs with '$rdc'" ./prog
  rm -f prog
done
exit $fail
