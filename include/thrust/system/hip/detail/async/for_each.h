/* thrust/system/hip/detail/async/for_each.h: thrust::async is not supported by
 * the hip system (docs/thrust.md). */
#pragma once
