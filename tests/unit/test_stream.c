/* Streams: create, destroy, synchronize, query, bad handles, async copies,
 * properties and priorities, callbacks and host functions in stream order,
 * the null stream's implicit synchronisation (and hipStreamNonBlocking
 * opting out), per-thread default streams.
 *
 * Work is held back with a "gate": a host function that blocks until the
 * test opens it, so that what is queued behind it provably has not run. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "gate.h"


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
  CHECK_ERR(hipStreamDestroy(s), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamSynchronize(s), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamQuery(s), hipErrorContextIsDestroyed);
}

static void test_made_up_handle(void) {
  /* Memory that looks nothing like a stream, and a random address. */
  static uint64_t fake_storage[16];
  hipStream_t fake = (hipStream_t)(void*)fake_storage;
  hipStream_t wild = (hipStream_t)(uintptr_t)0x7654321;
  unsigned char h[8] = {0}, h2[8];
  CHECK_ERR(hipStreamDestroy(fake), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamSynchronize(fake), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamQuery(fake), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamDestroy(wild), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamSynchronize(wild), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamQuery(wild), hipErrorContextIsDestroyed);
  CHECK_ERR(hipMemcpyAsync(h2, h, 8, hipMemcpyHostToHost, wild),
            hipErrorContextIsDestroyed);
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

