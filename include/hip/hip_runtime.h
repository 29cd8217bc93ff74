/* hip_runtime.h: the HIP host API plus, for C++, the kernel language.
 *
 * One public face over two implementations: the CPU device (kernel bodies
 * compiled by the host compiler, calling into libhipc's fiber scheduler) and
 * NVPTX (hipcc's device pass: clang in CUDA device mode). Each family lives
 * in its own header under hip/hipc/, which picks its half. */
#ifndef HIP_RUNTIME_H
#define HIP_RUNTIME_H

/* The host pass of the clang front end (docs/frontend.md): every function
 * declared below, the C and C++ library's included, is __host__
 * __device__, so that kernels and __device__ functions, which clang parses
 * there but never emits, may call what they call on the CPU device. */
#if defined(__HIPC_CLANG_HOST__) && defined(__HIP__)
/* The C and C++ library stay host functions (later inclusions by the
 * program must declare the same functions alike): included first, outside
 * the pragma; what device code calls of them has __device__ declarations
 * of its own (hip/hipc/host_pass.h). */
#include "hip/hipc/host_pass.h"
#pragma clang force_cuda_host_device begin
#endif

#include "hip/hipc/platform.h"
/* First: it renames the C library's assertion handler (see there). */
#include "hip/hipc/device_assert.h"
#include "hip/hip_version.h"
#include "hip/hip_runtime_api.h"
#include "hip/hipc/kernel.h"
#include "hip/hipc/arch_features.h"
#include "hip/hip_vector_types.h"

#ifdef __cplusplus
#include "hip/hipc/qualifiers.h"
#include "hip/hipc/indices.h"
#include "hip/hipc/sync.h"
#include "hip/hipc/warp.h"
#include "hip/hipc/atomic.h"
#include "hip/hipc/launch.h"
#include "hip/hipc/math_float.h"
#include "hip/hipc/math_double.h"
#include "hip/hipc/intrinsics_int.h"
#include "hip/hipc/intrinsics_float.h"
#include "hip/hipc/clock.h"
#include "hip/hipc/ldst.h"
#include "hip/hipc/coop.h"
#include "hip/hipc/texture.h"
#include "hip/hipc/thrust_config.h"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#if defined(__NVPTX__)
#include "hip/hipc/libdevice_nvptx.h"
#endif
#include "hip/hipc/amdgcn.h"
#endif

#include <math.h>
#include <stdio.h>

#if defined(__HIPC_CLANG_HOST__) && defined(__HIP__)
#pragma clang force_cuda_host_device end
#endif

#endif /* HIP_RUNTIME_H */
