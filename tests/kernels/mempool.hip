// The stream-ordered allocator: hipMallocAsync / hipFreeAsync with kernels,
// reuse in stream order (same stream, and across streams after an event
// or through the pool's own dependency), pools and their attributes, trim,
// access, and bad input with AMD's error codes.
#include <cstring>
#include <vector>

#include <unistd.h>

#include "common.h"

constexpr int N = 256;

__global__ void k_fill(int* p, int v) { p[threadIdx.x] = v; }
__global__ void k_add(int* p, int v) { p[threadIdx.x] += v; }
// Spins, then writes `v` (slow on purpose).
__global__ void k_slow_fill(int* p, long long iters, int v) {
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  p[threadIdx.x] = v + static_cast<int>(x - iters);
}

static std::vector<int> read(const int* d, hipStream_t s) {
  std::vector<int> h(N);
  HIP_CHECK(hipMemcpyAsync(h.data(), d, N * sizeof(int),
                           hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  return h;
}

static void test_basic() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int* d = nullptr;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&d), N * sizeof(int), s));
  CHECK(d != nullptr);
  k_fill<<<1, N, 0, s>>>(d, 3);
  k_add<<<1, N, 0, s>>>(d, 4);
  std::vector<int> want(N, 7);
  CHECK_ARRAY(read(d, s).data(), want.data(), N);
  hipPointerAttribute_t attr{};
  HIP_CHECK(hipPointerGetAttributes(&attr, d));
  CHECK_EQ(attr.type, hipMemoryTypeDevice);
  HIP_CHECK(hipFreeAsync(d, s));
  CHECK_ERR(hipFreeAsync(d, s), hipErrorInvalidValue);  // twice
  HIP_CHECK(hipStreamSynchronize(s));
  // On the null stream.
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&d), N * sizeof(int), 0));
  k_fill<<<1, N>>>(d, 9);
  CHECK_EQ(read(d, 0)[N - 1], 9);
  HIP_CHECK(hipFreeAsync(d, 0));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipStreamDestroy(s));
}

// Freed memory is reused by the next allocation of the stream, which runs
// after the work before the free.
static void test_reuse_same_stream() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int *a, *b;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&a), N * sizeof(int), s));
  k_slow_fill<<<1, N, 0, s>>>(a, 2000000, 1);
  HIP_CHECK(hipFreeAsync(a, s));
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&b), N * sizeof(int), s));
  CHECK(b == a);
  k_add<<<1, N, 0, s>>>(b, 10);
  std::vector<int> want(N, 11);
  CHECK_ARRAY(read(b, s).data(), want.data(), N);
  HIP_CHECK(hipFreeAsync(b, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
}

// Memory freed on one stream and taken by another: the second stream's
// work runs after the first's (an internal dependency), so the value it
// writes is the last.
static void test_reuse_other_stream() {
  hipStream_t s1, s2;
  HIP_CHECK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  int *a, *b;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&a), N * sizeof(int), s1));
  k_slow_fill<<<1, N, 0, s1>>>(a, 50000000, 1);
  HIP_CHECK(hipFreeAsync(a, s1));
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&b), N * sizeof(int), s2));
  k_fill<<<1, N, 0, s2>>>(b, 2);
  HIP_CHECK(hipStreamSynchronize(s2));
  HIP_CHECK(hipStreamSynchronize(s1));
  std::vector<int> want(N, 2);
  CHECK_ARRAY(read(b, s2).data(), want.data(), N);
  HIP_CHECK(hipFreeAsync(b, s2));
  HIP_CHECK(hipStreamSynchronize(s2));
  // With an event between the streams, as HIP programs order them.
  hipEvent_t e;
  HIP_CHECK(hipEventCreate(&e));
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&a), N * sizeof(int), s1));
  k_fill<<<1, N, 0, s1>>>(a, 5);
  HIP_CHECK(hipEventRecord(e, s1));
  HIP_CHECK(hipStreamWaitEvent(s2, e, 0));
  k_add<<<1, N, 0, s2>>>(a, 1);
  HIP_CHECK(hipFreeAsync(a, s2));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipEventDestroy(e));
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipStreamDestroy(s2));
}

