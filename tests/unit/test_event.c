/* Events: creation flags, records on the null stream and on streams, query
 * and synchronize, elapsed time and its errors, destroyed and made-up
 * handles, re-recording, and ordering across streams with
 * hipStreamWaitEvent.
 *
 * Work is held back with a "gate": a host function (hipLaunchHostFunc)
 * that blocks until the test opens it, so that what is queued behind it
 * provably has not run yet. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "gate.h"

/* Whether device 0 is a GPU (gcnArchName sm_XX) rather than the CPU
 * device. */
static int on_gpu(void) {
  hipDeviceProp_t p;
  return hipGetDeviceProperties(&p, 0) == hipSuccess &&
         strncmp(p.gcnArchName, "sm_", 3) == 0;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}


static void sleep_fn(void* arg) { sleep_ms((int)(intptr_t)arg); }

static void test_create_flags(void) {
  hipEvent_t e = NULL;
  CHECK_ERR(hipEventCreate(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipEventCreateWithFlags(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipEventCreate(&e), hipSuccess);
  CHECK(e != NULL);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
  const unsigned ok[] = {hipEventDefault, hipEventBlockingSync,
                         hipEventDisableTiming,
                         hipEventBlockingSync | hipEventDisableTiming,
                         hipEventDisableSystemFence};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    e = NULL;
    CHECK_ERR(hipEventCreateWithFlags(&e, ok[i]), hipSuccess);
    CHECK(e != NULL);
    CHECK_ERR(hipEventDestroy(e), hipSuccess);
  }
  /* Unknown bits; interprocess without DisableTiming; interprocess with
   * it (tests/unit/test_ipc.c uses them between processes). */
  CHECK_ERR(hipEventCreateWithFlags(&e, 0x100), hipErrorInvalidValue);
  CHECK_ERR(hipEventCreateWithFlags(&e, hipEventInterprocess),
            hipErrorInvalidValue);
  CHECK_ERR(hipEventCreateWithFlags(
                &e, hipEventInterprocess | hipEventDisableTiming),
            hipSuccess);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
}

static void test_bad_handles(void) {
  static uint64_t fake_storage[16];
  hipEvent_t fake = (hipEvent_t)(void*)fake_storage;
  hipEvent_t e = NULL, ok = NULL;
  float ms = -1;
  CHECK_ERR(hipEventCreate(&ok), hipSuccess);
  CHECK_ERR(hipEventRecord(ok, NULL), hipSuccess);
  CHECK_ERR(hipEventSynchronize(ok), hipSuccess);
  CHECK_ERR(hipEventCreate(&e), hipSuccess);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
  hipEvent_t bad[] = {NULL, fake, e};
  for (int i = 0; i < 3; i++) {
    CHECK_ERR(hipEventDestroy(bad[i]),
              i == 0 ? hipErrorInvalidHandle : hipErrorContextIsDestroyed);
    CHECK_ERR(hipEventRecord(bad[i], NULL), hipErrorInvalidHandle);
    CHECK_ERR(hipEventQuery(bad[i]), hipErrorInvalidHandle);
    CHECK_ERR(hipEventSynchronize(bad[i]), hipErrorInvalidHandle);
    CHECK_ERR(hipEventElapsedTime(&ms, bad[i], ok), hipErrorInvalidHandle);
    CHECK_ERR(hipEventElapsedTime(&ms, ok, bad[i]), hipErrorInvalidHandle);
    CHECK_ERR(hipStreamWaitEvent(NULL, bad[i], 0), hipErrorInvalidHandle);
  }
  CHECK(ms == -1);
  /* A destroyed stream, for a good event. */
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipEventRecord(ok, s), hipErrorContextIsDestroyed);
  /* hipStreamWaitEvent calls an unknown stream an invalid handle, as AMD's
   * runtime does (hip-tests stream/hipStreamWaitEvent). */
  CHECK_ERR(hipStreamWaitEvent(s, ok, 0), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamWaitEvent((hipStream_t)(uintptr_t)0xFFFF, ok, 0),
            hipErrorInvalidHandle);
  CHECK_ERR(hipStreamWaitEvent(NULL, ok, 1), hipErrorInvalidValue);
  CHECK_ERR(hipEventElapsedTime(NULL, ok, ok), hipErrorInvalidValue);
  CHECK_ERR(hipEventDestroy(ok), hipSuccess);
}