static void test_properties(void) {
  hipStream_t s = NULL, nb = NULL;
  unsigned flags = 99;
  int prio = 99, dev = 99, least = 99, greatest = 99;
  CHECK_ERR(hipDeviceGetStreamPriorityRange(&least, &greatest), hipSuccess);
  CHECK_EQ(least, 1);
  CHECK_EQ(greatest, -1);
  CHECK_ERR(hipDeviceGetStreamPriorityRange(NULL, NULL), hipSuccess);
  int supported = 0;
  CHECK_ERR(hipDeviceGetAttribute(&supported,
                                  hipDeviceAttributeStreamPrioritiesSupported,
                                  0),
            hipSuccess);
  CHECK_EQ(supported, 1);
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipStreamGetFlags(s, &flags), hipSuccess);
  CHECK_EQ(flags, hipStreamDefault);
  CHECK_ERR(hipStreamGetFlags(nb, &flags), hipSuccess);
  CHECK_EQ(flags, hipStreamNonBlocking);
  /* AMD's answer for the null stream (CUDA's is its flags). */
  CHECK_ERR(hipStreamGetFlags(NULL, &flags), hipErrorInvalidValue);
  CHECK_ERR(hipStreamGetPriority(s, &prio), hipSuccess);
  CHECK_EQ(prio, 0);
  CHECK_ERR(hipStreamGetPriority(NULL, &prio), hipSuccess);
  CHECK_EQ(prio, 0);
  CHECK_ERR(hipStreamGetDevice(s, &dev), hipSuccess);
  CHECK_EQ(dev, 0);
  dev = 99;
  CHECK_ERR(hipStreamGetDevice(hipStreamPerThread, &dev), hipSuccess);
  CHECK_EQ(dev, 0);
  CHECK_ERR(hipStreamGetFlags(s, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipStreamGetPriority(s, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipStreamGetDevice(s, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamGetFlags(s, &flags), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamGetPriority(s, &prio), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamGetDevice(s, &dev), hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamDestroy(nb), hipSuccess);
  /* Priorities: kept within the range, others clamped into it. */
  const int asked[] = {-1, 0, 1, -7, 42}, kept[] = {-1, 0, 1, -1, 1};
  for (int i = 0; i < 5; i++) {
    CHECK_ERR(hipStreamCreateWithPriority(&s, hipStreamNonBlocking, asked[i]),
              hipSuccess);
    CHECK_ERR(hipStreamGetPriority(s, &prio), hipSuccess);
    CHECK_EQ(prio, kept[i]);
    CHECK_ERR(hipStreamGetFlags(s, &flags), hipSuccess);
    CHECK_EQ(flags, hipStreamNonBlocking);
    CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  }
  CHECK_ERR(hipStreamCreateWithPriority(NULL, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipStreamCreateWithPriority(&s, 2, 0), hipErrorInvalidValue);
}

/* Callbacks and host functions run in stream order, interleaved with
 * copies: each one sees the copies queued before it and none after. */
typedef struct order_log {
  atomic_int next;
  int seen[16];
  int value[16];
  hipStream_t stream[16];
  hipError_t status[16];
  const unsigned char* watch;
} order_log;

typedef struct order_arg {
  order_log* log;
  int id;
} order_arg;

static void log_host_fn(void* p) {
  order_arg* a = p;
  int k = atomic_fetch_add(&a->log->next, 1);
  a->log->seen[k] = a->id;
  a->log->value[k] = a->log->watch[0];
}

static void log_callback(hipStream_t s, hipError_t status, void* p) {
  order_arg* a = p;
  int k = atomic_fetch_add(&a->log->next, 1);
  a->log->seen[k] = a->id;
  a->log->value[k] = a->log->watch[0];
  a->log->stream[k] = s;
  a->log->status[k] = status;
}

static void test_callbacks_in_order(void) {
  hipStream_t streams[2] = {NULL, NULL};
  CHECK_ERR(hipStreamCreate(&streams[1]), hipSuccess);
  for (int si = 0; si < 2; si++) {
    hipStream_t s = streams[si];
    order_log log;
    memset(&log, 0, sizeof log);
    order_arg args[8];
    unsigned char *d = NULL, *src = NULL;
    gate g = {0};
    CHECK_ERR(hipMalloc((void**)&d, 4096), hipSuccess);
    CHECK_ERR(hipHostMalloc((void**)&src, 8 * 4096, 0), hipSuccess);
    for (int i = 0; i < 8; i++) memset(src + i * 4096, 10 + i, 4096);
    CHECK_ERR(hipMemset(d, 0, 4096), hipSuccess);
    log.watch = d;
    CHECK_ERR(hipLaunchHostFunc(s, gate_fn, &g), hipSuccess);
    for (int i = 0; i < 8; i++) {
      args[i].log = &log;
      args[i].id = i;
      CHECK_ERR(hipMemcpyAsync(d, src + i * 4096, 4096,
                               hipMemcpyHostToDevice, s),
                hipSuccess);
      if (i % 2)
        CHECK_ERR(hipStreamAddCallback(s, log_callback, &args[i], 0),
                  hipSuccess);
      else
        CHECK_ERR(hipLaunchHostFunc(s, log_host_fn, &args[i]), hipSuccess);
    }
    sleep_ms(10);
    CHECK_EQ(atomic_load(&log.next), 0); /* all held by the gate */
    atomic_store(&g.open, 1);
    CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    CHECK_EQ(atomic_load(&log.next), 8);
    for (int k = 0; k < 8; k++) {
      CHECK_EQ(log.seen[k], k);
      CHECK_EQ(log.value[k], 10 + k);
      if (k % 2) {
        CHECK(log.stream[k] == s);
        CHECK_ERR(log.status[k], hipSuccess);
      }
    }
    CHECK_ERR(hipFree(d), hipSuccess);
    CHECK_ERR(hipHostFree(src), hipSuccess);
  }
  CHECK_ERR(hipStreamAddCallback(NULL, NULL, NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipStreamAddCallback(NULL, log_callback, NULL, 1),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchHostFunc(NULL, NULL, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipStreamDestroy(streams[1]), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(streams[1], log_host_fn, NULL),
            hipErrorContextIsDestroyed);
  CHECK_ERR(hipStreamAddCallback(streams[1], log_callback, NULL, 0),
            hipErrorContextIsDestroyed);
}

/* The null stream waits for blocking streams without the host waiting:
 * an async copy on the null stream queued after a gated blocking stream
 * returns at once and runs only after the gate opens. A non-blocking
 * stream is not waited for. Work on a blocking stream waits for the null
 * stream in turn. */
static void test_null_stream_order(void) {
  const size_t n = 4096;
  hipStream_t blocking = NULL, nonblocking = NULL;
  unsigned char *d = NULL, *h = NULL, *src = NULL;
  gate g1 = {0}, g2 = {0}, g3 = {0};
  CHECK_ERR(hipStreamCreate(&blocking), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&nonblocking, hipStreamNonBlocking),
            hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&h, n, 0), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&src, n, 0), hipSuccess);
  memset(src, 0x3C, n);
  memset(h, 0, n);
  CHECK_ERR(hipMemset(d, 0, n), hipSuccess);

  /* 1: null after a blocking stream. */
  CHECK_ERR(hipLaunchHostFunc(blocking, gate_fn, &g1), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, src, n, hipMemcpyHostToDevice, blocking),
            hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h, d, n, hipMemcpyDeviceToHost, NULL), hipSuccess);
  sleep_ms(10);
  CHECK_ERR(hipStreamQuery(NULL), hipErrorNotReady);
  CHECK_EQ(h[0], 0);
  atomic_store(&g1.open, 1);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_EQ(h[0], 0x3C);
  CHECK_EQ(h[n - 1], 0x3C);
  CHECK_ERR(hipStreamQuery(blocking), hipSuccess);

  /* 2: a non-blocking stream is not waited for. */
  memset(h, 0, n);
  memset(src, 0x4D, n);
  CHECK_ERR(hipLaunchHostFunc(nonblocking, gate_fn, &g2), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h, src, n, hipMemcpyHostToHost, NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_EQ(h[n - 1], 0x4D);
  CHECK_ERR(hipStreamQuery(nonblocking), hipErrorNotReady);
  CHECK_ERR(hipStreamQuery(NULL), hipSuccess);
  atomic_store(&g2.open, 1);
  CHECK_ERR(hipStreamSynchronize(nonblocking), hipSuccess);

  /* 3: a blocking stream after the null stream. */
  memset(h, 0, n);
  memset(src, 0x5E, n);
  CHECK_ERR(hipLaunchHostFunc(NULL, gate_fn, &g3), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, src, n, hipMemcpyHostToDevice, NULL),
            hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h, d, n, hipMemcpyDeviceToHost, blocking),
            hipSuccess);
  sleep_ms(10);
  CHECK_ERR(hipStreamQuery(blocking), hipErrorNotReady);
  CHECK_EQ(h[0], 0);
  atomic_store(&g3.open, 1);
  CHECK_ERR(hipStreamSynchronize(blocking), hipSuccess);
  CHECK_EQ(h[0], 0x5E);

  CHECK_ERR(hipStreamDestroy(blocking), hipSuccess);
  CHECK_ERR(hipStreamDestroy(nonblocking), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipHostFree(src), hipSuccess);
}

