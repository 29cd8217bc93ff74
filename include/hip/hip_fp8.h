/* hip_fp8.h: 8-bit floating point, E4M3 and E5M2 in their OCP and FNUZ
 * flavours: the __hip_fp8_* classes and their x2/x4 vectors, the storage
 * types, and the __hip_cvt_* conversions with their saturation modes, for
 * host and device code. C++ only. See hip/hipc/fp8.h. */
#ifndef HIP_FP8_H
#define HIP_FP8_H

#ifdef __cplusplus
#include "hip/hip_runtime.h"
#include "hip/hip_fp16.h"
#include "hip/hip_bf16.h"
#include "hip/hipc/fp8.h"
#endif

#endif /* HIP_FP8_H */
