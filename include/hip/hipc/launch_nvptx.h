// Launch syntax in hipcc's device pass (NVPTX). The device pass compiles
// the original source, host code included (parsed, never emitted): clang
// checks `<<<>>>` against the configuration function declared here, and
// hipLaunchKernelGGL becomes a `<<<>>>` launch so that the kernel it names
// is emitted for the GPU. Included by hip/hipc/launch.h.
#ifndef HIPC_LAUNCH_NVPTX_H
#define HIPC_LAUNCH_NVPTX_H

#include <cstddef>

#include "hip/hip_runtime_api.h"

extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block,
                                                std::size_t shmem = 0,
                                                void* stream = 0);

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

#endif  // HIPC_LAUNCH_NVPTX_H
