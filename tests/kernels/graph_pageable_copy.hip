// Graph copy nodes and pageable host memory, as AMD's runtime does them:
// a launch whose copy node writes pageable memory (malloc) returns once
// that copy is done, as hipMemcpyAsync to pageable memory does, while one
// that writes pinned memory stays asynchronous; a device-to-device symbol
// copy node refuses host memory (pageable memory, another variable's host
// address) as its other side.
#include <stdlib.h>
#include <unistd.h>

#include "common.h"

__device__ int dev_a[64];
__device__ int dev_b[64];

static void slow_host(void*) { usleep(300 * 1000); }

// fill(d, v) -> host node that sleeps -> copy d to `out`.
static hipGraphExec_t make(int* d, int* out, int v) {
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipMemsetParams m{};
  m.dst = d;
  m.value = v;
  m.elementSize = 4;
  m.width = 64;
  m.height = 1;
  hipGraphNode_t fill, sleep, copy;
  HIP_CHECK(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &m));
  hipHostNodeParams h{slow_host, nullptr};
  HIP_CHECK(hipGraphAddHostNode(&sleep, g, &fill, 1, &h));
  HIP_CHECK(hipGraphAddMemcpyNode1D(&copy, g, &sleep, 1, out, d, 64 * sizeof(int),
                                    hipMemcpyDeviceToHost));
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphDestroy(g));
  return x;
}

int main() {
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));

  // Pageable destination: done when hipGraphLaunch returns.
  int* pageable = static_cast<int*>(malloc(64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) pageable[i] = -1;
  hipGraphExec_t x = make(d, pageable, 7);
  HIP_CHECK(hipGraphLaunch(x, s));
  int bad = 0;
  for (int i = 0; i < 64; ++i) bad += pageable[i] != 7;
  CHECK_EQ(bad, 0);
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  HIP_CHECK(hipGraphExecDestroy(x));

  // Pinned destination: the launch only enqueues.
  int* pinned = nullptr;
  HIP_CHECK(hipHostMalloc(&pinned, 64 * sizeof(int)));
  x = make(d, pinned, 9);
  HIP_CHECK(hipGraphLaunch(x, s));
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  HIP_CHECK(hipStreamSynchronize(s));
  bad = 0;
  for (int i = 0; i < 64; ++i) bad += pinned[i] != 9;
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipGraphExecDestroy(x));

  // Device-to-device symbol copies: the other side must be device memory.
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t to, from;
  HIP_CHECK(hipGraphAddMemcpyNodeToSymbol(&to, g, nullptr, 0, HIP_SYMBOL(dev_a), d,
                                          64 * sizeof(int), 0, hipMemcpyDeviceToDevice));
  CHECK_ERR(hipGraphMemcpyNodeSetParamsToSymbol(to, HIP_SYMBOL(dev_a), pageable,
                                                64 * sizeof(int), 0,
                                                hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphMemcpyNodeSetParamsToSymbol(to, HIP_SYMBOL(dev_a), HIP_SYMBOL(dev_b),
                                                64 * sizeof(int), 0,
                                                hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphMemcpyNodeSetParamsToSymbol(to, HIP_SYMBOL(dev_a), pinned,
                                                64 * sizeof(int), 0,
                                                hipMemcpyDeviceToDevice),
            hipSuccess);
  CHECK_ERR(hipGraphMemcpyNodeSetParamsToSymbol(to, HIP_SYMBOL(dev_a), pageable,
                                                64 * sizeof(int), 0, hipMemcpyDefault),
            hipSuccess);
  CHECK_ERR(hipGraphAddMemcpyNodeFromSymbol(&from, g, nullptr, 0, pageable,
                                            HIP_SYMBOL(dev_a), 64 * sizeof(int), 0,
                                            hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddMemcpyNodeFromSymbol(&from, g, &to, 1, pageable,
                                            HIP_SYMBOL(dev_a), 64 * sizeof(int), 0,
                                            hipMemcpyDeviceToHost),
            hipSuccess);
  // Run: pageable -> dev_a -> pageable, read back at once (the last copy
  // writes pageable memory).
  for (int i = 0; i < 64; ++i) pageable[i] = 100 + i;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s));
  int back[64];
  HIP_CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(dev_a), sizeof back));
  bad = 0;
  for (int i = 0; i < 64; ++i) bad += pageable[i] != 100 + i || back[i] != 100 + i;
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));

  HIP_CHECK(hipHostFree(pinned));
  free(pageable);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  return test_summary("graph_pageable_copy");
}