static uint64_t attr64(hipMemPool_t p, hipMemPoolAttr a) {
  uint64_t v = ~0ull;
  HIP_CHECK(hipMemPoolGetAttribute(p, a, &v));
  return v;
}

static void test_pools() {
  int dev = 0;
  HIP_CHECK(hipGetDevice(&dev));
  hipMemPool_t def, cur;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&def, dev));
  HIP_CHECK(hipDeviceGetMemPool(&cur, dev));
  CHECK(def == cur);
  int iv = -1;
  HIP_CHECK(hipMemPoolGetAttribute(def, hipMemPoolReuseAllowOpportunistic, &iv));
  CHECK_EQ(iv, 1);
  HIP_CHECK(hipMemPoolGetAttribute(def, hipMemPoolReuseAllowInternalDependencies, &iv));
  CHECK_EQ(iv, 1);
  CHECK_EQ(attr64(def, hipMemPoolAttrReleaseThreshold), 0u);

  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = dev;
  hipMemPool_t pool;
  HIP_CHECK(hipMemPoolCreate(&pool, &props));
  CHECK(pool != def);
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int* d;
  HIP_CHECK(hipMallocFromPoolAsync(reinterpret_cast<void**>(&d), 1000, pool, s));
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemCurrent), 1024u);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), 1024u);
  k_fill<<<1, N, 0, s>>>(d, 1);
  HIP_CHECK(hipFreeAsync(d, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemHigh), 1024u);
  // Release threshold 0: given back once the free is complete. (The CPU
  // device may mark the free's event complete a moment after the stream
  // synchronize returns: allow it a second.)
  uint64_t reserved = 1;
  for (int i = 0; i < 1000 && reserved; ++i) {
    reserved = attr64(pool, hipMemPoolAttrReservedMemCurrent);
    if (reserved) usleep(1000);
  }
  CHECK_EQ(reserved, 0u);
  HIP_CHECK(hipMemPoolTrimTo(pool, 0));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemHigh), 1024u);
  uint64_t zero = 0, big = 1 << 20;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &zero));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemHigh), 0u);
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
  CHECK_ERR(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &big),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &zero),
            hipErrorInvalidValue);
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &big));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReleaseThreshold), big);
  int off = 0;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &off));
  HIP_CHECK(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &iv));
  CHECK_EQ(iv, 0);

  // The current pool serves hipMallocAsync.
  HIP_CHECK(hipDeviceSetMemPool(dev, pool));
  HIP_CHECK(hipDeviceGetMemPool(&cur, dev));
  CHECK(cur == pool);
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&d), 4096, s));
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemCurrent), 4096u);
  HIP_CHECK(hipFreeAsync(d, s));
  HIP_CHECK(hipStreamSynchronize(s));

  // Access: the owner has read-write; it cannot be taken away.
  hipMemLocation loc{hipMemLocationTypeDevice, dev};
  hipMemAccessFlags fl = hipMemAccessFlagsProtNone;
  HIP_CHECK(hipMemPoolGetAccess(&fl, pool, &loc));
  CHECK_EQ(fl, hipMemAccessFlagsProtReadWrite);
  hipMemAccessDesc ad{loc, hipMemAccessFlagsProtNone};
  CHECK_ERR(hipMemPoolSetAccess(pool, &ad, 1), hipErrorInvalidDevice);
  ad.flags = hipMemAccessFlagsProtReadWrite;
  HIP_CHECK(hipMemPoolSetAccess(pool, &ad, 1));
  ad.location.type = hipMemLocationTypeInvalid;
  CHECK_ERR(hipMemPoolSetAccess(pool, &ad, 1), hipErrorInvalidValue);
  ad.location = {hipMemLocationTypeDevice, 999};
  CHECK_ERR(hipMemPoolSetAccess(pool, &ad, 1), hipErrorInvalidDevice);
  CHECK_ERR(hipMemPoolSetAccess(pool, nullptr, 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolGetAccess(nullptr, pool, &loc), hipErrorInvalidValue);

  // Destroying the current pool makes the default one current again.
  HIP_CHECK(hipMemPoolDestroy(pool));
  HIP_CHECK(hipDeviceGetMemPool(&cur, dev));
  CHECK(cur == def);
  CHECK_ERR(hipMemPoolDestroy(pool), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolDestroy(def), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolDestroy(nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(s));
}

static void test_bad_input() {
  int dev = 0;
  HIP_CHECK(hipGetDevice(&dev));
  void* p = nullptr;
  CHECK_ERR(hipMallocAsync(nullptr, 16, 0), hipErrorInvalidValue);
  CHECK_ERR(hipFreeAsync(nullptr, 0), hipErrorInvalidValue);
  // Not from a pool: freed after the stream's work (AMD's runtime).
  HIP_CHECK(hipMalloc(&p, 64));
  CHECK_ERR(hipFreeAsync(p, 0), hipSuccess);
  CHECK_ERR(hipFree(p), hipErrorInvalidValue);
  HIP_CHECK(hipMallocAsync(&p, 0, 0));
  CHECK(p == nullptr);
  CHECK_ERR(hipMallocFromPoolAsync(&p, 16, nullptr, 0), hipErrorInvalidValue);
  // hipFree takes hipMallocAsync's memory too.
  HIP_CHECK(hipMallocAsync(&p, 64, 0));
  HIP_CHECK(hipFree(p));
  CHECK_ERR(hipFreeAsync(p, 0), hipErrorInvalidValue);

  hipMemPool_t pool;
  hipMemPoolProps props{};
  CHECK_ERR(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 999;
  CHECK_ERR(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolCreate(nullptr, &props), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolCreate(&pool, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetDefaultMemPool(&pool, 999), hipErrorInvalidDevice);
  // Get/SetMemPool answer hipErrorInvalidValue for an unknown device.
  CHECK_ERR(hipDeviceGetMemPool(&pool, -1), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetMemPool(&pool, 999), hipErrorInvalidValue);
  {
    hipMemPool_t d0;
    HIP_CHECK(hipDeviceGetDefaultMemPool(&d0, dev));
    CHECK_ERR(hipDeviceSetMemPool(-1, d0), hipErrorInvalidValue);
    CHECK_ERR(hipDeviceSetMemPool(999, d0), hipErrorInvalidValue);
  }
  CHECK_ERR(hipDeviceGetDefaultMemPool(nullptr, dev), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetMemPool(dev, nullptr), hipErrorInvalidValue);
  hipMemPool_t def;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&def, dev));
  CHECK_ERR(hipMemPoolGetAttribute(def, (hipMemPoolAttr)99, &p),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolGetAttribute(def, hipMemPoolAttrUsedMemHigh, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolTrimTo(nullptr, 0), hipErrorInvalidValue);
  // The default pool was not created exportable (kernels/mempool_ipc has
  // the pools that are).
  hipMemPoolPtrExportData data{};
  CHECK_ERR(hipMemPoolExportPointer(&data, p), hipErrorInvalidValue);
  int fd = 0;
  CHECK_ERR(hipMemPoolExportToShareableHandle(&fd, def,
                                              hipMemHandleTypePosixFileDescriptor,
                                              0),
            hipErrorInvalidValue);

  // In a capture, an allocation node (kernels/graph_capture_mem).
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed));
  void* q = nullptr;
  HIP_CHECK(hipMallocAsync(&q, 64, s));
  CHECK(q != nullptr);
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, 1u);
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipStreamDestroy(s));
}

