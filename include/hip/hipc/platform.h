/* The HIP platform hipc presents: AMD's (docs/conformance.md, "Platform").
 *
 * HIP code branches on __HIP_PLATFORM_AMD__ / __HIP_PLATFORM_NVIDIA__ (and
 * the old __HIP_PLATFORM_HCC__ / __HIP_PLATFORM_NVCC__). The NVIDIA branches
 * of public code call the CUDA runtime (cudaFuncGetAttributes, cudaMemcpy
 * kinds, cudaDeviceProp), which hipc does not have; the AMD branches call
 * AMD's HIP API (gcnArchName, hip_ext.h, __builtin_amdgcn_*), which hipc
 * implements. So hipc defines __HIP_PLATFORM_AMD__ (and, as AMD's headers
 * do, __HIP_PLATFORM_HCC__) unless the program chose a platform itself;
 * __HIP_PLATFORM_HIPC__ (hipcc) tells hipc apart. */
#ifndef HIPC_PLATFORM_H
#define HIPC_PLATFORM_H
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__) && \
    !defined(__HIP_PLATFORM_HCC__) && !defined(__HIP_PLATFORM_NVCC__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#if defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__ 1
#endif
#if defined(__HIP_PLATFORM_HCC__) && !defined(__HIP_PLATFORM_AMD__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#endif /* HIPC_PLATFORM_H */
