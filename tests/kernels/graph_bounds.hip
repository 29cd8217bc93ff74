// Graph launches under the CPU device's guarantees: a launch goes through
// the bounded queue like other work (HIPC_QUEUE_DEPTH counts every job of
// its batch, room for all of them is made before it is enqueued), and the
// memory of its memcpy and memset nodes is checked at each launch as
// hipMemcpy and hipMemset check theirs (memory freed since the graph was
// made is refused, not written; hipMallocAsync memory is accepted).
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <vector>

#include "common.h"

#define DEPTH 16
#define NODES 4       // big kernels: each a job of its own in the batch
#define LAUNCHES 40
#define BLOCKS 64     // 64 x 256 threads: above the batch's inline limit
#define THREADS 256

__global__ void hold(volatile int* gate) {
  while (*gate == 0) {
  }
}

// Block 0 of node `node` of launch `n[0] / NODES` checks it comes in order.
__global__ void step(int* n, int node) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int old = atomicAdd(n, 1);
    if (old % NODES != node) atomicAdd(n + 1, 1);
  }
}

static std::atomic<int> launched;
static volatile int* gate;

static void* watchdog(void*) {
  usleep(300 * 1000);
  // The stream holds the hold kernel and whole launches of NODES jobs,
  // never more than DEPTH jobs: (DEPTH - 1) / NODES launches got through.
  int seen = launched.load();
  CHECK_EQ(seen, (DEPTH - 1) / NODES);
  std::fprintf(stderr, "graph launches returned while the stream was held: "
               "%d\n", seen);
  *gate = 1;
  return nullptr;
}

static void test_backpressure() {
  int* n;
  HIP_CHECK(hipMalloc((void**)&n, 2 * sizeof(int)));
  HIP_CHECK(hipMemset(n, 0, 2 * sizeof(int)));
  HIP_CHECK(hipHostMalloc((void**)&gate, sizeof(int), 0));
  *gate = 0;
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t prev = nullptr;
  int node_index[NODES];
  void* args[NODES][2];
  for (int i = 0; i < NODES; i++) {
    node_index[i] = i;
    args[i][0] = &n;
    args[i][1] = &node_index[i];
    hipKernelNodeParams p{};
    p.func = reinterpret_cast<void*>(step);
    p.gridDim = dim3(BLOCKS);
    p.blockDim = dim3(THREADS);
    p.kernelParams = args[i];
    hipGraphNode_t k;
    HIP_CHECK(hipGraphAddKernelNode(&k, g, prev ? &prev : nullptr,
                                    prev ? 1 : 0, &p));
    prev = k;
  }
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hold<<<1, 1, 0, s>>>(gate);
  pthread_t w;
  CHECK_EQ(pthread_create(&w, nullptr, watchdog, nullptr), 0);
  for (int i = 0; i < LAUNCHES; i++) {
    HIP_CHECK(hipGraphLaunch(x, s));
    launched.fetch_add(1);
  }
  CHECK_EQ(pthread_join(w, nullptr), 0);
  HIP_CHECK(hipStreamSynchronize(s));
  int h[2];
  HIP_CHECK(hipMemcpy(h, n, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h[0], LAUNCHES * NODES);
  CHECK_EQ(h[1], 0);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree((void*)gate));
  HIP_CHECK(hipFree(n));
}

// memset(d, v) -> memcpy(d -> host): the nodes' memory at each launch.
static void test_memory_checks() {
  constexpr int N = 1024;
  std::vector<int> h(N, -1);
  int* d;
  HIP_CHECK(hipMalloc((void**)&d, N * sizeof(int)));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemsetParams mp{};
  mp.dst = d;
  mp.value = 0x01020304;
  mp.elementSize = 4;
  mp.width = N;
  mp.height = 1;
  hipGraphNode_t fill, copy;
  HIP_CHECK(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &mp));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&copy, g, &fill, 1, h.data(), d,
                                    N * sizeof(int), hipMemcpyDeviceToHost));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  for (int i = 0; i < N; i++) CHECK_EQ(h[i], 0x01020304);
  // Freed: the launch is refused and writes nothing.
  HIP_CHECK(hipFree(d));
  h.assign(N, -1);
  CHECK_ERR(hipGraphLaunch(x, 0), hipErrorInvalidValue);
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_EQ(h[0], -1);
  CHECK_EQ(h[N - 1], -1);
  HIP_CHECK(hipGraphExecDestroy(x));

  // Stream-ordered memory: set the nodes to a hipMallocAsync block.
  int* a;
  HIP_CHECK(hipMallocAsync((void**)&a, N * sizeof(int), 0));
  mp.dst = a;
  mp.value = 77;
  HIP_CHECK(hipGraphMemsetNodeSetParams(fill, &mp));
  HIP_CHECK(hipGraphMemcpyNodeSetParams1D(copy, h.data(), a, N * sizeof(int),
                                          hipMemcpyDeviceToHost));
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  for (int i = 0; i < N; i++) CHECK_EQ(h[i], 77);
  // Given back to the pool: refused like freed memory.
  HIP_CHECK(hipFreeAsync(a, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  h.assign(N, -1);
  CHECK_ERR(hipGraphLaunch(x, 0), hipErrorInvalidValue);
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_EQ(h[0], -1);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
}

int main() {
  setenv("HIPC_QUEUE_DEPTH", "16", 1);
  test_backpressure();
  test_memory_checks();
  return test_summary("graph_bounds");
}
