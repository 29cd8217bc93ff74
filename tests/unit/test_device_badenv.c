/* Invalid HIPC_WARP_SIZE / HIPC_CPU_THREADS values fall back to the
 * defaults (warp size 64, one compute unit per online processor) instead
 * of failing or being taken literally. */
#define _POSIX_C_SOURCE 200809L /* setenv, sysconf */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static void test_bad_warp_size_falls_back(void) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_EQ(p.warpSize, 64);
}

static void test_bad_thread_count_falls_back(void) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_EQ(p.multiProcessorCount, sysconf(_SC_NPROCESSORS_ONLN));
}

int main(void) {
  setenv("HIPC_WARP_SIZE", "48", 1);
  setenv("HIPC_CPU_THREADS", "2x", 1);
  test_bad_warp_size_falls_back();
  test_bad_thread_count_falls_back();
  return check_summary("test_device_badenv");
}
