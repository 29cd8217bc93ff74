/* AMD's hip/math_functions.h: the device math library (sinf, __expf, ...),
 * which hipc's hip/hip_runtime.h declares. */
#ifndef HIP_MATH_FUNCTIONS_H
#define HIP_MATH_FUNCTIONS_H
#include "hip_runtime.h"
#endif
