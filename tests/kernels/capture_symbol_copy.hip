// hipMemcpyToSymbolAsync and hipMemcpyFromSymbolAsync into a stream
// capture become copy nodes (they ran at once before); the graph, run,
// moves the values through __device__ and __constant__ variables.
#include "common.h"

__device__ int dev_var[4];
__constant__ int const_var[4];

int main() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int in[4] = {11, 22, 33, 44}, mid[4] = {0, 0, 0, 0}, out[4] = {0, 0, 0, 0};
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(dev_var), in, sizeof in, 0,
                                   hipMemcpyHostToDevice, s));
  HIP_CHECK(hipMemcpyFromSymbolAsync(mid, HIP_SYMBOL(dev_var), sizeof mid, 0,
                                     hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(const_var), in + 1, 3 * sizeof(int),
                                   sizeof(int), hipMemcpyHostToDevice, s));
  HIP_CHECK(hipMemcpyFromSymbolAsync(out, HIP_SYMBOL(const_var), sizeof out, 0,
                                     hipMemcpyDeviceToHost, s));
  hipGraph_t g;
  HIP_CHECK(hipStreamEndCapture(s, &g));
  // Nothing ran during the capture.
  CHECK_EQ(mid[0], 0);
  size_t n = 0;
  HIP_CHECK(hipGraphGetNodes(g, nullptr, &n));
  CHECK_EQ(n, 4u);
  hipGraphExec_t x;
  HIP_CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(x, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_ARRAY(mid, in, 4);
  int want[4] = {0, 22, 33, 44};
  CHECK_ARRAY(out, want, 4);
  HIP_CHECK(hipGraphExecDestroy(x));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipStreamDestroy(s));
  return test_summary("capture_symbol_copy");
}
