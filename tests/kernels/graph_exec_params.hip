// Changing an instantiated graph: kernel, memcpy and memset nodes switched
// off and on (hipGraphNodeSetEnabled / GetEnabled), a memcpy node's 3D
// parameters replaced (hipGraphExecMemcpyNodeSetParams), an event node's
// event replaced (hipGraphExecEventRecordNodeSetEvent / WaitNodeSetEvent);
// each launch's results checked, the graph itself unchanged; errors.
#include "common.h"

constexpr int N = 256;

__global__ void add(int* p, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) p[i] += v;
}

static void fetch(int* h, const int* d) {
  HIP_CHECK(hipMemcpy(h, d, N * sizeof(int), hipMemcpyDeviceToHost));
}

int main() {
  int *d, *d2, h[N], zero[N] = {0};
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&d2, N * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, N * sizeof(int)));
  HIP_CHECK(hipMemset(d2, 0, N * sizeof(int)));
  // memset d2 := 0x01010101, then kernel d += 3, an event, a host node.
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemsetParams mp{};
  mp.dst = d2;
  mp.value = 1;
  mp.elementSize = 1;
  mp.width = N * sizeof(int);
  mp.height = 1;
  hipGraphNode_t fill, kern, rec, host_node;
  HIP_CHECK(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &mp));
  int v = 3;
  void* args[] = {&d, &v};
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(add);
  kp.gridDim = dim3(2);
  kp.blockDim = dim3(128);
  kp.kernelParams = args;
  HIP_CHECK(hipGraphAddKernelNode(&kern, g, &fill, 1, &kp));
  hipEvent_t e1, e2;
  HIP_CHECK(hipEventCreate(&e1));
  HIP_CHECK(hipEventCreate(&e2));
  HIP_CHECK(hipGraphAddEventRecordNode(&rec, g, &kern, 1, e1));
  hipHostNodeParams hp{};
  hp.fn = [](void*) {};
  HIP_CHECK(hipGraphAddHostNode(&host_node, g, &rec, 1, &hp));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  unsigned on = 7;
  HIP_CHECK(hipGraphNodeGetEnabled(x, kern, &on));
  CHECK_EQ(on, 1u);

  // Kernel off: the fill runs, d stays 0.
  HIP_CHECK(hipGraphNodeSetEnabled(x, kern, 0));
  HIP_CHECK(hipGraphNodeGetEnabled(x, kern, &on));
  CHECK_EQ(on, 0u);
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  fetch(h, d);
  CHECK_ARRAY(h, zero, N);
  fetch(h, d2);
  CHECK_EQ(h[0], 0x01010101);
  CHECK_EQ(h[N - 1], 0x01010101);
  // Fill off, kernel on: d += 3, d2 left as it is after clearing it.
  HIP_CHECK(hipMemset(d2, 0, N * sizeof(int)));
  HIP_CHECK(hipGraphNodeSetEnabled(x, fill, 0));
  HIP_CHECK(hipGraphNodeSetEnabled(x, kern, 1));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  fetch(h, d);
  int want[N];
  for (int i = 0; i < N; ++i) want[i] = 3;
  CHECK_ARRAY(h, want, N);
  fetch(h, d2);
  CHECK_ARRAY(h, zero, N);
  // The graph's own nodes were not switched: a new instantiation runs all.
  hipGraphExec_t x2;
  HIP_CHECK(hipGraphInstantiate(&x2, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphNodeGetEnabled(x2, fill, &on));
  CHECK_EQ(on, 1u);
  HIP_CHECK(hipGraphExecDestroy(x2));

  // The event node records e2 instead of e1.
  HIP_CHECK(hipGraphExecEventRecordNodeSetEvent(x, rec, e2));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_ERR(hipEventQuery(e2), hipSuccess);
  float ms = 0;
  CHECK_ERR(hipEventElapsedTime(&ms, e1, e2), hipSuccess);  // both recorded now
  fetch(h, d);
  for (int i = 0; i < N; ++i) want[i] = 6;  // the kernel ran again
  CHECK_ARRAY(h, want, N);

  // A memcpy node: its 3D parameters replaced in the instantiation.
  hipGraph_t g2;
  HIP_CHECK(hipGraphCreate(&g2, 0));
  hipGraphNode_t cp;
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cp, g2, nullptr, 0, d2, d, sizeof(int),
                                    hipMemcpyDeviceToDevice));
  hipGraphExec_t x3;
  HIP_CHECK(hipGraphInstantiate(&x3, g2, nullptr, nullptr, 0));
  hipMemcpy3DParms p3{};
  p3.srcPtr = make_hipPitchedPtr(d, N * sizeof(int), N, 1);
  p3.dstPtr = make_hipPitchedPtr(d2, N * sizeof(int), N, 1);
  p3.extent = make_hipExtent(N * sizeof(int), 1, 1);
  p3.kind = hipMemcpyDeviceToDevice;
  HIP_CHECK(hipGraphExecMemcpyNodeSetParams(x3, cp, &p3));
  HIP_CHECK(hipGraphLaunch(x3, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  fetch(h, d2);
  CHECK_ARRAY(h, want, N);  // all of d, not one int
  // Switched off, it copies nothing.
  HIP_CHECK(hipMemset(d2, 0, N * sizeof(int)));
  HIP_CHECK(hipGraphNodeSetEnabled(x3, cp, 0));
  HIP_CHECK(hipGraphLaunch(x3, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  fetch(h, d2);
  CHECK_ARRAY(h, zero, N);

  // Errors: a host or event node cannot be switched, a node of another
  // graph, NULL outputs, an event node given to the wait form.
  CHECK_ERR(hipGraphNodeSetEnabled(x, host_node, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphNodeGetEnabled(x, rec, &on), hipErrorInvalidValue);
  CHECK_ERR(hipGraphNodeSetEnabled(x, cp, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphNodeGetEnabled(x, kern, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipGraphNodeSetEnabled(nullptr, kern, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecEventWaitNodeSetEvent(x, rec, e1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecEventRecordNodeSetEvent(x, kern, e1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecMemcpyNodeSetParams(x3, cp, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecMemcpyNodeSetParams(x, kern, &p3), hipErrorInvalidValue);

  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphExecDestroy(x3));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipGraphDestroy(g2));
  HIP_CHECK(hipEventDestroy(e1));
  HIP_CHECK(hipEventDestroy(e2));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(d2));
  return test_summary("graph_exec_params");
}
