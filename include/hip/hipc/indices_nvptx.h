// Built-in indices in hipcc's device pass (NVPTX): threadIdx, blockIdx,
// blockDim, gridDim read the PTX special registers; warpSize is 32.
// Included by hip/hipc/indices.h.
#ifndef HIPC_INDICES_NVPTX_H
#define HIPC_INDICES_NVPTX_H
#define HIPC_INDICES_H  // the CPU half (indices.h) is skipped

#include "hip/hip_runtime_api.h"
#include "hip/hipc/qualifiers_nvptx.h"

namespace hipc {
namespace nvptx {

// Each member reads a register on every access (`threadIdx.x` is an
// unsigned rvalue, as on a GPU); __declspec(property) is available in
// clang's CUDA mode.
#define HIPC_NVPTX_SREG3(type, reg)               \
  struct type {                                   \
    static HIPC_NVPTX_FN unsigned get_x() {       \
      return __nvvm_read_ptx_sreg_##reg##_x();    \
    }                                             \
    static HIPC_NVPTX_FN unsigned get_y() {       \
      return __nvvm_read_ptx_sreg_##reg##_y();    \
    }                                             \
    static HIPC_NVPTX_FN unsigned get_z() {       \
      return __nvvm_read_ptx_sreg_##reg##_z();    \
    }                                             \
    __declspec(property(get = get_x)) unsigned x; \
    __declspec(property(get = get_y)) unsigned y; \
    __declspec(property(get = get_z)) unsigned z; \
    HIPC_NVPTX_FN operator dim3() const {         \
      return dim3(get_x(), get_y(), get_z());     \
    }                                             \
  };

HIPC_NVPTX_SREG3(thread_idx_t, tid)
HIPC_NVPTX_SREG3(block_idx_t, ctaid)
HIPC_NVPTX_SREG3(block_dim_t, ntid)
HIPC_NVPTX_SREG3(grid_dim_t, nctaid)
#undef HIPC_NVPTX_SREG3

}  // namespace nvptx
}  // namespace hipc

// Objects, not macros, so that a host variable of the same name (`dim3
// gridDim(n);` in main) is ordinary C++ in the device passes too, which
// parse host code. Their fields are properties that read the special
// registers; the (empty) objects themselves are never read ("hipc.builtin":
// hipc-kc leaves them out of the symbols the host can name; only there:
// an annotation keeps a variable alive, and the GPU pass drops them).
#ifdef __HIPC_KC__
#define HIPC_NVPTX_BUILTIN __attribute__((device, annotate("hipc.builtin")))
#else
#define HIPC_NVPTX_BUILTIN __attribute__((device))
#endif
static const HIPC_NVPTX_BUILTIN ::hipc::nvptx::thread_idx_t threadIdx = {};
static const HIPC_NVPTX_BUILTIN ::hipc::nvptx::block_idx_t blockIdx = {};
static const HIPC_NVPTX_BUILTIN ::hipc::nvptx::block_dim_t blockDim = {};
static const HIPC_NVPTX_BUILTIN ::hipc::nvptx::grid_dim_t gridDim = {};

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

#if defined(__HIPC_KC__)
// The CPU device (kc's device pass): the warp size is chosen when the
// program runs (64 by default, 32 with HIPC_WARP_SIZE=32), so warpSize
// reads the warp-size register, which kc lowers to hipc_tls.warp_size. An
// object, as on the CPU device, so that `prop.warpSize` still works.
// Clang 19 has no builtin for that register: the declaration names the
// intrinsic itself.
extern "C" __device__ int __hipc_kc_read_warpsize(void) __asm(
    "llvm.nvvm.read.ptx.sreg.warpsize");
namespace hipc {
struct warp_size_t {
  HIPC_NVPTX_FN operator int() const { return __hipc_kc_read_warpsize(); }
};
}  // namespace hipc
static constexpr ::hipc::warp_size_t warpSize{};
#else
// NVIDIA's warps have 32 lanes. A constant, usable on both sides of the
// device pass (host code there is parsed, never emitted).
static constexpr int warpSize = 32;
#endif

#endif  // HIPC_INDICES_NVPTX_H
