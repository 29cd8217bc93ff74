// Graphs built node by node: kernel, memcpy, memset, host, event, child
// and empty nodes, dependencies, queries, parameters, instantiate and
// launch (several times), updates of an executable graph, clone, DOT
// output, and bad input with AMD's error codes.
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <vector>

#include "common.h"

constexpr int N = 64;

__global__ void k_add(int* p, int v) { p[threadIdx.x] += v; }
__global__ void k_set(int* p, int v) { p[threadIdx.x] = v; }
__global__ void k_mul(int* p, int v) { p[threadIdx.x] *= v; }
// d[i] = a[i] + b[i]
__global__ void k_sum(int* d, const int* a, const int* b) {
  d[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}

static hipKernelNodeParams kparams(const void* f, void** args,
                                   unsigned threads = N) {
  hipKernelNodeParams p{};
  p.func = const_cast<void*>(f);
  p.gridDim = dim3(1);
  p.blockDim = dim3(threads);
  p.kernelParams = args;
  return p;
}

static std::vector<int> read(const int* d, int n = N) {
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  return h;
}

// memset -> 8 x add(1) -> memcpy to the host; launched three times.
static void test_chain() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  std::vector<int> h(N, -1);
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemsetParams mp{};
  mp.dst = d;
  mp.elementSize = 4;
  mp.width = N;
  mp.height = 1;
  mp.value = 5;
  hipGraphNode_t prev;
  HIP_CHECK(hipGraphAddMemsetNode(&prev, g, nullptr, 0, &mp));
  int one = 1;
  for (int i = 0; i < 8; i++) {
    void* args[] = {&d, &one};
    hipKernelNodeParams kp = kparams((const void*)k_add, args);
    hipGraphNode_t n;
    HIP_CHECK(hipGraphAddKernelNode(&n, g, &prev, 1, &kp));
    prev = n;
  }
  one = 1000;  // the node copied its arguments
  hipGraphNode_t cp;
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cp, g, &prev, 1, h.data(), d,
                                    N * sizeof(int), hipMemcpyDeviceToHost));
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, 10u);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  for (int rep = 0; rep < 3; rep++) {
    std::fill(h.begin(), h.end(), -1);
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    std::vector<int> want(N, 13);
    CHECK_ARRAY(h.data(), want.data(), N);
  }
  // On the null stream too.
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(h[N - 1], 13);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

