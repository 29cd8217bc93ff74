// Stream capture: kernels, copies, fills and host functions captured into a
// graph (nothing runs while capturing), fork and join across streams
// through events, capture queries and modes, a graph launched into a
// capturing stream, and misuse with its error codes.
#include <atomic>
#include <thread>
#include <vector>

#include "common.h"

constexpr int N = 64;

__global__ void k_add(int* p, int v) { p[threadIdx.x] += v; }
__global__ void k_mul(int* p, int v) { p[threadIdx.x] *= v; }

static std::vector<int> read(const int* d) {
  std::vector<int> h(N);
  HIP_CHECK(hipMemcpy(h.data(), d, N * sizeof(int), hipMemcpyDeviceToHost));
  return h;
}

static size_t count_nodes(hipGraph_t g) {
  size_t n = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &n));
  return n;
}

static std::atomic<int> host_calls{0};
static void on_host(void*) { host_calls++; }

static void test_capture_basic() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, N * sizeof(int)));
  std::vector<int> h(N, -1), src(N, 2);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  hipStreamCaptureStatus st;
  unsigned long long id = 0;
  HIP_CHECK(hipStreamGetCaptureInfo(s, &st, &id));
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  CHECK(id != 0);
  HIP_CHECK(hipMemsetAsync(d, 0, N * sizeof(int), s));
  HIP_CHECK(hipMemcpyAsync(d, src.data(), N * sizeof(int),
                           hipMemcpyHostToDevice, s));
  k_add<<<1, N, 0, s>>>(d, 5);
  k_mul<<<1, N, 0, s>>>(d, 3);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemsetD32Async(d + N - 1, 100, 1, s));
  HIP_CHECK(hipLaunchHostFunc(s, on_host, nullptr));
  HIP_CHECK(hipMemcpyAsync(h.data(), d, N * sizeof(int),
                           hipMemcpyDeviceToHost, s));
  hipGraph_t g = nullptr;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  CHECK(g != nullptr);
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ(st, hipStreamCaptureStatusNone);
  // Nothing ran.
  CHECK_EQ(h[0], -1);
  CHECK_EQ(host_calls.load(), 0);
  CHECK_EQ(read(d)[0], 0);
  CHECK_EQ(count_nodes(g), 7u);
  size_t roots = 0;
  HIP_CHECK(hipGraphGetRootNodes(g, nullptr, &roots));
  CHECK_EQ(roots, 1u);

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  for (int rep = 0; rep < 2; rep++) {
    std::fill(h.begin(), h.end(), -1);
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    std::vector<int> want(N, 21);
    want[N - 1] = 100;
    CHECK_ARRAY(h.data(), want.data(), N);
  }
  CHECK_EQ(host_calls.load(), 2);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

