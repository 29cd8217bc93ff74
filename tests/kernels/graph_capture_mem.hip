// The stream-ordered allocator in a stream capture: hipMallocAsync and
// hipMallocFromPoolAsync become memory alloc nodes, hipFreeAsync a memory
// free node. The address is returned at capture time and is valid in each
// launch between the alloc and free nodes (a kernel of the graph writes
// it, a copy node reads it back); a free of memory allocated outside the
// graph is a free node that frees it when the graph runs. The device's
// graph memory attributes follow the launches. Error codes: a pointer
// that is no allocation, a second free of one in the same graph, a NULL
// result pointer or pool.
#include <cstring>

#include "common.h"

__global__ void fill(int* p, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = v * 3 + i;
}

__global__ void add_one(int* p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] += 1;
}

static const int N = 256;
static const size_t BYTES = N * sizeof(int);

static size_t attr(hipGraphMemAttributeType a) {
  size_t v = 12345;
  HIP_CHECK(hipDeviceGetGraphMemAttribute(0, a, &v));
  return v;
}

static int expect_fill(const int* h, int v, int plus) {
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += h[i] != v * 3 + i + plus;
  return bad;
}

static void node_types(hipGraph_t g, const hipGraphNodeType* want, size_t n) {
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, n);
  if (count != n) return;
  hipGraphNode_t nodes[8];
  HIP_CHECK(hipGraphGetNodes(g, nodes, &count));
  for (size_t i = 0; i < n; ++i) {
    hipGraphNodeType t;
    HIP_CHECK(hipGraphNodeGetType(nodes[i], &t));
    CHECK_EQ((int)t, (int)want[i]);
  }
}

// alloc -> kernel -> copy out -> free, all captured; launched twice.
static void test_alloc_use_free(hipStream_t s) {
  int h[N];
  int* d = nullptr;
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipMallocAsync((void**)&d, BYTES, s));
  CHECK(d != nullptr);
  fill<<<N / 64, 64, 0, s>>>(d, 7);
  HIP_CHECK(hipMemcpyAsync(h, d, BYTES, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipFreeAsync(d, s));
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  const hipGraphNodeType want[] = {hipGraphNodeTypeMemAlloc,
                                   hipGraphNodeTypeKernel,
                                   hipGraphNodeTypeMemcpy,
                                   hipGraphNodeTypeMemFree};
  node_types(g, want, 4);
  hipGraphNode_t nodes[4];
  size_t count = 4;
  HIP_CHECK(hipGraphGetNodes(g, nodes, &count));
  hipMemAllocNodeParams ap;
  HIP_CHECK(hipGraphMemAllocNodeGetParams(nodes[0], &ap));
  CHECK_EQ(ap.bytesize, BYTES);
  CHECK(ap.dptr == d);
  CHECK_EQ(ap.poolProps.location.id, 0);
  void* freed = nullptr;
  HIP_CHECK(hipGraphMemFreeNodeGetParams(nodes[3], &freed));
  CHECK(freed == d);

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  for (int round = 0; round < 2; ++round) {
    memset(h, 0, sizeof h);
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK_EQ(expect_fill(h, 7, 0), 0);
    CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0u); // the free node ran
    CHECK(attr(hipGraphMemAttrReservedMemCurrent) >= BYTES);
  }
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
}

// From a pool, freed by the user after the launch (the free outside the
// graph), the graph instantiated with AutoFreeOnLaunch and launched again.
static void test_pool_free_outside(hipStream_t s) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t pool;
  HIP_CHECK(hipMemPoolCreate(&pool, &props));
  int* d = nullptr;
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipMallocFromPoolAsync((void**)&d, BYTES, pool, s));
  fill<<<N / 64, 64, 0, s>>>(d, 11);
  add_one<<<N / 64, 64, 0, s>>>(d);
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  const hipGraphNodeType want[] = {hipGraphNodeTypeMemAlloc,
                                   hipGraphNodeTypeKernel,
                                   hipGraphNodeTypeKernel};
  node_types(g, want, 3);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiateWithFlags(
      &x, g, hipGraphInstantiateFlagAutoFreeOnLaunch));
  int h[N];
  for (int round = 0; round < 2; ++round) {
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), BYTES); // not freed yet
    memset(h, 0, sizeof h);
    HIP_CHECK(hipMemcpy(h, d, BYTES, hipMemcpyDeviceToHost));
    CHECK_EQ(expect_fill(h, 11, 1), 0);
  }
  HIP_CHECK(hipFreeAsync(d, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0u);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipMemPoolDestroy(pool));
}

