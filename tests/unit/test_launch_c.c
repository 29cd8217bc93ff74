/* hipLaunchKernel from C with things that are not kernels. */
#include <stddef.h>

#include "check.h"

static int host_calls;
static void not_a_kernel(int* p) {
  host_calls++;
  if (p) *p = 1;
}

static void test_host_function_is_not_a_kernel(void) {
  int flag = 0;
  int* arg = &flag;
  void* args[] = {&arg};
  CHECK_ERR(hipLaunchKernel((const void*)not_a_kernel, (dim3){1, 1, 1},
                            (dim3){1, 1, 1}, args, 0, NULL),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(flag, 0);
  CHECK_EQ(host_calls, 0);
}

static void test_data_pointer_is_not_a_kernel(void) {
  static int data[4];
  CHECK_ERR(hipLaunchKernel((const void*)data, (dim3){1, 1, 1},
                            (dim3){1, 1, 1}, NULL, 0, NULL),
            hipErrorInvalidDeviceFunction);
}

static void test_null_function(void) {
  void* args[] = {NULL};
  CHECK_ERR(hipLaunchKernel(NULL, (dim3){1, 1, 1}, (dim3){64, 1, 1}, args, 0,
                            NULL),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipPeekAtLastError(), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipLaunchKernel(NULL, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0,
                            NULL),
            hipErrorInvalidDeviceFunction);
}

int main(void) {
  test_host_function_is_not_a_kernel();
  test_data_pointer_is_not_a_kernel();
  test_null_function();
  return check_summary("test_launch_c");
}
