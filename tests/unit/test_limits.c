/* hipDeviceGetLimit / hipDeviceSetLimit: defaults, what is set is read
 * back, a stack larger than a fiber's stack is refused, bad arguments. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "check.h"
#include "hip/hip_runtime_api.h"

int main(void) {
  setenv("HIPC_CPU_STACK_KB", "64", 1);
  size_t v = 0;
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitStackSize), hipSuccess);
  CHECK_EQ(v, 1024);
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitMallocHeapSize), hipSuccess);
  CHECK(v > 0);
  CHECK_ERR(hipDeviceSetLimit(hipLimitMallocHeapSize, 123456789), hipSuccess);
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitMallocHeapSize), hipSuccess);
  CHECK_EQ(v, 123456789);
  CHECK_ERR(hipDeviceSetLimit(hipLimitPrintfFifoSize, 4096), hipSuccess);
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitPrintfFifoSize), hipSuccess);
  CHECK_EQ(v, 4096);
  CHECK_ERR(hipDeviceSetLimit(hipLimitStackSize, 64 * 1024), hipSuccess);
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitStackSize), hipSuccess);
  CHECK_EQ(v, 64 * 1024);
  CHECK_ERR(hipDeviceSetLimit(hipLimitStackSize, 64 * 1024 + 1),
           hipErrorNotSupported);
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitStackSize), hipSuccess);
  CHECK_EQ(v, 64 * 1024);
  CHECK_ERR(hipDeviceGetLimit(NULL, hipLimitStackSize), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetLimit(&v, hipLimitRange), hipErrorUnsupportedLimit);
  /* Past the last limit: an invalid argument; negative: unsupported (AMD's
   * answers). */
  CHECK_ERR(hipDeviceSetLimit((enum hipLimit_t)77, 1), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetLimit(hipLimitRange, 1), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetLimit((enum hipLimit_t)-1, 1),
           hipErrorUnsupportedLimit);
  CHECK_ERR(hipDeviceGetLimit(&v, (enum hipLimit_t)-1),
           hipErrorUnsupportedLimit);
  return check_summary("test_limits");
}
