// hipRAND's device API (AMD's hipRAND names): the engines' states,
// hiprand_init, skipahead, hiprand and the distributions, as inline
// __host__ __device__ functions for kernels on every device (and host code).
// The sequences are defined in hiprand/hipc/*.h. See README.md, "hipRAND".
#ifndef HIPRAND_KERNEL_H_
#define HIPRAND_KERNEL_H_

#include <hip/hip_runtime.h>

#include "hiprand/hiprand.h"
#include "hiprand/hipc/distributions.h"
#include "hiprand/hipc/mtgp32.h"
#include "hiprand/hipc/sobol64.h"

#endif
