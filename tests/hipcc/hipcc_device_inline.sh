#!/usr/bin/env bash
# hipcc's device pass inlines as nvcc does: a large inline member function
# (twenty rounds of a stream cipher's quarter-rounds on a 16-word state,
# unrolled by `#pragma unroll`) called in a kernel's loop is inlined, not
# left a call whose state lives in local memory (HeCBench chacha20 ran 1.33 times nvcc's time with the call).
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > inl.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdint>

struct block {
  uint32_t s[16];
  __device__ static uint32_t rotl(uint32_t x, int n) {
    return (x << n) | (x >> (32 - n));
  }
  __device__ static void qr(uint32_t* x, int a, int b, int c, int d) {
    x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);
    x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);
    x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);
    x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);
  }
  __device__ void next(uint32_t out[16]) {
    uint32_t* x = out;
    for (int i = 0; i < 16; i++) x[i] = s[i];
#pragma unroll
    for (int r = 0; r < 10; r++) {
      qr(x, 0, 4, 8, 12); qr(x, 1, 5, 9, 13);
      qr(x, 2, 6, 10, 14); qr(x, 3, 7, 11, 15);
      qr(x, 0, 5, 10, 15); qr(x, 1, 6, 11, 12);
      qr(x, 2, 7, 8, 13); qr(x, 3, 4, 9, 14);
    }
    for (int i = 0; i < 16; i++) out[i] += s[i];
    s[12]++;
  }
};

__global__ void k_stream(uint32_t* out, const uint32_t* key, int blocks) {
  block b;
  for (int i = 0; i < 16; i++) b.s[i] = key[i] + threadIdx.x;
  for (int n = 0; n < blocks; n++) {
    uint32_t w[16];
    b.next(w);
    for (int i = 0; i < 16; i++) out[(n * 16 + i) * blockDim.x + threadIdx.x] = w[i];
  }
}
SRC
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c inl.hip -o inl.o 2> err.txt
[ $? -eq 0 ] || { echo "FAIL: inl.hip builds: $(head -5 err.txt)"; exit 1; }
if grep -Eq 'call(\.uni)?[[:space:]]' inl.sm_90.ptx; then
  echo "FAIL: the block function is called, not inlined:"
  grep -E '\.func|call' inl.sm_90.ptx | head -5
  exit 1
fi
grep -q 'shf\.l\.wrap\.b32' inl.sm_90.ptx ||
  { echo "FAIL: no rotate in the kernel"; exit 1; }
exit 0
