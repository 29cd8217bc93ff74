// The C++ overloads of hipFuncSetAttribute, hipFuncSetCacheConfig,
// hipFuncSetSharedMemConfig and hipFuncGetAttributes that take the kernel
// itself also take nullptr (they used to not compile), which is
// hipErrorInvalidDeviceFunction as in the C functions; with a kernel they
// succeed.
#include "common.h"

__global__ void k(int* p) { p[threadIdx.x] = 1; }

int main() {
  hipFuncAttributes attr;
  CHECK_ERR(hipFuncSetAttribute(nullptr, hipFuncAttributePreferredSharedMemoryCarveout, 50),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetCacheConfig(nullptr, hipFuncCachePreferNone),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetSharedMemConfig(nullptr, hipSharedMemBankSizeDefault),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncGetAttributes(&attr, nullptr), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetAttribute(k, hipFuncAttributePreferredSharedMemoryCarveout, 50),
            hipSuccess);
  CHECK_ERR(hipFuncSetCacheConfig(k, hipFuncCachePreferL1), hipSuccess);
  CHECK_ERR(hipFuncSetSharedMemConfig(k, hipSharedMemBankSizeFourByte), hipSuccess);
  CHECK_ERR(hipFuncGetAttributes(&attr, k), hipSuccess);
  CHECK(attr.maxThreadsPerBlock > 0);
  return test_summary("func_attr_null");
}
