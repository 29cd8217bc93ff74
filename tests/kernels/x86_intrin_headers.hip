// A HIP source that includes the x86 intrinsics headers (as Boost.Math's
// Lanczos code does through <emmintrin.h>): clang's <mm_malloc.h>
// redeclares posix_memalign, which must not clash with the C library's
// declaration in hipcc's host pass. Host SSE code and a kernel run.
#include "common.h"

#if defined(__x86_64__)
#include <emmintrin.h>

__global__ void twice(int* p) { p[threadIdx.x] *= 2; }

int main() {
  int* h = static_cast<int*>(_mm_malloc(4 * sizeof(int), 64));
  CHECK(h != nullptr);
  CHECK_EQ(reinterpret_cast<uintptr_t>(h) % 64, 0u);
  __m128i v = _mm_set_epi32(4, 3, 2, 1);
  _mm_store_si128(reinterpret_cast<__m128i*>(h), v);
  int* d;
  HIP_CHECK(hipMalloc(&d, 4 * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h, 4 * sizeof(int), hipMemcpyHostToDevice));
  twice<<<1, 4>>>(d);
  HIP_CHECK(hipMemcpy(h, d, 4 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 4; i++) CHECK_EQ(h[i], 2 * (i + 1));
  _mm_free(h);
  HIP_CHECK(hipFree(d));
  return test_summary("x86_intrin_headers");
}
#else
int main() { return 77; }  // not an x86 machine: skipped
#endif
