/* hipc: the __HIP_ARCH_HAS_*__ feature macros of HIP's kernel language.
 * In device code they say what the device being compiled for has, and
 * agree with its hipDeviceProp_t::arch flags: everything on the CPU device
 * but dynamic parallelism (kernels cannot launch kernels), everything on
 * the NVIDIA GPUs hipc compiles for (sm_60 and newer). In host code they
 * are 0, as in AMD's header. */
#ifndef HIPC_ARCH_FEATURES_H
#define HIPC_ARCH_FEATURES_H

#if defined(__HIP_DEVICE_COMPILE__)
#define __HIPC_ARCH_HAS 1
#if defined(__NVPTX__) && !defined(__HIPC_KC__) /* the GPU pass */
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 1
#else
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 0
#endif
#else
#define __HIPC_ARCH_HAS 0
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 0
#endif

#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_DOUBLES__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_VOTE__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_BALLOT__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ __HIPC_ARCH_HAS
#define __HIP_ARCH_HAS_3DGRID__ __HIPC_ARCH_HAS

#endif /* HIPC_ARCH_FEATURES_H */