// s1: A, record e1; s2: wait e1, B, record e2; s1: wait e2, C.
static void test_fork_join() {
  int *a, *b;
  HIP_CHECK(hipMalloc(&a, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, N * sizeof(int)));
  HIP_CHECK(hipMemset(a, 0, N * sizeof(int)));
  HIP_CHECK(hipMemset(b, 0, N * sizeof(int)));
  hipStream_t s1, s2;
  HIP_CHECK(hipStreamCreate(&s1));
  HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  hipEvent_t e1, e2;
  HIP_CHECK(hipEventCreateWithFlags(&e1, hipEventDisableTiming));
  HIP_CHECK(hipEventCreateWithFlags(&e2, hipEventDisableTiming));
  HIP_CHECK(hipStreamBeginCapture(s1, hipStreamCaptureModeGlobal));
  k_add<<<1, N, 0, s1>>>(a, 1);                 // A
  HIP_CHECK(hipEventRecord(e1, s1));
  HIP_CHECK(hipStreamWaitEvent(s2, e1, 0));
  hipStreamCaptureStatus st;
  HIP_CHECK(hipStreamIsCapturing(s2, &st));      // s2 joined
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  unsigned long long id1, id2;
  HIP_CHECK(hipStreamGetCaptureInfo(s1, &st, &id1));
  HIP_CHECK(hipStreamGetCaptureInfo(s2, &st, &id2));
  CHECK_EQ(id1, id2);
  k_add<<<1, N, 0, s2>>>(b, 10);                // B, beside...
  k_mul<<<1, N, 0, s1>>>(a, 7);                 // ... A2
  HIP_CHECK(hipEventRecord(e2, s2));
  HIP_CHECK(hipStreamWaitEvent(s1, e2, 0));
  hipGraph_t cg;
  const hipGraphNode_t* deps = nullptr;
  size_t ndeps = 0;
  HIP_CHECK(hipStreamGetCaptureInfo_v2(s1, &st, nullptr, &cg, &deps, &ndeps));
  CHECK_EQ(ndeps, 2u);  // A2 and B
  // The outputs after the status may be left out (AMD's defaults).
  st = hipStreamCaptureStatusNone;
  HIP_CHECK(hipStreamGetCaptureInfo_v2(s1, &st));
  CHECK_EQ(st, hipStreamCaptureStatusActive);
  k_add<<<1, N, 0, s1>>>(a, 1);                 // C after both
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s1, &g));
  CHECK(g == cg);
  HIP_CHECK(hipStreamIsCapturing(s2, &st));
  CHECK_EQ(st, hipStreamCaptureStatusNone);
  CHECK_EQ(count_nodes(g), 4u);
  size_t n = 0;
  HIP_CHECK(hipGraphGetEdges(g, nullptr, nullptr, &n));
  CHECK_EQ(n, 4u);  // A->B, A->A2, A2->C, B->C
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  CHECK_EQ(read(a)[0], 8);
  CHECK_EQ(read(b)[N - 1], 10);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // A fork that never joins back.
  HIP_CHECK(hipStreamBeginCapture(s1, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipEventRecord(e1, s1));
  HIP_CHECK(hipStreamWaitEvent(s2, e1, 0));
  k_add<<<1, N, 0, s2>>>(b, 1);
  k_add<<<1, N, 0, s1>>>(a, 1);
  CHECK_ERR(hipStreamEndCapture(s2, &g), hipErrorStreamCaptureUnmatched);
  g = reinterpret_cast<hipGraph_t>(0x1);
  CHECK_ERR(hipStreamEndCapture(s1, &g), hipErrorStreamCaptureUnjoined);
  CHECK(g == nullptr);
  HIP_CHECK(hipStreamIsCapturing(s2, &st));
  CHECK_EQ(st, hipStreamCaptureStatusNone);
  CHECK_EQ(read(b)[0], 10);  // nothing ran

  HIP_CHECK(hipEventDestroy(e1));
  HIP_CHECK(hipEventDestroy(e2));
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipStreamDestroy(s2));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
}