// hipDeviceReset gives every pool's memory back, blocks in use included.
static void test_device_reset() {
  int dev = 0;
  HIP_CHECK(hipGetDevice(&dev));
  hipMemPool_t def;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&def, dev));
  void* p = nullptr;
  HIP_CHECK(hipMallocAsync(&p, 4096, 0));
  CHECK(attr64(def, hipMemPoolAttrUsedMemCurrent) >= 4096u);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipDeviceReset());
  CHECK_EQ(attr64(def, hipMemPoolAttrUsedMemCurrent), 0u);
  CHECK_EQ(attr64(def, hipMemPoolAttrReservedMemCurrent), 0u);
  CHECK_ERR(hipFreeAsync(p, 0), hipErrorInvalidValue);
  HIP_CHECK(hipMallocAsync(&p, 4096, 0));
  HIP_CHECK(hipFreeAsync(p, 0));
  HIP_CHECK(hipDeviceSynchronize());
}

static bool on_gpu() {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  return std::strncmp(p.gcnArchName, "sm_", 3) == 0;
}

// Pool memory is in the allocation table like hipMalloc's: synchronous
// copies and fills take it, within the size asked for; once freed (and,
// on the CPU device, where every device pointer is checked, back in the
// pool) they refuse it; hipHostFree frees it as hipFree does.
static void test_pointer_checks() {
  int* d = nullptr;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&d), N * sizeof(int), 0));
  HIP_CHECK(hipMemset(d, 0, N * sizeof(int)));
  std::vector<int> h(N), back(N);
  for (int i = 0; i < N; i++) h[i] = 5 * i + 1;
  HIP_CHECK(hipMemcpy(d, h.data(), N * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(back.data(), d, N * sizeof(int),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(back.data(), h.data(), N);
  HIP_CHECK(hipMemsetD32(d + N / 2, 7, N / 2));
  HIP_CHECK(hipMemcpy(back.data(), d, N * sizeof(int),
                      hipMemcpyDeviceToHost));
  CHECK_EQ(back[N / 2 - 1], 5 * (N / 2 - 1) + 1);
  CHECK_EQ(back[N - 1], 7);
  // Past the end of the allocation (rounded up inside the pool's block).
  CHECK_ERR(hipMemset(d, 0, N * sizeof(int) + 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(back.data(), d + 1, N * sizeof(int),
                      hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(d, 0));
  HIP_CHECK(hipDeviceSynchronize());
  if (!on_gpu()) {
    CHECK_ERR(hipMemset(d, 0, sizeof(int)), hipErrorInvalidValue);
    CHECK_ERR(hipMemcpy(back.data(), d, sizeof(int), hipMemcpyDeviceToHost),
              hipErrorInvalidValue);
  }
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&d), N * sizeof(int), 0));
  HIP_CHECK(hipMemset(d, 1, N * sizeof(int)));
  HIP_CHECK(hipHostFree(d));
  CHECK_ERR(hipFreeAsync(d, 0), hipErrorInvalidValue);  // freed already
  if (!on_gpu()) CHECK_ERR(hipMemset(d, 0, 4), hipErrorInvalidValue);
}

// The typed overloads (T**, as CUDA's and AMD's headers have them),
// with and without a pool.
static void test_typed_overloads() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int* d = nullptr;
  HIP_CHECK(hipMallocAsync(&d, N * sizeof(int), s));
  k_fill<<<1, N, 0, s>>>(d, 5);
  CHECK_EQ(read(d, s)[N - 1], 5);
  HIP_CHECK(hipFreeAsync(d, s));
  hipMemPool_t pool;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  float* f = nullptr;
  HIP_CHECK(hipMallocAsync(&f, N * sizeof(float), pool, s));
  CHECK(f != nullptr);
  int* g = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync(&g, N * sizeof(int), pool, s));
  k_fill<<<1, N, 0, s>>>(g, 6);
  CHECK_EQ(read(g, s)[0], 6);
  HIP_CHECK(hipFreeAsync(g, s));
  double* h = nullptr;  // on the null stream
  HIP_CHECK(hipMallocAsync(&h, 16, pool, nullptr));
  HIP_CHECK(hipFreeAsync(h, nullptr));
  CHECK_ERR(hipMallocFromPoolAsync(&g, 16, nullptr, s), hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(f, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipStreamDestroy(s));
}

int main() {
  test_basic();
  test_typed_overloads();
  test_pointer_checks();
  test_reuse_same_stream();
  test_reuse_other_stream();
  test_pools();
  test_bad_input();
  test_device_reset();
  return test_summary("mempool");
}
