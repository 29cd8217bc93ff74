// Graph memory nodes: an alloc node gives its address when added, a kernel
// of the graph writes there and a copy node reads it back; the free node
// ends the use. The device's graph memory attributes follow the launches
// (used at the alloc node, free at the free node or at hipFree of the
// address, reserved until hipDeviceGraphMemTrim, high-water marks reset to
// the current amount by setting 0). AMD's error codes: bad parameters,
// a free node of an address no alloc node gave or freed twice, the
// parameters of the wrong kind of node, cloning such a graph, attributes of
// a bad device or kind.
#include "common.h"

__global__ void fill(int* p, int v) { p[threadIdx.x] = v + (int)threadIdx.x; }

static size_t attr(hipGraphMemAttributeType a) {
  size_t v = 12345;
  HIP_CHECK(hipDeviceGetGraphMemAttribute(0, a, &v));
  return v;
}

static hipMemAllocNodeParams alloc_params(size_t bytes) {
  hipMemAllocNodeParams p;
  memset(&p, 0, sizeof p);
  p.bytesize = bytes;
  p.poolProps.allocType = hipMemAllocationTypePinned;
  p.poolProps.location.type = hipMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  return p;
}

int main() {
  const int n = 64;
  const size_t bytes = n * sizeof(int);
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0u);

  // alloc -> kernel -> copy out -> free
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemAllocNodeParams ap = alloc_params(bytes);
  hipMemAccessDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  ap.accessDescs = &desc;
  ap.accessDescCount = 1;
  hipGraphNode_t an, kn, cn, fn;
  HIP_CHECK(hipGraphAddMemAllocNode(&an, g, nullptr, 0, &ap));
  CHECK(ap.dptr != nullptr);
  int* d = static_cast<int*>(ap.dptr);
  int v = 100;
  void* args[] = {&d, &v};
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(fill);
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(n);
  kp.kernelParams = args;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, &an, 1, &kp));
  int host[n];
  memset(host, 0, sizeof host);
  HIP_CHECK(hipGraphAddMemcpyNode1D(&cn, g, &kn, 1, host, d, bytes, hipMemcpyDeviceToHost));
  HIP_CHECK(hipGraphAddMemFreeNode(&fn, g, &cn, 1, d));

  // Parameters back, and the wrong kinds of node.
  hipMemAllocNodeParams got;
  memset(&got, 0, sizeof got);
  HIP_CHECK(hipGraphMemAllocNodeGetParams(an, &got));
  CHECK(got.dptr == d);
  CHECK_EQ(got.bytesize, bytes);
  CHECK_EQ(got.poolProps.location.id, 0);
  CHECK(got.accessDescs == &desc); // the caller's pointer, as AMD's runtime
  CHECK_EQ(got.accessDescCount, (size_t)1);
  void* fp = nullptr;
  HIP_CHECK(hipGraphMemFreeNodeGetParams(fn, &fp));
  CHECK(fp == d);
  CHECK_EQ(hipGraphMemFreeNodeGetParams(an, &fp), hipErrorInvalidValue);
  CHECK_EQ(hipGraphMemAllocNodeGetParams(fn, &got), hipErrorInvalidValue);
  CHECK_EQ(hipGraphMemAllocNodeGetParams(nullptr, &got), hipErrorInvalidValue);
  CHECK_EQ(hipGraphMemFreeNodeGetParams(fn, nullptr), hipErrorInvalidValue);

  // Bad alloc parameters and free nodes.
  hipGraphNode_t x;
  hipMemAllocNodeParams bad = alloc_params(bytes);
  CHECK_EQ(hipGraphAddMemAllocNode(&x, g, nullptr, 0, nullptr), hipErrorInvalidValue);
  CHECK_EQ(hipGraphAddMemAllocNode(nullptr, g, nullptr, 0, &bad), hipErrorInvalidValue);
  CHECK_EQ(hipGraphAddMemAllocNode(&x, nullptr, nullptr, 0, &bad), hipErrorInvalidValue);
  CHECK_EQ(hipGraphAddMemAllocNode(&x, g, nullptr, 3, &bad), hipErrorInvalidValue);
  bad.poolProps.allocType = hipMemAllocationTypeInvalid;
  CHECK_EQ(hipGraphAddMemAllocNode(&x, g, nullptr, 0, &bad), hipErrorInvalidValue);
  bad = alloc_params(bytes);
  bad.poolProps.location.type = hipMemLocationTypeInvalid;
  CHECK_EQ(hipGraphAddMemAllocNode(&x, g, nullptr, 0, &bad), hipErrorInvalidValue);
  int ndev = 0;
  HIP_CHECK(hipGetDeviceCount(&ndev));
  bad = alloc_params(bytes);
  bad.poolProps.location.id = ndev;
  CHECK_EQ(hipGraphAddMemAllocNode(&x, g, nullptr, 0, &bad), hipErrorInvalidValue);
  CHECK_EQ(hipGraphAddMemFreeNode(&x, g, nullptr, 0, d), hipErrorInvalidValue); // twice
  CHECK_EQ(hipGraphAddMemFreeNode(&x, g, nullptr, 0, nullptr), hipErrorInvalidValue);
  int* plain;
  HIP_CHECK(hipMalloc(&plain, bytes));
  CHECK_EQ(hipGraphAddMemFreeNode(&x, g, nullptr, 0, plain), hipErrorInvalidValue);
  HIP_CHECK(hipFree(plain));
  hipGraph_t clone;
  CHECK_EQ(hipGraphClone(&clone, g), hipErrorNotSupported);

  // Two launches: the kernel's values come back each time; nothing is in
  // use after either, the reservation stays until a trim.
  hipGraph_t parent;
  HIP_CHECK(hipGraphCreate(&parent, 0));
  CHECK_EQ(hipGraphAddChildGraphNode(&x, parent, nullptr, 0, g), hipErrorNotSupported);
  HIP_CHECK(hipGraphDestroy(parent));
  hipGraphExec_t ge, ge2;
  HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
  // One executable graph at a time.
  CHECK_EQ(hipGraphInstantiate(&ge2, g, nullptr, nullptr, 0), hipErrorNotSupported);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  for (int round = 0; round < 2; ++round) {
    memset(host, 0, sizeof host);
    HIP_CHECK(hipGraphLaunch(ge, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 100 + i);
    CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0u);
    CHECK_EQ(attr(hipGraphMemAttrUsedMemHigh), bytes);
    CHECK_EQ(attr(hipGraphMemAttrReservedMemCurrent), bytes);
  }
  HIP_CHECK(hipDeviceGraphMemTrim(0));
  CHECK_EQ(attr(hipGraphMemAttrReservedMemCurrent), 0u);
  CHECK_EQ(attr(hipGraphMemAttrReservedMemHigh), bytes);
  HIP_CHECK(hipGraphExecDestroy(ge));
  HIP_CHECK(hipGraphDestroy(g));

  // No free node: the memory stays in use after the launch until hipFree.
  HIP_CHECK(hipGraphCreate(&g, 0));
  ap = alloc_params(2 * bytes);
  HIP_CHECK(hipGraphAddMemAllocNode(&an, g, nullptr, 0, &ap));
  d = static_cast<int*>(ap.dptr);
  v = 7;
  HIP_CHECK(hipGraphAddKernelNode(&kn, g, &an, 1, &kp));
  // One instantiation flag at most, as AMD's runtime.
  CHECK_EQ(hipGraphInstantiateWithFlags(&ge, g, hipGraphInstantiateFlagUpload |
                                                    hipGraphInstantiateFlagUseNodePriority),
           hipErrorInvalidValue);
  HIP_CHECK(hipGraphInstantiateWithFlags(&ge, g, hipGraphInstantiateFlagAutoFreeOnLaunch));
  HIP_CHECK(hipGraphDestroy(g)); // the executable graph keeps the memory
  HIP_CHECK(hipGraphLaunch(ge, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 2 * bytes);
  CHECK_EQ(attr(hipGraphMemAttrUsedMemHigh), 2 * bytes);
  HIP_CHECK(hipMemcpy(host, d, bytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 7 + i);
  HIP_CHECK(hipFree(d));
  CHECK_EQ(attr(hipGraphMemAttrUsedMemCurrent), 0u);
  HIP_CHECK(hipGraphExecDestroy(ge));
  HIP_CHECK(hipDeviceGraphMemTrim(0));
  CHECK_EQ(attr(hipGraphMemAttrReservedMemCurrent), 0u);

  // High-water marks: set to 0 means "the current amount"; nothing else.
  size_t zero = 0, one = 1;
  HIP_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
  CHECK_EQ(attr(hipGraphMemAttrUsedMemHigh), 0u);
  HIP_CHECK(hipDeviceGraphMemTrim(0));
  HIP_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero));
  CHECK_EQ(attr(hipGraphMemAttrReservedMemHigh), 0u);
  CHECK_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &one),
           hipErrorInvalidValue);
  CHECK_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &zero),
           hipErrorInvalidValue);
  // Not read for a kind that cannot be set.
  CHECK_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemCurrent,
                                         reinterpret_cast<void*>(-1)),
           hipErrorInvalidValue);
  CHECK_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, nullptr),
           hipErrorInvalidValue);
  CHECK_EQ(hipDeviceSetGraphMemAttribute(-1, hipGraphMemAttrUsedMemHigh, &zero),
           hipErrorInvalidDevice);
  size_t val;
  CHECK_EQ(hipDeviceGetGraphMemAttribute(ndev, hipGraphMemAttrUsedMemHigh, &val),
           hipErrorInvalidDevice);
  CHECK_EQ(hipDeviceGetGraphMemAttribute(0, (hipGraphMemAttributeType)7, &val),
           hipErrorInvalidValue);
  CHECK_EQ(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, nullptr),
           hipErrorInvalidValue);
  CHECK_EQ(hipDeviceGraphMemTrim(ndev), hipErrorInvalidDevice);
  HIP_CHECK(hipStreamDestroy(s));
  printf("graph_mem_nodes: ok\n");
  return 0;
}
