// Streams really run at the same time on the CPU device's workers, and
// their order is HIP's:
// - two kernels on two streams that each wait for a flag the other sets
//   (they can only both finish if they overlap in time);
// - an async copy on one stream that a running kernel on another waits for
//   (copies overlap compute);
// - ordering across streams through hipStreamWaitEvent;
// - callbacks between kernels see exactly the kernels before them;
// - the null stream waits for blocking streams but not for non-blocking
//   ones (a kernel on a non-blocking stream waits for a flag that a later
//   null-stream kernel sets);
// - hipEventElapsedTime around a kernel.
// Each wait in a kernel gives up after a bound and reports it, so a broken
// runtime fails the test instead of hanging it.
#include <stdlib.h>

#include <atomic>
#include <vector>

#include "common.h"

#define SPIN_LIMIT 400000000LL

__device__ int load(int* p) { return atomicAdd(p, 0); }

// Sets `mine`, then waits for `theirs`; out = 1 if it came, 0 if not.
__global__ void k_handshake(int* mine, int* theirs, int* out) {
  atomicExch(mine, 1);
  long long i = 0;
  while (load(theirs) == 0 && i < SPIN_LIMIT) i++;
  *out = load(theirs) ? 1 : 0;
}

// Waits until *p == want; out = 1 if it happened, 0 if not.
__global__ void k_wait_for(int* p, int want, int* out) {
  long long i = 0;
  while (load(p) != want && i < SPIN_LIMIT) i++;
  *out = load(p) == want ? 1 : 0;
}

__global__ void k_set(int* p, int v) { atomicExch(p, v); }

// Spins, then writes `value + i` to every element.
__global__ void k_slow_fill(int* out, int n, long long iters, int value) {
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + i + static_cast<int>(x - iters);
}

__global__ void k_scale(const int* in, int* out, int n, int by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * by;
}

__global__ void k_increment(int* p) { *p += 1; }

static void test_kernels_overlap() {
  hipStream_t a, b;
  HIP_CHECK(hipStreamCreateWithFlags(&a, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&b, hipStreamNonBlocking));
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 4 * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, 4 * sizeof(int)));
  k_handshake<<<1, 1, 0, a>>>(d + 0, d + 1, d + 2);
  k_handshake<<<1, 1, 0, b>>>(d + 1, d + 0, d + 3);
  HIP_CHECK(hipStreamSynchronize(a));
  HIP_CHECK(hipStreamSynchronize(b));
  int h[4];
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h[2], 1);
  CHECK_EQ(h[3], 1);
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
  HIP_CHECK(hipFree(d));
}

// The kernel on `compute` waits for a flag that a host function sets on
// `copy` right after an async copy there; it then reads what the copy
// wrote. Both can only finish if the copy runs while the kernel does.
__global__ void k_wait_then_read(int* flag, const int* data, int* out) {
  long long i = 0;
  while (load(flag) == 0 && i < SPIN_LIMIT) i++;
  *out = load(flag) ? *data : -1;
}

static void set_flag(void* p) {
  __atomic_store_n(static_cast<int*>(p), 1, __ATOMIC_SEQ_CST);
}

static void test_copy_overlaps_kernel() {
  hipStream_t compute, copy;
  HIP_CHECK(hipStreamCreate(&compute));
  HIP_CHECK(hipStreamCreate(&copy));
  int *d = nullptr, *pinned = nullptr, *flag = nullptr;
  HIP_CHECK(hipMalloc(&d, 2 * sizeof(int)));
  HIP_CHECK(hipMallocManaged(&flag, sizeof(int)));
  HIP_CHECK(hipHostMalloc(&pinned, sizeof(int), 0));
  HIP_CHECK(hipMemset(d, 0, 2 * sizeof(int)));
  *flag = 0;
  *pinned = 42;
  k_wait_then_read<<<1, 1, 0, compute>>>(flag, d, d + 1);
  HIP_CHECK(hipMemcpyAsync(d, pinned, sizeof(int), hipMemcpyHostToDevice,
                           copy));
  HIP_CHECK(hipLaunchHostFunc(copy, set_flag, flag));
  HIP_CHECK(hipStreamSynchronize(copy));
  HIP_CHECK(hipStreamSynchronize(compute));
  int seen = -1;
  HIP_CHECK(hipMemcpy(&seen, d + 1, sizeof seen, hipMemcpyDeviceToHost));
  CHECK_EQ(seen, 42);
  HIP_CHECK(hipStreamDestroy(compute));
  HIP_CHECK(hipStreamDestroy(copy));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(flag));
  HIP_CHECK(hipHostFree(pinned));
}

