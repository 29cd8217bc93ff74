// Thrust's device memory is HIP's: device_vector storage from hipMalloc,
// raw pointers into hand-written kernels and hipMemcpy, device_ptr over
// hipMalloc'd memory, and stream order (an algorithm waits for the work
// queued before it on its stream: the null stream, or par.on(stream)).
// NEEDS-HEADER: thrust/version.h
// -O0: Thrust's templates at -O2 cost hipc-kc 5-8x the compile time
// (280-300 s of CPU against 40-60 s) for a test that runs in a second.
// HIPCC-FLAGS: -O0
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>
#include <thrust/universal_vector.h>

#include <algorithm>
#include <new>
#include <vector>

#include "common.h"

// Slow on purpose (a few milliseconds): an algorithm that did not wait for
// it would see the old values.
__global__ void slow_fill(int* p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  volatile int spin = 0;
  for (int k = 0; k < 2000; k++) spin = spin + k;
  p[i] = base + (n - i) % 97;
}

// Counts the out-of-order neighbours (0 when sorted).
__global__ void count_unsorted(const int* p, int n, int* bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n && p[i] > p[i + 1]) atomicAdd(bad, 1);
}

static void test_raw_pointers() {
  const int n = 3000;
  thrust::device_vector<int> d(n, 0);
  int* raw = thrust::raw_pointer_cast(d.data());
  hipPointerAttribute_t attr;
  HIP_CHECK(hipPointerGetAttributes(&attr, raw));
  CHECK_EQ(attr.type, hipMemoryTypeDevice);

  // A kernel on the null stream, then an algorithm with no sync between.
  slow_fill<<<(n + 255) / 256, 256>>>(raw, n, 1000);
  long long want = 0;
  for (int i = 0; i < n; i++) want += 1000 + (n - i) % 97;
  CHECK_EQ(thrust::reduce(d.begin(), d.end(), 0LL), want);

  // hipMemcpy both ways.
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 37) % 1001;
  HIP_CHECK(hipMemcpy(raw, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  thrust::sort(d.begin(), d.end());
  std::vector<int> got(n);
  HIP_CHECK(hipMemcpy(got.data(), raw, n * sizeof(int), hipMemcpyDeviceToHost));
  std::sort(h.begin(), h.end());
  CHECK_ARRAY(got.data(), h.data(), n);

  // Element access after a kernel waits for it as well.
  slow_fill<<<(n + 255) / 256, 256>>>(raw, n, 5);
  CHECK_EQ(static_cast<int>(d[7]), 5 + (n - 7) % 97);
  d[8] = -3;
  HIP_CHECK(hipMemcpy(got.data(), raw, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(got[8], -3);
}

static void test_device_ptr() {
  const int n = 1234;
  int* raw = nullptr;
  HIP_CHECK(hipMalloc(&raw, n * sizeof(int)));
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 500 - 250;
  HIP_CHECK(hipMemcpy(raw, h.data(), n * sizeof(int), hipMemcpyHostToDevice));

  thrust::device_ptr<int> p = thrust::device_pointer_cast(raw);
  CHECK(thrust::raw_pointer_cast(p) == raw);
  thrust::sort(thrust::device, raw, raw + n, thrust::greater<int>());
  std::sort(h.begin(), h.end(), std::greater<int>());
  std::vector<int> got(n);
  HIP_CHECK(hipMemcpy(got.data(), raw, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), h.data(), n);

  thrust::inclusive_scan(p, p + n, p);  // iterator-based: the device system
  long long run = 0;
  std::vector<int> want(n);
  for (int i = 0; i < n; i++) want[i] = static_cast<int>(run += h[i]);
  HIP_CHECK(hipMemcpy(got.data(), raw, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  CHECK_EQ(static_cast<int>(p[n - 1]), want[n - 1]);
  HIP_CHECK(hipFree(raw));

  // device_malloc is hipMalloc memory too.
  thrust::device_ptr<int> m = thrust::device_malloc<int>(n);
  hipPointerAttribute_t attr;
  HIP_CHECK(hipPointerGetAttributes(&attr, thrust::raw_pointer_cast(m)));
  CHECK_EQ(attr.type, hipMemoryTypeDevice);
  thrust::sequence(m, m + n, 1);
  CHECK_EQ(thrust::reduce(m, m + n, 0LL), 1LL * n * (n + 1) / 2);
  thrust::device_free(m);
}

static void test_streams() {
  const int n = 4000;
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  thrust::device_vector<int> d(n, 0);
  int* raw = thrust::raw_pointer_cast(d.data());
  int* bad = nullptr;
  HIP_CHECK(hipMalloc(&bad, sizeof(int)));

  // Kernel on s, sort on s, kernel on s: each sees the one before.
  slow_fill<<<(n + 255) / 256, 256, 0, s>>>(raw, n, 0);
  thrust::sort(thrust::hip::par.on(s), d.begin(), d.end());
  HIP_CHECK(hipMemsetAsync(bad, 0, sizeof(int), s));
  count_unsorted<<<(n + 255) / 256, 256, 0, s>>>(raw, n, bad);
  int nbad = -1;
  HIP_CHECK(hipMemcpyAsync(&nbad, bad, sizeof(int), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(nbad, 0);
  std::vector<int> want(n);
  for (int i = 0; i < n; i++) want[i] = (n - i) % 97;
  std::sort(want.begin(), want.end());
  thrust::host_vector<int> got = d;
  CHECK_ARRAY(got.data(), want.data(), n);

  // The other policies' spellings: par, par_nosync, hip_rocprim.
  slow_fill<<<(n + 255) / 256, 256, 0, s>>>(raw, n, 2);
  long long sum = 0;
  for (int i = 0; i < n; i++) sum += 2 + (n - i) % 97;
  CHECK_EQ(thrust::reduce(thrust::hip::par_nosync.on(s), d.begin(), d.end(), 0LL), sum);
  CHECK_EQ(thrust::reduce(thrust::hip_rocprim::par, d.begin(), d.end(), 0LL), sum);
  CHECK_EQ(thrust::reduce(thrust::hip::par, raw, raw + n, 0LL), sum);

  HIP_CHECK(hipFree(bad));
  HIP_CHECK(hipStreamDestroy(s));
}

static void test_memory_kinds() {
  // universal_vector: managed memory, read directly on the host.
  thrust::universal_vector<int> u(100);
  thrust::sequence(u.begin(), u.end(), 3);
  int* uraw = thrust::raw_pointer_cast(u.data());
  hipPointerAttribute_t attr;
  HIP_CHECK(hipPointerGetAttributes(&attr, uraw));
  CHECK(attr.isManaged);
  CHECK_EQ(uraw[99], 102);

  // An allocation hipMalloc refuses is std::bad_alloc.
  bool threw = false;
  try {
    thrust::hip::memory_resource mr;
    (void)mr.allocate(size_t(1) << 60);
  } catch (const std::bad_alloc&) {
    threw = true;
  }
  CHECK(threw);

  // A stream HIP does not know is thrust::system_error with its code.
  threw = false;
  try {
    hipStream_t bogus = reinterpret_cast<hipStream_t>(uintptr_t(0x10));
    (void)thrust::reduce(thrust::hip::par.on(bogus), uraw, uraw + 100);
  } catch (const thrust::system_error& e) {
    threw = true;
    CHECK(e.code().category() == thrust::hip_category());
    CHECK(e.code().value() != hipSuccess);
  }
  CHECK(threw);
}

int main() {
  test_raw_pointers();
  test_device_ptr();
  test_streams();
  test_memory_kinds();
  return test_summary("thrust_interop");
}
