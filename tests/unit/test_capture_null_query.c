/* Asking about the null stream (NULL or hipStreamLegacy) while a blocking
 * stream captures: hipStreamIsCapturing and hipStreamGetCaptureInfo(_v2)
 * answer hipErrorStreamCaptureImplicit, as on AMD's runtime, and the
 * capture goes on (a query is not work: it invalidates nothing). A
 * capturing non-blocking stream leaves the null stream's status None. */
#include "check.h"

static void check_implicit(hipStream_t null_stream) {
  hipStreamCaptureStatus st = hipStreamCaptureStatusNone;
  unsigned long long id = 0;
  CHECK_ERR(hipStreamIsCapturing(null_stream, &st),
            hipErrorStreamCaptureImplicit);
  CHECK_ERR(hipStreamGetCaptureInfo(null_stream, &st, &id),
            hipErrorStreamCaptureImplicit);
  CHECK_ERR(hipStreamGetCaptureInfo_v2(null_stream, &st, &id, NULL, NULL,
                                       NULL),
            hipErrorStreamCaptureImplicit);
  CHECK_ERR(hipGetLastError(), hipErrorStreamCaptureImplicit);
}

int main(void) {
  hipStream_t s, nb;
  hipGraph_t g = NULL;
  hipStreamCaptureStatus st;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking), hipSuccess);

  CHECK_ERR(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal), hipSuccess);
  check_implicit(NULL);
  check_implicit(hipStreamLegacy);
  CHECK_ERR(hipStreamIsCapturing(s, &st), hipSuccess);
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipSuccess);
  CHECK(g != NULL);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);

  /* No capture left: the null stream answers None. */
  st = hipStreamCaptureStatusActive;
  CHECK_ERR(hipStreamIsCapturing(NULL, &st), hipSuccess);
  CHECK_EQ(st, hipStreamCaptureStatusNone);

  /* A non-blocking stream's capture is no concern of the null stream. */
  CHECK_ERR(hipStreamBeginCapture(nb, hipStreamCaptureModeRelaxed),
            hipSuccess);
  st = hipStreamCaptureStatusActive;
  CHECK_ERR(hipStreamIsCapturing(NULL, &st), hipSuccess);
  CHECK_EQ(st, hipStreamCaptureStatusNone);
  g = NULL;
  CHECK_ERR(hipStreamEndCapture(nb, &g), hipSuccess);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);

  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(nb), hipSuccess);
  return check_summary("test_capture_null_query");
}
