// HIP's first launch API: hipConfigureCall, hipSetupArgument at the offsets
// of the kernel's parameters, hipLaunchByPtr; its errors (no configuration,
// a null or unknown function, an argument outside the 4096-byte buffer).
// Results against the host.
#include <cstddef>

#include "common.h"

__global__ void axpy(int* out, const int* x, int a, char c, double d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + c + static_cast<int>(d);
}

struct Params {  // the parameters laid out as a structure's members
  int* out;
  const int* x;
  int a;
  char c;
  double d;
  int n;
};

int main() {
  const int n = 300;
  int hx[n], ho[n];
  for (int i = 0; i < n; i++) hx[i] = 3 * i - 100;
  int *x, *out;
  HIP_CHECK(hipMalloc(&x, sizeof hx));
  HIP_CHECK(hipMalloc(&out, sizeof ho));
  HIP_CHECK(hipMemcpy(x, hx, sizeof hx, hipMemcpyHostToDevice));
  Params p{out, x, 7, 'A', 2.75, n};
  HIP_CHECK(hipConfigureCall(dim3((n + 63) / 64), dim3(64), 0, 0));
  HIP_CHECK(hipSetupArgument(&p.out, sizeof p.out, offsetof(Params, out)));
  HIP_CHECK(hipSetupArgument(&p.x, sizeof p.x, offsetof(Params, x)));
  HIP_CHECK(hipSetupArgument(&p.a, sizeof p.a, offsetof(Params, a)));
  HIP_CHECK(hipSetupArgument(&p.c, sizeof p.c, offsetof(Params, c)));
  HIP_CHECK(hipSetupArgument(&p.d, sizeof p.d, offsetof(Params, d)));
  HIP_CHECK(hipSetupArgument(&p.n, sizeof p.n, offsetof(Params, n)));
  HIP_CHECK(hipLaunchByPtr(reinterpret_cast<const void*>(axpy)));
  HIP_CHECK(hipMemcpy(ho, out, sizeof ho, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) CHECK_EQ(ho[i], 7 * hx[i] + 'A' + 2);

  // Errors.
  int v = 1;
  CHECK_ERR(hipSetupArgument(nullptr, 4, 0), hipErrorInvalidValue);
  CHECK_ERR(hipSetupArgument(&v, 4, 4093), hipErrorInvalidValue);
  CHECK_ERR(hipSetupArgument(&v, 4, 4092), hipSuccess);
  CHECK_ERR(hipLaunchByPtr(reinterpret_cast<const void*>(axpy)),
            hipErrorInvalidConfiguration);  // nothing configured
  HIP_CHECK(hipConfigureCall(dim3(1), dim3(1), 0, 0));
  CHECK_ERR(hipLaunchByPtr(nullptr), hipErrorInvalidDeviceFunction);
  HIP_CHECK(hipConfigureCall(dim3(1), dim3(1), 0, 0));
  CHECK_ERR(hipLaunchByPtr(&v), hipErrorInvalidDeviceFunction);
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(out));
  return test_summary("launch_by_ptr");
}
