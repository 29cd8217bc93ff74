#!/usr/bin/env bash
# Programs that declare what hipc's headers declare build unmodified
# (issue #20; both HeCBench programs failed to build with hipc only):
# - addBiasQKV defines its own `__device__ __hip_bfloat162
#   __float2bfloat162_rn(float)`: hipc's is a template, so the program's
#   overloads it and wins in device code, while host code takes hipc's.
# - mriQ includes <malloc.h> beside <stdlib.h>: its valloc and reallocarray
#   must agree with the __host__ __device__ declarations of the host pass.
# Run on the CPU device; the two values tell which function each side took.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH
need_libhipc
cat > c.hip <<'SRC'
#include <stdio.h>
#include <stdlib.h>
#include <malloc.h>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_fp8.h>

// The program's own, as addBiasQKV writes it: not a splat, so that the
// result tells which one was called.
inline __device__ __hip_bfloat162 __float2bfloat162_rn(const float a) {
  return __hip_bfloat162{__float2bfloat16(a), __float2bfloat16(a + 1.0f)};
}

__global__ void k(float *out, float v) {
  __hip_bfloat162 b = __float2bfloat162_rn(v);
  out[0] = __bfloat162float(b.x);
  out[1] = __bfloat162float(b.y);
}

int main() {
  float *d, h[2] = {0, 0};
  void *p = valloc(64);
  int *q = (int *)reallocarray(NULL, 4, sizeof(int));
  if (p == NULL || q == NULL) return 2;
  free(p);
  free(q);
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 3;
  k<<<1, 1>>>(d, 2.0f);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 4;
  __hip_bfloat162 host = __float2bfloat162_rn(3.0f);
  printf("%g %g %g %g\n", h[0], h[1], __bfloat162float(host.x),
         __bfloat162float(host.y));
  return hipFree(d) == hipSuccess ? 0 : 5;
}
SRC
"$HIPCC" -O2 c.hip -o c 2> err.txt ||
  { echo "FAIL: c.hip does not build"; head -20 err.txt; exit 1; }
expect_output "device code calls the program's function, host code hipc's" \
  "2 3 3 3" ./c
exit $fail