/* Never recorded: complete for query and synchronize, but no time. */
static void test_unrecorded(void) {
  hipEvent_t a = NULL, b = NULL;
  float ms = -1;
  CHECK_ERR(hipEventCreate(&a), hipSuccess);
  CHECK_ERR(hipEventCreate(&b), hipSuccess);
  CHECK_ERR(hipEventQuery(a), hipSuccess);
  CHECK_ERR(hipEventSynchronize(a), hipSuccess);
  CHECK_ERR(hipEventElapsedTime(&ms, a, b), hipErrorInvalidHandle);
  CHECK_ERR(hipEventRecord(a, NULL), hipSuccess);
  CHECK_ERR(hipEventSynchronize(a), hipSuccess);
  CHECK_ERR(hipEventElapsedTime(&ms, a, b), hipErrorInvalidHandle);
  CHECK_ERR(hipEventElapsedTime(&ms, b, a), hipErrorInvalidHandle);
  CHECK(ms == -1);
  /* hipStreamWaitEvent on an event never recorded waits for nothing. */
  CHECK_ERR(hipStreamWaitEvent(NULL, b, 0), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_ERR(hipEventDestroy(a), hipSuccess);
  CHECK_ERR(hipEventDestroy(b), hipSuccess);
}

/* An event recorded behind a gate is not ready until the gate opens;
 * elapsed time is hipErrorNotReady meanwhile. */
static void test_query_and_sync(void) {
  hipStream_t s = NULL;
  hipEvent_t before = NULL, after = NULL;
  gate g = {0, 0};
  float ms = -1;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipEventCreate(&before), hipSuccess);
  CHECK_ERR(hipEventCreate(&after), hipSuccess);
  CHECK_ERR(hipEventRecord(before, s), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(s, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipEventRecord(after, s), hipSuccess);
  CHECK_ERR(hipEventSynchronize(before), hipSuccess);
  CHECK_ERR(hipEventQuery(before), hipSuccess);
  sleep_ms(20);
  CHECK_ERR(hipEventQuery(after), hipErrorNotReady);
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  CHECK_ERR(hipEventElapsedTime(&ms, before, after), hipErrorNotReady);
  CHECK_ERR(hipEventElapsedTime(&ms, after, before), hipErrorNotReady);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipEventSynchronize(after), hipSuccess);
  CHECK_ERR(hipEventQuery(after), hipSuccess);
  CHECK_ERR(hipEventElapsedTime(&ms, before, after), hipSuccess);
  CHECK(ms >= 15.0f && ms < 5000.0f);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipEventDestroy(before), hipSuccess);
  CHECK_ERR(hipEventDestroy(after), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

/* Elapsed time measures the work between the records: a 30 ms host
 * function on a stream, and on the null stream. Stop before start gives a
 * negative time. */
static void test_elapsed_time(void) {
  hipStream_t s = NULL;
  hipEvent_t a = NULL, b = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipEventCreate(&a), hipSuccess);
  CHECK_ERR(hipEventCreateWithFlags(&b, hipEventBlockingSync), hipSuccess);
  hipStream_t streams[2] = {s, NULL};
  for (int i = 0; i < 2; i++) {
    float ms = -1, back = 1;
    double t0 = now_ms();
    CHECK_ERR(hipEventRecord(a, streams[i]), hipSuccess);
    CHECK_ERR(hipLaunchHostFunc(streams[i], sleep_fn, (void*)(intptr_t)30),
              hipSuccess);
    CHECK_ERR(hipEventRecord(b, streams[i]), hipSuccess);
    CHECK_ERR(hipEventSynchronize(b), hipSuccess);
    double host = now_ms() - t0;
    CHECK_ERR(hipEventElapsedTime(&ms, a, b), hipSuccess);
    CHECK(ms >= 29.0f);
    CHECK(ms <= host + 1.0);
    CHECK_ERR(hipEventElapsedTime(&back, b, a), hipSuccess);
    CHECK(back == -ms);
    /* Microsecond resolution on the CPU device: a whole number of
     * microseconds (a GPU's events have the driver's, finer, one). */
    double us = (double)ms * 1000.0;
    if (!on_gpu())
      CHECK(us - (double)(long long)(us + 0.5) < 0.01 &&
            (double)(long long)(us + 0.5) - us < 0.01);
  }
  /* Timing disabled on either side. */
  hipEvent_t nt = NULL;
  float ms = -1;
  CHECK_ERR(hipEventCreateWithFlags(&nt, hipEventDisableTiming), hipSuccess);
  CHECK_ERR(hipEventRecord(nt, s), hipSuccess);
  CHECK_ERR(hipEventSynchronize(nt), hipSuccess);
  CHECK_ERR(hipEventElapsedTime(&ms, a, nt), hipErrorInvalidHandle);
  CHECK_ERR(hipEventElapsedTime(&ms, nt, a), hipErrorInvalidHandle);
  CHECK_ERR(hipEventElapsedTime(&ms, nt, nt), hipErrorInvalidResourceHandle);
  CHECK(ms == -1);
  CHECK_ERR(hipEventDestroy(nt), hipSuccess);
  CHECK_ERR(hipEventDestroy(a), hipSuccess);
  CHECK_ERR(hipEventDestroy(b), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

/* hipStreamWaitEvent: a copy on stream B queued behind a wait for an event
 * recorded on stream A (behind a gate) does not run before the gate
 * opens; the host is never blocked. */
static void test_cross_stream_wait(void) {
  const size_t n = 1 << 16;
  hipStream_t a = NULL, b = NULL;
  hipEvent_t e = NULL;
  gate g = {0, 0};
  unsigned char *d = NULL, *h = NULL, *src = NULL;
  CHECK_ERR(hipStreamCreateWithFlags(&a, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&b, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipEventCreateWithFlags(&e, hipEventDisableTiming), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&h, n, 0), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&src, n, 0), hipSuccess);
  memset(h, 0, n);
  memset(src, 0xA5, n);
  CHECK_ERR(hipMemset(d, 0x11, n), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(a, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, src, n, hipMemcpyHostToDevice, a), hipSuccess);
  CHECK_ERR(hipEventRecord(e, a), hipSuccess);
  CHECK_ERR(hipStreamWaitEvent(b, e, 0), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h, d, n, hipMemcpyDeviceToHost, b), hipSuccess);
  sleep_ms(20);
  CHECK_ERR(hipStreamQuery(b), hipErrorNotReady);
  CHECK_EQ(h[0], 0);
  CHECK_EQ(h[n - 1], 0);
  /* Re-recording e now does not change what b waits for. */
  CHECK_ERR(hipEventRecord(e, NULL), hipSuccess);
  CHECK_ERR(hipEventSynchronize(e), hipSuccess);
  sleep_ms(5);
  CHECK_ERR(hipStreamQuery(b), hipErrorNotReady);
  CHECK_EQ(h[0], 0);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipStreamSynchronize(b), hipSuccess);
  CHECK_EQ(h[0], 0xA5);
  CHECK_EQ(h[n - 1], 0xA5);
  CHECK_ERR(hipStreamSynchronize(a), hipSuccess);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
  CHECK_ERR(hipStreamDestroy(a), hipSuccess);
  CHECK_ERR(hipStreamDestroy(b), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipHostFree(src), hipSuccess);
}

