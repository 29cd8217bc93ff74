/* The stream, event and memory operations of every backend, reached only
 * through copies (the host never reads device memory directly), so that
 * the test runs on a GPU as device 0 as well as on the CPU device: event
 * timing and waits, host functions in stream order, the null stream's order
 * with blocking streams, pitched copies and 8/16/32-bit pitched fills,
 * registered host memory, managed memory with prefetches, and the values
 * every operation must leave, computed on the host. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "gate.h"


static atomic_int seq;
typedef struct stamp {
  int at; /* the value of `seq` when the function ran */
} stamp;

static void stamp_fn(void* arg) {
  ((stamp*)arg)->at = atomic_fetch_add(&seq, 1);
}

static void callback_fn(hipStream_t s, hipError_t status, void* arg) {
  (void)s;
  ((stamp*)arg)->at = status == hipSuccess ? atomic_fetch_add(&seq, 1) : -2;
}

/* Events around work: timing, query, sync, and the errors of elapsed time. */
static void test_events(void) {
  const size_t n = (size_t)64 << 20;
  unsigned char* d = NULL;
  hipEvent_t a = NULL, b = NULL, nt = NULL;
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipEventCreate(&a), hipSuccess);
  CHECK_ERR(hipEventCreateWithFlags(&b, hipEventBlockingSync), hipSuccess);
  CHECK_ERR(hipEventCreateWithFlags(&nt, hipEventDisableTiming), hipSuccess);
  float ms = -1;
  CHECK_ERR(hipEventQuery(a), hipSuccess); /* never recorded */
  CHECK_ERR(hipEventElapsedTime(&ms, a, b), hipErrorInvalidHandle);
  CHECK_ERR(hipEventRecord(a, s), hipSuccess);
  for (int i = 0; i < 4; ++i)
    CHECK_ERR(hipMemsetAsync(d, i, n, s), hipSuccess);
  CHECK_ERR(hipEventRecord(b, s), hipSuccess);
  CHECK_ERR(hipEventRecord(nt, s), hipSuccess);
  CHECK_ERR(hipEventSynchronize(b), hipSuccess);
  CHECK_ERR(hipEventQuery(b), hipSuccess);
  CHECK_ERR(hipEventQuery(a), hipSuccess);
  CHECK_ERR(hipEventElapsedTime(&ms, a, b), hipSuccess);
  CHECK(ms >= 0.0f && ms < 10000.0f);
  float back = 1;
  CHECK_ERR(hipEventElapsedTime(&back, b, a), hipSuccess);
  CHECK(back <= 0.0f);
  CHECK_ERR(hipEventElapsedTime(&ms, a, nt), hipErrorInvalidHandle);
  unsigned char last[2] = {0, 0};
  CHECK_ERR(hipMemcpy(last, d + n - 2, 2, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(last[0], 3);
  CHECK_EQ(last[1], 3);
  CHECK_ERR(hipEventDestroy(a), hipSuccess);
  CHECK_ERR(hipEventDestroy(b), hipSuccess);
  CHECK_ERR(hipEventDestroy(nt), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* Host functions and callbacks run in stream order, after the copies
 * before them; a stream held by a gate holds what waits for it. */
static void test_host_functions_and_waits(void) {
  const size_t n = 1 << 20;
  unsigned char *d = NULL, *h = NULL;
  hipStream_t s = NULL, t = NULL;
  hipEvent_t e = NULL;
  gate g = {0};
  stamp first = {-1}, second = {-1}, third = {-1};
  atomic_store(&seq, 0);
  CHECK_ERR(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&t, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipEventCreateWithFlags(&e, hipEventDisableTiming), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&h, n, 0), hipSuccess);
  memset(h, 0, n);
  CHECK_ERR(hipLaunchHostFunc(s, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(s, stamp_fn, &first), hipSuccess);
  CHECK_ERR(hipMemsetAsync(d, 0x5C, n, s), hipSuccess);
  CHECK_ERR(hipEventRecord(e, s), hipSuccess);
  CHECK_ERR(hipStreamWaitEvent(t, e, 0), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h, d, n, hipMemcpyDeviceToHost, t), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(t, stamp_fn, &second), hipSuccess);
  CHECK_ERR(hipStreamAddCallback(t, callback_fn, &third, 0), hipSuccess);
  sleep_ms(30);
  /* Nothing behind the gate has run. */
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  CHECK_ERR(hipStreamQuery(t), hipErrorNotReady);
  CHECK_ERR(hipEventQuery(e), hipErrorNotReady);
  CHECK_EQ(first.at, -1);
  CHECK_EQ(second.at, -1);
  CHECK_EQ(h[0], 0);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipStreamSynchronize(t), hipSuccess);
  CHECK_EQ(first.at, 0);
  CHECK_EQ(second.at, 1);
  CHECK_EQ(third.at, 2);
  CHECK_EQ(h[0], 0x5C);
  CHECK_EQ(h[n - 1], 0x5C);
  CHECK_ERR(hipLaunchHostFunc(s, NULL, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_ERR(hipEventDestroy(e), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(t), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipSuccess);
}

/* The null stream waits for a blocking stream's earlier work and a
 * blocking stream for the null stream's; a non-blocking stream for
 * neither. */
static void test_null_stream_order(void) {
  const size_t n = 1 << 20;
  unsigned char *d = NULL, *h = NULL, *d2 = NULL, *h2 = NULL;
  hipStream_t blk = NULL, nb = NULL;
  gate g = {0};
  CHECK_ERR(hipStreamCreate(&blk), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d2, 64), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&h2, 64, 0), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipHostMalloc((void**)&h, n, 0), hipSuccess);
  memset(h, 0, n);
  CHECK_ERR(hipMemset(d, 1, n), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(blk, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipMemsetAsync(d, 2, n, blk), hipSuccess);
  /* On the null stream: after the gated fill. */
  CHECK_ERR(hipMemcpyAsync(h, d, n, hipMemcpyDeviceToHost, NULL), hipSuccess);
  /* A non-blocking stream is not held (device work only: a GPU driver may
   * run every host function on one thread, which the gate holds). */
  CHECK_ERR(hipMemsetAsync(d2, 9, 64, nb), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h2, d2, 64, hipMemcpyDeviceToHost, nb),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(nb), hipSuccess);
  CHECK_EQ(h2[0], 9);
  CHECK_EQ(h2[63], 9);
  sleep_ms(20);
  CHECK_ERR(hipStreamQuery(NULL), hipErrorNotReady);
  CHECK_EQ(h[0], 0);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  CHECK_EQ(h[0], 2);
  CHECK_EQ(h[n - 1], 2);
  /* And the other way round: a blocking stream after the null stream. */
  atomic_store(&g.open, 0);
  CHECK_ERR(hipLaunchHostFunc(NULL, gate_fn, &g), hipSuccess);
  CHECK_ERR(hipMemsetAsync(d, 3, n, NULL), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(h, d, n, hipMemcpyDeviceToHost, blk), hipSuccess);
  sleep_ms(20);
  CHECK_ERR(hipStreamQuery(blk), hipErrorNotReady);
  CHECK_EQ(h[0], 2);
  atomic_store(&g.open, 1);
  CHECK_ERR(hipStreamSynchronize(blk), hipSuccess);
  CHECK_EQ(h[0], 3);
  CHECK_EQ(h[n - 1], 3);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ERR(hipStreamDestroy(blk), hipSuccess);
  CHECK_ERR(hipStreamDestroy(nb), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipFree(d2), hipSuccess);
  CHECK_ERR(hipHostFree(h2), hipSuccess);
}

/* Pitched copies host -> device -> host and 8/16/32-bit pitched fills,
 * with the padding between rows left alone. */
static void test_pitched(void) {
  enum { W = 40, H = 6, HP = 48 };
  size_t dp = 0;
  unsigned char *d = NULL, src[HP * H], out[HP * H], want[HP * H];
  CHECK_ERR(hipMallocPitch((void**)&d, &dp, W * 4, H), hipSuccess);
  CHECK(dp >= W * 4);
  for (int i = 0; i < HP * H; ++i) src[i] = (unsigned char)(i * 7 + 1);
  CHECK_ERR(hipMemset(d, 0xEE, dp * H), hipSuccess);
  CHECK_ERR(hipMemcpy2D(d, dp, src, HP, W, H, hipMemcpyHostToDevice),
            hipSuccess);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpy2DAsync(out, HP, d, dp, W, H, hipMemcpyDeviceToHost,
                             NULL),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
  memset(want, 0, sizeof want);
  for (int y = 0; y < H; ++y) memcpy(want + y * HP, src + y * HP, W);
  CHECK_MEM(out, want, sizeof out);
  /* Padding untouched: the byte after each row is still 0xEE. */
  unsigned char pad = 0;
  CHECK_ERR(hipMemcpy(&pad, d + dp + W, 1, hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_EQ(pad, 0xEE);

  /* Fills of 16- and 32-bit values and a pitched byte fill. */
  uint16_t* d16 = (uint16_t*)d;
  CHECK_ERR(hipMemsetD16(d16, 0xBEEF, 5), hipSuccess);
  uint16_t h16[6] = {0};
  CHECK_ERR(hipMemcpy(h16, d16, sizeof h16, hipMemcpyDeviceToHost),
            hipSuccess);
  for (int i = 0; i < 5; ++i) CHECK_EQ(h16[i], 0xBEEF);
  CHECK(h16[5] != 0xBEEF);
  uint32_t* d32 = (uint32_t*)(d + dp);
  CHECK_ERR(hipMemsetD32Async(d32, 0x01020304, W, NULL), hipSuccess);
  uint32_t h32[W + 1];
  CHECK_ERR(hipMemcpy(h32, d32, sizeof h32, hipMemcpyDeviceToHost),
            hipSuccess);
  for (int i = 0; i < W; ++i) CHECK_EQ(h32[i], 0x01020304);
  CHECK_ERR(hipMemset2D(d, dp, 0x3C, W - 3, H), hipSuccess);
  unsigned char row[W];
  for (int y = 0; y < H; y += H - 1) {
    CHECK_ERR(hipMemcpy(row, d + y * dp, W, hipMemcpyDeviceToHost),
              hipSuccess);
    CHECK_EQ(row[0], 0x3C);
    CHECK_EQ(row[W - 4], 0x3C);
    CHECK(row[W - 3] != 0x3C);
  }
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* Registered host memory: copies from and to it, its device pointer, and
 * managed memory that the host writes, prefetched both ways. */
static void test_registered_and_managed(void) {
  const size_t n = 5 * 4096 + 77;
  unsigned char* mem = malloc(n);
  unsigned char* back = malloc(n);
  unsigned char *d = NULL, *m = NULL;
  CHECK(mem && back);
  for (size_t i = 0; i < n; ++i) mem[i] = (unsigned char)(i * 13 + 5);
  CHECK_ERR(hipHostRegister(mem, n, hipHostRegisterDefault), hipSuccess);
  void* dp = NULL;
  CHECK_ERR(hipHostGetDevicePointer(&dp, mem + 10, 0), hipSuccess);
  CHECK(dp != NULL);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, mem, n, hipMemcpyHostToDevice, NULL),
            hipSuccess);
  memset(back, 0, n);
  CHECK_ERR(hipMemcpy(back, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(back, mem, n);
  CHECK_ERR(hipHostUnregister(mem), hipSuccess);
  CHECK_ERR(hipHostUnregister(mem), hipErrorHostMemoryNotRegistered);

  CHECK_ERR(hipMallocManaged((void**)&m, n, hipMemAttachGlobal), hipSuccess);
  for (size_t i = 0; i < n; ++i) m[i] = (unsigned char)(i * 3 + 1);
  CHECK_ERR(hipMemPrefetchAsync(m, n, 0, NULL), hipSuccess);
  CHECK_ERR(hipMemcpy(d, m, n, hipMemcpyDefault), hipSuccess);
  CHECK_ERR(hipMemPrefetchAsync(m, n, hipCpuDeviceId, NULL), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  memset(back, 0, n);
  CHECK_ERR(hipMemcpy(back, d, n, hipMemcpyDeviceToHost), hipSuccess);
  int bad = 0;
  for (size_t i = 0; i < n; ++i) bad += back[i] != (unsigned char)(i * 3 + 1);
  CHECK_EQ(bad, 0);
  CHECK_EQ(m[n - 1], (unsigned char)((n - 1) * 3 + 1));
  CHECK_ERR(hipFree(m), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(mem);
  free(back);
}

int main(void) {
  test_events();
  test_host_functions_and_waits();
  test_null_stream_order();
  test_pitched();
  test_registered_and_managed();
  return check_summary("test_stream_ops");
}
