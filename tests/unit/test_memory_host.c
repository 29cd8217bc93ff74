/* Host and managed memory: hipHostMalloc and its flags, hipHostFree,
 * hipHostRegister / Unregister, hipHostGetDevicePointer, hipHostGetFlags,
 * hipMallocManaged, hipMemAdvise, hipMemPrefetchAsync,
 * hipPointerGetAttributes and hipMemPtrGetInfo for every kind, and the
 * bad-input rules (double frees, foreign pointers, overruns). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void fill_pattern(unsigned char* p, size_t n, unsigned seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = (unsigned char)(x >> 7);
  }
}

static void test_host_malloc(void) {
  const unsigned flags[] = {hipHostMallocDefault, hipHostMallocPortable,
                            hipHostMallocMapped, hipHostMallocWriteCombined,
                            hipHostMallocCoherent, hipHostMallocNonCoherent,
                            hipHostMallocMapped | hipHostMallocPortable};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    unsigned char* p = NULL;
    unsigned got = 12345;
    const size_t n = 1000 + i;
    CHECK_ERR(hipHostMalloc((void**)&p, n, flags[i]), hipSuccess);
    CHECK(p != NULL);
    memset(p, (int)i, n); /* the host writes it directly */
    CHECK_ERR(hipHostGetFlags(&got, p), hipSuccess);
    CHECK_EQ(got, flags[i]);
    CHECK_ERR(hipHostGetFlags(&got, p + n - 1), hipSuccess);
    CHECK_EQ(got, flags[i]);
    void* dp = NULL;
    CHECK_ERR(hipHostGetDevicePointer(&dp, p + 7, 0), hipSuccess);
    CHECK(dp == p + 7); /* the CPU device shares the address space */
    CHECK_ERR(hipHostFree(p), hipSuccess);
  }
  void* p = (void*)1;
  CHECK_ERR(hipHostMalloc(&p, 0, 0), hipSuccess);
  CHECK(p == NULL);
  CHECK_ERR(hipHostMalloc(NULL, 16, 0), hipErrorInvalidValue);
  CHECK_ERR(hipHostMalloc(&p, 16, 0x100), hipErrorInvalidValue);
  CHECK_ERR(hipHostMalloc(&p, 16,
                          hipHostMallocCoherent | hipHostMallocNonCoherent),
            hipErrorInvalidValue);
  CHECK_ERR(hipHostMalloc(&p, SIZE_MAX, 0), hipErrorOutOfMemory);
  /* The older spellings. */
  p = NULL;
  CHECK_ERR(hipHostAlloc(&p, 64, hipHostAllocMapped), hipSuccess);
  CHECK_ERR(hipFreeHost(p), hipSuccess);
  p = NULL;
  CHECK_ERR(hipMallocHost(&p, 64), hipSuccess);
  unsigned got = 99;
  CHECK_ERR(hipHostGetFlags(&got, p), hipSuccess);
  CHECK_EQ(got, 0);
  /* hipFree takes host memory too, as AMD's does. */
  CHECK_ERR(hipFree(p), hipSuccess);
}

static void test_host_free_errors(void) {
  unsigned char *p = NULL, *d = NULL;
  int local = 0;
  void* heap = malloc(64);
  CHECK_ERR(hipHostFree(NULL), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&p, 256, 0), hipSuccess);
  memset(p, 0x6B, 256);
  CHECK_ERR(hipHostFree(p + 1), hipErrorInvalidValue);
  CHECK_ERR(hipHostFree(&local), hipErrorInvalidValue);
  CHECK_ERR(hipHostFree(heap), hipErrorInvalidValue);
  CHECK_EQ(p[0], 0x6B); /* still allocated, untouched */
  CHECK_EQ(p[255], 0x6B);
  CHECK_ERR(hipHostFree(p), hipSuccess);
  CHECK_ERR(hipHostFree(p), hipErrorInvalidValue); /* double free */
  CHECK_ERR(hipMalloc((void**)&d, 64), hipSuccess);
  CHECK_ERR(hipHostFree(d), hipSuccess); /* AMD: any hipc allocation */
  CHECK_ERR(hipFree(d), hipErrorInvalidValue);
  unsigned f = 0;
  CHECK_ERR(hipHostGetFlags(&f, heap), hipErrorInvalidValue);
  CHECK_ERR(hipHostGetFlags(NULL, heap), hipErrorInvalidValue);
  void* dp = NULL;
  CHECK_ERR(hipHostGetDevicePointer(&dp, heap, 0), hipErrorInvalidValue);
  CHECK_ERR(hipHostGetDevicePointer(NULL, heap, 0), hipErrorInvalidValue);
  free(heap);
}

