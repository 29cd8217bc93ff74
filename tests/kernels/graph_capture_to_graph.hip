// hipStreamBeginCaptureToGraph: work captured from a stream joins a graph
// the user made, after the given nodes of it; hipStreamEndCapture returns
// that same graph, which runs the user's node first. AMD's codes: a NULL
// graph, dependencies missing for a count, a node of another graph, an
// unknown mode, a stream already capturing (hipErrorIllegalState); an
// invalidated capture leaves the user's graph alive.
#include "common.h"

__global__ void add_one(int* p) { p[threadIdx.x] += 1; }

int main() {
  const int n = 32;
  int* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  int host[n];
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));

  hipGraph_t g, other;
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipGraphCreate(&other, 0));
  hipMemsetParams mp{};
  mp.dst = d;
  mp.value = 5;
  mp.elementSize = 4;
  mp.width = n;
  mp.height = 1;
  hipGraphNode_t fill, foreign;
  HIP_CHECK(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &mp));
  HIP_CHECK(hipGraphAddEmptyNode(&foreign, other, nullptr, 0));

  CHECK_EQ(hipStreamBeginCaptureToGraph(s, nullptr, nullptr, nullptr, 0,
                                        hipStreamCaptureModeGlobal),
           hipErrorInvalidValue);
  CHECK_EQ(hipStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 1,
                                        hipStreamCaptureModeGlobal),
           hipErrorInvalidValue);
  CHECK_EQ(hipStreamBeginCaptureToGraph(s, g, &foreign, nullptr, 1,
                                        hipStreamCaptureModeGlobal),
           hipErrorInvalidValue);
  CHECK_EQ(hipStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0,
                                        static_cast<hipStreamCaptureMode>(-1)),
           hipErrorInvalidValue);

  HIP_CHECK(hipStreamBeginCaptureToGraph(s, g, &fill, nullptr, 1,
                                         hipStreamCaptureModeGlobal));
  CHECK_EQ(hipStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0,
                                        hipStreamCaptureModeGlobal),
           hipErrorIllegalState);
  hipStreamCaptureStatus st;
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  add_one<<<1, n, 0, s>>>(d);
  add_one<<<1, n, 0, s>>>(d);
  HIP_CHECK(hipMemcpyAsync(host, d, n * sizeof(int), hipMemcpyDeviceToHost, s));
  hipGraph_t out = nullptr;
  HIP_CHECK(hipStreamEndCapture(s, &out));
  CHECK(out == g);
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, (size_t)4);
  size_t roots = 0;
  HIP_CHECK(hipGraphGetRootNodes(g, nullptr, &roots));
  CHECK_EQ(roots, (size_t)1); // the captured nodes follow the memset

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  for (int round = 0; round < 2; ++round) {
    memset(host, 0, sizeof host);
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 7);
  }
  HIP_CHECK(hipGraphExecDestroy(x));

  // A capture that fails (unjoined side stream) leaves the graph alive.
  hipStream_t side;
  HIP_CHECK(hipStreamCreate(&side));
  hipEvent_t ev;
  HIP_CHECK(hipEventCreate(&ev));
  HIP_CHECK(hipStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0,
                                         hipStreamCaptureModeGlobal));
  HIP_CHECK(hipEventRecord(ev, s));
  HIP_CHECK(hipStreamWaitEvent(side, ev, 0));
  add_one<<<1, n, 0, side>>>(d);
  CHECK_EQ(hipStreamEndCapture(s, &out), hipErrorStreamCaptureUnjoined);
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK(count >= 4);
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipGraphDestroy(other));
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipStreamDestroy(side));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  printf("graph_capture_to_graph: ok\n");
  return 0;
}
