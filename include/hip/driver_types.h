/* AMD's hip/driver_types.h: the runtime's types and structures (arrays,
 * copies, texture and resource descriptions, hip_Memcpy2D, HIP_MEMCPY3D).
 * hipc declares them with the rest of the runtime API. */
#ifndef HIP_DRIVER_TYPES_H
#define HIP_DRIVER_TYPES_H
#include "hip_runtime_api.h"
#endif
