/* hip_vector_types.h: the short vector types (char1 ... double4) and their
 * make_* functions, for host and device code, in C++ and C. dim3 is in
 * hip/hip_runtime_api.h. See hip/hipc/vector_types.h. */
#ifndef HIP_VECTOR_TYPES_H
#define HIP_VECTOR_TYPES_H

#include "hip/hipc/vector_types.h"

#endif /* HIP_VECTOR_TYPES_H */
