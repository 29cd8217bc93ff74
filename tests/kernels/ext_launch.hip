// AMD's launches with events (hip/hip_ext.h): hipExtLaunchKernelGGL and
// hipExtLaunchKernel run the kernel like any launch and record the start
// event before it and the stop event after it on the same stream (events
// may be NULL); a bad event launches nothing. Values checked on the host.
#include <hip/hip_ext.h>

#include <vector>

#include "common.h"

__global__ void scale(float* out, const float* in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i] + static_cast<float>(i % 3);
}

__global__ void slow_fill(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = 0;
    for (int k = 0; k < 1000; ++k) v += (i ^ k) & 1;
    out[i] = v + i;
  }
}

int main() {
  const int n = 1000;
  std::vector<float> h(n), r(n);
  for (int i = 0; i < n; ++i) h[i] = 0.25f * static_cast<float>(i);
  float *in, *out;
  HIP_CHECK(hipMalloc(&in, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&out, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(in, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));

  // The template launch with both events.
  hipExtLaunchKernelGGL(scale, dim3((n + 127) / 128), dim3(128), 0, s, start,
                        stop, 0, out, in, 3.0f, n);
  HIP_CHECK(hipEventSynchronize(stop));
  CHECK_ERR(hipEventQuery(start), hipSuccess);
  float ms = -1;
  CHECK_ERR(hipEventElapsedTime(&ms, start, stop), hipSuccess);
  CHECK(ms >= 0);
  HIP_CHECK(hipMemcpy(r.data(), out, n * sizeof(float), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += r[i] != 3.0f * h[i] + static_cast<float>(i % 3);
  CHECK_EQ(bad, 0);

  // No events, hipExtAnyOrderLaunch.
  hipExtLaunchKernelGGL(scale, dim3(8), dim3(128), 0, nullptr, nullptr,
                        nullptr, hipExtAnyOrderLaunch, out, in, -1.0f, n);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(r.data(), out, n * sizeof(float), hipMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < n; ++i) bad += r[i] != -h[i] + static_cast<float>(i % 3);
  CHECK_EQ(bad, 0);

  // The C function; the stop event completes only with the kernel.
  int* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(int)));
  int nn = n;
  void* args[] = {&d, &nn};
  CHECK_ERR(hipExtLaunchKernel(reinterpret_cast<const void*>(slow_fill),
                               dim3(4), dim3(256), args, 0, s, start, stop, 0),
            hipSuccess);
  HIP_CHECK(hipEventSynchronize(stop));
  std::vector<int> hd(n);
  HIP_CHECK(hipMemcpy(hd.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < n; ++i) {
    int v = 0;
    for (int k = 0; k < 1000; ++k) v += (i ^ k) & 1;
    bad += hd[i] != v + i;
  }
  CHECK_EQ(bad, 0);

  // A destroyed event: nothing runs.
  hipEvent_t gone;
  HIP_CHECK(hipEventCreate(&gone));
  HIP_CHECK(hipEventDestroy(gone));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(int)));
  CHECK_ERR(hipExtLaunchKernel(reinterpret_cast<const void*>(slow_fill),
                               dim3(4), dim3(256), args, 0, s, gone, nullptr,
                               0),
            hipErrorInvalidHandle);
  CHECK_ERR(hipExtLaunchKernel(reinterpret_cast<const void*>(slow_fill),
                               dim3(4), dim3(256), args, 0, s, nullptr, gone,
                               0),
            hipErrorInvalidHandle);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hd.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < n; ++i) bad += hd[i] != 0;
  CHECK_EQ(bad, 0);

  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return test_summary("ext_launch");
}
