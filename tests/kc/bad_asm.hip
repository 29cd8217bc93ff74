// hipc-kc must refuse inline PTX, naming the kernel and the line.
#include <hip/hip_runtime.h>

__device__ int helper(int x) {
  int r;
  asm volatile("add.s32 %0, %1, 1;" : "=r"(r) : "r"(x));
  return r;
}

__global__ void k_uses_asm(int* p) { p[0] = helper(p[0]); }
