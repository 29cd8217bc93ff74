/* thrust/system/hip/detail/async/sort.h: thrust::async is not supported by
 * the hip system (docs/thrust.md). */
#pragma once