// a = 1; b = a + 1 and c = a * 10 (independent); d = b + c.
static void test_diamond() {
  int *a, *b, *c, *d;
  HIP_CHECK(hipMalloc(&a, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&c, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  int one = 1, ten = 10;
  void* aa[] = {&a, &one};
  hipKernelNodeParams p = kparams((const void*)k_set, aa);
  hipGraphNode_t na, nb, nc, nd, ncopy_b, ncopy_c;
  HIP_CHECK(hipGraphAddKernelNode(&na, g, nullptr, 0, &p));
  // b = copy of a, then + 1; c = copy of a, then * 10.
  HIP_CHECK(hipGraphAddMemcpyNode1D(&ncopy_b, g, &na, 1, b, a,
                                    N * sizeof(int), hipMemcpyDeviceToDevice));
  // (AMD's hipMemcpyDeviceToDeviceNoCU is a device-to-device copy.)
  HIP_CHECK(hipGraphAddMemcpyNode1D(&ncopy_c, g, &na, 1, c, a,
                                    N * sizeof(int),
                                    hipMemcpyDeviceToDeviceNoCU));
  void* ba[] = {&b, &one};
  p = kparams((const void*)k_add, ba);
  HIP_CHECK(hipGraphAddKernelNode(&nb, g, nullptr, 0, &p));
  void* ca[] = {&c, &ten};
  p = kparams((const void*)k_mul, ca);
  HIP_CHECK(hipGraphAddKernelNode(&nc, g, nullptr, 0, &p));
  hipGraphNode_t from[] = {ncopy_b, ncopy_c};
  hipGraphNode_t to[] = {nb, nc};
  HIP_CHECK(hipGraphAddDependencies(g, from, to, 2));
  void* da[] = {&d, &b, &c};
  p = kparams((const void*)k_sum, da);
  hipGraphNode_t deps[] = {nb, nc};
  HIP_CHECK(hipGraphAddKernelNode(&nd, g, deps, 2, &p));

  // Queries.
  size_t n = 0;
  HIP_CHECK(hipGraphGetRootNodes(g, nullptr, &n));
  CHECK_EQ(n, 1u);
  hipGraphNode_t root = nullptr;
  HIP_CHECK(hipGraphGetRootNodes(g, &root, &n));
  CHECK(root == na);
  HIP_CHECK(hipGraphGetEdges(g, nullptr, nullptr, &n));
  CHECK_EQ(n, 6u);
  HIP_CHECK(hipGraphNodeGetDependencies(nd, nullptr, &n));
  CHECK_EQ(n, 2u);
  HIP_CHECK(hipGraphNodeGetDependentNodes(na, nullptr, &n));
  CHECK_EQ(n, 2u);
  hipGraphNode_t outs[4] = {};
  n = 4;
  HIP_CHECK(hipGraphNodeGetDependentNodes(na, outs, &n));
  CHECK_EQ(n, 2u);
  CHECK(outs[0] == ncopy_b && outs[1] == ncopy_c && outs[2] == nullptr);
  hipGraphNodeType t;
  HIP_CHECK(hipGraphNodeGetType(ncopy_b, &t));
  CHECK_EQ(t, hipGraphNodeTypeMemcpy);
  HIP_CHECK(hipGraphNodeGetType(nd, &t));
  CHECK_EQ(t, hipGraphNodeTypeKernel);

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiateWithFlags(&x, g, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  std::vector<int> want(N, 12);
  CHECK_ARRAY(read(d).data(), want.data(), N);

  // Removing the edge nb -> nd and adding it back.
  HIP_CHECK(hipGraphRemoveDependencies(g, &nb, &nd, 1));
  HIP_CHECK(hipGraphNodeGetDependencies(nd, nullptr, &n));
  CHECK_EQ(n, 1u);
  CHECK_ERR(hipGraphRemoveDependencies(g, &nb, &nd, 1), hipErrorInvalidValue);
  HIP_CHECK(hipGraphAddDependencies(g, &nb, &nd, 1));
  CHECK_ERR(hipGraphAddDependencies(g, &nb, &nd, 1), hipErrorInvalidValue);

  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  for (int* q : {a, b, c, d}) HIP_CHECK(hipFree(q));
}

static std::atomic<int> host_calls{0};
static void host_fn(void* p) {
  host_calls++;
  *static_cast<int*>(p) += 1;
}

// Host, event record / wait, empty and child graph nodes.
static void test_other_nodes() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  hipGraph_t child, g;
  HIP_CHECK(hipGraphCreate(&child, 0));
  HIP_CHECK(hipGraphCreate(&g, 0));
  int two = 2, three = 3;
  void* a2[] = {&d, &two};
  void* a3[] = {&d, &three};
  hipKernelNodeParams p = kparams((const void*)k_add, a2);
  hipGraphNode_t c1, c2;
  HIP_CHECK(hipGraphAddKernelNode(&c1, child, nullptr, 0, &p));
  p = kparams((const void*)k_mul, a3);
  HIP_CHECK(hipGraphAddKernelNode(&c2, child, &c1, 1, &p));

  hipMemsetParams mp{};
  mp.dst = d;
  mp.elementSize = 4;
  mp.width = N;
  mp.height = 1;
  mp.value = 1;
  hipGraphNode_t ms, childn, empty, host, rec, wait, tail;
  HIP_CHECK(hipGraphAddMemsetNode(&ms, g, nullptr, 0, &mp));
  HIP_CHECK(hipGraphAddChildGraphNode(&childn, g, &ms, 1, child));
  // The child was copied: a change to it now does not reach `g`.
  p = kparams((const void*)k_add, a2);
  hipGraphNode_t extra;
  HIP_CHECK(hipGraphAddKernelNode(&extra, child, &c2, 1, &p));
  HIP_CHECK(hipGraphAddEmptyNode(&empty, g, &childn, 1));
  int counter = 0;
  hipHostNodeParams hp{host_fn, &counter};
  hipEvent_t ev;
  HIP_CHECK(hipEventCreate(&ev));
  HIP_CHECK(hipGraphAddEventRecordNode(&rec, g, &empty, 1, ev));
  HIP_CHECK(hipGraphAddEventWaitNode(&wait, g, &rec, 1, ev));
  HIP_CHECK(hipGraphAddHostNode(&host, g, &wait, 1, &hp));
  std::vector<int> h(N);
  HIP_CHECK(hipGraphAddMemcpyNode1D(&tail, g, &host, 1, h.data(), d,
                                    N * sizeof(int), hipMemcpyDeviceToHost));

  hipGraph_t inner;
  HIP_CHECK(hipGraphChildGraphNodeGetGraph(childn, &inner));
  size_t n = 0;
  HIP_CHECK(hipGraphGetNodes(inner, nullptr, &n));
  CHECK_EQ(n, 2u);
  hipEvent_t got;
  HIP_CHECK(hipGraphEventRecordNodeGetEvent(rec, &got));
  CHECK(got == ev);
  HIP_CHECK(hipGraphEventWaitNodeGetEvent(wait, &got));
  CHECK(got == ev);
  hipHostNodeParams hgot{};
  HIP_CHECK(hipGraphHostNodeGetParams(host, &hgot));
  CHECK(hgot.fn == host_fn && hgot.userData == &counter);

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  for (int rep = 0; rep < 2; rep++) {
    HIP_CHECK(hipGraphLaunch(x, s));
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipEventSynchronize(ev));
    CHECK_ERR(hipEventQuery(ev), hipSuccess);
    std::vector<int> want(N, 9);  // (1 + 2) * 3
    CHECK_ARRAY(h.data(), want.data(), N);
  }
  CHECK_EQ(counter, 2);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipGraphDestroy(child));
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

// Node parameters: get, set, and the executable graph's own copy.
static void test_params_and_updates() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  int v = 7;
  void* args[] = {&d, &v};
  hipKernelNodeParams p = kparams((const void*)k_set, args);
  hipGraphNode_t kn;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, nullptr, 0, &p));
  hipKernelNodeParams got{};
  HIP_CHECK(hipGraphKernelNodeGetParams(kn, &got));
  CHECK(got.func == (void*)k_set);
  CHECK_EQ(got.blockDim.x, (unsigned)N);
  CHECK_EQ(*static_cast<int*>(got.kernelParams[1]), 7);
  CHECK(*static_cast<int**>(got.kernelParams[0]) == d);

  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  // A change to the graph does not reach the executable graph...
  v = 8;
  HIP_CHECK(hipGraphKernelNodeSetParams(kn, &p));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(read(d)[0], 7);
  // ... hipGraphExecKernelNodeSetParams does.
  v = 9;
  HIP_CHECK(hipGraphExecKernelNodeSetParams(x, kn, &p));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(read(d)[N - 1], 9);
  // ... and so does hipGraphExecUpdate (the graph holds 8).
  hipGraphNode_t err = nullptr;
  hipGraphExecUpdateResult r = hipGraphExecUpdateError;
  HIP_CHECK(hipGraphExecUpdate(x, g, &err, &r));
  CHECK_EQ(r, hipGraphExecUpdateSuccess);
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(read(d)[3], 8);
  // A graph of another shape is refused.
  hipGraphNode_t e2;
  HIP_CHECK(hipGraphAddEmptyNode(&e2, g, &kn, 1));
  CHECK_ERR(hipGraphExecUpdate(x, g, &err, &r),
            hipErrorGraphExecUpdateFailure);
  CHECK_EQ(r, hipGraphExecUpdateErrorTopologyChanged);
  // The exec is unchanged and still runs.
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(read(d)[0], 8);

  // Wrong node kinds.
  hipMemsetParams mp{};
  CHECK_ERR(hipGraphMemsetNodeGetParams(kn, &mp), hipErrorInvalidValue);
  hipHostNodeParams hp{};
  CHECK_ERR(hipGraphHostNodeGetParams(kn, &hp), hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeGetParams(e2, &got), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecKernelNodeSetParams(x, e2, &p), hipErrorInvalidValue);
  hipGraph_t cg;
  CHECK_ERR(hipGraphChildGraphNodeGetGraph(kn, &cg), hipErrorInvalidValue);
  hipEvent_t ev;
  CHECK_ERR(hipGraphEventRecordNodeGetEvent(kn, &ev), hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeGetParams(kn, nullptr), hipErrorInvalidValue);

  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(d));
}

