// Built-in indices in hipcc's device pass (NVPTX): threadIdx, blockIdx,
// blockDim, gridDim read the PTX special registers; warpSize is 32.
// Included by hip/hipc/indices.h.
#ifndef HIPC_INDICES_NVPTX_H
#define HIPC_INDICES_NVPTX_H

#include "hip/hipc/qualifiers_nvptx.h"
#include "hip/hip_runtime_api.h"

namespace hipc {
namespace nvptx {

// Each member reads a register on every access (`threadIdx.x` is an
// unsigned rvalue, as on a GPU); __declspec(property) is available in
// clang's CUDA mode.
#define HIPC_NVPTX_SREG3(type, reg)                                        \
  struct type {                                                            \
    static __device__ __forceinline__ unsigned get_x() {                   \
      return __nvvm_read_ptx_sreg_##reg##_x();                             \
    }                                                                      \
    static __device__ __forceinline__ unsigned get_y() {                   \
      return __nvvm_read_ptx_sreg_##reg##_y();                             \
    }                                                                      \
    static __device__ __forceinline__ unsigned get_z() {                   \
      return __nvvm_read_ptx_sreg_##reg##_z();                             \
    }                                                                      \
    __declspec(property(get = get_x)) unsigned x;                          \
    __declspec(property(get = get_y)) unsigned y;                          \
    __declspec(property(get = get_z)) unsigned z;                          \
    __device__ __forceinline__ operator dim3() const {                     \
      return dim3(get_x(), get_y(), get_z());                              \
    }                                                                      \
  };

HIPC_NVPTX_SREG3(thread_idx_t, tid)
HIPC_NVPTX_SREG3(block_idx_t, ctaid)
HIPC_NVPTX_SREG3(block_dim_t, ntid)
HIPC_NVPTX_SREG3(grid_dim_t, nctaid)
#undef HIPC_NVPTX_SREG3

}  // namespace nvptx
}  // namespace hipc

// Empty temporaries (macros, as on the CPU device): no object is ever
// stored, every access goes through the properties above.
#define threadIdx (::hipc::nvptx::thread_idx_t{})
#define blockIdx (::hipc::nvptx::block_idx_t{})
#define blockDim (::hipc::nvptx::block_dim_t{})
#define gridDim (::hipc::nvptx::grid_dim_t{})

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

// NVIDIA's warps have 32 lanes. A constant, usable on both sides of the
// device pass (host code there is parsed, never emitted).
static constexpr int warpSize = 32;

#endif  // HIPC_INDICES_NVPTX_H
