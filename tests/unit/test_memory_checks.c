/* Device pointers are checked against the live allocations (issue 17):
 * freed, never-allocated and wild pointers get hipErrorInvalidValue from
 * every API that takes a device pointer, never a crash or a silent write;
 * after hipDeviceReset old pointers are invalid. And the allocation table
 * scales: freeing 100k live allocations in allocation order (a sorted
 * array moves O(n) entries per free: quadratic) stays far under a second.
 * A thread's remembered look-ups go stale when another thread frees or
 * registers memory. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

#define WILD ((void*)(uintptr_t)0x1000)

/* A freed allocation of `n` bytes (its address, now dangling). */
static void* freed(size_t n) {
  void* p = NULL;
  CHECK_ERR(hipMalloc(&p, n), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
  return p;
}

static void test_memset_freed_and_wild(void) {
  void* small = freed(4096);
  void* big = freed(1 << 20);
  CHECK_ERR(hipMemset(small, 0x5a, 4096), hipErrorInvalidValue);
  CHECK_ERR(hipMemset(big, 0x5a, 1 << 20), hipErrorInvalidValue);
  CHECK_ERR(hipMemset(WILD, 0, 64), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetAsync(small, 0, 16, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetD32(big, 7, 16), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetD16Async(WILD, 7, 16, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipMemset2D(small, 64, 0, 64, 4), hipErrorInvalidValue);
  hipPitchedPtr pp = {WILD, 64, 64, 4};
  hipExtent x = {64, 4, 2};
  CHECK_ERR(hipMemset3D(pp, 0, x), hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
}

static void test_memset_foreign(void) {
  /* Memory hipc never allocated is not device memory (AMD: the same). */
  char* heap = malloc(256);
  char stack[64];
  CHECK_ERR(hipMemset(heap, 0, 256), hipErrorInvalidValue);
  CHECK_ERR(hipMemset(stack, 0, sizeof stack), hipErrorInvalidValue);
  free(heap);
}

static void test_copy_freed_and_wild(void) {
  char host[256];
  void* live = NULL;
  CHECK_ERR(hipMalloc(&live, 256), hipSuccess);
  void* p = freed(256); /* after `live`, which could reuse its address */
  CHECK_ERR(hipMemcpy(p, host, 256, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(host, p, 256, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(host, WILD, 256, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(live, WILD, 256, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAsync(WILD, live, 256, hipMemcpyDeviceToDevice, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyHtoD(p, host, 16), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyDtoH(host, p, 16), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2D(p, 64, host, 64, 64, 4, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  struct hipMemcpy3DParms m;
  memset(&m, 0, sizeof m);
  m.srcPtr = (hipPitchedPtr){host, 64, 64, 2};
  m.dstPtr = (hipPitchedPtr){WILD, 64, 64, 2};
  m.extent = (hipExtent){64, 2, 1};
  m.kind = hipMemcpyHostToDevice;
  CHECK_ERR(hipMemcpy3D(&m), hipErrorInvalidValue);
  /* A device side that is host memory hipc does not know. */
  char* heap = malloc(256);
  CHECK_ERR(hipMemcpy(heap, host, 256, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  free(heap);
  /* Nothing was written through the live pointer's neighbours: it still
   * works. */
  CHECK_ERR(hipMemset(live, 1, 256), hipSuccess);
  CHECK_ERR(hipMemcpy(host, live, 256, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(host[255], 1);
  CHECK_ERR(hipFree(live), hipSuccess);
}

static void test_overrun(void) {
  void* p = NULL;
  char host[512];
  CHECK_ERR(hipMalloc(&p, 256), hipSuccess);
  CHECK_ERR(hipMemset(p, 0, 257), hipErrorInvalidValue);
  CHECK_ERR(hipMemset((char*)p + 255, 0, 2), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(host, p, 512, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemset((char*)p + 255, 0, 1), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
}

static void test_free_and_query(void) {
  void* p = freed(64);
  CHECK_ERR(hipFree(p), hipErrorInvalidValue);
  CHECK_ERR(hipFree(WILD), hipErrorInvalidValue);
  hipPointerAttribute_t a;
  /* Freed memory is unknown to hipc: unregistered host memory. */
  CHECK_ERR(hipPointerGetAttributes(&a, p), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeUnregistered);
  size_t size;
  CHECK_ERR(hipMemPtrGetInfo(p, &size), hipErrorInvalidValue);
  void* live = NULL;
  CHECK_ERR(hipMalloc(&live, 64), hipSuccess);
  CHECK_ERR(hipFree((char*)live + 8), hipErrorInvalidValue); /* interior */
  CHECK_ERR(hipFree(live), hipSuccess);
}

static void* free_on_thread(void* p) {
  return (void*)(uintptr_t)hipFree(p);
}

static void* register_on_thread(void* p) {
  return (void*)(uintptr_t)hipHostRegister(p, 4096, 0);
}

/* Runs fn(arg) on another thread; its result. */
static hipError_t on_thread(void* (*fn)(void*), void* arg) {
  pthread_t t;
  void* r = (void*)(uintptr_t)hipErrorUnknown;
  CHECK_EQ(pthread_create(&t, NULL, fn, arg), 0);
  CHECK_EQ(pthread_join(t, &r), 0);
  return (hipError_t)(uintptr_t)r;
}

/* This thread has just looked the memory up (the table remembers the
 * entry, or the gap without one); another thread's change shows. */
static void test_remembered_lookups(void) {
  void* p = NULL;
  hipPointerAttribute_t a;
  CHECK_ERR(hipMalloc(&p, 256), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&a, (char*)p + 8), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeDevice);
  CHECK_ERR(hipFree((char*)p + 8), hipErrorInvalidValue); /* interior */
  CHECK_ERR(on_thread(free_on_thread, p), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&a, p), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeUnregistered);
  CHECK_ERR(hipMemset(p, 0, 16), hipErrorInvalidValue);
  CHECK_ERR(hipFree(p), hipErrorInvalidValue);
  /* A gap remembered, then registered by another thread. */
  char* h = aligned_alloc(4096, 4096);
  CHECK_ERR(hipPointerGetAttributes(&a, h + 16), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeUnregistered);
  CHECK_ERR(on_thread(register_on_thread, h), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&a, h + 16), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeHost);
  CHECK_ERR(hipHostUnregister(h), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&a, h + 16), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeUnregistered);
  free(h);
}

static void test_after_reset(void) {
  void* p = NULL;
  CHECK_ERR(hipMalloc(&p, 4096), hipSuccess);
  CHECK_ERR(hipMemset(p, 0, 4096), hipSuccess);
  CHECK_ERR(hipDeviceReset(), hipSuccess);
  CHECK_ERR(hipMemset(p, 0, 4096), hipErrorInvalidValue);
  char host[16];
  CHECK_ERR(hipMemcpy(host, p, 16, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(p), hipErrorInvalidValue);
  /* The device works after the reset. */
  CHECK_ERR(hipMalloc(&p, 4096), hipSuccess);
  CHECK_ERR(hipMemset(p, 3, 4096), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* 100k allocations freed in allocation order, then 100k in reverse: each
 * pass well under a second (quadratic took 5.7 s for the first). */
static void test_free_many(void) {
  enum { N = 100000 };
  void** p = malloc(N * sizeof *p);
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < N; ++i) CHECK_ERR(hipMalloc(&p[i], 64), hipSuccess);
    double t0 = now();
    int bad = 0;
    for (int i = 0; i < N; ++i)
      bad += hipFree(p[pass ? N - 1 - i : i]) != hipSuccess;
    double t = now() - t0;
    CHECK_EQ(bad, 0);
    fprintf(stderr, "freeing %d allocations (%s order): %.3f s\n", N,
            pass ? "reverse" : "allocation", t);
    CHECK(t < 1.5);
  }
  free(p);
}

int main(void) {
  test_memset_freed_and_wild();
  test_memset_foreign();
  test_copy_freed_and_wild();
  test_overrun();
  test_free_and_query();
  test_free_many();
  test_remembered_lookups();
  test_after_reset(); /* last: it resets the device */
  return check_summary("test_memory_checks");
}
