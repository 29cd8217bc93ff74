// Warp shuffles of __hip_bfloat16 and __hip_bfloat162 (included by
// hip/hip_bf16.h after hip/hip_runtime.h): the 16- or 32-bit pattern goes
// through the integer shuffle of the pass (hip/hipc/warp*.h), as
// hip/hipc/fp16_ops.h does for __half.
#ifndef HIPC_BF16_SHFL_H
#define HIPC_BF16_SHFL_H

namespace hipc {
namespace bf16 {
__host__ __device__ inline unsigned bits2(__hip_bfloat162 v) {
  return static_cast<unsigned>(v.x.__x) |
         (static_cast<unsigned>(v.y.__x) << 16);
}
__host__ __device__ inline __hip_bfloat162 from_bits2(unsigned u) {
  return __hip_bfloat162(__hip_bfloat16_raw{static_cast<unsigned short>(u)},
                         __hip_bfloat16_raw{
                             static_cast<unsigned short>(u >> 16)});
}
}  // namespace bf16
}  // namespace hipc

// Lanes meet per call site on the CPU device, in kc's device pass too.
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#define HIPC_SITE_PARAM
#define HIPC_SITE_ARG
#else
#define HIPC_SITE_PARAM , hipc::site where = HIPC_SITE
#define HIPC_SITE_ARG , where
#endif
#define HIPC_BSHFL(NAME, LANE)                                               \
  __device__ inline __hip_bfloat16 NAME(__hip_bfloat16 v, LANE l,            \
      int width = warpSize HIPC_SITE_PARAM) {                                \
    return __hip_bfloat16_raw{static_cast<unsigned short>(                   \
        NAME(v.__x, l, width HIPC_SITE_ARG))};                               \
  }                                                                          \
  __device__ inline __hip_bfloat162 NAME(__hip_bfloat162 v, LANE l,          \
      int width = warpSize HIPC_SITE_PARAM) {                                \
    return hipc::bf16::from_bits2(                                           \
        NAME(hipc::bf16::bits2(v), l, width HIPC_SITE_ARG));                 \
  }
HIPC_BSHFL(__shfl, int)
HIPC_BSHFL(__shfl_up, unsigned int)
HIPC_BSHFL(__shfl_down, unsigned int)
HIPC_BSHFL(__shfl_xor, int)
#undef HIPC_BSHFL
// The _sync forms: templates on the mask's type, as for __half.
#define HIPC_BSHFL_SYNC(NAME, LANE)                                          \
  template <typename MaskT>                                                  \
  __device__ inline __hip_bfloat16 NAME(MaskT mask, __hip_bfloat16 v, LANE l, \
      int width = warpSize HIPC_SITE_PARAM) {                                \
    return __hip_bfloat16_raw{static_cast<unsigned short>(                   \
        NAME(mask, v.__x, l, width HIPC_SITE_ARG))};                         \
  }                                                                          \
  template <typename MaskT>                                                  \
  __device__ inline __hip_bfloat162 NAME(MaskT mask, __hip_bfloat162 v,      \
                                         LANE l,                             \
      int width = warpSize HIPC_SITE_PARAM) {                                \
    return hipc::bf16::from_bits2(                                           \
        NAME(mask, hipc::bf16::bits2(v), l, width HIPC_SITE_ARG));           \
  }
HIPC_BSHFL_SYNC(__shfl_sync, int)
HIPC_BSHFL_SYNC(__shfl_up_sync, unsigned int)
HIPC_BSHFL_SYNC(__shfl_down_sync, unsigned int)
HIPC_BSHFL_SYNC(__shfl_xor_sync, int)
#undef HIPC_BSHFL_SYNC
#undef HIPC_SITE_PARAM
#undef HIPC_SITE_ARG

#endif  // HIPC_BF16_SHFL_H
