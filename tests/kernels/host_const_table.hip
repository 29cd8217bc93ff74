// A namespace-scope `const` table of 256 KiB with external linkage, read
// only by host code, beside an explicit `__constant__` array that no kernel
// reads (the host writes it and reads it back through the symbol API) and
// a small `const` table a kernel does read. Clang makes `const` globals
// implicitly `__constant__` in device compiles; the big table must stay on
// the host (as nvcc keeps it): GPU constant memory holds 64 KiB, and ptxas
// rejects a module with more (docs/nvidia.md, "Host constants").
#include "common.h"

struct entry {
  unsigned key;
  unsigned value[15];
};

// 4096 entries of 64 bytes (256 KiB): entry i is {i * 2654435761, {i}}.
extern const entry host_table[4096];
#define E(i) {(i) * 2654435761u, {(i)}}
#define E4(i) E(i), E(i + 1), E(i + 2), E(i + 3)
#define E16(i) E4(i), E4(i + 4), E4(i + 8), E4(i + 12)
#define E64(i) E16(i), E16(i + 16), E16(i + 32), E16(i + 48)
#define E256(i) E64(i), E64(i + 64), E64(i + 128), E64(i + 192)
#define E1024(i) E256(i), E256(i + 256), E256(i + 512), E256(i + 768)
const entry host_table[4096] = {E1024(0), E1024(1024), E1024(2048),
                                E1024(3072)};

extern const int small_table[4];
const int small_table[4] = {3, 5, 7, 11};

__constant__ int coefficients[4];

__global__ void weigh(const int* in, int* out) {
  int i = threadIdx.x;
  out[i] = in[i] * small_table[i % 4];
}

int main() {
  int wrong = 0;
  for (unsigned i = 0; i < 4096; i++)
    wrong += host_table[i].key != i * 2654435761u ||
             host_table[i].value[0] != i || host_table[i].value[14] != 0;
  CHECK_EQ(wrong, 0);

  const int coef[4] = {2, 4, 6, 8};
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coefficients), coef, sizeof coef));
  int back[4] = {};
  HIP_CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(coefficients), sizeof back));
  CHECK_ARRAY(back, coef, 4);

  const int n = 8;
  int h_in[n], h_out[n], want[n];
  for (int i = 0; i < n; i++) {
    h_in[i] = i + 1;
    want[i] = (i + 1) * small_table[i % 4];
  }
  int *d_in, *d_out;
  HIP_CHECK(hipMalloc(&d_in, sizeof h_in));
  HIP_CHECK(hipMalloc(&d_out, sizeof h_out));
  HIP_CHECK(hipMemcpy(d_in, h_in, sizeof h_in, hipMemcpyHostToDevice));
  weigh<<<1, n>>>(d_in, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(h_out, d_out, sizeof h_out, hipMemcpyDeviceToHost));
  CHECK_ARRAY(h_out, want, n);
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  return test_summary("host_const_table");
}
