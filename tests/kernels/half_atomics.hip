// atomicAdd, unsafeAtomicAdd and safeAtomicAdd on __half, __half2,
// __hip_bfloat16 and __hip_bfloat162 (hip/hipc/atomic_half.h): many
// threads add to one word; the totals are computed on the host by adding
// in the same type, which every order gives alike here (the sums stay
// exact, or stop at the same value once an addition no longer changes the
// total).
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#include "common.h"

__global__ void add_all(__half2* h2, __hip_bfloat162* b2, __half* h,
                        __hip_bfloat16* b, float* f) {
  __half2 v2{__float2half(1.0f), __float2half(2.0f)};
  unsafeAtomicAdd(h2, v2);
  __hip_bfloat162 w2{__float2bfloat16(1.0f), __float2bfloat16(0.5f)};
  atomicAdd(b2, w2);
  __half old = atomicAdd(h, __float2half(0.25f));
  safeAtomicAdd(b, __float2bfloat16(1.0f));
  // Every value returned is one the word held: a multiple of 0.25 below
  // the total.
  atomicAdd(f, __half2float(old));
}

int main() {
  const int blocks = 8, threads = 64, n = blocks * threads;
  __half2* h2;
  __hip_bfloat162* b2;
  __half* h;
  __hip_bfloat16* b;
  float* f;
  HIP_CHECK(hipMalloc(&h2, sizeof *h2));
  HIP_CHECK(hipMalloc(&b2, sizeof *b2));
  HIP_CHECK(hipMalloc(&h, sizeof *h));
  HIP_CHECK(hipMalloc(&b, sizeof *b));
  HIP_CHECK(hipMalloc(&f, sizeof *f));
  HIP_CHECK(hipMemset(h2, 0, sizeof *h2));
  HIP_CHECK(hipMemset(b2, 0, sizeof *b2));
  HIP_CHECK(hipMemset(h, 0, sizeof *h));
  HIP_CHECK(hipMemset(b, 0, sizeof *b));
  HIP_CHECK(hipMemset(f, 0, sizeof *f));
  add_all<<<blocks, threads>>>(h2, b2, h, b, f);
  HIP_CHECK(hipGetLastError());
  __half2 g2;
  __hip_bfloat162 c2;
  __half g;
  __hip_bfloat16 c;
  float olds;
  HIP_CHECK(hipMemcpy(&g2, h2, sizeof g2, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&c2, b2, sizeof c2, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&g, h, sizeof g, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&c, b, sizeof c, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&olds, f, sizeof olds, hipMemcpyDeviceToHost));
  // The host's sums, in the same types.
  __half sx = __float2half(0.0f), sy = sx, s = sx;
  __hip_bfloat16 tx = __float2bfloat16(0.0f), ty = tx, t = tx;
  float want_olds = 0.0f;
  for (int i = 0; i < n; i++) {
    sx = __hadd(sx, __float2half(1.0f));
    sy = __hadd(sy, __float2half(2.0f));
    tx = tx + __float2bfloat16(1.0f);
    ty = ty + __float2bfloat16(0.5f);
    want_olds += __half2float(s);
    s = __hadd(s, __float2half(0.25f));
    t = t + __float2bfloat16(1.0f);
  }
  CHECK_EQ(__low2float(g2), __half2float(sx));
  CHECK_EQ(__high2float(g2), __half2float(sy));
  CHECK_EQ(__bfloat162float(c2.x), __bfloat162float(tx));
  CHECK_EQ(__bfloat162float(c2.y), __bfloat162float(ty));
  CHECK_EQ(__half2float(g), __half2float(s));
  CHECK_EQ(__bfloat162float(c), __bfloat162float(t));
  // Each thread saw a different old value: their sum is 0 + 0.25 + ...
  CHECK_EQ(olds, want_olds);
  HIP_CHECK(hipFree(h2));
  HIP_CHECK(hipFree(b2));
  HIP_CHECK(hipFree(h));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(f));
  return test_summary("half_atomics");
}
