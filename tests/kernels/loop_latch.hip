// Loops of constant count whose exits the GPU pass rewrites into nvcc's
// form, a test of the induction variable's next value (nvptx_latch.c;
// tests/hipcc/hipcc_device_latch.sh checks the PTX): HeCBench cmembench's
// constant-memory sum, and steps, bounds and predicates around it (signed
// and unsigned, <, <=, !=, counting down, 64-bit, near the type's top, a
// start known at run time only), each summing its indices and the data
// they pick, against the same function on the host.
#include <cstdint>

#include "common.h"

constexpr int kData = 1024;
__constant__ int table[kData];

// Every shape reads `data` through its index and mixes in the index
// itself, so that a wrong trip count or a wrong index changes the sum.
__host__ __device__ unsigned step(unsigned s, int v, long long j) {
  return (s ^ (unsigned)v) * 16777619u + (unsigned)j;
}

__host__ __device__ unsigned shapes(const int* data, int which) {
  unsigned s = 2166136261u;
  switch (which) {
    case 0:  // cmembench: 4 passes of j += 4 below 1024
      for (int i = 0; i < 4; i++)
        for (unsigned j = 0; j < kData; j += 4) s = step(s, data[j + i], j);
      break;
    case 1:  // signed, odd start and step
      for (int j = -37; j < 980; j += 3) s = step(s, data[j + 37], j);
      break;
    case 2:  // <=
      for (int j = 0; j <= 999; j += 2) s = step(s, data[j], j);
      break;
    case 3:  // !=
      for (unsigned j = 0; j != 1024; j += 8) s = step(s, data[j], j);
      break;
    case 4:  // counting down
      for (int j = 1000; j > 3; j -= 7) s = step(s, data[j], j);
      break;
    case 5:  // 64-bit
      for (long long j = 0; j < 5000; j += 5) s = step(s, data[j % kData], j);
      break;
    case 6:  // unsigned, bound near the top of the type
      for (unsigned j = 4294966000u; j < 4294967280u; j += 16)
        s = step(s, data[j & (kData - 1)], j);
      break;
    case 7:  // signed, negative bound
      for (int j = -3000; j < -40; j += 12) s = step(s, data[-j % kData], j);
      break;
    default:  // a start known at run time only (37 here)
      for (int j = which + 29; j < 1000; j += 6) s = step(s, data[j], j);
      break;
  }
  return s;
}

constexpr int kShapes = 9;

__global__ void from_constant(unsigned* out) {
  out[threadIdx.x] = shapes(table, threadIdx.x % kShapes);
}

__global__ void from_global(const int* data, unsigned* out) {
  out[threadIdx.x] = shapes(data, threadIdx.x % kShapes);
}

int main() {
  int host[kData];
  for (int i = 0; i < kData; i++) host[i] = (i * 7919) ^ (i >> 3);
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), host, sizeof host));
  int* data;
  unsigned* out;
  HIP_CHECK(hipMalloc(&data, sizeof host));
  HIP_CHECK(hipMemcpy(data, host, sizeof host, hipMemcpyHostToDevice));
  HIP_CHECK(hipMalloc(&out, 2 * kShapes * sizeof(unsigned)));
  from_constant<<<1, kShapes>>>(out);
  from_global<<<1, kShapes>>>(data, out + kShapes);
  HIP_CHECK(hipGetLastError());
  unsigned got[2 * kShapes];
  HIP_CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost));
  for (int k = 0; k < 2 * kShapes; k++)
    CHECK_EQ(got[k], shapes(host, k % kShapes));
  HIP_CHECK(hipFree(data));
  HIP_CHECK(hipFree(out));
  return test_summary("loop_latch");
}
