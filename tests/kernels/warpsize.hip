// `warpSize` next to host code: hipDeviceProp_t's warpSize field must stay
// usable in a HIP source (it is an ordinary struct member), and `warpSize`
// read on the host gives the current device's warp size.
#include "common.h"

__global__ void k_ws(int* out) { *out = warpSize; }

static void test_prop_field_and_host_warp_size() {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  int attr = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0));
  CHECK_EQ(p.warpSize, attr);
  CHECK_EQ((int)warpSize, attr);  // on the host
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  k_ws<<<1, 1>>>(d);
  int in_kernel = 0;
  HIP_CHECK(hipMemcpy(&in_kernel, d, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(in_kernel, attr);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_prop_field_and_host_warp_size();
  return test_summary("warpsize");
}
