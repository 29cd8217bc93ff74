// Kernels on streams: in-order execution on one stream, hipStreamQuery
// while busy, and the null stream's implicit synchronisation with blocking
// streams (a blocking copy on the null stream waits for a kernel queued
// earlier on a stream created with default flags; kernels alternating
// between the null stream and two blocking streams run one after the
// other, whichever of them had work since the runtime last looked).
#include <vector>

#include "common.h"

// Spins for `iters` steps, then writes `value` (slow on purpose).
__global__ void k_slow_write(int* out, long long iters, int value) {
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  out[threadIdx.x] = value + static_cast<int>(x - iters);
}

__global__ void k_add_one(int* p) { p[threadIdx.x] += 1; }

// Reads *p, spins, then writes it back plus one: two of these that
// overlap lose an increment.
__global__ void k_slow_inc(int* p, long long iters) {
  int v = *(volatile int*)p;
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  *(volatile int*)p = v + 1 + static_cast<int>(x - iters);
}

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

static void test_null_and_blocking_streams_alternate() {
  hipStream_t a, b;
  HIP_CHECK(hipStreamCreate(&a));
  HIP_CHECK(hipStreamCreate(&b));
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, sizeof(int)));
  const long long iters = 1000000;
  // Each launch must start after the one before: on the same stream, or
  // one of them on the null stream (a and b are not ordered with each
  // other). a's run of three needs no new wait; the null stream's launch
  // after b's two follows them while a has had no work since.
  hipStream_t order[] = {a, a, a, 0, b, b, 0, 0, a, 0, b, 0};
  int n = static_cast<int>(sizeof order / sizeof order[0]);
  for (int i = 0; i < n; i++) k_slow_inc<<<1, 1, 0, order[i]>>>(d, iters);
  int h = 0;
  HIP_CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h, n);
  // Copies from pageable memory on a blocking stream follow the null
  // stream's kernel, and the null stream's copy back follows them.
  int ten = 10;
  k_slow_inc<<<1, 1>>>(d, iters);
  HIP_CHECK(hipMemcpyAsync(d, &ten, sizeof ten, hipMemcpyHostToDevice, a));
  k_slow_inc<<<1, 1, 0, a>>>(d, iters);
  HIP_CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h, 11);
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
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
  test_null_and_blocking_streams_alternate();
  test_device_synchronize_waits_for_every_stream();
  return test_summary("streams");
}
