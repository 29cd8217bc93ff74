/* Memory APIs where AMD's runtime is the reference for codes and
 * behaviour (found with hip-tests' catch/unit/memory, docs/conformance.md):
 * signal memory sizes, registering unmapped memory, the stream-ordered
 * allocator's codes, hipFreeAsync of hipMalloc memory, pool access codes,
 * pool memory given back once freed, the VMM attribute, advice on whole
 * pages, which fills return before they are done, the size
 * of the access-flags pointer attribute, advice and attachment of pageable
 * memory, the coherency mode of memory that is not managed, host-to-host
 * hipMemcpyAsync. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

static void test_signal_memory_size(void) {
  void* p = NULL;
  CHECK_ERR(hipExtMallocWithFlags(&p, 8, hipMallocSignalMemory), hipSuccess);
  CHECK(p != NULL);
  CHECK_ERR(hipFree(p), hipSuccess);
  CHECK_ERR(hipExtMallocWithFlags(&p, 0, hipMallocSignalMemory),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtMallocWithFlags(&p, 16, hipMallocSignalMemory),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtMallocWithFlags(&p, 4096, hipMallocSignalMemory),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtMallocWithFlags(NULL, 8, hipMallocSignalMemory),
            hipErrorInvalidValue);
}

static void test_register_unmapped(void) {
  char* small = malloc(16);
  /* Far past the end of the heap: not mapped. */
  CHECK_ERR(hipHostRegister(small, (size_t)1 << 40, 0), hipErrorInvalidValue);
  CHECK_ERR(hipHostRegister(small, 16, 0), hipSuccess);
  CHECK_ERR(hipHostUnregister(small), hipSuccess);
  free(small);
}