/* hipStreamPerThread is the calling thread's own stream: one thread's
 * gated per-thread stream does not hold up another thread's. */
typedef struct pt_arg {
  gate* g;
  atomic_int done;
  hipError_t r;
} pt_arg;

static void mark_done(void* p) { atomic_store(&((pt_arg*)p)->done, 1); }

static void* per_thread_main(void* p) {
  pt_arg* a = p;
  a->r = hipLaunchHostFunc(hipStreamPerThread, mark_done, a);
  if (a->r == hipSuccess) a->r = hipStreamSynchronize(hipStreamPerThread);
  return NULL;
}

static void test_per_thread_stream(void) {
  gate g = {0};
  pt_arg a = {&g, 0, hipErrorUnknown};
  CHECK_ERR(hipLaunchHostFunc(hipStreamPerThread, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipErrorNotReady);
  pthread_t t;
  CHECK_EQ(pthread_create(&t, NULL, per_thread_main, &a), 0);
  CHECK_EQ(pthread_join(t, NULL), 0);
  CHECK_ERR(a.r, hipSuccess);
  CHECK_EQ(atomic_load(&a.done), 1);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipErrorNotReady);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipStreamSynchronize(hipStreamPerThread), hipSuccess);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipSuccess);
}

int main(void) {
  /* Gates hold a worker each: make sure there are a few. */
  setenv("HIPC_CPU_THREADS", "4", 1);
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
  test_properties();
  test_callbacks_in_order();
  test_null_stream_order();
  test_per_thread_stream();
  return check_summary("test_stream");
}
