// A kernel template instantiated with `__device__` lambdas: the closure
// type is part of the kernel's mangled name, which the host and device
// compiles must agree on for the GPU images to have the kernel under the
// name the host registers (hipcc's rewriter path gave GPUs no code for it;
// the clang front end's two passes mangle it alike:
// tests/hipcc/hipcc_device_lambda.sh checks the names). Two lambdas, one
// capturing by value, so that two instantiations and a closure argument
// with data are launched.
#include "common.h"

template <class F>
__global__ void apply(F f, int* p) {
  p[threadIdx.x] = f(threadIdx.x);
}

static void test_lambda(int n) {
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  apply<<<1, n>>>([] __device__(int i) { return i * 3; }, d);
  HIP_CHECK(hipGetLastError());
  int h[64], want[64];
  HIP_CHECK(hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) want[i] = i * 3;
  CHECK_ARRAY(h, want, n);

  const int add = 1000;
  apply<<<1, n>>>([=] __device__(int i) { return add - i; }, d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) want[i] = 1000 - i;
  CHECK_ARRAY(h, want, n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_lambda(64);
  return test_summary("lambda_kernel");
}
