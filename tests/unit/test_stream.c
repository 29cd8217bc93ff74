/* Streams: create, destroy, synchronize, query, bad handles, async copies. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void test_create_destroy(void) {
  hipStream_t s = NULL, t = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK(s != NULL);
  CHECK_ERR(hipStreamCreate(&t), hipSuccess);
  CHECK(t != NULL && t != s);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipStreamQuery(s), hipSuccess); /* idle */
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(t), hipSuccess);
}

static void test_create_with_flags(void) {
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&s, hipStreamDefault), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

static void test_create_bad_input(void) {
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipStreamCreateWithFlags(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipStreamCreateWithFlags(&s, 0x80), hipErrorInvalidValue);
}

static void test_destroy_twice(void) {
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamSynchronize(s), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamQuery(s), hipErrorInvalidHandle);
}

static void test_made_up_handle(void) {
  /* Memory that looks nothing like a stream, and a random address. */
  static uint64_t fake_storage[16];
  hipStream_t fake = (hipStream_t)(void*)fake_storage;
  hipStream_t wild = (hipStream_t)(uintptr_t)0x7654321;
  unsigned char h[8] = {0}, h2[8];
  CHECK_ERR(hipStreamDestroy(fake), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamSynchronize(fake), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamQuery(fake), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamDestroy(wild), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamSynchronize(wild), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamQuery(wild), hipErrorInvalidHandle);
  CHECK_ERR(hipMemcpyAsync(h2, h, 8, hipMemcpyHostToHost, wild),
            hipErrorInvalidHandle);
}

static void test_null_and_per_thread_streams(void) {
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_ERR(hipStreamQuery(NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(hipStreamPerThread), hipSuccess);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipSuccess);
  /* Neither can be destroyed. */
  CHECK_ERR(hipStreamDestroy(NULL), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamDestroy(hipStreamPerThread), hipErrorInvalidHandle);
}

/* hipStreamLegacy (the header's special handle for the legacy default
 * stream) is a valid stream. */
static void test_legacy_stream_handle(void) {
  unsigned char src[64], dst[64];
  for (int i = 0; i < 64; i++) src[i] = (unsigned char)(i * 3 + 1);
  memset(dst, 0, sizeof dst);
  CHECK_ERR(hipStreamSynchronize(hipStreamLegacy), hipSuccess);
  CHECK_ERR(hipStreamQuery(hipStreamLegacy), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(dst, src, 64, hipMemcpyHostToHost,
                           hipStreamLegacy),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(hipStreamLegacy), hipSuccess);
  CHECK_MEM(dst, src, 64);
}

/* Async copies and fills on one stream run in order; after
 * hipStreamSynchronize all of them are done, and the stream is idle. */
static void test_async_in_order(void) {
  const size_t n = (12u << 20) + 1; /* large enough for the worker pool */
  hipStream_t s = NULL;
  unsigned char *a = NULL, *b = NULL, *h = malloc(n), *out = malloc(n);
  for (size_t i = 0; i < n; i++) h[i] = (unsigned char)(i % 251);
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  CHECK_ERR(hipMemsetAsync(b, 0x77, n, s), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(a, h, n, hipMemcpyHostToDevice, s), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(b, a, n - 1, hipMemcpyDeviceToDevice, s),
            hipSuccess);
  CHECK_ERR(hipMemcpyAsync(out, b, n, hipMemcpyDeviceToHost, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  CHECK_MEM(out, h, n - 1);
  CHECK_EQ(out[n - 1], 0x77);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
  free(h);
  free(out);
}

/* Destroying a stream with work queued waits for the work. */
static void test_destroy_waits_for_work(void) {
  const size_t n = 32u << 20;
  hipStream_t s = NULL;
  unsigned char *a = NULL, *b = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  memset(a, 0x42, n);
  memset(b, 0, n);
  CHECK_ERR(hipMemcpyAsync(b, a, n, hipMemcpyDeviceToDevice, s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_EQ(b[0], 0x42);
  CHECK_EQ(b[n - 1], 0x42);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
}

/* The null stream is a blocking stream: a blocking copy on it waits for
 * work queued earlier on a blocking (default-flag) stream. */
static void test_null_stream_waits_for_blocking_stream(void) {
  const size_t n = 64u << 20;
  hipStream_t s = NULL;
  unsigned char *a = NULL, *b = NULL, tail[16], want[16];
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  memset(a, 0x5C, n);
  memset(b, 0, n);
  memset(want, 0x5C, sizeof want);
  CHECK_ERR(hipMemcpyAsync(b, a, n, hipMemcpyDeviceToDevice, s), hipSuccess);
  CHECK_ERR(hipMemcpy(tail, b + n - 16, 16, hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_MEM(tail, want, 16);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
}

/* hipDeviceSynchronize waits for every stream. */
static void test_device_synchronize_waits_for_streams(void) {
  const size_t n = 48u << 20;
  hipStream_t s = NULL;
  unsigned char *a = NULL, *b = NULL;
  CHECK_ERR(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  memset(a, 0x6D, n);
  memset(b, 0, n);
  CHECK_ERR(hipMemcpyAsync(b, a, n, hipMemcpyDeviceToDevice, s), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  CHECK_EQ(b[n - 1], 0x6D);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
}

int main(void) {
  test_create_destroy();
  test_create_with_flags();
  test_create_bad_input();
  test_destroy_twice();
  test_made_up_handle();
  test_null_and_per_thread_streams();
  test_legacy_stream_handle();
  test_async_in_order();
  test_destroy_waits_for_work();
  test_null_stream_waits_for_blocking_stream();
  test_device_synchronize_waits_for_streams();
  return check_summary("test_stream");
}
