// Kernels on streams: in-order execution on one stream, hipStreamQuery
// while busy, and the null stream's implicit synchronisation with blocking
// streams (a blocking copy on the null stream waits for a kernel queued
// earlier on a stream created with default flags).
#include <vector>

#include "common.h"

// Spins for `iters` steps, then writes `value` (slow on purpose).
__global__ void k_slow_write(int* out, long long iters, int value) {
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  out[threadIdx.x] = value + static_cast<int>(x - iters);
}

__global__ void k_add_one(int* p) { p[threadIdx.x] += 1; }

static void test_in_order_on_stream() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 32 * sizeof(int)));
  k_slow_write<<<1, 32, 0, s>>>(d, 2000000, 100);
  for (int i = 0; i < 10; i++) k_add_one<<<1, 32, 0, s>>>(d);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  std::vector<int> h(32), want(32, 110);
  HIP_CHECK(hipMemcpy(h.data(), d, 32 * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), 32);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

static void test_query_busy_stream() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  k_slow_write<<<1, 1, 0, s>>>(d, 200000000, 1);  // well over 10 ms
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

static void test_null_stream_waits_for_blocking_stream() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));  // default flags: a blocking stream
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, sizeof(int)));
  k_slow_write<<<1, 1, 0, s>>>(d, 50000000, 4242);
  int h = 0;
  HIP_CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));  // null stream
  CHECK_EQ(h, 4242);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

static void test_device_synchronize_waits_for_every_stream() {
  hipStream_t s[3];
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 3 * 8 * sizeof(int)));
  for (int i = 0; i < 3; i++) {
    HIP_CHECK(hipStreamCreateWithFlags(&s[i], hipStreamNonBlocking));
    k_slow_write<<<1, 8, 0, s[i]>>>(d + 8 * i, 3000000, i + 1);
  }
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(24), want(24);
  for (int i = 0; i < 24; i++) want[i] = i / 8 + 1;
  HIP_CHECK(hipMemcpy(h.data(), d, 24 * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), 24);
  for (int i = 0; i < 3; i++) HIP_CHECK(hipStreamDestroy(s[i]));
  HIP_CHECK(hipFree(d));
}

int main() {
  test_in_order_on_stream();
  test_query_busy_stream();
  test_null_stream_waits_for_blocking_stream();
  test_device_synchronize_waits_for_every_stream();
  return test_summary("streams");
}