static void test_clone_and_dot() {
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  hipGraph_t g, c;
  HIP_CHECK(hipGraphCreate(&g, 0));
  int v = 4;
  void* args[] = {&d, &v};
  hipKernelNodeParams p = kparams((const void*)k_set, args);
  hipGraphNode_t kn, kn2, found;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, nullptr, 0, &p));
  p = kparams((const void*)k_add, args);
  HIP_CHECK(hipGraphAddKernelNode(&kn2, g, &kn, 1, &p));
  HIP_CHECK(hipGraphClone(&c, g));
  HIP_CHECK(hipGraphNodeFindInClone(&found, kn2, c));
  CHECK(found != kn2);
  hipGraphNodeType t;
  HIP_CHECK(hipGraphNodeGetType(found, &t));
  CHECK_EQ(t, hipGraphNodeTypeKernel);
  CHECK_ERR(hipGraphNodeFindInClone(&found, kn2, g), hipErrorInvalidValue);

  std::string path = "/tmp/hipc_graph_test_" + std::to_string(getpid()) + ".dot";
  HIP_CHECK(hipGraphDebugDotPrint(g, path.c_str(), hipGraphDebugDotFlagsVerbose));
  FILE* f = std::fopen(path.c_str(), "r");
  CHECK(f != nullptr);
  std::string text;
  if (f) {
    char buf[4096];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, got);
    std::fclose(f);
  }
  std::remove(path.c_str());
  CHECK(text.find("digraph") != std::string::npos);
  CHECK(text.find("KERNEL") != std::string::npos);
  CHECK(text.find("->") != std::string::npos);
  CHECK_ERR(hipGraphDebugDotPrint(g, nullptr, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphDebugDotPrint(nullptr, path.c_str(), 0),
            hipErrorInvalidValue);

  HIP_CHECK(hipGraphDestroy(g));  // the clone lives on
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, c, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(read(d)[5], 8);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(c));
  HIP_CHECK(hipFree(d));
}