static void test_host_register(void) {
  int supported = 0;
  CHECK_ERR(hipDeviceGetAttribute(&supported,
                                  hipDeviceAttributeHostRegisterSupported, 0),
            hipSuccess);
  CHECK_EQ(supported, 1);
  const size_t n = 3 * 4096 + 100;
  unsigned char* mem = malloc(n);
  unsigned char* out = malloc(n);
  unsigned char* d = NULL;
  fill_pattern(mem, n, 11);
  CHECK_ERR(hipHostRegister(mem, n, hipHostRegisterMapped), hipSuccess);
  unsigned f = 0;
  CHECK_ERR(hipHostGetFlags(&f, mem + 5), hipSuccess);
  CHECK_EQ(f, hipHostRegisterMapped);
  void* dp = NULL;
  CHECK_ERR(hipHostGetDevicePointer(&dp, mem + 100, 0), hipSuccess);
  CHECK(dp == mem + 100);
  CHECK_ERR(hipHostGetDevicePointer(&dp, mem, 1), hipErrorInvalidValue);
  /* Overlapping or repeated registrations. */
  CHECK_ERR(hipHostRegister(mem, n, 0), hipErrorHostMemoryAlreadyRegistered);
  CHECK_ERR(hipHostRegister(mem + 10, 16, 0),
            hipErrorHostMemoryAlreadyRegistered);
  CHECK_ERR(hipHostRegister(NULL, 16, 0), hipErrorInvalidValue);
  CHECK_ERR(hipHostRegister(out, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipHostRegister(out, 16, 0x40), hipErrorInvalidValue);
  /* A registered range is tracked: copies that overrun it are refused. */
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipMemcpy(d, mem, n, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(d, mem + 1, n, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  memset(out, 0, n);
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, mem, n);
  /* Registered memory is not hipc's to free. */
  CHECK_ERR(hipFree(mem), hipErrorInvalidValue);
  CHECK_ERR(hipHostFree(mem), hipErrorInvalidValue);
  hipPointerAttribute_t at;
  CHECK_ERR(hipPointerGetAttributes(&at, mem + 3), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeHost);
  CHECK(at.hostPointer == mem + 3);
  CHECK(at.devicePointer == mem + 3);
  CHECK_EQ(at.allocationFlags, hipHostRegisterMapped);
  /* Unregister: only the registered base. */
  CHECK_ERR(hipHostUnregister(mem + 1), hipErrorHostMemoryNotRegistered);
  CHECK_ERR(hipHostUnregister(out), hipErrorHostMemoryNotRegistered);
  CHECK_ERR(hipHostUnregister(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipHostUnregister(mem), hipSuccess);
  CHECK_ERR(hipHostUnregister(mem), hipErrorHostMemoryNotRegistered);
  CHECK_ERR(hipHostGetFlags(&f, mem), hipErrorInvalidValue);
  CHECK_ERR(hipPointerGetAttributes(&at, mem), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeUnregistered);
  /* And again, after unregistering. */
  CHECK_ERR(hipHostRegister(mem, n, 0), hipSuccess);
  CHECK_ERR(hipHostUnregister(mem), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  /* hipc's own allocations cannot be registered. */
  CHECK_ERR(hipHostMalloc((void**)&d, 64, 0), hipSuccess);
  CHECK_ERR(hipHostRegister(d, 64, 0), hipErrorHostMemoryAlreadyRegistered);
  CHECK_ERR(hipHostFree(d), hipSuccess);
  free(mem);
  free(out);
}

static void test_managed(void) {
  const size_t n = 10000;
  unsigned char* m = NULL;
  unsigned char* h = malloc(n);
  CHECK_ERR(hipMallocManaged((void**)&m, n, hipMemAttachGlobal), hipSuccess);
  CHECK(m != NULL);
  fill_pattern(m, n, 12); /* the host writes it */
  CHECK_ERR(hipMemcpy(h, m, n, hipMemcpyDefault), hipSuccess);
  CHECK_MEM(h, m, n);
  hipPointerAttribute_t at;
  CHECK_ERR(hipPointerGetAttributes(&at, m + 9), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeManaged);
  CHECK_EQ(at.isManaged, 1);
  CHECK(at.devicePointer == m + 9);
  CHECK(at.hostPointer == m + 9);
  CHECK_EQ(at.allocationFlags, hipMemAttachGlobal);
  /* Advice: every kind, for a device or the host. */
  const hipMemoryAdvise adv[] = {
      hipMemAdviseSetReadMostly,          hipMemAdviseUnsetReadMostly,
      hipMemAdviseSetPreferredLocation,   hipMemAdviseUnsetPreferredLocation,
      hipMemAdviseSetAccessedBy,          hipMemAdviseUnsetAccessedBy,
      hipMemAdviseSetCoarseGrain,         hipMemAdviseUnsetCoarseGrain};
  for (int i = 0; i < 8; i++) {
    CHECK_ERR(hipMemAdvise(m, n, adv[i], 0), hipSuccess);
    CHECK_ERR(hipMemAdvise(m + 100, 50, adv[i], hipCpuDeviceId), hipSuccess);
  }
  CHECK_ERR(hipMemAdvise(m, n, (hipMemoryAdvise)77, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemAdvise(m, n + 1, hipMemAdviseSetReadMostly, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemAdvise(m, 0, hipMemAdviseSetReadMostly, 0),
            hipErrorInvalidValue);
  /* Pageable memory: accepted where the device reads it (AMD's rule). */
  int pageable = 0;
  CHECK_ERR(hipDeviceGetAttribute(&pageable,
                                  hipDeviceAttributePageableMemoryAccess, 0),
            hipSuccess);
  CHECK_ERR(hipMemAdvise(h, n, hipMemAdviseSetReadMostly, 0),
            pageable ? hipSuccess : hipErrorInvalidValue);
  CHECK_ERR(hipMemAdvise(m, n, hipMemAdviseSetPreferredLocation, 57),
            hipErrorInvalidDevice);
  /* Prefetch: in stream order, data unchanged. */
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMemPrefetchAsync(m, n, 0, s), hipSuccess);
  CHECK_ERR(hipMemPrefetchAsync(m, n, hipCpuDeviceId, NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_MEM(h, m, n);
  CHECK_ERR(hipMemPrefetchAsync(m, n + 1, 0, s), hipErrorInvalidValue);
  CHECK_ERR(hipMemPrefetchAsync(h, n, 0, s), hipErrorInvalidValue);
  CHECK_ERR(hipMemPrefetchAsync(m, n, 57, s), hipErrorInvalidDevice);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipMemPrefetchAsync(m, n, 0, s), hipErrorContextIsDestroyed);
  /* Bad allocations. */
  void* p = NULL;
  CHECK_ERR(hipMallocManaged(&p, 0, hipMemAttachGlobal), hipErrorInvalidValue);
  CHECK_ERR(hipMallocManaged(NULL, 16, hipMemAttachGlobal),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocManaged(&p, 16, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMallocManaged(&p, 16, hipMemAttachSingle),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocManaged(&p, 16, hipMemAttachHost), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
  CHECK_ERR(hipFree(m), hipSuccess);
  CHECK_ERR(hipFree(m), hipErrorInvalidValue);
  free(h);
}

/* hipMemRangeGetAttribute reports the advice given to each byte of a
 * range: a value where the whole range agrees, "invalid" / 0 /
 * indeterminate where it does not. */
static int range_attr(hipMemRangeAttribute attr, const void* p, size_t n) {
  int v = 12345;
  CHECK_ERR(hipMemRangeGetAttribute(&v, 4, attr, p, n), hipSuccess);
  return v;
}

static void test_range_attributes(void) {
  const size_t n = 64 * 1024;
  unsigned char* m = NULL;
  CHECK_ERR(hipMallocManaged((void**)&m, n, hipMemAttachGlobal), hipSuccess);
  /* Defaults. */
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m, n), 0);
  CHECK_EQ(range_attr(hipMemRangeAttributePreferredLocation, m, n),
           hipInvalidDeviceId);
  CHECK_EQ(range_attr(hipMemRangeAttributeLastPrefetchLocation, m, n),
           hipInvalidDeviceId);
  CHECK_EQ(range_attr(hipMemRangeAttributeCoherencyMode, m, n),
           hipMemRangeCoherencyModeFineGrain);
  /* Read-mostly on the middle half. */
  CHECK_ERR(hipMemAdvise(m + n / 4, n / 2, hipMemAdviseSetReadMostly, 0),
            hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m + n / 4, n / 2), 1);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m + n / 2, 100), 1);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m, n), 0);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m + n / 4 - 1, 2), 0);
  CHECK_ERR(hipMemAdvise(m + n / 2, 10, hipMemAdviseUnsetReadMostly, 0),
            hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m + n / 4, n / 2), 0);
  /* Advice acts on whole pages (AMD's runtime): the rest of that page
   * lost it too, the next page kept it. */
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m + n / 2 + 10, 50), 0);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m + n / 2 + 4096, 50),
           1);
  /* Preferred location: the host on the first half, device 0 after. */
  CHECK_ERR(hipMemAdvise(m, n / 2, hipMemAdviseSetPreferredLocation,
                         hipCpuDeviceId),
            hipSuccess);
  CHECK_ERR(hipMemAdvise(m + n / 2, n / 2, hipMemAdviseSetPreferredLocation,
                         0),
            hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributePreferredLocation, m, n / 2),
           hipCpuDeviceId);
  CHECK_EQ(range_attr(hipMemRangeAttributePreferredLocation, m + n / 2, 8),
           0);
  CHECK_EQ(range_attr(hipMemRangeAttributePreferredLocation, m, n),
           hipInvalidDeviceId);
  CHECK_ERR(hipMemAdvise(m, n, hipMemAdviseUnsetPreferredLocation, 0),
            hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributePreferredLocation, m + 5, 5),
           hipInvalidDeviceId);
  /* Accessed by: device 0 on two pages, the host on the first (2048 bytes
   * asked: the whole page). */
  CHECK_ERR(hipMemAdvise(m, 8192, hipMemAdviseSetAccessedBy, 0), hipSuccess);
  CHECK_ERR(hipMemAdvise(m, 2048, hipMemAdviseSetAccessedBy, hipCpuDeviceId),
            hipSuccess);
  int who[3] = {7, 7, 7};
  CHECK_ERR(hipMemRangeGetAttribute(who, sizeof who,
                                    hipMemRangeAttributeAccessedBy, m, 1024),
            hipSuccess);
  CHECK_EQ(who[0], 0);
  CHECK_EQ(who[1], hipCpuDeviceId);
  CHECK_EQ(who[2], hipInvalidDeviceId);
  CHECK_ERR(hipMemRangeGetAttribute(who, sizeof who,
                                    hipMemRangeAttributeAccessedBy, m + 4000,
                                    96),
            hipSuccess);
  CHECK_EQ(who[1], hipCpuDeviceId);
  CHECK_ERR(hipMemRangeGetAttribute(who, sizeof who,
                                    hipMemRangeAttributeAccessedBy, m, 8192),
            hipSuccess);
  CHECK_EQ(who[0], 0);
  CHECK_EQ(who[1], hipInvalidDeviceId);
  CHECK_ERR(hipMemAdvise(m, 8192, hipMemAdviseUnsetAccessedBy, 0),
            hipSuccess);
  CHECK_ERR(hipMemRangeGetAttribute(who, sizeof who,
                                    hipMemRangeAttributeAccessedBy, m, 100),
            hipSuccess);
  CHECK_EQ(who[0], hipCpuDeviceId);
  CHECK_EQ(who[1], hipInvalidDeviceId);
  /* Coherency. */
  CHECK_ERR(hipMemAdvise(m, n / 2, hipMemAdviseSetCoarseGrain, 0),
            hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributeCoherencyMode, m, n / 2),
           hipMemRangeCoherencyModeCoarseGrain);
  CHECK_EQ(range_attr(hipMemRangeAttributeCoherencyMode, m, n),
           hipMemRangeCoherencyModeIndeterminate);
  /* Last prefetch location. */
  CHECK_ERR(hipMemPrefetchAsync(m, n, 0, NULL), hipSuccess);
  CHECK_ERR(hipMemPrefetchAsync(m + 100, 100, hipCpuDeviceId, NULL),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributeLastPrefetchLocation, m + 200, 9),
           hipCpuDeviceId); /* the whole first page */
  CHECK_EQ(range_attr(hipMemRangeAttributeLastPrefetchLocation, m + 4096, 9),
           0);
  CHECK_EQ(range_attr(hipMemRangeAttributeLastPrefetchLocation, m + 100, 100),
           hipCpuDeviceId);
  CHECK_EQ(range_attr(hipMemRangeAttributeLastPrefetchLocation, m, n),
           hipInvalidDeviceId);
  /* Errors. */
  int v = 0;
  unsigned char host[16];
  CHECK_ERR(hipMemRangeGetAttribute(NULL, 4, hipMemRangeAttributeReadMostly,
                                    m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&v, 3, hipMemRangeAttributeReadMostly,
                                    m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&v, 8, hipMemRangeAttributeReadMostly,
                                    m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&v, 4, (hipMemRangeAttribute)55, m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeReadMostly,
                                    m, n + 1),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeReadMostly,
                                    host, 16),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeReadMostly,
                                    m, 0),
            hipErrorInvalidValue);
  /* Freed and allocated again: no advice left over. */
  CHECK_ERR(hipFree(m), hipSuccess);
  unsigned char* m2 = NULL;
  CHECK_ERR(hipMallocManaged((void**)&m2, n, hipMemAttachGlobal), hipSuccess);
  CHECK_EQ(range_attr(hipMemRangeAttributeReadMostly, m2 + n / 4, n / 2), 0);
  CHECK_EQ(range_attr(hipMemRangeAttributeCoherencyMode, m2, n),
           hipMemRangeCoherencyModeFineGrain);
  CHECK_ERR(hipFree(m2), hipSuccess);
}

