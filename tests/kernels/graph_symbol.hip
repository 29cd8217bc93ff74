// Graph copy nodes to and from device symbols: added, changed in the graph
// and in its instantiation, run; the values read back through
// hipMemcpyFromSymbol and the host buffers; HIP_SYMBOL as AMD's header
// defines it (the variable, in C++); the checks with their error codes.
#include "common.h"

__device__ int dev_arr[8];
__constant__ int const_arr[8];

int main() {
  int in[8], out[8], out2[8];
  for (int i = 0; i < 8; ++i) in[i] = 10 * i + 1;
  for (int i = 0; i < 8; ++i) out[i] = out2[i] = -1;
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t to, from;
  // in[0..5) -> dev_arr[2..7), then dev_arr[2..7) -> out.
  HIP_CHECK(hipGraphAddMemcpyNodeToSymbol(&to, g, nullptr, 0, &HIP_SYMBOL(dev_arr), in,
                                          5 * sizeof(int), 2 * sizeof(int),
                                          hipMemcpyHostToDevice));
  HIP_CHECK(hipGraphAddMemcpyNodeFromSymbol(&from, g, &to, 1, out, dev_arr,
                                            5 * sizeof(int), 2 * sizeof(int),
                                            hipMemcpyDeviceToHost));
  hipGraphNodeType t;
  HIP_CHECK(hipGraphNodeGetType(to, &t));
  CHECK_EQ(t, hipGraphNodeTypeMemcpy);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  int want[8];
  for (int i = 0; i < 5; ++i) want[i] = in[i];
  CHECK_ARRAY(out, want, 5);
  int whole[8];
  HIP_CHECK(hipMemcpyFromSymbol(whole, HIP_SYMBOL(dev_arr), sizeof whole));
  for (int i = 0; i < 5; ++i) CHECK_EQ(whole[i + 2], in[i]);

  // Changed in the instantiation: all 8 into const_arr, and back into out2.
  HIP_CHECK(hipGraphExecMemcpyNodeSetParamsToSymbol(x, to, const_arr, in, sizeof in, 0,
                                                    hipMemcpyHostToDevice));
  HIP_CHECK(hipGraphExecMemcpyNodeSetParamsFromSymbol(x, from, out2, const_arr, sizeof out2,
                                                      0, hipMemcpyDeviceToHost));
  // An instantiated copy node keeps its direction (AMD's hipErrorInvalidValue).
  CHECK_ERR(hipGraphExecMemcpyNodeSetParamsToSymbol(x, to, const_arr, in, sizeof in, 0,
                                                    hipMemcpyDefault),
            hipErrorInvalidValue);
  HIP_CHECK(hipGraphLaunch(x, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_ARRAY(out2, in, 8);
  // Changed in the graph: the first int of dev_arr, read into out[7].
  int one = 4242;
  HIP_CHECK(hipGraphMemcpyNodeSetParamsToSymbol(to, dev_arr, &one, sizeof one, 0,
                                                hipMemcpyHostToDevice));
  HIP_CHECK(hipGraphMemcpyNodeSetParamsFromSymbol(from, &out[7], dev_arr, sizeof one, 0,
                                                  hipMemcpyDeviceToHost));
  hipGraphExec_t x2;
  HIP_CHECK(hipGraphInstantiate(&x2, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x2, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_EQ(out[7], 4242);

  // Errors.
  hipGraphNode_t n;
  int host_var = 0;
  CHECK_ERR(hipGraphAddMemcpyNodeToSymbol(&n, g, nullptr, 0, nullptr, in, 4, 0,
                                          hipMemcpyDefault),
            hipErrorInvalidSymbol);
  CHECK_ERR(hipGraphAddMemcpyNodeToSymbol(&n, g, nullptr, 0, &host_var, in, 4, 0,
                                          hipMemcpyDefault),
            hipErrorInvalidSymbol);
  CHECK_ERR(hipGraphAddMemcpyNodeToSymbol(&n, g, nullptr, 0, dev_arr, nullptr, 4, 0,
                                          hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddMemcpyNodeToSymbol(&n, g, nullptr, 0, dev_arr, in, sizeof in + 4, 0,
                                          hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddMemcpyNodeToSymbol(&n, g, nullptr, 0, dev_arr, in, sizeof in, 4,
                                          hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphAddMemcpyNodeToSymbol(&n, g, nullptr, 0, dev_arr, in, 4, 0,
                                          hipMemcpyDeviceToHost),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipGraphAddMemcpyNodeFromSymbol(&n, g, nullptr, 0, out, dev_arr, 4, 0,
                                            hipMemcpyHostToDevice),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipGraphAddMemcpyNodeFromSymbol(&n, g, nullptr, 0, out, dev_arr, 4, 0,
                                            static_cast<hipMemcpyKind>(-1)),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipGraphAddMemcpyNodeFromSymbol(&n, g, nullptr, 0, nullptr, dev_arr, 4, 0,
                                            hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphMemcpyNodeSetParamsToSymbol(to, dev_arr, in, 4, sizeof in,
                                                hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphExecMemcpyNodeSetParamsFromSymbol(x, from, out, &host_var, 4, 0,
                                                      hipMemcpyDefault),
            hipErrorInvalidSymbol);
  size_t count = 99;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &count));
  CHECK_EQ(count, 2);  // the refused nodes were not added
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphExecDestroy(x2));
  HIP_CHECK(hipGraphDestroy(g));
  return test_summary("graph_symbol");
}
