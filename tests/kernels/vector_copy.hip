// Copies of 16-byte aligned objects, which hipcc's GPU pass makes 16-byte
// loads and stores with the temporaries in registers
// (src/kc/nvptx_memcpy.c; tests/hipcc/hipcc_device_vector_copy.sh checks
// the PTX): float4 swaps in shared memory through a temporary, an
// overlapping move of float4s, and struct copies of 32 and 48 bytes,
// against the same steps on the host.
#include <cstring>
#include <vector>

#include "common.h"

struct alignas(16) Pair { float4 a, b; };
struct alignas(16) Triple { int4 a, b, c; };

__device__ void swap4(float4* a, float4* b) {
  float4 t = *b;
  *b = *a;
  *a = t;
}

__global__ void k_swap(float4* g, int rounds) {
  __shared__ float4 s[128];
  int t = threadIdx.x;
  s[t] = g[t];
  s[t + 64] = g[t + 64];
  __syncthreads();
  for (int j = 0; j < rounds; j++) {
    swap4(s + t, s + (t + j) % 64 + 64);
    __syncthreads();
  }
  g[t] = s[t];
  g[t + 64] = s[t + 64];
}

__global__ void k_structs(Pair* p, Triple* q, const Pair* pin,
                          const Triple* qin, float4* shift) {
  int t = threadIdx.x;
  Pair x = pin[63 - t];
  Triple y = qin[t];
  x.a.x += 1;
  y.c.w ^= t;
  p[t] = x;
  q[t] = y;
  // A move within one array: each thread copies to its neighbour's slot
  // after the whole block has read (the copy reads all before it writes).
  float4 v = shift[t];
  __syncthreads();
  shift[(t + 1) % 64] = v;
}

int main() {
  const int n = 128, m = 64;
  std::vector<float4> in(n);
  for (int i = 0; i < n; i++)
    in[i] = make_float4(i, i + 0.5f, -i, i * 3.0f);
  float4* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(float4)));
  for (int rounds : {0, 1, 7, 64}) {
    HIP_CHECK(hipMemcpy(d, in.data(), n * sizeof(float4), hipMemcpyHostToDevice));
    k_swap<<<1, 64>>>(d, rounds);
    HIP_CHECK(hipGetLastError());
    std::vector<float4> got(n), want = in;
    HIP_CHECK(hipMemcpy(got.data(), d, n * sizeof(float4), hipMemcpyDeviceToHost));
    for (int j = 0; j < rounds; j++)  // every thread's swap of round j
      for (int t = 0; t < 64; t++) std::swap(want[t], want[(t + j) % 64 + 64]);
    for (int i = 0; i < n; i++)
      CHECK(std::memcmp(&got[i], &want[i], sizeof(float4)) == 0);
  }
  std::vector<Pair> pin(m);
  std::vector<Triple> qin(m);
  for (int i = 0; i < m; i++) {
    pin[i].a = make_float4(i, 1, 2, 3);
    pin[i].b = make_float4(-i, 4, 5, 6);
    qin[i].a = make_int4(i, i * 2, i * 3, i * 4);
    qin[i].b = make_int4(-i, 7, 8, 9);
    qin[i].c = make_int4(10, 11, 12, i * 5);
  }
  Pair *dp, *dpin;
  Triple *dq, *dqin;
  HIP_CHECK(hipMalloc(&dp, m * sizeof(Pair)));
  HIP_CHECK(hipMalloc(&dpin, m * sizeof(Pair)));
  HIP_CHECK(hipMalloc(&dq, m * sizeof(Triple)));
  HIP_CHECK(hipMalloc(&dqin, m * sizeof(Triple)));
  HIP_CHECK(hipMemcpy(dpin, pin.data(), m * sizeof(Pair), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dqin, qin.data(), m * sizeof(Triple), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d, in.data(), n * sizeof(float4), hipMemcpyHostToDevice));
  k_structs<<<1, m>>>(dp, dq, dpin, dqin, d);
  HIP_CHECK(hipGetLastError());
  std::vector<Pair> p(m);
  std::vector<Triple> q(m);
  std::vector<float4> shifted(n);
  HIP_CHECK(hipMemcpy(p.data(), dp, m * sizeof(Pair), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(q.data(), dq, m * sizeof(Triple), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(shifted.data(), d, n * sizeof(float4), hipMemcpyDeviceToHost));
  for (int t = 0; t < m; t++) {
    Pair x = pin[63 - t];
    x.a.x += 1;
    Triple y = qin[t];
    y.c.w ^= t;
    CHECK(std::memcmp(&p[t], &x, sizeof x) == 0);
    CHECK(std::memcmp(&q[t], &y, sizeof y) == 0);
    CHECK(std::memcmp(&shifted[(t + 1) % 64], &in[t], sizeof(float4)) == 0);
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dp));
  HIP_CHECK(hipFree(dpin));
  HIP_CHECK(hipFree(dq));
  HIP_CHECK(hipFree(dqin));
  return test_summary("vector_copy");
}
