// HIP_LAUNCH_BLOCKING=1 makes every launch synchronous: when the launch
// returns, the kernel has run, on a created stream and on the null stream
// alike. (Without it, the slow kernel here is still running when the
// launch returns: the stream reports hipErrorNotReady.)
#include <stdlib.h>

#include "common.h"

__global__ void k_slow_write(int* out, long long iters, int value) {
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  out[threadIdx.x] = value + static_cast<int>(x - iters);
}

int main() {
  // Read by the runtime at the first launch.
  setenv("HIP_LAUNCH_BLOCKING", "1", 1);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int* d = nullptr;
  HIP_CHECK(hipMallocManaged(&d, 4 * sizeof(int)));
  d[0] = d[1] = 0;
  k_slow_write<<<1, 1, 0, s>>>(d, 30000000, 11);
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  CHECK_EQ(d[0], 11);  // read straight away, no synchronisation
  k_slow_write<<<1, 2>>>(d, 30000000, 12);
  CHECK_ERR(hipStreamQuery(0), hipSuccess);
  CHECK_EQ(d[0], 12);
  CHECK_EQ(d[1], 12);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  return test_summary("launch_blocking");
}
