// The module launches' argument checks, with AMD's error codes (which
// differ from hipLaunchKernel's): a zero or too large grid or block
// dimension is hipErrorInvalidValue; a cooperative launch on a destroyed
// stream too. hipModuleLaunchCooperativeKernelMultiDevice: one entry per
// device, all alike, runs the grid; everything else is hipErrorInvalidValue.
// The function handles come from hipGetFuncBySymbol.
#include "common.h"

#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void nop() {}

// Every block adds its index; after the grid barrier block 0 copies the sum.
__global__ void coop_sum(int* acc, int* total) {
  if (threadIdx.x == 0) atomicAdd(acc, (int)blockIdx.x);
  cg::this_grid().sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) *total = *acc;
}

int main() {
  hipFunction_t f, fc;
  HIP_CHECK(hipGetFuncBySymbol(&f, reinterpret_cast<const void*>(nop)));
  HIP_CHECK(hipGetFuncBySymbol(&fc, reinterpret_cast<const void*>(coop_sum)));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));

  // Zero dimensions.
  CHECK_ERR(hipModuleLaunchKernel(f, 0, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 0, 1, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 1, 0, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 0, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchCooperativeKernel(fc, 1, 1, 1, 0, 1, 1, 0, nullptr, nullptr),
            hipErrorInvalidValue);
  // One past the device's largest grid and block dimensions.
  unsigned gy = (unsigned)p.maxGridSize[1] + 1u, gz = (unsigned)p.maxGridSize[2] + 1u;
  unsigned by = (unsigned)p.maxThreadsDim[1] + 1u, bz = (unsigned)p.maxThreadsDim[2] + 1u;
  CHECK_ERR(hipModuleLaunchKernel(f, 1, gy, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, gz, 1, 1, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 1, by, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, bz, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidValue);
  // The largest y and z grid dimensions still launch.
  HIP_CHECK(hipModuleLaunchKernel(f, 1, gy - 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr));
  HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, gz - 1, 1, 1, 1, 0, nullptr, nullptr, nullptr));
  HIP_CHECK(hipDeviceSynchronize());

  int* d;
  HIP_CHECK(hipMalloc(&d, 2 * sizeof(int)));
  int* total = d + 1;
  void* args[] = {&d, &total};

  // A cooperative launch on a destroyed stream.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamDestroy(s));
  CHECK_ERR(hipModuleLaunchCooperativeKernel(fc, 1, 1, 1, 1, 1, 1, 0, s, args),
            hipErrorInvalidValue);

  // The multi-device form with one device: the grid runs and syncs.
  HIP_CHECK(hipStreamCreate(&s));
  hipFunctionLaunchParams lp[2] = {};
  lp[0].function = fc;
  lp[0].gridDimX = 6;
  lp[0].gridDimY = lp[0].gridDimZ = 1;
  lp[0].blockDimX = 32;
  lp[0].blockDimY = lp[0].blockDimZ = 1;
  lp[0].sharedMemBytes = 0;
  lp[0].hStream = s;
  lp[0].kernelParams = args;
  lp[1] = lp[0];
  HIP_CHECK(hipMemset(d, 0, 2 * sizeof(int)));
  HIP_CHECK(hipModuleLaunchCooperativeKernelMultiDevice(lp, 1, 0));
  HIP_CHECK(hipStreamSynchronize(s));
  int h[2] = {-1, -1};
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h[0], 15);
  CHECK_EQ(h[1], 15);

  int ndev = 0;
  HIP_CHECK(hipGetDeviceCount(&ndev));
  CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(nullptr, 1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(lp, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(lp, 1, 999), hipErrorInvalidValue);
  CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(lp, (unsigned)ndev + 1, 0),
            hipErrorInvalidValue);
  // Two entries for one device.
  if (ndev >= 2) {
    CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(lp, 2, 0), hipErrorInvalidValue);
    // Entries that differ.
    lp[1].gridDimX = 3;
    CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(lp, 2, 0), hipErrorInvalidValue);
  }
  lp[0].function = nullptr;
  CHECK_ERR(hipModuleLaunchCooperativeKernelMultiDevice(lp, 1, 0),
            hipErrorInvalidResourceHandle);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  return test_summary("module_launch_checks");
}
