// Force-included first by hipcc's device pass (clang -x cuda
// --cuda-device-only -nocudainc), ahead of hip/hip_runtime.h and of every
// standard header the program includes.
//
// Some declarations must come before the standard headers: clang's CUDA
// wrapper for <new> calls malloc and free from device code, and <cmath>'s
// `using ::sin;` must see the __device__ overloads of the math functions to
// bring them into namespace std. Nothing here is part of HIP's API.
#ifndef HIPC_NVPTX_PRELUDE_H
#define HIPC_NVPTX_PRELUDE_H

#if !defined(__NVPTX__) || !defined(__CUDA__)
#error "hip/hipc/nvptx_prelude.h is for hipcc's device pass only"
#endif

// The device pass: hip_runtime.h picks the NVPTX half of every family.
#ifndef __HIP_DEVICE_COMPILE__
#define __HIP_DEVICE_COMPILE__ 1
#endif

extern "C" {
__attribute__((device)) void* malloc(__SIZE_TYPE__ size)
    __attribute__((nothrow, malloc));
__attribute__((device)) void free(void* ptr) __attribute__((nothrow));
}

// Declarations of the __device__ overloads of <cmath>'s functions (clang's
// own header, shipped with the compiler); hip/hipc/libdevice_nvptx.h
// includes their definitions, which call libdevice.
#include <__clang_cuda_math_forward_declares.h>

#endif  // HIPC_NVPTX_PRELUDE_H