// A graph with many blocks per kernel (the CPU device spreads such kernels
// over its workers) and many small ones around it.
__global__ void k_inc_all(int* p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
static void test_big_and_small() {
  const int blocks = 512, threads = 128, total = blocks * threads;
  int* d;
  HIP_CHECK(hipMalloc(&d, total * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, total * sizeof(int)));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t prev = nullptr;
  for (int i = 0; i < 6; i++) {
    void* args[] = {&d};
    hipKernelNodeParams p{};
    p.func = (void*)k_inc_all;
    p.gridDim = dim3(i % 2 ? blocks : 1);
    p.blockDim = dim3(threads);
    p.kernelParams = args;
    hipGraphNode_t n;
    HIP_CHECK(hipGraphAddKernelNode(&n, g, prev ? &prev : nullptr, prev ? 1 : 0, &p));
    prev = n;
  }
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(total);
  HIP_CHECK(hipMemcpy(h.data(), d, total * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(h[0], 12);          // every kernel touched the first block
  CHECK_EQ(h[threads], 6);     // only the wide ones touched the others
  CHECK_EQ(h[total - 1], 6);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(d));
}

// Copies and fills big enough that the CPU device spreads them over its
// workers, between small kernels.
static void test_big_copies() {
  const size_t n = (size_t)3 << 20;  // ints: 12 MiB
  int *a, *b;
  HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, n * sizeof(int)));
  std::vector<int> h(n, 0);
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemsetParams mp{};
  mp.dst = a;
  mp.elementSize = 4;
  mp.width = n;
  mp.height = 1;
  mp.value = 0x01020304;
  hipGraphNode_t fill, k, copy, fill8, back;
  HIP_CHECK(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &mp));
  int one = 1;
  void* args[] = {&a, &one};
  hipKernelNodeParams kp = kparams((const void*)k_add, args);
  HIP_CHECK(hipGraphAddKernelNode(&k, g, &fill, 1, &kp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&copy, g, &k, 1, b, a, n * sizeof(int),
                                    hipMemcpyDeviceToDevice));
  // Bytes 0x55 in the last quarter of b, as a pitched fill of 4 rows
  // (n / 4 bytes apart, n / 8 bytes each).
  hipMemsetParams m8{};
  m8.dst = b + 3 * n / 4;
  m8.elementSize = 1;
  m8.width = n / 8;
  m8.height = 4;
  m8.pitch = n / 4;
  m8.value = 0x55;
  HIP_CHECK(hipGraphAddMemsetNode(&fill8, g, &copy, 1, &m8));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&back, g, &fill8, 1, h.data(), b,
                                    n * sizeof(int), hipMemcpyDeviceToHost));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  size_t bad = 0;
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(h.data());
  for (size_t i = 0; i < n; ++i) {
    int want = 0x01020304 + (i < N ? 1 : 0);
    size_t byte = i * 4;  // index in bytes
    size_t rel = byte >= 3 * n ? byte - 3 * n : SIZE_MAX;
    if (rel != SIZE_MAX && rel % (n / 4) < n / 8) {
      bad += bytes[byte] != 0x55 || bytes[byte + 3] != 0x55;
      continue;
    }
    bad += h[i] != want;
  }
  CHECK_EQ(bad, 0u);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
}

