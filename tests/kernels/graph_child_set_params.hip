// hipGraphExecChildGraphNodeSetParams: an instantiated graph's child-graph
// node takes the parameters of another graph of the same shape (its kernel
// and memset nodes' values), the launch shows them, the graphs themselves
// are unchanged; a graph of another shape, the parent graph, a node that
// is not a child-graph node and null handles are refused.
#include "common.h"

constexpr int N = 128;

__global__ void add(int* p, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) p[i] += v;
}

// A child graph: memset d := `fill` bytes, then kernel d += v.
static hipGraph_t make_child(int* d, unsigned char fill, int* v) {
  hipGraph_t c;
  HIP_CHECK(hipGraphCreate(&c, 0));
  hipMemsetParams mp{};
  mp.dst = d;
  mp.value = fill;
  mp.elementSize = 1;
  mp.width = N * sizeof(int);
  mp.height = 1;
  hipGraphNode_t ms, k;
  HIP_CHECK(hipGraphAddMemsetNode(&ms, c, nullptr, 0, &mp));
  void* args[] = {&d, v};
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(add);
  kp.gridDim = dim3(2);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  HIP_CHECK(hipGraphAddKernelNode(&k, c, &ms, 1, &kp));
  return c;
}

static int expect_all(const int* d, int want) {
  int h[N];
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += h[i] != want;
  return bad;
}

int main() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  int v1 = 5, v2 = 9;
  hipGraph_t c1 = make_child(d, 0, &v1), c2 = make_child(d, 1, &v2);
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t child, empty;
  HIP_CHECK(hipGraphAddChildGraphNode(&child, g, nullptr, 0, c1));
  HIP_CHECK(hipGraphAddEmptyNode(&empty, g, &child, 1));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK_EQ(expect_all(d, 5), 0);

  // c2's values: d := 0x01010101 + 9.
  HIP_CHECK(hipGraphExecChildGraphNodeSetParams(x, child, c2));
  HIP_CHECK(hipGraphLaunch(x, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK_EQ(expect_all(d, 0x01010101 + 9), 0);
  // The graph it was instantiated from still has c1's values.
  hipGraphExec_t x2;
  HIP_CHECK(hipGraphInstantiate(&x2, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x2, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK_EQ(expect_all(d, 5), 0);
  HIP_CHECK(hipGraphExecDestroy(x2));

  // Refused: null handles, the parent graph, another shape, a node that
  // is not a child-graph node.
  CHECK_ERR(hipGraphExecChildGraphNodeSetParams(nullptr, child, c2), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecChildGraphNodeSetParams(x, nullptr, c2), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecChildGraphNodeSetParams(x, child, nullptr), hipErrorInvalidValue);
  CHECK(hipGraphExecChildGraphNodeSetParams(x, child, g) != hipSuccess);
  CHECK_ERR(hipGraphExecChildGraphNodeSetParams(x, empty, c2), hipErrorInvalidValue);
  hipGraphNode_t extra;
  HIP_CHECK(hipGraphAddEmptyNode(&extra, c2, nullptr, 0));
  CHECK(hipGraphExecChildGraphNodeSetParams(x, child, c2) != hipSuccess);
  // After the refusals the executable graph still runs c2's values.
  HIP_CHECK(hipGraphLaunch(x, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK_EQ(expect_all(d, 0x01010101 + 9), 0);

  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipGraphDestroy(c1));
  HIP_CHECK(hipGraphDestroy(c2));
  HIP_CHECK(hipFree(d));
  return test_summary("graph_child_set_params");
}
