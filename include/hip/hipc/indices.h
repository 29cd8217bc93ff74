// hipcc's device pass: the GPU half, which defines HIPC_INDICES_H (so the CPU
// code below is skipped).
#if defined(__NVPTX__)
#include "hip/hipc/indices_nvptx.h"
#endif
// Built-in indices: threadIdx, blockIdx, blockDim, gridDim, warpSize.
//
// On the CPU device they are fields of the worker's thread-local state,
// written by the inlined thread loop before each thread starts.
#ifndef HIPC_INDICES_H
#define HIPC_INDICES_H

#include "hip/hipc/kernel.h"

#if defined(__HIPC_CLANG_HOST__)
// The host pass of the clang front end parses device code and never emits
// it: the indices are device variables no host code reads, not macros, so
// that a host variable of the same name (`dim3 gridDim(n);`) is ordinary
// C++. (The CPU device's code reads them through hipc-kc: docs/frontend.md.)
extern const __attribute__((device)) dim3 threadIdx, blockIdx, blockDim,
    gridDim;
#else
#define threadIdx (hipc_tls.thread_idx)
#define blockIdx (hipc_tls.block_idx)
// Calls rather than `(hipc_tls.grid_dim)`, so that `params.gridDim` of a
// hipLaunchParams still names its field (a member function of the same
// name, see hip/hipc/api_types.h).
#define blockDim __hipc_blockDim()
#define gridDim __hipc_gridDim()
inline const dim3& __hipc_blockDim() { return hipc_tls.block_dim; }
inline const dim3& __hipc_gridDim() { return hipc_tls.grid_dim; }
#endif


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

#endif  // HIPC_INDICES_H
