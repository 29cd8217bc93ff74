// Device library of hipcc's device pass (NVPTX): math and the CUDA-style
// intrinsics (__expf, __popc, __fdividef, ...) from the headers that ship
// with clang, which call libdevice (the CUDA toolkit's
// nvvm/libdevice/libdevice.10.bc, linked by clang); printf (clang turns it
// into vprintf), assert (__assertfail), abort, clocks, malloc and free
// (declared in hip/hipc/nvptx_prelude.h). Included by hip/hip_runtime.h
// after the standard headers.
#ifndef HIPC_LIBDEVICE_NVPTX_H
#define HIPC_LIBDEVICE_NVPTX_H

#include <climits>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

#include "hip/hipc/qualifiers_nvptx.h"

// clang's CUDA headers test CUDA_VERSION; the program does not see it.
#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#define CUDA_VERSION 12000
// Names that hip/hipc/{sync,warp}_nvptx.h define with HIP's semantics
// (64-bit masks) are renamed out of the way while clang's header defines
// CUDA's.
#pragma push_macro("__ballot")
#pragma push_macro("__any")
#pragma push_macro("__all")
#pragma push_macro("__syncthreads_and")
#pragma push_macro("__syncthreads_count")
#pragma push_macro("__syncthreads_or")
#pragma push_macro("__threadfence")
#pragma push_macro("__threadfence_block")
#pragma push_macro("__threadfence_system")
#define __ballot __hipc_cuda_ballot
#define __any __hipc_cuda_any
#define __all __hipc_cuda_all
#define __syncthreads_and __hipc_cuda_syncthreads_and
#define __syncthreads_count __hipc_cuda_syncthreads_count
#define __syncthreads_or __hipc_cuda_syncthreads_or
#define __threadfence __hipc_cuda_threadfence
#define __threadfence_block __hipc_cuda_threadfence_block
#define __threadfence_system __hipc_cuda_threadfence_system
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#pragma pop_macro("__threadfence_system")
#pragma pop_macro("__threadfence_block")
#pragma pop_macro("__threadfence")
#pragma pop_macro("__syncthreads_or")
#pragma pop_macro("__syncthreads_count")
#pragma pop_macro("__syncthreads_and")
#pragma pop_macro("__all")
#pragma pop_macro("__any")
#pragma pop_macro("__ballot")
#include <__clang_cuda_cmath.h>
#pragma pop_macro("CUDA_VERSION")

extern "C" {
// Device overloads of the C library's functions: clang lowers a device
// printf call to the driver's vprintf.
__device__ int printf(const char* format, ...);
__device__ void __assertfail(const char* message, const char* file,
                             unsigned line, const char* function,
                             std::size_t char_size);
// glibc's assert() calls __assert_fail; on the device it traps with the
// driver's report of the failed assertion.
__device__ __attribute__((noreturn)) static inline void __assert_fail(
    const char* message, const char* file, unsigned line,
    const char* function) {
  __assertfail(message, file, line, function, sizeof(char));
  __builtin_trap();
}
__device__ __attribute__((noreturn)) static inline void abort(void) {
  __builtin_trap();
}
}

// clock() and clock64() (the SM's cycle counter) come from clang's header
// above; wall_clock64() is the GPU's global timer, in nanoseconds (a rate
// of 1000000 kHz: hipDeviceAttributeWallClockRate).
__device__ __forceinline__ long long wall_clock64() {
  return static_cast<long long>(__nvvm_read_ptx_sreg_globaltimer());
}

namespace std {
using ::abort;
using ::printf;
}  // namespace std

#endif  // HIPC_LIBDEVICE_NVPTX_H
