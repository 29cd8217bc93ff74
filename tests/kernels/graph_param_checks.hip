// Graph node parameters checked with AMD's error codes, and kept as given:
// a one-row memset node reports the pitch it was made with (and still
// runs), an instantiated 2D one keeps its shape; a 1D copy of zero bytes,
// onto itself or overlapping its source is refused; a copy's pitch under its width
// is hipErrorInvalidPitchValue, a pitch of the device's maximum or a row
// that starts too far into its pitch, rows past a slice or memory past
// the allocation hipErrorInvalidValue; an instantiated
// copy node keeps its direction (hipGraphExecUpdate too) and its memory
// must lie in allocations;
// the null stream's capture status while a blocking stream captures is
// hipErrorStreamCaptureImplicit (not while a non-blocking one does); an
// event recorded into a capture is hipErrorCapturedEvent to hipEventQuery
// and hipEventSynchronize.
#include "common.h"

int main() {
  constexpr int N = 64;
  int *d, *d2, *small;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&d2, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&small, sizeof(int)));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));

  // A memset node of one row made without a pitch.
  hipMemsetParams mp{};
  mp.dst = d;
  mp.value = 0x7f;
  mp.elementSize = 4;
  mp.width = N;
  mp.height = 1;
  hipGraphNode_t ms;
  HIP_CHECK(hipGraphAddMemsetNode(&ms, g, nullptr, 0, &mp));
  hipMemsetParams got{};
  HIP_CHECK(hipGraphMemsetNodeGetParams(ms, &got));
  CHECK_EQ(got.pitch, (size_t)0);
  CHECK_EQ(got.width, (size_t)N);

  // 1D copies of nothing.
  hipGraphNode_t cp;
  CHECK_ERR(hipGraphAddMemcpyNode1D(&cp, g, nullptr, 0, d2, d, 0, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cp, g, &ms, 1, d2, d, N * sizeof(int),
                                    hipMemcpyDeviceToDevice));
  CHECK_ERR(hipGraphMemcpyNodeSetParams1D(cp, d2, d, 0, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  // A copy onto itself, or overlapping its source by a byte either way;
  // touching ranges are fine.
  CHECK_ERR(hipGraphMemcpyNodeSetParams1D(cp, d, d, 16, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  char* c = reinterpret_cast<char*>(d);
  CHECK_ERR(hipGraphMemcpyNodeSetParams1D(cp, c + 15, c, 16, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphMemcpyNodeSetParams1D(cp, c, c + 15, 16, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  HIP_CHECK(hipGraphMemcpyNodeSetParams1D(cp, c + 16, c, 16, hipMemcpyDeviceToDevice));
  HIP_CHECK(hipGraphMemcpyNodeSetParams1D(cp, c, c + 16, 16, hipMemcpyDeviceToDevice));
  HIP_CHECK(hipGraphMemcpyNodeSetParams1D(cp, d2, d, N * sizeof(int), hipMemcpyDeviceToDevice));

  // Pitches of a 2D copy (4 rows of 16 bytes).
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(d, 64, 16, 4);
  p.dstPtr = make_hipPitchedPtr(d2, 64, 16, 4);
  p.extent = make_hipExtent(16, 4, 1);
  p.kind = hipMemcpyDeviceToDevice;
  HIP_CHECK(hipGraphMemcpyNodeSetParams(cp, &p));
  hipMemcpy3DParms bad = p;
  bad.dstPtr.pitch = 8;
  CHECK_ERR(hipGraphMemcpyNodeSetParams(cp, &bad), hipErrorInvalidPitchValue);
  bad = p;
  bad.srcPos = make_hipPos(64 - 16 + 1, 0, 0);
  CHECK_ERR(hipGraphMemcpyNodeSetParams(cp, &bad), hipErrorInvalidValue);
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  bad = p;
  bad.dstPtr.pitch = prop.memPitch;
  CHECK_ERR(hipGraphMemcpyNodeSetParams(cp, &bad), hipErrorInvalidValue);
  // A 3D copy (2 slices of 2 rows) whose rows pass the slice height, and
  // one past the allocation's end.
  bad = p;
  bad.extent = make_hipExtent(16, 2, 2);
  bad.srcPtr.ysize = bad.dstPtr.ysize = 2;
  HIP_CHECK(hipGraphMemcpyNodeSetParams(cp, &bad));
  bad.dstPos = make_hipPos(0, 1, 0);
  CHECK_ERR(hipGraphMemcpyNodeSetParams(cp, &bad), hipErrorInvalidValue);
  bad.dstPos = make_hipPos(0, 0, 1);
  CHECK_ERR(hipGraphMemcpyNodeSetParams(cp, &bad), hipErrorInvalidValue);
  bad = p;
  int max_pitch = 0;  // the attribute's value (an int, saturated)
  HIP_CHECK(hipDeviceGetAttribute(&max_pitch, hipDeviceAttributeMaxPitch, 0));
  bad.dstPtr.pitch = (size_t)max_pitch;
  CHECK_ERR(hipGraphMemcpyNodeSetParams(cp, &bad), hipErrorInvalidValue);

  // Back to a whole-buffer copy, then instantiate and run: d2 := 0x7f.
  HIP_CHECK(hipGraphMemcpyNodeSetParams1D(cp, d2, d, N * sizeof(int), hipMemcpyDeviceToDevice));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  int h[N];
  HIP_CHECK(hipMemcpy(h, d2, sizeof h, hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < N; ++i) wrong += h[i] != 0x7f;
  CHECK_EQ(wrong, 0);

  // The instantiated copy: another direction, nothing, too much.
  CHECK_ERR(hipGraphExecMemcpyNodeSetParams1D(x, cp, d2, d, N * sizeof(int), hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecMemcpyNodeSetParams1D(x, cp, d2, d, 0, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecMemcpyNodeSetParams1D(x, cp, small, d, N * sizeof(int),
                                              hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecMemcpyNodeSetParams1D(x, cp, d + 1, d, 4 * sizeof(int),
                                              hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  HIP_CHECK(hipGraphExecMemcpyNodeSetParams1D(x, cp, d2, d, 4 * sizeof(int),
                                              hipMemcpyDeviceToDevice));
  // hipGraphExecUpdate from a graph whose copy goes another way.
  int* hb;
  HIP_CHECK(hipHostMalloc(&hb, N * sizeof(int), hipHostMallocDefault));
  hipGraph_t g2;
  HIP_CHECK(hipGraphCreate(&g2, 0));
  hipGraphNode_t ms2, cp2, err_node = nullptr;
  HIP_CHECK(hipGraphAddMemsetNode(&ms2, g2, nullptr, 0, &mp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cp2, g2, &ms2, 1, hb, d, N * sizeof(int),
                                    hipMemcpyDeviceToHost));
  hipGraphExecUpdateResult res = hipGraphExecUpdateSuccess;
  CHECK_ERR(hipGraphExecUpdate(x, g2, &err_node, &res), hipErrorGraphExecUpdateFailure);
  CHECK_EQ(res, hipGraphExecUpdateErrorParametersChanged);
  CHECK(err_node == cp2);
  HIP_CHECK(hipGraphDestroy(g2));
  HIP_CHECK(hipHostFree(hb));
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // An instantiated 2D memset node (4 rows of 4 ints, pitch 64) takes a new
  // value, not a new shape.
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemsetParams m2{};
  m2.dst = d;
  m2.value = 5;
  m2.elementSize = 4;
  m2.width = 4;
  m2.height = 4;
  m2.pitch = 64;
  HIP_CHECK(hipGraphAddMemsetNode(&ms, g, nullptr, 0, &m2));
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  m2.value = 9;
  HIP_CHECK(hipGraphExecMemsetNodeSetParams(x, ms, &m2));
  HIP_CHECK(hipGraphLaunch(x, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h[0], 9);
  CHECK_EQ(h[3 * 16 + 3], 9);
  m2.width = 2;
  CHECK_ERR(hipGraphExecMemsetNodeSetParams(x, ms, &m2), hipErrorInvalidValue);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // Capture status of the null stream.
  hipStreamCaptureStatus st;
  unsigned long long id = 0;
  hipStream_t s, nb;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking));
  HIP_CHECK(hipStreamBeginCapture(nb, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipStreamIsCapturing(nullptr, &st));
  CHECK_EQ(st, hipStreamCaptureStatusNone);
  hipGraph_t cg;
  HIP_CHECK(hipStreamEndCapture(nb, &cg));
  HIP_CHECK(hipGraphDestroy(cg));
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  CHECK_ERR(hipStreamIsCapturing(nullptr, &st), hipErrorStreamCaptureImplicit);
  CHECK_ERR(hipStreamGetCaptureInfo(nullptr, &st, &id), hipErrorStreamCaptureImplicit);
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  // An event recorded into the capture cannot be waited for or queried.
  hipEvent_t ev;
  HIP_CHECK(hipEventCreate(&ev));
  HIP_CHECK(hipEventRecord(ev, s));
  CHECK_ERR(hipEventQuery(ev), hipErrorCapturedEvent);
  CHECK_ERR(hipEventSynchronize(ev), hipErrorCapturedEvent);
  HIP_CHECK(hipStreamEndCapture(s, &cg));
  CHECK(hipEventQuery(ev) != hipErrorCapturedEvent);
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipGraphDestroy(cg));
  HIP_CHECK(hipStreamIsCapturing(nullptr, &st));
  CHECK_EQ(st, hipStreamCaptureStatusNone);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipStreamDestroy(nb));

  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(d2));
  HIP_CHECK(hipFree(small));
  return test_summary("graph_param_checks");
}