static void test_pointer_attributes(void) {
  unsigned char *d = NULL, *h = NULL;
  int local = 0;
  hipPointerAttribute_t at;
  CHECK_ERR(hipMalloc((void**)&d, 300), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&h, 200, hipHostMallocMapped), hipSuccess);
  memset(&at, 0xFF, sizeof at);
  CHECK_ERR(hipPointerGetAttributes(&at, d + 299), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeDevice);
  CHECK_EQ(at.device, 0);
  CHECK(at.devicePointer == d + 299);
  CHECK(at.hostPointer == NULL);
  CHECK_EQ(at.isManaged, 0);
  CHECK_EQ(at.allocationFlags, 0);
  CHECK_ERR(hipPointerGetAttributes(&at, h), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeHost);
  CHECK(at.devicePointer == h);
  CHECK(at.hostPointer == h);
  CHECK_EQ(at.allocationFlags, hipHostMallocMapped);
  /* Unknown memory, and just past an allocation. */
  CHECK_ERR(hipPointerGetAttributes(&at, &local), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeUnregistered);
  CHECK(at.hostPointer == (void*)&local);
  CHECK(at.devicePointer == NULL);
  CHECK_EQ(at.device, 0);
  CHECK_EQ(at.isManaged, 0);
  CHECK_ERR(hipPointerGetAttributes(&at, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipPointerGetAttributes(NULL, d), hipErrorInvalidValue);
  size_t size = 0;
  CHECK_ERR(hipMemPtrGetInfo(d, &size), hipSuccess);
  CHECK_EQ(size, 300);
  CHECK_ERR(hipMemPtrGetInfo(d + 150, &size), hipSuccess);
  CHECK_EQ(size, 300);
  CHECK_ERR(hipMemPtrGetInfo(h, &size), hipSuccess);
  CHECK_EQ(size, 200);
  CHECK_ERR(hipMemPtrGetInfo(&local, &size), hipErrorInvalidValue);
  CHECK_ERR(hipMemPtrGetInfo(d, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipMemPtrGetInfo(NULL, &size), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&at, d), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeUnregistered);
  CHECK_ERR(hipMemPtrGetInfo(d, &size), hipErrorInvalidValue);
  CHECK_ERR(hipHostFree(h), hipSuccess);
}