// A graph launched into a capturing stream becomes a child-graph node.
static void test_capture_graph_launch() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, N * sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipGraph_t inner, outer;
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal));
  k_add<<<1, N, 0, s>>>(d, 2);
  HIP_CHECK(hipStreamEndCapture(s, &inner));
  hipGraphExec_t xi;
  HIP_CHECK(hipGraphInstantiate(&xi, inner, nullptr, nullptr, 0));
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed));
  HIP_CHECK(hipGraphLaunch(xi, s));
  k_mul<<<1, N, 0, s>>>(d, 10);
  HIP_CHECK(hipStreamEndCapture(s, &outer));
  hipGraphNode_t nodes[2];
  size_t n = 2;
  HIP_CHECK(hipGraphGetNodes(outer, nodes, &n));
  CHECK_EQ(n, 2u);
  hipGraphNodeType t;
  HIP_CHECK(hipGraphNodeGetType(nodes[0], &t));
  CHECK_EQ(t, hipGraphNodeTypeGraph);
  CHECK_EQ(read(d)[0], 0);
  hipGraphExec_t xo;
  HIP_CHECK(hipGraphInstantiate(&xo, outer, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(xo, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(read(d)[0], 20);
  HIP_CHECK(hipGraphExecDestroy(xo));
  HIP_CHECK(hipGraphExecDestroy(xi));
  HIP_CHECK(hipGraphDestroy(outer));
  HIP_CHECK(hipGraphDestroy(inner));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

static void callback(hipStream_t, hipError_t, void*) {}

static void test_misuse() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  hipStream_t s, nb;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking));
  hipGraph_t g = nullptr;
  hipStreamCaptureStatus st;

  CHECK_ERR(hipStreamBeginCapture(0, hipStreamCaptureModeGlobal),
            hipErrorStreamCaptureUnsupported);
  CHECK_ERR(hipStreamBeginCapture(s, (hipStreamCaptureMode)7),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipErrorIllegalState);
  CHECK_ERR(hipStreamEndCapture(s, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipStreamIsCapturing(s, nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipStreamIsCapturing(0, &st));
  CHECK_EQ(st, hipStreamCaptureStatusNone);

  // Unsafe calls during a global capture; allowed again in relaxed mode.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  CHECK_ERR(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal),
            hipErrorIllegalState);
  void* p = nullptr;
  CHECK_ERR(hipMalloc(&p, 64), hipErrorStreamCaptureUnsupported);
  CHECK_ERR(hipDeviceSynchronize(), hipErrorStreamCaptureUnsupported);
  CHECK_ERR(hipFree(d), hipErrorStreamCaptureUnsupported);
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  HIP_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  CHECK_EQ(mode, hipStreamCaptureModeGlobal);
  HIP_CHECK(hipMalloc(&p, 64));
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  CHECK_EQ(mode, hipStreamCaptureModeRelaxed);
  CHECK_ERR(hipThreadExchangeStreamCaptureMode(nullptr), hipErrorInvalidValue);
  // Another thread, in global mode, is refused as well; ending the capture
  // there is the wrong thread.
  std::thread([&] {
    void* q = nullptr;
    CHECK_ERR(hipMalloc(&q, 64), hipErrorStreamCaptureUnsupported);
    hipGraph_t g2;
    CHECK_ERR(hipStreamEndCapture(s, &g2), hipErrorStreamCaptureWrongThread);
  }).join();
  // The capture is still fine: work on a non-blocking stream is allowed.
  k_add<<<1, N, 0, nb>>>(d, 1);
  HIP_CHECK(hipGetLastError());
  // Waiting for it is not, though nb does not capture: an unsafe call in
  // global mode (AMD's runtime), which invalidates the capture.
  CHECK_ERR(hipStreamSynchronize(nb), hipErrorStreamCaptureUnsupported);
  // Work on the null stream would wait for the capturing stream.
  k_add<<<1, N, 0, 0>>>(d, 1);
  CHECK_ERR(hipGetLastError(), hipErrorStreamCaptureImplicit);
  HIP_CHECK(hipStreamIsCapturing(s, &st));
  CHECK_EQ(st, hipStreamCaptureStatusInvalidated);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipErrorStreamCaptureInvalidated);
  CHECK(g == nullptr);
  HIP_CHECK(hipStreamSynchronize(nb));  // no capture now: nb's work is done

  // Synchronizing a capturing stream invalidates the capture.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  k_add<<<1, N, 0, s>>>(d, 1);
  CHECK_ERR(hipStreamSynchronize(s), hipErrorStreamCaptureUnsupported);
  CHECK_ERR(hipStreamQuery(s), hipErrorStreamCaptureUnsupported);
  k_add<<<1, N, 0, s>>>(d, 1);
  CHECK_ERR(hipGetLastError(), hipErrorStreamCaptureInvalidated);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipErrorStreamCaptureInvalidated);

  // Work that cannot be captured.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed));
  CHECK_ERR(hipStreamAddCallback(s, callback, nullptr, 0),
            hipErrorStreamCaptureUnsupported);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipErrorStreamCaptureInvalidated);

  // After all that, the streams work.
  HIP_CHECK(hipMemset(d, 0, N * sizeof(int)));
  k_add<<<1, N, 0, s>>>(d, 4);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(read(d)[0], 4);

  // An empty capture gives an empty graph.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal));
  HIP_CHECK(hipStreamEndCapture(s, &g));
  CHECK_EQ(count_nodes(g), 0u);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  // A thread-local capture refuses this thread's unsafe calls only.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal));
  CHECK_ERR(hipMalloc(&p, 64), hipErrorStreamCaptureUnsupported);
  std::thread([] {
    void* q = nullptr;
    HIP_CHECK(hipMalloc(&q, 64));
    HIP_CHECK(hipFree(q));
  }).join();
  HIP_CHECK(hipStreamEndCapture(s, &g));
  HIP_CHECK(hipGraphDestroy(g));

  // A capturing stream destroyed by another thread: its capture is over
  // for the thread that began it too.
  hipStream_t t2;
  HIP_CHECK(hipStreamCreate(&t2));
  HIP_CHECK(hipStreamBeginCapture(t2, hipStreamCaptureModeGlobal));
  std::thread([&] { HIP_CHECK(hipStreamDestroy(t2)); }).join();
  HIP_CHECK(hipMalloc(&p, 64));
  HIP_CHECK(hipFree(p));

  // A capturing stream that is destroyed ends its capture.
  hipStream_t t;
  HIP_CHECK(hipStreamCreate(&t));
  HIP_CHECK(hipStreamBeginCapture(t, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipStreamDestroy(t));
  HIP_CHECK(hipMalloc(&p, 64));  // no capture left
  HIP_CHECK(hipFree(p));

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipStreamDestroy(nb));
  HIP_CHECK(hipFree(d));
}

int main() {
  test_capture_basic();
  test_fork_join();
  test_capture_graph_launch();
  test_misuse();
  return test_summary("graph_capture");
}