// A captured free of hipMallocAsync memory from before the capture: the
// memory stays valid until the graph runs, which frees it.
static void test_free_of_outside_memory(hipStream_t s) {
  int* e = nullptr;
  HIP_CHECK(hipMallocAsync((void**)&e, BYTES, s));
  fill<<<N / 64, 64, 0, s>>>(e, 5);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipFreeAsync(e, s));
  CHECK_ERR(hipFreeAsync(e, s), hipErrorInvalidValue); // twice in a graph
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  const hipGraphNodeType want[] = {hipGraphNodeTypeMemFree};
  node_types(g, want, 1);
  int h[N];
  HIP_CHECK(hipMemcpy(h, e, BYTES, hipMemcpyDeviceToHost)); // not yet freed
  CHECK_EQ(expect_fill(h, 5, 0), 0);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_ERR(hipFreeAsync(e, s), hipErrorInvalidValue); // freed by the graph
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
}

// An allocation captured in one graph and freed by another graph.
static void test_free_in_other_graph(hipStream_t s) {
  int* d = nullptr;
  int h[N];
  hipGraph_t ga, gf;
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal));
  HIP_CHECK(hipMallocAsync((void**)&d, BYTES, s));
  fill<<<N / 64, 64, 0, s>>>(d, 9);
  HIP_CHECK(hipStreamEndCapture(s, &ga));
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal));
  HIP_CHECK(hipMemcpyAsync(h, d, BYTES, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipFreeAsync(d, s));
  HIP_CHECK(hipStreamEndCapture(s, &gf));
  const hipGraphNodeType want[] = {hipGraphNodeTypeMemcpy,
                                   hipGraphNodeTypeMemFree};
  node_types(gf, want, 2);
  hipGraphExec_t xa, xf;
  HIP_CHECK(hipGraphInstantiate(&xa, ga, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphInstantiate(&xf, gf, nullptr, nullptr, 0));
  memset(h, 0, sizeof h);
  HIP_CHECK(hipGraphLaunch(xa, s));
  HIP_CHECK(hipGraphLaunch(xf, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(expect_fill(h, 9, 0), 0);
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0u);
  HIP_CHECK(hipGraphExecDestroy(xa));
  HIP_CHECK(hipGraphExecDestroy(xf));
  HIP_CHECK(hipGraphDestroy(ga));
  HIP_CHECK(hipGraphDestroy(gf));
}

static void test_errors(hipStream_t s) {
  int local = 0;
  int* d = nullptr;
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  CHECK_ERR(hipMallocAsync(nullptr, BYTES, s), hipErrorInvalidValue);
  CHECK_ERR(hipMallocFromPoolAsync((void**)&d, BYTES, nullptr, s),
            hipErrorInvalidValue);
  CHECK_ERR(hipFreeAsync(&local, s), hipErrorInvalidValue); // not device memory
  CHECK_ERR(hipFreeAsync(nullptr, s), hipErrorInvalidValue);
  HIP_CHECK(hipMallocAsync((void**)&d, 0, s)); // no memory, no node
  CHECK(d == nullptr);
  // hipMalloc stays unsafe in a global capture.
  CHECK_ERR(hipMalloc((void**)&d, BYTES), hipErrorStreamCaptureUnsupported);
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  size_t count = 99;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, 0u);
  HIP_CHECK(hipGraphDestroy(g));
  // A graph's memory goes with the graph when it was never launched.
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipMallocAsync((void**)&d, BYTES, s));
  HIP_CHECK(hipStreamEndCapture(s, &g));
  HIP_CHECK(hipGraphDestroy(g));
  hipPointerAttribute_t pa;
  CHECK(hipPointerGetAttributes(&pa, d) != hipSuccess ||
        pa.type == hipMemoryTypeUnregistered);
}

int main() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  test_alloc_use_free(s);
  test_pool_free_outside(s);
  test_free_of_outside_memory(s);
  test_free_in_other_graph(s);
  test_errors(s);
  HIP_CHECK(hipStreamDestroy(s));
  return test_summary("graph_capture_mem");
}