// Memcpy nodes with an array on one side (3D).
static void test_array_copies() {
  const int W = 5, H = 4, D = 3;
  std::vector<float> data(W * H * D), back(W * H * D, -1);
  for (int i = 0; i < W * H * D; ++i) data[i] = static_cast<float>(i * 7 % 19);
  hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
  hipArray_t arr;
  HIP_CHECK(hipMalloc3DArray(&arr, &cd, make_hipExtent(W, H, D), 0));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(data.data(), W * sizeof(float), W, H);
  p.dstArray = arr;
  p.extent = make_hipExtent(W, H, D);
  p.kind = hipMemcpyHostToDevice;
  hipGraphNode_t in, out;
  HIP_CHECK(hipGraphAddMemcpyNode(&in, g, nullptr, 0, &p));
  hipMemcpy3DParms q{};
  q.srcArray = arr;
  q.dstPtr = make_hipPitchedPtr(back.data(), W * sizeof(float), W, H);
  q.extent = make_hipExtent(W, H, D);
  q.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipGraphAddMemcpyNode(&out, g, &in, 1, &q));
  hipMemcpy3DParms got{};
  HIP_CHECK(hipGraphMemcpyNodeGetParams(out, &got));
  CHECK(got.srcArray == arr && got.dstPtr.ptr == back.data());
  // Both an array and a pointer on one side.
  q.srcPtr = make_hipPitchedPtr(data.data(), W * sizeof(float), W, H);
  CHECK_ERR(hipGraphMemcpyNodeSetParams(out, &q), hipErrorInvalidValue);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_ARRAY(back.data(), data.data(), W * H * D);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFreeArray(arr));
}

