// hipLaunchKernelGGL and hipExtLaunchKernelGGL take their launch arguments
// from a macro that stands for several (`#define CONFIG grid, block, 0, 0`),
// a kernel named by HIP_KERNEL_NAME with several template arguments, and no
// kernel arguments at all. Values checked on the host.
#include <hip/hip_ext.h>

#include "common.h"

template <typename A, typename B>
__global__ void fill2(A* a, B* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = static_cast<A>(i * 2);
    b[i] = static_cast<B>(i) + static_cast<B>(0.5);
  }
}

__device__ int g_count;
__global__ void bump() { atomicAdd(&g_count, 1); }

#define CONFIG dim3(4), dim3(64), 0, 0
#define EXT_CONFIG dim3(2), dim3(32), 0, 0, nullptr, nullptr, 0

int main() {
  const int n = 256;
  int* a;
  float* b;
  HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, n * sizeof(float)));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill2<int, float>), CONFIG, a, b, n);
  HIP_CHECK(hipGetLastError());
  int zero = 0;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(g_count), &zero, sizeof zero));
  hipLaunchKernelGGL(bump, CONFIG);
  hipLaunchKernelGGL(bump, dim3(1), dim3(3), 0, 0);
  hipExtLaunchKernelGGL(bump, EXT_CONFIG);
  hipExtLaunchKernelGGL(HIP_KERNEL_NAME(fill2<int, float>), dim3(1), dim3(8), 0, 0,
                        nullptr, nullptr, 0, a, b, 4);
  HIP_CHECK(hipDeviceSynchronize());
  int ha[n];
  float hb[n];
  int count = 0;
  HIP_CHECK(hipMemcpy(ha, a, sizeof ha, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hb, b, sizeof hb, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(g_count), sizeof count));
  for (int i = 0; i < n; i++) {
    CHECK_EQ(ha[i], 2 * i);
    CHECK_EQ(hb[i], i + 0.5f);
  }
  CHECK_EQ(count, 4 * 64 + 3 + 2 * 32);
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  return test_summary("launch_ggl_macro");
}