static void test_async_alloc_codes(void) {
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  void* p = NULL;
  hipStream_t bad = (hipStream_t)(intptr_t)-1;
  CHECK_ERR(hipMallocAsync(&p, 64, bad), hipErrorInvalidHandle);
  hipMemPool_t pool;
  CHECK_ERR(hipDeviceGetDefaultMemPool(&pool, 0), hipSuccess);
  CHECK_ERR(hipMallocFromPoolAsync(&p, 64, pool, bad), hipErrorInvalidHandle);
  CHECK_ERR(hipMallocAsync(&p, SIZE_MAX, s), hipErrorOutOfMemory);
  CHECK_ERR(hipMallocAsync(&p, 64, s), hipSuccess);
  CHECK_ERR(hipFreeAsync(p, bad), hipErrorInvalidHandle);
  CHECK_ERR(hipFreeAsync(p, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

static void test_free_async_of_malloc(void) {
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  int* d = NULL;
  int h[256], back[256];
  for (int i = 0; i < 256; ++i) h[i] = i * 3;
  CHECK_ERR(hipMalloc((void**)&d, sizeof h), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, h, sizeof h, hipMemcpyHostToDevice, s),
            hipSuccess);
  CHECK_ERR(hipMemcpyAsync(back, d, sizeof h, hipMemcpyDeviceToHost, s),
            hipSuccess);
  CHECK_ERR(hipFreeAsync(d, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_MEM(back, h, sizeof h);
  /* Freed: neither hipFree nor hipFreeAsync takes it again. */
  CHECK_ERR(hipFreeAsync(d, s), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipErrorInvalidValue);
  /* Registered memory is not hipFreeAsync's. */
  int* reg = malloc(64);
  CHECK_ERR(hipHostRegister(reg, 64, 0), hipSuccess);
  CHECK_ERR(hipFreeAsync(reg, s), hipErrorInvalidValue);
  CHECK_ERR(hipHostUnregister(reg), hipSuccess);
  free(reg);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

static void test_pool_access_codes(void) {
  int ndev = 0;
  CHECK_ERR(hipGetDeviceCount(&ndev), hipSuccess);
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t pool;
  CHECK_ERR(hipMemPoolCreate(&pool, &props), hipSuccess);
  hipMemAccessDesc d[2];
  memset(d, 0, sizeof d);
  d[0].location.type = hipMemLocationTypeDevice;
  d[0].location.id = 0;
  d[0].flags = hipMemAccessFlagsProtReadWrite;
  CHECK_ERR(hipMemPoolSetAccess(pool, d, (size_t)ndev + 1),
            hipErrorInvalidDevice);
  d[0].flags = hipMemAccessFlagsProtNone; /* the owner's own access */
  CHECK_ERR(hipMemPoolSetAccess(pool, d, 1), hipErrorInvalidDevice);
  hipMemLocation loc = {hipMemLocationTypeDevice, ndev};
  hipMemAccessFlags f;
  CHECK_ERR(hipMemPoolGetAccess(&f, pool, &loc), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolDestroy(pool), hipSuccess);
}

static uint64_t attr64(hipMemPool_t p, hipMemPoolAttr a) {
  uint64_t v = 12345;
  CHECK_ERR(hipMemPoolGetAttribute(p, a, &v), hipSuccess);
  return v;
}

static void test_pool_gives_back(void) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  hipMemPool_t pool;
  CHECK_ERR(hipMemPoolCreate(&pool, &props), hipSuccess);
  void* p = NULL;
  CHECK_ERR(hipMallocFromPoolAsync(&p, 65536, pool, NULL), hipSuccess);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), 65536);
  CHECK_ERR(hipFreeAsync(p, NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  /* Release threshold 0: nothing kept once the free is done (which the
   * CPU device may mark a moment after the synchronize returns). */
  uint64_t reserved = 1;
  for (int i = 0; i < 1000 && reserved; ++i) {
    reserved = attr64(pool, hipMemPoolAttrReservedMemCurrent);
    if (reserved) {
      struct timespec t = {0, 1000000L};
      nanosleep(&t, NULL);
    }
  }
  CHECK_EQ(reserved, 0);
  uint64_t zero = 0;
  CHECK_ERR(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &zero),
            hipSuccess);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemHigh), 0);
  /* Above the threshold only. */
  uint64_t keep = 1 << 20;
  CHECK_ERR(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep),
            hipSuccess);
  CHECK_ERR(hipMallocFromPoolAsync(&p, 65536, pool, NULL), hipSuccess);
  CHECK_ERR(hipFreeAsync(p, NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), 65536);
  CHECK_ERR(hipMemPoolDestroy(pool), hipSuccess);
}

static void test_vmm_attribute(void) {
  int v = -1;
  CHECK_ERR(hipDeviceGetAttribute(
                &v, hipDeviceAttributeVirtualMemoryManagementSupported, 0),
            hipSuccess);
  CHECK(v == 0 || v == 1);
  if (v) { /* then a reservation works */
    void* r = NULL;
    size_t g = 0;
    hipMemAllocationProp prop;
    memset(&prop, 0, sizeof prop);
    prop.type = hipMemAllocationTypePinned;
    prop.location.type = hipMemLocationTypeDevice;
    CHECK_ERR(hipMemGetAllocationGranularity(
                  &g, &prop, hipMemAllocationGranularityMinimum),
              hipSuccess);
    CHECK_ERR(hipMemAddressReserve(&r, g, 0, NULL, 0), hipSuccess);
    CHECK_ERR(hipMemAddressFree(r, g), hipSuccess);
  }
}

