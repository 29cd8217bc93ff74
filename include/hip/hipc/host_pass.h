// The host pass of the clang front end (__HIPC_CLANG_HOST__,
// docs/frontend.md): the standard headers, included before hip/hip_runtime.h
// makes its own functions __host__ __device__. Included by
// hip/hip_runtime.h only.
//
// Kernels call the C library (printf, malloc, abs, sinf, ...) as on the CPU
// device, and clang refuses a __host__ function in device code even where
// it never emits that code: the C headers are __host__ __device__ too. The
// C++ library's templates stay host code, since the program's own
// inclusions declare them again, host only, and must agree; so the order
// matters: the C headers that the C++ headers include (<cstdlib> by
// <algorithm>) first, then the C++ headers, including those that <cmath>
// pulls in, then <cmath>.
#ifndef HIPC_HOST_PASS_H
#define HIPC_HOST_PASS_H

// <exception> (std::terminate, which the C headers of libstdc++ reach)
// stays host code: <iostream>, <memory> and <stdexcept> declare it again.
#include <exception>

#pragma clang force_cuda_host_device begin
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <assert.h> /* __assert_fail: assert() in kernels */
#if defined(__x86_64__) || defined(__i386__)
/* clang's <mm_malloc.h> (through the SSE headers: Boost.Math, Eigen...)
 * redeclares posix_memalign; declared here alike, it does not clash with
 * the __host__ __device__ one of <stdlib.h>. */
#include <mm_malloc.h>
#endif
#if __has_include(<malloc.h>)
/* glibc's <malloc.h> declares again what <stdlib.h> declares (valloc,
 * reallocarray): a program that includes it (HeCBench mriQ) must find the
 * same __host__ __device__ declarations. */
#include <malloc.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#pragma clang force_cuda_host_device end

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

#include <cmath>
#pragma clang force_cuda_host_device end

#endif  // HIPC_HOST_PASS_H
