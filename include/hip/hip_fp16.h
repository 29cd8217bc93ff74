/* hip_fp16.h: half precision (__half, __half2, half, half2), its
 * conversions, arithmetic, comparisons, math functions and shuffles, for
 * host and device code. C++ only. See hip/hipc/fp16.h. */
#ifndef HIP_FP16_H
#define HIP_FP16_H

#ifdef __cplusplus
#include "hip/hip_runtime.h"
#include "hip/hipc/fp16.h"
#include "hip/hipc/atomic_half.h"
HIPC_ATOMIC_HALF(__half, unsigned short, "f16", 700)
HIPC_ATOMIC_HALF(__half2, unsigned int, "f16x2", 700)
#endif

#endif /* HIP_FP16_H */
