// The hipFFT names bench/gpu/hip_libs.hip uses, mapped onto cuFFT, so that
// nvcc builds the same source as the reference (cuFFT called directly).
// Only for bench/gpu; not part of hipc.
#pragma once
#include <cufft.h>

#define hipfftHandle cufftHandle
#define hipfftResult cufftResult
#define HIPFFT_SUCCESS CUFFT_SUCCESS
#define HIPFFT_C2C CUFFT_C2C
#define HIPFFT_FORWARD CUFFT_FORWARD
#define hipfftComplex cufftComplex
#define hipfftPlan1d cufftPlan1d
#define hipfftPlan2d cufftPlan2d
#define hipfftExecC2C cufftExecC2C
#define hipfftDestroy cufftDestroy