/* Pinned and pageable memory as async copy sources and destinations: the
 * data is right either way, and a pageable source may be reused as soon as
 * the call returns (hipc has read it). */
static void test_async_pinned_and_pageable(void) {
  const size_t n = (1u << 20) + 77;
  hipStream_t s = NULL;
  unsigned char *d = NULL, *pinned = NULL, *pinned_out = NULL;
  unsigned char *pageable = malloc(n), *want = malloc(n), *out = malloc(n);
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&pinned, n, 0), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&pinned_out, n, 0), hipSuccess);
  /* Pageable source, overwritten right after the call. */
  fill_pattern(pageable, n, 21);
  memcpy(want, pageable, n);
  CHECK_ERR(hipMemcpyAsync(d, pageable, n, hipMemcpyHostToDevice, s),
            hipSuccess);
  memset(pageable, 0, n);
  CHECK_ERR(hipMemcpyAsync(pinned_out, d, n, hipMemcpyDeviceToHost, s),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_MEM(pinned_out, want, n);
  /* Pinned source to pageable destination: done when the call returns. */
  fill_pattern(pinned, n, 22);
  CHECK_ERR(hipMemcpyAsync(d, pinned, n, hipMemcpyHostToDevice, s),
            hipSuccess);
  memset(out, 0, n);
  CHECK_ERR(hipMemcpyAsync(out, d, n, hipMemcpyDeviceToHost, s), hipSuccess);
  CHECK_MEM(out, pinned, n);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(pinned), hipSuccess);
  CHECK_ERR(hipHostFree(pinned_out), hipSuccess);
  free(pageable);
  free(want);
  free(out);
}

