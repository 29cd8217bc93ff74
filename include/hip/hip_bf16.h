/* hip_bf16.h: bfloat16 (__hip_bfloat16, __hip_bfloat162 and their raw
 * forms), its conversions, arithmetic, comparisons and math functions, for
 * host and device code. C++ only. See hip/hipc/bf16.h. */
#ifndef HIP_BF16_H
#define HIP_BF16_H

#ifdef __cplusplus
#include "hip/hip_runtime.h"
#include "hip/hipc/bf16.h"
#include "hip/hipc/bf16_shfl.h"
#include "hip/hipc/atomic_half.h"
HIPC_ATOMIC_HALF(__hip_bfloat16, unsigned short, "bf16", 900)
HIPC_ATOMIC_HALF(__hip_bfloat162, unsigned int, "bf16x2", 900)
#endif

#endif /* HIP_BF16_H */
