/* thrust/system/hip/detail/async/reduce.h: thrust::async is not supported by
 * the hip system (docs/thrust.md). */
#pragma once
