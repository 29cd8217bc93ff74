/* Prints how many GPUs hipc sees here (0 without a driver or a GPU): the
 * test runner's probe for GPU runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "hip/hip_runtime_api.h"

int main(void) {
  setenv("HIPC_DEVICES", "gpu", 1);
  int n = 0;
  if (hipGetDeviceCount(&n) != hipSuccess) n = 0;
  printf("%d\n", n);
  return 0;
}
