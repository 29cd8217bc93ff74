/* Device properties without HIPC_WARP_SIZE / HIPC_CPU_THREADS (main unsets
 * them before the first HIP call): warp size 64, one compute unit per online
 * processor. */
#define _POSIX_C_SOURCE 200809L /* setenv, sysconf */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static void test_default_warp_size(void) {
  hipDeviceProp_t p;
  int v = 0;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_EQ(p.warpSize, 64);
  CHECK_ERR(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0),
            hipSuccess);
  CHECK_EQ(v, 64);
}

static void test_default_compute_units(void) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_EQ(p.multiProcessorCount, sysconf(_SC_NPROCESSORS_ONLN));
}

int main(void) {
  unsetenv("HIPC_WARP_SIZE");
  unsetenv("HIPC_CPU_THREADS");
  test_default_warp_size();
  test_default_compute_units();
  return check_summary("test_device_defaults");
}