/* Destroying an event whose record is still queued is fine: the record
 * completes later, and the stream still runs to its end. */
static void test_destroy_pending(void) {
  hipStream_t s = NULL;
  hipEvent_t e = NULL, w = NULL;
  gate g = {0, 0};
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipEventCreate(&e), hipSuccess);
  CHECK_ERR(hipEventCreate(&w), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(s, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipEventRecord(e, s), hipSuccess);
  CHECK_ERR(hipEventRecord(w, s), hipSuccess);
  CHECK_ERR(hipStreamWaitEvent(NULL, w, 0), hipSuccess);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
  CHECK_ERR(hipEventDestroy(w), hipSuccess);
  CHECK_ERR(hipEventQuery(e), hipErrorInvalidHandle);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

/* Many records of one event: each query refers to the latest. */
static void test_rerecord(void) {
  hipStream_t s = NULL;
  hipEvent_t e = NULL;
  gate g = {0, 0};
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipEventCreate(&e), hipSuccess);
  for (int i = 0; i < 100; i++) CHECK_ERR(hipEventRecord(e, s), hipSuccess);
  CHECK_ERR(hipEventSynchronize(e), hipSuccess);
  CHECK_ERR(hipEventQuery(e), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(s, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipEventRecord(e, s), hipSuccess);
  sleep_ms(5);
  CHECK_ERR(hipEventQuery(e), hipErrorNotReady);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipEventSynchronize(e), hipSuccess);
  CHECK_ERR(hipEventQuery(e), hipSuccess);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

int main(void) {
  /* Gates hold a worker each: make sure there are a few. */
  setenv("HIPC_CPU_THREADS", "4", 1);
  test_create_flags();
  test_bad_handles();
  test_unrecorded();
  test_query_and_sync();
  test_elapsed_time();
  test_cross_stream_wait();
  test_destroy_pending();
  test_rerecord();
  return check_summary("test_event");
}
