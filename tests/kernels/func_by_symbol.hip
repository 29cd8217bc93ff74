// hipGetFuncBySymbol: a function handle for one of the program's own
// kernels, launched through the module API (kernelParams and `extra`),
// through hipHccModuleLaunchKernel, queried with hipFuncGetAttribute; the same
// handle each time; a host function and NULL refused.
#include "common.h"

__global__ void __launch_bounds__(128) scale(int* p, int k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = k * i;
}

static int host_function(int x) { return x + 1; }

int main() {
  hipFunction_t f = nullptr, f2 = nullptr;
  HIP_CHECK(hipGetFuncBySymbol(&f, reinterpret_cast<const void*>(scale)));
  HIP_CHECK(hipGetFuncBySymbol(&f2, reinterpret_cast<const void*>(scale)));
  CHECK(f != nullptr);
  CHECK(f == f2);
  constexpr int N = 300;
  int* d;
  int h[N];
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  int k = 7, n = N;
  void* params[] = {&d, &k, &n};
  HIP_CHECK(hipModuleLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr));
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += h[i] != 7 * i;
  CHECK_EQ(bad, 0);
  // The packed `extra` buffer: int* at 0, int at 8, int at 12.
  struct {
    int* p;
    int k, n;
  } packed = {d, -2, N};
  size_t size = sizeof packed;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                   &size, HIP_LAUNCH_PARAM_END};
  HIP_CHECK(hipModuleLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, nullptr, nullptr, extra));
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < N; ++i) bad += h[i] != -2 * i;
  CHECK_EQ(bad, 0);
  // AMD's hipHccModuleLaunchKernel: sizes in threads (384 = 3 blocks of
  // 128), events recorded around the kernel.
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  k = 5;
  HIP_CHECK(hipHccModuleLaunchKernel(f, 384, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr,
                                     start, stop));
  HIP_CHECK(hipEventSynchronize(stop));
  CHECK_ERR(hipEventQuery(start), hipSuccess);
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < N; ++i) bad += h[i] != 5 * i;
  CHECK_EQ(bad, 0);
  CHECK_ERR(hipHccModuleLaunchKernel(f, 300, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr),
            hipErrorInvalidValue);  // 300 threads are no whole number of blocks
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  // Its attributes: those of the kernel (__launch_bounds__(128)).
  int maxt = 0;
  HIP_CHECK(hipFuncGetAttribute(&maxt, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
  CHECK_EQ(maxt, 128);
  // Over the launch bounds: the module API's code.
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr),
            hipErrorLaunchFailure);
  // Errors.
  CHECK_ERR(hipGetFuncBySymbol(nullptr, reinterpret_cast<const void*>(scale)),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetFuncBySymbol(&f2, nullptr), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetFuncBySymbol(&f2, reinterpret_cast<const void*>(host_function)),
            hipErrorInvalidDeviceFunction);
  HIP_CHECK(hipFree(d));
  return test_summary("func_by_symbol");
}
