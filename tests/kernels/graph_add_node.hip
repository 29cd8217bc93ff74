// hipGraphAddNode: nodes of each kind from hipGraphNodeParams (memset,
// kernel, memcpy, host, event record and wait, child graph, empty, memory
// alloc and free) make a graph that computes what the host computes; the
// kinds' own checks apply (a NULL kernel, a free of an address no alloc
// node gave); NULL parameters and kinds without nodes are
// hipErrorInvalidValue.
#include "common.h"

__global__ void twice_plus(int* out, const int* in) {
  out[threadIdx.x] = 2 * in[threadIdx.x] + (int)threadIdx.x;
}

static void on_host(void* arg) { *static_cast<int*>(arg) += 1; }

int main() {
  const int n = 64;
  const size_t bytes = n * sizeof(int);
  int* out;
  HIP_CHECK(hipMalloc(&out, bytes));
  hipEvent_t ev;
  HIP_CHECK(hipEventCreate(&ev));
  hipGraph_t g, child;
  HIP_CHECK(hipGraphCreate(&g, 0));
  HIP_CHECK(hipGraphCreate(&child, 0));
  hipGraphNode_t ce;
  HIP_CHECK(hipGraphAddEmptyNode(&ce, child, nullptr, 0));

  hipGraphNodeParams p = {}; // an aggregate: its union holds a dim3
  hipGraphNode_t alloc, fill, kern, copy, host, rec, wait, sub, empty, freen;
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeMemAlloc;
  p.alloc.bytesize = bytes;
  p.alloc.poolProps.allocType = hipMemAllocationTypePinned;
  p.alloc.poolProps.location.type = hipMemLocationTypeDevice;
  p.alloc.poolProps.location.id = 0;
  HIP_CHECK(hipGraphAddNode(&alloc, g, nullptr, 0, &p));
  int* tmp = static_cast<int*>(p.alloc.dptr);
  CHECK(tmp != nullptr);

  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeMemset;
  p.memset.dst = tmp;
  p.memset.value = 3;
  p.memset.elementSize = 4;
  p.memset.width = n;
  p.memset.height = 1;
  p.memset.pitch = bytes;
  HIP_CHECK(hipGraphAddNode(&fill, g, &alloc, 1, &p));

  void* args[] = {&out, &tmp};
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeKernel;
  p.kernel.func = nullptr;
  p.kernel.gridDim = dim3(1);
  p.kernel.blockDim = dim3(n);
  p.kernel.kernelParams = args;
  CHECK(hipGraphAddNode(&kern, g, &fill, 1, &p) != hipSuccess);
  p.kernel.func = reinterpret_cast<void*>(twice_plus);
  HIP_CHECK(hipGraphAddNode(&kern, g, &fill, 1, &p));

  int host_out[n];
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeMemcpy;
  p.memcpy.copyParams.srcPtr = make_hipPitchedPtr(out, bytes, n, 1);
  p.memcpy.copyParams.dstPtr = make_hipPitchedPtr(host_out, bytes, n, 1);
  p.memcpy.copyParams.extent = make_hipExtent(bytes, 1, 1);
  p.memcpy.copyParams.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipGraphAddNode(&copy, g, &kern, 1, &p));

  int counter = 0;
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeHost;
  p.host.fn = on_host;
  p.host.userData = &counter;
  HIP_CHECK(hipGraphAddNode(&host, g, &copy, 1, &p));

  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeEventRecord;
  p.eventRecord.event = ev;
  HIP_CHECK(hipGraphAddNode(&rec, g, &host, 1, &p));
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeWaitEvent;
  p.eventWait.event = ev;
  HIP_CHECK(hipGraphAddNode(&wait, g, &rec, 1, &p));
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeGraph;
  p.graph.graph = child;
  HIP_CHECK(hipGraphAddNode(&sub, g, &wait, 1, &p));
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeEmpty;
  HIP_CHECK(hipGraphAddNode(&empty, g, &sub, 1, &p));

  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeMemFree;
  p.free.dptr = out; // not an alloc node's
  CHECK_EQ(hipGraphAddNode(&freen, g, &empty, 1, &p), hipErrorInvalidValue);
  p.free.dptr = tmp;
  HIP_CHECK(hipGraphAddNode(&freen, g, &empty, 1, &p));

  hipGraphNodeType t;
  HIP_CHECK(hipGraphNodeGetType(kern, &t));
  CHECK_EQ(t, hipGraphNodeTypeKernel);
  HIP_CHECK(hipGraphNodeGetType(freen, &t));
  CHECK_EQ(t, hipGraphNodeTypeMemFree);
  size_t count = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, (size_t)10);

  hipGraphNode_t x;
  CHECK_EQ(hipGraphAddNode(&x, g, nullptr, 0, nullptr), hipErrorInvalidValue);
  CHECK_EQ(hipGraphAddNode(nullptr, g, nullptr, 0, &p), hipErrorInvalidValue);
  memset(&p, 0, sizeof p);
  p.type = hipGraphNodeTypeExtSemaphoreSignal;
  CHECK_EQ(hipGraphAddNode(&x, g, nullptr, 0, &p), hipErrorInvalidValue);
  p.type = static_cast<hipGraphNodeType>(99);
  CHECK_EQ(hipGraphAddNode(&x, g, nullptr, 0, &p), hipErrorInvalidValue);

  hipGraphExec_t ge;
  HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(ge, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  for (int i = 0; i < n; ++i) CHECK_EQ(host_out[i], 2 * 3 + i);
  CHECK_EQ(counter, 1);
  HIP_CHECK(hipGraphExecDestroy(ge));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipGraphDestroy(child));
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipFree(out));
  printf("graph_add_node: ok\n");
  return 0;
}
