// Kernel node attributes: an access policy window, the cooperative flag
// and a priority set, read back, copied to another kernel node and kept by
// a clone; AMD's checks (window over accessPolicyMaxWindowSize, hit ratio
// outside [0, 1], persisting misses, unknown attribute, NULL value, a node
// that is not a kernel node); the graph, instantiated with
// hipGraphInstantiateWithParams, still runs.
#include "common.h"

__global__ void inc(int* p) { p[threadIdx.x] += 1; }

int main() {
  int* d;
  HIP_CHECK(hipMalloc(&d, 32 * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, 32 * sizeof(int)));
  int max_window = -1;
  HIP_CHECK(hipDeviceGetAttribute(&max_window, hipDeviceAttributeAccessPolicyMaxWindowSize, 0));
  CHECK(max_window >= 0);

  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  void* args[] = {&d};
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(inc);
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(32);
  kp.kernelParams = args;
  hipGraphNode_t k1, k2, empty;
  HIP_CHECK(hipGraphAddKernelNode(&k1, g, nullptr, 0, &kp));
  HIP_CHECK(hipGraphAddKernelNode(&k2, g, &k1, 1, &kp));
  HIP_CHECK(hipGraphAddEmptyNode(&empty, g, nullptr, 0));

  // Nothing set yet: a zero window, not cooperative.
  hipKernelNodeAttrValue v{};
  HIP_CHECK(hipGraphKernelNodeGetAttribute(k1, hipKernelNodeAttributeCooperative, &v));
  CHECK_EQ(v.cooperative, 0);

  hipKernelNodeAttrValue w{};
  w.accessPolicyWindow.base_ptr = d;
  w.accessPolicyWindow.num_bytes = max_window < 128 ? (size_t)max_window : 128;
  w.accessPolicyWindow.hitRatio = 0.5f;
  w.accessPolicyWindow.hitProp = hipAccessPropertyPersisting;
  w.accessPolicyWindow.missProp = hipAccessPropertyStreaming;
  HIP_CHECK(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &w));
  hipKernelNodeAttrValue c{};
  c.cooperative = 2;  // kept as given, as AMD keeps it
  HIP_CHECK(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeCooperative, &c));

  hipKernelNodeAttrValue got{};
  HIP_CHECK(hipGraphKernelNodeGetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &got));
  CHECK(got.accessPolicyWindow.base_ptr == (void*)d);
  CHECK_EQ(got.accessPolicyWindow.num_bytes, w.accessPolicyWindow.num_bytes);
  CHECK_EQ(got.accessPolicyWindow.hitRatio, 0.5f);
  CHECK_EQ(got.accessPolicyWindow.hitProp, hipAccessPropertyPersisting);
  CHECK_EQ(got.accessPolicyWindow.missProp, hipAccessPropertyStreaming);

  // Copied to k2.
  HIP_CHECK(hipGraphKernelNodeCopyAttributes(k1, k2));
  got = {};
  HIP_CHECK(hipGraphKernelNodeGetAttribute(k2, hipKernelNodeAttributeCooperative, &got));
  CHECK_EQ(got.cooperative, 2);
  got = {};
  HIP_CHECK(hipGraphKernelNodeGetAttribute(k2, hipKernelNodeAttributeAccessPolicyWindow, &got));
  CHECK_EQ(got.accessPolicyWindow.hitRatio, 0.5f);

  // Kept by a clone.
  hipGraph_t cl;
  HIP_CHECK(hipGraphClone(&cl, g));
  hipGraphNode_t k1c;
  HIP_CHECK(hipGraphNodeFindInClone(&k1c, k1, cl));
  got = {};
  HIP_CHECK(hipGraphKernelNodeGetAttribute(k1c, hipKernelNodeAttributeCooperative, &got));
  CHECK_EQ(got.cooperative, 2);
  HIP_CHECK(hipGraphDestroy(cl));

  // Refused.
  hipKernelNodeAttrValue bad = w;
  bad.accessPolicyWindow.num_bytes = (size_t)max_window + 1;
  CHECK_ERR(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &bad),
            hipErrorInvalidValue);
  bad = w;
  bad.accessPolicyWindow.hitRatio = 1.5f;
  CHECK_ERR(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &bad),
            hipErrorInvalidValue);
  bad.accessPolicyWindow.hitRatio = -0.1f;
  CHECK_ERR(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &bad),
            hipErrorInvalidValue);
  bad = w;
  bad.accessPolicyWindow.missProp = hipAccessPropertyPersisting;
  CHECK_ERR(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &bad),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeSetAttribute(k1, static_cast<hipKernelNodeAttrID>(-1), &w),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeGetAttribute(k1, static_cast<hipKernelNodeAttrID>(-1), &got),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeSetAttribute(k1, hipKernelNodeAttributeCooperative, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeGetAttribute(nullptr, hipKernelNodeAttributeCooperative, &got),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeSetAttribute(empty, hipKernelNodeAttributeCooperative, &c),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeCopyAttributes(k1, empty), hipErrorInvalidValue);
  CHECK_ERR(hipGraphKernelNodeCopyAttributes(nullptr, k2), hipErrorInvalidValue);
  // The refusals left k1's window as it was.
  got = {};
  HIP_CHECK(hipGraphKernelNodeGetAttribute(k1, hipKernelNodeAttributeAccessPolicyWindow, &got));
  CHECK_EQ(got.accessPolicyWindow.hitRatio, 0.5f);

  // hipGraphInstantiateWithParams: flags AMD refuses, then an upload.
  hipGraphExec_t x = nullptr;
  hipGraphInstantiateParams ip{};
  ip.flags = hipGraphInstantiateFlagUpload | hipGraphInstantiateFlagUseNodePriority;
  CHECK_ERR(hipGraphInstantiateWithParams(&x, g, &ip), hipErrorInvalidValue);
  CHECK_EQ(ip.result_out, hipGraphInstantiateError);
  CHECK_ERR(hipGraphInstantiateWithParams(&x, g, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipGraphInstantiateWithParams(nullptr, g, &ip), hipErrorInvalidValue);
  ip.flags = hipGraphInstantiateFlagUpload;
  ip.uploadStream = nullptr;
  HIP_CHECK(hipGraphInstantiateWithParams(&x, g, &ip));
  CHECK_EQ(ip.result_out, hipGraphInstantiateSuccess);
  CHECK(ip.errNode_out == nullptr);
  // The graph runs: both kernels add 1.
  HIP_CHECK(hipGraphLaunch(x, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  int h[32];
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += h[i] != 2;
  CHECK_EQ(wrong, 0);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(d));
  return test_summary("graph_node_attrs");
}