static void test_advice_whole_pages(void) {
  const size_t page = 4096;
  char* m = NULL;
  CHECK_ERR(hipMallocManaged((void**)&m, 3 * page, hipMemAttachGlobal),
            hipSuccess);
  /* Half a page inside the first: the whole first page gets it. */
  CHECK_ERR(hipMemPrefetchAsync(m + page / 4, page / 2, 0, NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  int where = 99;
  CHECK_ERR(hipMemRangeGetAttribute(&where, sizeof where,
                                    hipMemRangeAttributeLastPrefetchLocation,
                                    m, page),
            hipSuccess);
  CHECK_EQ(where, 0);
  /* The third page was not touched. */
  CHECK_ERR(hipMemRangeGetAttribute(&where, sizeof where,
                                    hipMemRangeAttributeLastPrefetchLocation,
                                    m, 3 * page),
            hipSuccess);
  CHECK_EQ(where, hipInvalidDeviceId);
  /* Across a page border: both pages. */
  CHECK_ERR(hipMemAdvise(m + page / 2, page, hipMemAdviseSetPreferredLocation,
                         0),
            hipSuccess);
  CHECK_ERR(hipMemRangeGetAttribute(&where, sizeof where,
                                    hipMemRangeAttributePreferredLocation, m,
                                    2 * page),
            hipSuccess);
  CHECK_EQ(where, 0);
  CHECK_ERR(hipFree(m), hipSuccess);
}

/* HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS writes an unsigned int, nothing
 * past it. */
static void test_access_flags_size(void) {
  void* d = NULL;
  CHECK_ERR(hipMalloc(&d, 64), hipSuccess);
  unsigned v[2] = {0, 0xabcdef12u};
  CHECK_ERR(hipPointerGetAttribute(&v[0], HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS,
                                   (hipDeviceptr_t)d),
            hipSuccess);
  CHECK_EQ(v[0], hipMemAccessFlagsProtReadWrite);
  CHECK_EQ(v[1], 0xabcdef12u);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* Advice about memory hipc did not allocate is accepted where the device
 * reads pageable memory (the CPU device does) and changes nothing; advice
 * about hipc's memory that is not managed is still refused. Read-mostly
 * advice takes any device number, as in AMD's runtime. */
static void test_advice_pageable(void) {
  int pageable = 0;
  CHECK_ERR(hipDeviceGetAttribute(&pageable,
                                  hipDeviceAttributePageableMemoryAccess, 0),
            hipSuccess);
  hipError_t want = pageable ? hipSuccess : hipErrorInvalidValue;
  char* h = malloc(8192);
  CHECK_ERR(hipMemAdvise(h, 8192, hipMemAdviseSetReadMostly, 0), want);
  CHECK_ERR(hipMemAdvise(h, 8192, hipMemAdviseSetPreferredLocation, 0), want);
  CHECK_ERR(hipMemAdvise(h, 8192, hipMemAdviseSetAccessedBy, 0), want);
  CHECK_ERR(hipMemAdvise(h, 8192, hipMemAdviseSetAccessedBy, 99),
            hipErrorInvalidDevice);
  CHECK_ERR(hipMemAdvise(h, 0, hipMemAdviseSetAccessedBy, 0),
            hipErrorInvalidValue);
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(s, h, 8192, hipMemAttachSingle), want);
  CHECK_ERR(hipStreamAttachMemAsync(s, h, 0, hipMemAttachSingle),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  free(h);
  void* d = NULL;
  CHECK_ERR(hipMalloc(&d, 4096), hipSuccess);
  CHECK_ERR(hipMemAdvise(d, 4096, hipMemAdviseSetReadMostly, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
  char* m = NULL;
  CHECK_ERR(hipMallocManaged((void**)&m, 4096, hipMemAttachGlobal),
            hipSuccess);
  CHECK_ERR(hipMemAdvise(m, 4096, hipMemAdviseSetReadMostly, 99), hipSuccess);
  int rm = -1;
  CHECK_ERR(hipMemRangeGetAttribute(&rm, sizeof rm,
                                    hipMemRangeAttributeReadMostly, m, 4096),
            hipSuccess);
  CHECK_EQ(rm, 1);
  CHECK_ERR(hipMemAdvise(m, 4096, hipMemAdviseUnsetReadMostly, -12),
            hipSuccess);
  CHECK_ERR(hipMemRangeGetAttribute(&rm, sizeof rm,
                                    hipMemRangeAttributeReadMostly, m, 4096),
            hipSuccess);
  CHECK_EQ(rm, 0);
  CHECK_ERR(hipMemAdvise(m, 4096, hipMemAdviseSetPreferredLocation, 99),
            hipErrorInvalidDevice);
  CHECK_ERR(hipFree(m), hipSuccess);
}

/* hipMemRangeGetAttribute's coherency mode (AMD's attribute) of memory
 * that is not managed: hipMalloc memory coarse-grained, fine-grained
 * device memory and pinned host memory fine-grained, non-coherent pinned
 * memory coarse; the other attributes stay for managed memory only. */
static void test_coherency_of_plain_memory(void) {
  void *d = NULL, *f = NULL, *h = NULL, *nc = NULL;
  CHECK_ERR(hipMalloc(&d, 4096), hipSuccess);
  CHECK_ERR(hipExtMallocWithFlags(&f, 4096, hipDeviceMallocFinegrained),
            hipSuccess);
  CHECK_ERR(hipHostMalloc(&h, 4096, 0), hipSuccess);
  CHECK_ERR(hipHostMalloc(&nc, 4096, hipHostMallocNonCoherent), hipSuccess);
  int mode = -1;
  CHECK_ERR(hipMemRangeGetAttribute(&mode, 4,
                                    hipMemRangeAttributeCoherencyMode,
                                    (char*)d + 8, 16),
            hipSuccess);
  CHECK_EQ(mode, hipMemRangeCoherencyModeCoarseGrain);
  CHECK_ERR(hipMemRangeGetAttribute(&mode, 4,
                                    hipMemRangeAttributeCoherencyMode, f,
                                    4096),
            hipSuccess);
  CHECK_EQ(mode, hipMemRangeCoherencyModeFineGrain);
  CHECK_ERR(hipMemRangeGetAttribute(&mode, 4,
                                    hipMemRangeAttributeCoherencyMode, h,
                                    4096),
            hipSuccess);
  CHECK_EQ(mode, hipMemRangeCoherencyModeFineGrain);
  CHECK_ERR(hipMemRangeGetAttribute(&mode, 4,
                                    hipMemRangeAttributeCoherencyMode, nc,
                                    4096),
            hipSuccess);
  CHECK_EQ(mode, hipMemRangeCoherencyModeCoarseGrain);
  CHECK_ERR(hipMemRangeGetAttribute(&mode, 4,
                                    hipMemRangeAttributeCoherencyMode, d,
                                    4097),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeReadMostly,
                                    d, 4096),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipFree(f), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipHostFree(nc), hipSuccess);
}

/* hipMemcpyAsync between two host buffers (pinned included) is done when
 * it returns, even behind a stream that is still busy (AMD's runtime and
 * CUDA); a copy from pinned memory to device memory stays queued. */
static void blocker(hipStream_t s, hipError_t st, void* flag) {
  (void)s;
  (void)st;
  while (!__atomic_load_n((int*)flag, __ATOMIC_ACQUIRE)) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}

static void test_host_to_host_async(void) {
  char *a = NULL, *b = NULL, *d = NULL;
  CHECK_ERR(hipHostMalloc((void**)&a, 4096, 0), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&b, 4096, 0), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, 4096), hipSuccess);
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  for (int i = 0; i < 4096; ++i) a[i] = (char)i;
  int flag = 0;
  CHECK_ERR(hipStreamAddCallback(s, blocker, &flag, 0), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, a, 4096, hipMemcpyHostToDevice, s), hipSuccess);
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
  CHECK_ERR(hipMemcpyAsync(b, a, 4096, hipMemcpyHostToHost, s), hipSuccess);
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  int bad = 0;
  for (int i = 0; i < 4096; ++i) bad += b[i] != (char)i;
  CHECK_EQ(bad, 0);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(a), hipSuccess);
  CHECK_ERR(hipHostFree(b), hipSuccess);
}

int main(void) {
  test_host_to_host_async();
  test_advice_pageable();
  test_coherency_of_plain_memory();
  test_access_flags_size();
  test_signal_memory_size();
  test_register_unmapped();
  test_async_alloc_codes();
  test_free_async_of_malloc();
  test_pool_access_codes();
  test_pool_gives_back();
  test_vmm_attribute();
  test_advice_whole_pages();
  return check_summary("test_memory_conf");
}
