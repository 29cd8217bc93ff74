/* hipDeviceSynchronize while a stream captures: refused with
 * hipErrorStreamCaptureUnsupported under every capture mode, relaxed too
 * (it would wait for the capturing stream; AMD's runtime refuses it), while
 * the relaxed mode's other unsafe calls (hipMalloc, hipFree) are allowed.
 * The capture goes on and ends with its graph; afterwards the device
 * synchronises again. */
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
  return check_summary("test_capture_device_sync");
}
