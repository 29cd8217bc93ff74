// Built-in indices: threadIdx, blockIdx, blockDim, gridDim, warpSize.
//
// On the CPU device they are fields of the worker's thread-local state,
// written by the inlined thread loop before each thread starts.
#ifndef HIPC_INDICES_H
#define HIPC_INDICES_H

// hipcc's device pass (clang, NVPTX) uses the GPU half.
#if defined(__NVPTX__)
#include "hip/hipc/indices_nvptx.h"
#else

#include "hip/hipc/kernel.h"

#define threadIdx (hipc_tls.thread_idx)
#define blockIdx (hipc_tls.block_idx)
// Calls rather than `(hipc_tls.grid_dim)`, so that `params.gridDim` of a
// hipLaunchParams still names its field (a member function of the same
// name, see hip/hipc/api_types.h).
#define blockDim __hipc_blockDim()
#define gridDim __hipc_gridDim()
inline const dim3& __hipc_blockDim() { return hipc_tls.block_dim; }
inline const dim3& __hipc_gridDim() { return hipc_tls.grid_dim; }


#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

extern "C" HIPC_API int hipc_host_warp_size(void);

namespace hipc {
inline int warp_size() {
  int w = static_cast<int>(hipc_tls.warp_size);
  return w ? w : hipc_host_warp_size();
}

// The type of `warpSize`: reads as an int. In a kernel it is the device's
// warp size; on the host, the current device's. An object rather than a
// macro, so that `prop.warpSize` (hipDeviceProp_t's field) still works.
struct warp_size_t {
  operator int() const { return warp_size(); }
};
}  // namespace hipc

static constexpr ::hipc::warp_size_t warpSize{};

#endif  // __NVPTX__

#endif  // HIPC_INDICES_H