static void test_event_orders_streams() {
  const int n = 256;
  hipStream_t a, b;
  HIP_CHECK(hipStreamCreateWithFlags(&a, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&b, hipStreamNonBlocking));
  hipEvent_t e;
  HIP_CHECK(hipEventCreateWithFlags(&e, hipEventDisableTiming));
  int *x = nullptr, *y = nullptr;
  HIP_CHECK(hipMalloc(&x, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&y, n * sizeof(int)));
  HIP_CHECK(hipMemset(x, 0, n * sizeof(int)));
  k_slow_fill<<<n / 64, 64, 0, a>>>(x, n, 200000, 1000);
  HIP_CHECK(hipEventRecord(e, a));
  HIP_CHECK(hipStreamWaitEvent(b, e, 0));
  k_scale<<<n / 64, 64, 0, b>>>(x, y, n, 3);
  HIP_CHECK(hipStreamSynchronize(b));
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = 3 * (1000 + i);
  HIP_CHECK(hipMemcpy(h.data(), y, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipEventDestroy(e));
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
}

struct seen_log {
  int* counter;      // device memory the kernels increment
  int values[16];
  std::atomic<int> calls{0};
};

static void record_counter(hipStream_t, hipError_t status, void* p) {
  seen_log* log = static_cast<seen_log*>(p);
  int k = log->calls.fetch_add(1);
  log->values[k] = status == hipSuccess ? *log->counter : -1;
}

static void test_callbacks_between_kernels() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  seen_log log;
  HIP_CHECK(hipMallocManaged(&log.counter, sizeof(int)));
  *log.counter = 0;
  for (int i = 0; i < 8; i++) {
    k_increment<<<1, 1, 0, s>>>(log.counter);
    HIP_CHECK(hipStreamAddCallback(s, record_counter, &log, 0));
  }
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(log.calls.load(), 8);
  for (int i = 0; i < 8; i++) CHECK_EQ(log.values[i], i + 1);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(log.counter));
}

static void test_null_stream_rules() {
  // A null-stream kernel after a slow kernel on a blocking stream sees its
  // result.
  const int n = 128;
  hipStream_t blocking, nonblocking;
  HIP_CHECK(hipStreamCreate(&blocking));
  HIP_CHECK(hipStreamCreateWithFlags(&nonblocking, hipStreamNonBlocking));
  int *x = nullptr, *y = nullptr;
  HIP_CHECK(hipMalloc(&x, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&y, n * sizeof(int)));
  HIP_CHECK(hipMemset(x, 0, n * sizeof(int)));
  k_slow_fill<<<2, 64, 0, blocking>>>(x, n, 200000, 7);
  k_scale<<<2, 64>>>(x, y, n, 2);
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = 2 * (7 + i);
  HIP_CHECK(hipMemcpyAsync(h.data(), y, n * sizeof(int),
                           hipMemcpyDeviceToHost, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_ARRAY(h.data(), want.data(), n);

  // A kernel on a non-blocking stream waits for a flag that a null-stream
  // kernel launched after it sets: the null stream must not wait for it.
  int* f = nullptr;
  HIP_CHECK(hipMalloc(&f, 2 * sizeof(int)));
  HIP_CHECK(hipMemset(f, 0, 2 * sizeof(int)));
  k_wait_for<<<1, 1, 0, nonblocking>>>(f, 5, f + 1);
  k_set<<<1, 1>>>(f, 5);
  HIP_CHECK(hipDeviceSynchronize());
  int hf[2];
  HIP_CHECK(hipMemcpy(hf, f, sizeof hf, hipMemcpyDeviceToHost));
  CHECK_EQ(hf[0], 5);
  CHECK_EQ(hf[1], 1);
  HIP_CHECK(hipStreamDestroy(blocking));
  HIP_CHECK(hipStreamDestroy(nonblocking));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
  HIP_CHECK(hipFree(f));
}

static void test_elapsed_around_kernel() {
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  HIP_CHECK(hipEventRecord(start));
  k_slow_fill<<<1, 64>>>(d, 64, 100000, 0);
  HIP_CHECK(hipEventRecord(stop));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  CHECK(ms > 0.0f);
  CHECK(ms < 10000.0f);
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipFree(d));
}

int main() {
  // Overlap needs at least two workers, whatever the machine.
  setenv("HIPC_CPU_THREADS", "4", 1);
  test_kernels_overlap();
  test_copy_overlaps_kernel();
  test_event_orders_streams();
  test_callbacks_between_kernels();
  test_null_stream_rules();
  test_elapsed_around_kernel();
  return test_summary("stream_concurrency");
}
