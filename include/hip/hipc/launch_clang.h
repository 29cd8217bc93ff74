// Launch syntax in the host pass of the clang front end
// (__HIPC_CLANG_HOST__, docs/frontend.md). Clang makes each kernel's launch
// stub itself (__hipPopCallConfiguration, then hipLaunchKernel) and turns
// `<<<>>>` into a call of __hipPushCallConfiguration (hip_runtime_api.h),
// so none of the CPU device's launch machinery (hip/hipc/launch.h) is
// needed: hipLaunchKernelGGL is a `<<<>>>` launch, dynamic shared memory
// clang's own `extern __shared__` array. Included by hip/hipc/launch.h.
#ifndef HIPC_LAUNCH_CLANG_H
#define HIPC_LAUNCH_CLANG_H

#include "hip/hip_runtime_api.h"

#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_KERNEL_NAME(...) __VA_ARGS__
// The arguments after the kernel are split after their own expansion, so a
// macro may stand for several (`#define CONFIG grid, block, 0, 0`), as with
// AMD's; the kernel's name, commas of template arguments included, is kept
// in parentheses until the launch.
#define hipLaunchKernelGGL(kernel, ...) HIPC_GGL_LAUNCH_((kernel), __VA_ARGS__)
#define HIPC_GGL_LAUNCH_(kernel, grid, block, shmem, stream, ...) \
  HIPC_GGL_NAME_ kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)
#define HIPC_GGL_NAME_(...) __VA_ARGS__

#endif  // HIPC_LAUNCH_CLANG_H
