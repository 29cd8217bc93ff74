// Kernels that reach another device's memory once peer access is enabled
// (hipDeviceEnablePeerAccess): for every ordered pair of devices that can
// be peers (two GPUs the driver links), a kernel on the first reads the
// second's memory, writes into it, and adds to a counter in it with
// system-scope atomics; every value is checked on the host through copies.
// Needs two devices that can be peers: skipped (77) where there are none
// (one CPU device is nobody's peer; several, HIPC_CPU_DEVICES, are each
// other's: tests/shell/cpu_devices_kernels.sh).
#include <vector>

#include "common.h"

// local[i] = remote[n - 1 - i] * 3 + salt: reads the peer's memory.
__global__ void gather(const int* remote, int* local, int n, int salt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) local[i] = remote[n - 1 - i] * 3 + salt;
}

// remote[i] = local[i] + 1: writes the peer's memory.
__global__ void scatter(int* remote, const int* local, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) remote[i] = local[i] + 1;
}

// Every thread adds its rank + 1 to a counter in the peer's memory.
__global__ void count(unsigned long long* remote_counter) {
  atomicAdd_system(remote_counter,
                   static_cast<unsigned long long>(
                       blockIdx.x * blockDim.x + threadIdx.x + 1));
}

int main() {
  int ndev = 0;
  HIP_CHECK(hipGetDeviceCount(&ndev));
  int pairs = 0;
  const int n = 100003, block = 256, grid = (n + block - 1) / block;
  for (int a = 0; a < ndev; ++a)
    for (int b = 0; b < ndev; ++b) {
      int can = 0;
      HIP_CHECK(hipDeviceCanAccessPeer(&can, a, b));
      if (!can) continue;
      ++pairs;
      std::vector<int> pattern(n), back(n), want(n);
      for (int i = 0; i < n; ++i) pattern[i] = i * 7 - 5000 + a * 100 + b;
      int* rb;
      unsigned long long* counter;
      HIP_CHECK(hipSetDevice(b));
      HIP_CHECK(hipMalloc(&rb, n * sizeof(int)));
      HIP_CHECK(hipMalloc(&counter, sizeof *counter));
      HIP_CHECK(hipMemcpy(rb, pattern.data(), n * sizeof(int),
                          hipMemcpyHostToDevice));
      HIP_CHECK(hipMemset(counter, 0, sizeof *counter));
      HIP_CHECK(hipSetDevice(a));
      CHECK_ERR(hipDeviceEnablePeerAccess(b, 0), hipSuccess);
      int* la;
      HIP_CHECK(hipMalloc(&la, n * sizeof(int)));

      gather<<<grid, block>>>(rb, la, n, a + 1);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipMemcpy(back.data(), la, n * sizeof(int),
                          hipMemcpyDeviceToHost));
      for (int i = 0; i < n; ++i) want[i] = pattern[n - 1 - i] * 3 + a + 1;
      CHECK_ARRAY(back.data(), want.data(), n);

      scatter<<<grid, block>>>(rb, la, n);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipDeviceSynchronize());
      HIP_CHECK(hipMemcpy(back.data(), rb, n * sizeof(int),
                          hipMemcpyDeviceToHost));
      for (int i = 0; i < n; ++i) want[i] = want[i] + 1;
      CHECK_ARRAY(back.data(), want.data(), n);

      count<<<8, 128>>>(counter);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipDeviceSynchronize());
      unsigned long long total = 0;
      HIP_CHECK(hipMemcpy(&total, counter, sizeof total,
                          hipMemcpyDeviceToHost));
      CHECK_EQ(total, 1024ull * 1025ull / 2);

      CHECK_ERR(hipDeviceDisablePeerAccess(b), hipSuccess);
      HIP_CHECK(hipFree(la));
      HIP_CHECK(hipSetDevice(b));
      HIP_CHECK(hipFree(rb));
      HIP_CHECK(hipFree(counter));
    }
  std::printf("%d device(s), %d peer pair(s)\n", ndev, pairs);
  if (pairs == 0) {
    std::printf("no two devices can be peers: skipped\n");
    return 77;
  }
  return test_summary("peer_access");
}
