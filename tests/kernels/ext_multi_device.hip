// hipExtLaunchMultiKernelMultiDevice over every device the program sees
// (the CPU device alone, HIPC_CPU_DEVICES=N CPU devices, or the GPUs):
// one stream per device, the current device's entry on the null stream.
// Each grid adds `rounds` to every word of its device's buffer, one round
// at a time (slow enough to still run when the call returns). Checked:
// every buffer's words; the post-launch wait (without
// ...NoPostSync, a copy queued afterwards on the first stream sees every
// other device's grid finished); the caller's current device unchanged.
#include <vector>

#include "common.h"

__global__ void add_rounds(int* p, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  volatile int* v = p;
  for (int r = 0; r < rounds; ++r) v[i] = v[i] + 1;
}

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  const int n = 1 << 16, rounds = 200;
  const int current = count - 1;  // the caller's device: the last one
  std::vector<int*> buf(count);
  std::vector<hipLaunchParams> lp(count);
  std::vector<void*> args(3 * count);
  int nn = n, rr = rounds;
  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipMalloc(&buf[d], n * sizeof(int)));
    HIP_CHECK(hipMemset(buf[d], 0, n * sizeof(int)));
    HIP_CHECK(hipDeviceSynchronize());
    args[3 * d] = &buf[d];
    args[3 * d + 1] = &nn;
    args[3 * d + 2] = &rr;
    lp[d].func = reinterpret_cast<void*>(add_rounds);
    lp[d].gridDim = dim3(n / 256);
    lp[d].blockDim = dim3(256);
    lp[d].sharedMem = 0;
    lp[d].args = &args[3 * d];
    lp[d].stream = nullptr;
    if (d != current) HIP_CHECK(hipStreamCreate(&lp[d].stream));
  }
  HIP_CHECK(hipSetDevice(current));
  HIP_CHECK(hipExtLaunchMultiKernelMultiDevice(lp.data(), count, 0));
  int now = -1;
  HIP_CHECK(hipGetDevice(&now));
  CHECK_EQ(now, current);

  // Queued after the launch on the first entry's stream: waits for every
  // grid, the other devices' included.
  int* host = nullptr;
  HIP_CHECK(hipHostMalloc(&host, count * n * sizeof(int)));
  HIP_CHECK(hipSetDevice(0));
  for (int d = 0; d < count; ++d)
    HIP_CHECK(hipMemcpyAsync(host + d * n, buf[d], n * sizeof(int),
                             hipMemcpyDefault, lp[0].stream));
  HIP_CHECK(hipStreamSynchronize(lp[0].stream));
  int bad = 0;
  for (int i = 0; i < count * n; ++i) bad += host[i] != rounds;
  CHECK_EQ(bad, 0);

  // NoPreSync | NoPostSync: still one grid a device.
  HIP_CHECK(hipSetDevice(current));
  HIP_CHECK(hipExtLaunchMultiKernelMultiDevice(
      lp.data(), count,
      hipCooperativeLaunchMultiDeviceNoPreSync |
          hipCooperativeLaunchMultiDeviceNoPostSync));
  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(host + d * n, buf[d], n * sizeof(int),
                        hipMemcpyDeviceToHost));
  }
  bad = 0;
  for (int i = 0; i < count * n; ++i) bad += host[i] != 2 * rounds;
  CHECK_EQ(bad, 0);

  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    if (lp[d].stream) HIP_CHECK(hipStreamDestroy(lp[d].stream));
    HIP_CHECK(hipFree(buf[d]));
  }
  HIP_CHECK(hipHostFree(host));
  std::printf("%d device(s)\n", count);
  return test_summary("ext_multi_device");
}
