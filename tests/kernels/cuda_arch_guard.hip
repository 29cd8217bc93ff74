// HIP code that came from CUDA guards PTX inline assembly with
// __CUDA_ARCH__ and keeps a portable path for the rest (HeCBench
// bitcracker's `lop3.b32` under `__CUDA_ARCH__ >= 500`). AMD's HIP does
// not define __CUDA_ARCH__, nor does hipc's CPU device pass, which cannot
// run PTX: the portable path builds and runs there. An NVIDIA GPU's pass
// defines it as nvcc does (its `sm_` number times 10) and runs the
// assembly. Both paths must compute the same three-input functions.
#include <cstdlib>
#include <cstring>

#include "common.h"

__device__ unsigned xor3(unsigned a, unsigned b, unsigned c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 500
  unsigned d;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
#else
  return a ^ b ^ c;
#endif
}

__device__ unsigned choose(unsigned g, unsigned e, unsigned f) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 500
  unsigned d;
  asm("lop3.b32 %0, %1, %2, %3, 0xb8;" : "=r"(d) : "r"(g), "r"(e), "r"(f));
  return d;
#else
  return g ^ (e & (f ^ g));
#endif
}

__global__ void mix(const unsigned* in, unsigned* out, int* arch, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned a = in[i], b = in[(i + 1) % n], c = in[(i + 7) % n];
    out[2 * i] = xor3(a, b, c);
    out[2 * i + 1] = choose(a, b, c);
  }
  if (i == 0) {
#ifdef __CUDA_ARCH__
    *arch = __CUDA_ARCH__;
#else
    *arch = 0;
#endif
  }
}

int main() {
  constexpr int n = 1000;
  unsigned in[n], got[2 * n];
  for (int i = 0; i < n; i++) in[i] = 2654435761u * (unsigned)(i + 1);
  unsigned *din, *dout;
  int* darch;
  HIP_CHECK(hipMalloc(&din, sizeof in));
  HIP_CHECK(hipMalloc(&dout, sizeof got));
  HIP_CHECK(hipMalloc(&darch, sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in, sizeof in, hipMemcpyHostToDevice));
  mix<<<(n + 255) / 256, 256>>>(din, dout, darch, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
  int arch;
  HIP_CHECK(hipMemcpy(&arch, darch, sizeof arch, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    unsigned a = in[i], b = in[(i + 1) % n], c = in[(i + 7) % n];
    // lop3's tables, bit by bit: 0x96 is one where an odd number of the
    // inputs is, 0xb8 c where b is set and a elsewhere.
    unsigned x = 0, y = 0;
    for (int bit = 0; bit < 32; bit++) {
      int k = (int)((a >> bit & 1) << 2 | (b >> bit & 1) << 1 | (c >> bit & 1));
      x |= (unsigned)(0x96 >> k & 1) << bit;
      y |= (unsigned)(0xb8 >> k & 1) << bit;
    }
    CHECK_EQ(got[2 * i], x);
    CHECK_EQ(got[2 * i + 1], y);
  }
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  if (std::strncmp(p.gcnArchName, "sm_", 3) == 0)
    CHECK_EQ(arch, 10 * std::atoi(p.gcnArchName + 3));
  else
    CHECK_EQ(arch, 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(darch));
  return test_summary("cuda_arch_guard");
}