/* The driver-API async spellings and hipMemcpyWithStream, in stream
 * order. */
static void test_driver_async_copies(void) {
  const size_t n = 5000;
  hipStream_t s = NULL;
  unsigned char *a = NULL, *b = NULL, *in = NULL, *out = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&in, n, 0), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&out, n, 0), hipSuccess);
  fill_pattern(in, n, 41);
  memset(out, 0, n);
  CHECK_ERR(hipMemcpyHtoDAsync(a, in, n, s), hipSuccess);
  CHECK_ERR(hipMemcpyDtoDAsync(b, a, n, s), hipSuccess);
  CHECK_ERR(hipMemcpyDtoHAsync(out, b, n, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_MEM(out, in, n);
  fill_pattern(in, n, 42);
  CHECK_ERR(hipMemcpyWithStream(a, in, n, hipMemcpyHostToDevice, s),
            hipSuccess);
  /* Done when it returns (read back through a copy: device memory). */
  memset(out, 0, n);
  CHECK_ERR(hipMemcpy(out, a, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, in, n);
  CHECK_ERR(hipMemcpyHtoDAsync(a, in, n + 1, s), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyWithStream(a, in, n, (hipMemcpyKind)8, s),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipMemcpyDtoHAsync(out, b, n, s), hipErrorContextIsDestroyed);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
  CHECK_ERR(hipHostFree(in), hipSuccess);
  CHECK_ERR(hipHostFree(out), hipSuccess);
}

/* Copies that overrun pinned or managed allocations are refused, nothing
 * touched. */
static void test_overruns(void) {
  unsigned char *h = NULL, *m = NULL, src[128], zeros[64];
  memset(zeros, 0, sizeof zeros);
  fill_pattern(src, sizeof src, 23);
  CHECK_ERR(hipHostMalloc((void**)&h, 64, 0), hipSuccess);
  CHECK_ERR(hipMallocManaged((void**)&m, 64, hipMemAttachGlobal), hipSuccess);
  memset(h, 0, 64);
  memset(m, 0, 64);
  CHECK_ERR(hipMemcpy(h, src, 65, hipMemcpyHostToHost), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAsync(m + 1, src, 64, hipMemcpyDefault, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemset(h + 60, 1, 5), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetD32(m + 4, 7, 16), hipErrorInvalidValue);
  CHECK_MEM(h, zeros, 64);
  CHECK_MEM(m, zeros, 64);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipFree(m), hipSuccess);
}

int main(void) {
  test_host_malloc();
  test_host_free_errors();
  test_host_register();
  test_managed();
  test_range_attributes();
  test_pointer_attributes();
  test_async_pinned_and_pageable();
  test_driver_async_copies();
  test_overruns();
  return check_summary("test_memory_host");
}
