// Loops over constant and global arrays whose addresses the GPU pass makes
// 64-bit pointers stepped with the loop (nvptx_pointer_step.c;
// tests/hipcc/hipcc_device_pstep.sh checks the PTX): HeCBench cmembench's
// sums of int, int2 and int4 in constant memory, and offsets before and
// after the index, a signed index from below zero, doubles, loops one
// after another and a `__device__` table, each against the same function
// on the host.
#include "common.h"

constexpr int kData = 1024;
__constant__ int ctab[kData];
__constant__ double dtab[kData / 4];
__device__ int gtab[kData];

// Every shape mixes in the index itself, so that a wrong trip count or a
// wrong element changes the sum.
__host__ __device__ unsigned mix(unsigned s, int v, int j) {
  return (s ^ (unsigned)v) * 16777619u + (unsigned)j;
}

template <class T>
__host__ __device__ unsigned vectors(const int* data) {
  const T* p = (const T*)data;
  T sum{};
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < kData / (int)(sizeof(T) / sizeof(int)); j += 4)
      sum += p[j + i];
  const int* w = (const int*)&sum;
  unsigned s = 0;
  for (unsigned k = 0; k < sizeof(T) / sizeof(int); k++)
    s = mix(s, w[k], k);
  return s;
}

__host__ __device__ unsigned shapes(const int* c, const double* d,
                                    const int* g, int which) {
  unsigned s = 2166136261u;
  switch (which) {
    case 0: return vectors<int>(c);
    case 1: return vectors<int2>(c);
    case 2: return vectors<int4>(c);
    case 3:  // offset before the index
      for (int j = 40; j < 1000; j += 2) s = mix(s, c[j - 40], j);
      break;
    case 4:  // a signed index from below zero
      for (int j = -37; j < 980; j += 3) s = mix(s, c[j + 37], j);
      break;
    case 5:  // counting down
      for (int j = 1000; j > 3; j -= 7) s = mix(s, c[j] + c[j - 3], j);
      break;
    case 6:  // doubles, two per step
      for (int j = 0; j < kData / 4 - 3; j += 4)
        s = mix(s, (int)(d[j] * 4 + d[j + 3]), j);
      break;
    case 7:  // loops one after another
      for (int i = 0; i < 3; i++) {
        for (int j = i; j < kData; j += 4) s = mix(s, c[j], j);
        for (int j = 0; j < kData - i; j += 2) s = mix(s, g[j + i], j);
      }
      break;
    default:  // unsigned, offsets on both sides
      for (unsigned j = 16; j < kData; j += 16)
        s = mix(s, g[j - 16] - g[j - 1] + g[j + 0], j);
      break;
  }
  return s;
}

constexpr int kShapes = 9;

__global__ void from_tables(unsigned* out) {
  out[threadIdx.x] = shapes(ctab, dtab, gtab, threadIdx.x % kShapes);
}

int main() {
  int host[kData], other[kData];
  double dhost[kData / 4];
  for (int i = 0; i < kData; i++) {
    host[i] = (i * 7919) ^ (i >> 3);
    other[i] = i * 40503 - 11;
  }
  for (int i = 0; i < kData / 4; i++) dhost[i] = i * 0.75 - 30;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(ctab), host, sizeof host));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(dtab), dhost, sizeof dhost));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(gtab), other, sizeof other));
  unsigned* out;
  HIP_CHECK(hipMalloc(&out, kShapes * sizeof(unsigned)));
  from_tables<<<1, kShapes>>>(out);
  HIP_CHECK(hipGetLastError());
  unsigned got[kShapes];
  HIP_CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost));
  for (int k = 0; k < kShapes; k++)
    CHECK_EQ(got[k], shapes(host, dhost, other, k));
  HIP_CHECK(hipFree(out));
  return test_summary("loop_pointer_step");
}
