/* Synchronisations during stream capture, with AMD's codes.
 * hipDeviceSynchronize while a stream captures: refused with
 * hipErrorStreamCaptureUnsupported under every capture mode, relaxed too
 * (it would wait for the capturing stream), while the relaxed mode's other
 * unsafe calls (hipMalloc, hipFree) are allowed; the capture goes on and
 * ends with its graph. hipStreamSynchronize of a stream outside the
 * capture: refused where the modes forbid unsafe calls (this thread's
 * global and thread-local captures, other threads' global ones), and the
 * capture then ends invalidated; allowed otherwise. */
#include <pthread.h>

#include "check.h"

static void during(hipStreamCaptureMode mode) {
  hipStream_t s;
  hipGraph_t g = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamBeginCapture(s, mode), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipErrorStreamCaptureUnsupported);
  if (mode == hipStreamCaptureModeRelaxed) {
    void* p = NULL;
    CHECK_ERR(hipMalloc(&p, 64), hipSuccess);
    CHECK_ERR(hipFree(p), hipSuccess);
  }
  hipStreamCaptureStatus st = hipStreamCaptureStatusNone;
  CHECK_ERR(hipStreamIsCapturing(s, &st), hipSuccess);
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipSuccess);
  CHECK(g != NULL);
  if (g) CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

/* Another thread synchronises a stream of its own. */
static void* sync_own_stream(void* arg) {
  hipStream_t t;
  hipError_t* e = arg;
  if (hipStreamCreate(&t) != hipSuccess) return NULL;
  *e = hipStreamSynchronize(t);
  (void)hipStreamDestroy(t);
  return NULL;
}

static void stream_sync(hipStreamCaptureMode mode, int other_thread,
                        hipError_t want) {
  hipStream_t s, t;
  hipGraph_t g = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamCreate(&t), hipSuccess);
  CHECK_ERR(hipStreamBeginCapture(s, mode), hipSuccess);
  hipError_t e = hipErrorUnknown;
  if (other_thread) {
    pthread_t th;
    CHECK_EQ(pthread_create(&th, NULL, sync_own_stream, &e), 0);
    pthread_join(th, NULL);
  } else {
    e = hipStreamSynchronize(t);
  }
  CHECK_ERR(e, want);
  CHECK_ERR(hipStreamEndCapture(s, &g), want == hipSuccess
                                            ? hipSuccess
                                            : hipErrorStreamCaptureInvalidated);
  if (g) CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  (void)hipGetLastError();
  CHECK_ERR(hipStreamSynchronize(t), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(t), hipSuccess);
}

int main(void) {
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  during(hipStreamCaptureModeGlobal);
  during(hipStreamCaptureModeThreadLocal);
  during(hipStreamCaptureModeRelaxed);
  /* A capture on a non-blocking stream counts as well. */
  hipStream_t nb;
  hipGraph_t g = NULL;
  CHECK_ERR(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipStreamBeginCapture(nb, hipStreamCaptureModeRelaxed),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipErrorStreamCaptureUnsupported);
  CHECK_ERR(hipStreamEndCapture(nb, &g), hipSuccess);
  if (g) CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  CHECK_ERR(hipStreamDestroy(nb), hipSuccess);
  stream_sync(hipStreamCaptureModeGlobal, 0, hipErrorStreamCaptureUnsupported);
  stream_sync(hipStreamCaptureModeThreadLocal, 0,
              hipErrorStreamCaptureUnsupported);
  stream_sync(hipStreamCaptureModeRelaxed, 0, hipSuccess);
  stream_sync(hipStreamCaptureModeGlobal, 1, hipErrorStreamCaptureUnsupported);
  stream_sync(hipStreamCaptureModeThreadLocal, 1, hipSuccess);
  stream_sync(hipStreamCaptureModeRelaxed, 1, hipSuccess);
  return check_summary("test_capture_sync");
}