static void test_bad_input() {
  hipGraph_t g, other;
  CHECK_ERR(hipGraphCreate(nullptr, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphCreate(&g, 1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphDestroy(nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipGraphCreate(&other, 0));
  hipGraphNode_t n, m, o;
  CHECK_ERR(hipGraphAddEmptyNode(&n, nullptr, nullptr, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddEmptyNode(nullptr, g, nullptr, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddEmptyNode(&n, g, nullptr, 1), hipErrorInvalidValue);
  HIP_CHECK(hipGraphAddEmptyNode(&n, g, nullptr, 0));
  HIP_CHECK(hipGraphAddEmptyNode(&o, other, nullptr, 0));
  // A dependency on a node of another graph, or the same one twice.
  CHECK_ERR(hipGraphAddEmptyNode(&m, g, &o, 1), hipErrorInvalidValue);
  hipGraphNode_t twice[] = {n, n};
  CHECK_ERR(hipGraphAddEmptyNode(&m, g, twice, 2), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddDependencies(g, &n, &o, 1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddDependencies(g, &n, &n, 1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddDependencies(nullptr, &n, &o, 1), hipErrorInvalidValue);

  // Kernel nodes: no function, an unknown one, a bad configuration.
  int* d;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  int v = 1;
  void* args[] = {&d, &v};
  hipKernelNodeParams p = kparams(nullptr, args);
  CHECK_ERR(hipGraphAddKernelNode(&m, g, nullptr, 0, &p), hipErrorInvalidValue);
  p = kparams((const void*)&v, args);
  CHECK_ERR(hipGraphAddKernelNode(&m, g, nullptr, 0, &p),
            hipErrorInvalidDeviceFunction);
  p = kparams((const void*)k_add, args, 0);
  CHECK_ERR(hipGraphAddKernelNode(&m, g, nullptr, 0, &p),
            hipErrorInvalidConfiguration);
  p = kparams((const void*)k_add, args, 2048);
  CHECK_ERR(hipGraphAddKernelNode(&m, g, nullptr, 0, &p),
            hipErrorInvalidConfiguration);
  p = kparams((const void*)k_add, nullptr);
  CHECK_ERR(hipGraphAddKernelNode(&m, g, nullptr, 0, &p), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddKernelNode(&m, g, nullptr, 0, nullptr),
            hipErrorInvalidValue);

  // Memset and memcpy nodes.
  hipMemsetParams mp{};
  mp.dst = d;
  mp.elementSize = 3;
  mp.width = 4;
  mp.height = 1;
  CHECK_ERR(hipGraphAddMemsetNode(&m, g, nullptr, 0, &mp), hipErrorInvalidValue);
  mp.elementSize = 4;
  mp.dst = nullptr;
  CHECK_ERR(hipGraphAddMemsetNode(&m, g, nullptr, 0, &mp), hipErrorInvalidValue);
  mp.dst = d;
  mp.width = N + 1;  // past the allocation
  CHECK_ERR(hipGraphAddMemsetNode(&m, g, nullptr, 0, &mp), hipErrorInvalidValue);
  mp.width = 4;
  mp.height = 2;
  mp.pitch = 8;  // rows of 16 bytes
  CHECK_ERR(hipGraphAddMemsetNode(&m, g, nullptr, 0, &mp), hipErrorInvalidValue);
  int h[4];
  CHECK_ERR(hipGraphAddMemcpyNode1D(&m, g, nullptr, 0, h, d, sizeof h,
                                    (hipMemcpyKind)17),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipGraphAddMemcpyNode1D(&m, g, nullptr, 0, nullptr, d, sizeof h,
                                    hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddMemcpyNode(&m, g, nullptr, 0, nullptr),
            hipErrorInvalidValue);
  hipHostNodeParams hp{nullptr, nullptr};
  CHECK_ERR(hipGraphAddHostNode(&m, g, nullptr, 0, &hp), hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddEventRecordNode(&m, g, nullptr, 0, nullptr),
            hipErrorInvalidValue);
  // A graph may be its own child: the child is a copy of its nodes so far.
  size_t before = 0, after = 0, inner_n = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &before));
  HIP_CHECK(hipGraphAddChildGraphNode(&m, g, nullptr, 0, g));
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &after));
  CHECK_EQ(after, before + 1);
  hipGraph_t inner;
  HIP_CHECK(hipGraphChildGraphNodeGetGraph(m, &inner));
  HIP_CHECK(hipGraphGetNodes(inner, nullptr, &inner_n));
  CHECK_EQ(inner_n, before);
  HIP_CHECK(hipGraphDestroyNode(m));
  CHECK_ERR(hipGraphAddChildGraphNode(&m, g, nullptr, 0, nullptr),
            hipErrorInvalidValue);

  // Queries with no room for the answer.
  CHECK_ERR(hipGraphGetNodes(g, nullptr, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipGraphGetNodes(nullptr, nullptr, nullptr), hipErrorInvalidValue);
  hipGraphNodeType t;
  CHECK_ERR(hipGraphNodeGetType(nullptr, &t), hipErrorInvalidValue);

  // Executable graphs.
  hipGraphExec_t x;
  CHECK_ERR(hipGraphInstantiate(&x, nullptr, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphInstantiate(nullptr, g, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphInstantiateWithFlags(&x, g, 1ull << 40),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphLaunch(nullptr, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecDestroy(nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphExecDestroy(x));
  CHECK_ERR(hipGraphExecDestroy(x), hipErrorInvalidValue);  // twice

  // A cycle cannot be instantiated.
  HIP_CHECK(hipGraphAddEmptyNode(&m, g, &n, 1));
  HIP_CHECK(hipGraphAddDependencies(g, &m, &n, 1));
  CHECK_ERR(hipGraphInstantiate(&x, g, nullptr, nullptr, 0),
            hipErrorInvalidValue);

  // A destroyed node, a destroyed graph.
  HIP_CHECK(hipGraphDestroyNode(m));
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, 1u);
  HIP_CHECK(hipGraphNodeGetDependencies(n, nullptr, &count));
  CHECK_EQ(count, 0u);
  HIP_CHECK(hipGraphDestroy(other));
  CHECK_ERR(hipGraphDestroy(other), hipErrorInvalidValue);
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(d));
}

int main() {
  test_chain();
  test_diamond();
  test_other_nodes();
  test_params_and_updates();
  test_clone_and_dot();
  test_big_and_small();
  test_array_copies();
  test_big_copies();
  test_bad_input();
  return test_summary("graph");
}
