// hipMemcpy from pageable (malloc'd) host memory to device memory, the
// source overwritten at once: on a GPU the copy returns once the driver
// has read the source, before the transfer ends (as cudaMemcpy does), so
// the device must still get the values of the call, and the work that
// follows on the null stream, on a blocking stream and through another
// copy must see them. Small and large (32 MiB) copies, back to back into
// one buffer.
#include <cstdlib>
#include <cstring>
#include <vector>

#include "common.h"

__global__ void k_sum_into(const unsigned* a, unsigned* out, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] += a[i];
}

static unsigned value(size_t i, unsigned round) {
  return static_cast<unsigned>(i * 2654435761u) ^ (round * 40503u);
}

static void run(size_t n) {
  unsigned* host = static_cast<unsigned*>(std::malloc(n * sizeof(unsigned)));
  unsigned *d_a, *d_sum;
  HIP_CHECK(hipMalloc(&d_a, n * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&d_sum, n * sizeof(unsigned)));
  HIP_CHECK(hipMemset(d_sum, 0, n * sizeof(unsigned)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  std::vector<unsigned> want(n, 0);
  const int rounds = 4;
  for (unsigned r = 0; r < static_cast<unsigned>(rounds); r++) {
    for (size_t i = 0; i < n; i++) host[i] = value(i, r);
    HIP_CHECK(hipMemcpy(d_a, host, n * sizeof(unsigned),
                        hipMemcpyHostToDevice));
    // Overwritten before any device work could have read it.
    std::memset(host, 0xab, n * sizeof(unsigned));
    unsigned blocks = static_cast<unsigned>((n + 255) / 256);
    // Odd rounds on a blocking stream, which waits for the null stream.
    hipLaunchKernelGGL(k_sum_into, dim3(blocks), dim3(256), 0,
                       r % 2 ? s : nullptr, d_a, d_sum, n);
    for (size_t i = 0; i < n; i++) want[i] += value(i, r);
  }
  HIP_CHECK(hipStreamSynchronize(s));
  std::vector<unsigned> got(n), last(n);
  HIP_CHECK(hipMemcpy(got.data(), d_sum, n * sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(last.data(), d_a, n * sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  for (size_t i = 0; i < n; i++) want[i] = value(i, rounds - 1);
  CHECK_ARRAY(last.data(), want.data(), n);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d_a));
  HIP_CHECK(hipFree(d_sum));
  std::free(host);
}

int main() {
  run(1000);
  run(size_t(8) << 20);  // 32 MiB
  return test_summary("memcpy_pageable_reuse");
}
