/* The cooperative launch, occupancy and kernel attribute entry points from
 * C: argument checks and error codes with things that are not kernels, and
 * the device attributes. (Kernels are tested in tests/kernels/coop_*.hip.) */
#include <stddef.h>

#include "check.h"

static int host_calls;
static void not_a_kernel(int* p) {
  host_calls++;
  if (p) *p = 1;
}

static void test_launch(void) {
  int flag = 0;
  int* arg = &flag;
  void* args[] = {&arg};
  dim3 one = {1, 1, 1};
  CHECK_ERR(hipLaunchCooperativeKernel((const void*)not_a_kernel, one, one,
                                       args, 0, NULL),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipLaunchCooperativeKernel(NULL, one, one, args, 0, NULL),
            hipErrorInvalidDeviceFunction);
  hipLaunchParams lp;
  memset(&lp, 0, sizeof lp);
  lp.func = (void*)not_a_kernel;
  lp.gridDim = one;
  lp.blockDim = one;
  lp.args = args;
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(NULL, 1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&lp, -1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(
                &lp, 1, hipCooperativeLaunchMultiDeviceNoPostSync << 1),
            hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(flag, 0);
  CHECK_EQ(host_calls, 0);
}

static void test_occupancy(void) {
  const void* f = (const void*)not_a_kernel;
  int n = -7, grid = -7, block = -7;
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, 64, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                &n, f, 64, 0, hipOccupancyDefault),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(NULL, f, 64, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(NULL, &block, f, 0, 0),
            hipErrorInvalidValue);
  CHECK_EQ(n, -7);
  CHECK_EQ(grid, -7);
  hipFuncAttributes a;
  CHECK_ERR(hipFuncGetAttributes(&a, f), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncGetAttributes(NULL, f), hipErrorInvalidValue);
  CHECK_ERR(hipFuncSetAttribute(f, hipFuncAttributeMaxDynamicSharedMemorySize,
                                0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetCacheConfig(f, hipFuncCachePreferL1),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetSharedMemConfig(f, hipSharedMemBankSizeFourByte),
            hipErrorInvalidDeviceFunction);
}

static void test_attributes(void) {
  int v = -1;
  CHECK_ERR(hipDeviceGetAttribute(&v, hipDeviceAttributeCooperativeLaunch, 0),
            hipSuccess);
  CHECK_EQ(v, 1);
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  /* Multi-device launches, with grids that may differ in kernel, grid,
   * block and shared memory: on the CPU device and on GPUs (sm_XX). */
  v = -1;
  CHECK_ERR(hipDeviceGetAttribute(
                &v, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0),
            hipSuccess);
  CHECK_EQ(v, 1);
  CHECK_EQ(p.cooperativeMultiDeviceLaunch, 1);
  static const hipDeviceAttribute_t unmatched[] = {
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem};
  for (int i = 0; i < 4; ++i) {
    v = -1;
    CHECK_ERR(hipDeviceGetAttribute(&v, unmatched[i], 0), hipSuccess);
    CHECK_EQ(v, 1);
  }
  /* A multiprocessor (worker) holds several blocks at once. */
  CHECK(p.maxBlocksPerMultiProcessor > 1);
  CHECK(p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock);
  CHECK(p.sharedMemPerMultiprocessor >= p.sharedMemPerBlock);
}

int main(void) {
  test_launch();
  test_occupancy();
  test_attributes();
  return check_summary("test_coop_c");
}
