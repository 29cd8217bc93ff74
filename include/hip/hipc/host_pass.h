// The host pass of the clang front end (__HIPC_CLANG_HOST__,
// docs/frontend.md): the standard headers, included before hip/hip_runtime.h
// makes its own functions __host__ __device__. Included by
// hip/hip_runtime.h only.
//
// Kernels call the C library (printf, malloc, sinf, ...) as on the CPU
// device, and clang refuses a __host__ function in device code even where
// it never emits that code: the C headers below are __host__ __device__
// too. The C++ headers first, as host code: their templates (and those of
// the parts of the C++ library that <cmath> pulls in) are declared again,
// host only, by the program's own inclusions, which must agree.
#ifndef HIPC_HOST_PASS_H
#define HIPC_HOST_PASS_H

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#pragma clang force_cuda_host_device begin
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#pragma clang force_cuda_host_device end

// <algorithm> includes <stdlib.h> as host code: malloc and free get
// __device__ declarations of their own (an overload on the target, which
// clang allows for C functions as for the others).
extern "C" {
__attribute__((device)) void* malloc(size_t size) noexcept;
__attribute__((device)) void free(void* ptr) noexcept;
}

#endif  // HIPC_HOST_PASS_H
