// Launch syntax (hipLaunchKernelGGL, HIP_DYNAMIC_SHARED, HIP_KERNEL_NAME):
// in the device passes (nvptx64: the GPU's and the CPU device's) and
// everywhere else (the clang front end's host pass, or host code compiled
// without hipcc), where clang itself makes each kernel's launch stub.
#if defined(__NVPTX__)
#include "hip/hipc/launch_nvptx.h"
#else
#include "hip/hipc/launch_clang.h"
#endif
