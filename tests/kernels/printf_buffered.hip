// hipcc -mprintf-kind=buffered (AMD's buffered device printf, which
// hip-tests' printf tests build with): device printf prints as always and
// returns 0. (Without it printf returns the number of characters:
// device_printf.) CPU device only: CUDA's printf returns its own count.
// HIPCC-FLAGS: -mprintf-kind=buffered
#include "common.h"

__global__ void k(int* r, const char* s) {
  r[threadIdx.x] = printf("buffered %d %s\n", static_cast<int>(threadIdx.x), s);
}

int main() {
  int* r;
  char* s;
  HIP_CHECK(hipMalloc(&r, 4 * sizeof(int)));
  HIP_CHECK(hipMalloc(&s, 4));
  HIP_CHECK(hipMemcpy(s, "abc", 4, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(r, 0x7f, 4 * sizeof(int)));
  k<<<1, 4>>>(r, s);
  int h[4];
  HIP_CHECK(hipMemcpy(h, r, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 4; i++) CHECK_EQ(h[i], 0);
  HIP_CHECK(hipFree(r));
  HIP_CHECK(hipFree(s));
  return test_summary("printf_buffered");
}
