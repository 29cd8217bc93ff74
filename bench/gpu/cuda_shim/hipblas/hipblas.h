// The hipBLAS names bench/gpu/hip_libs.hip uses, mapped onto cuBLAS, so
// that nvcc builds the same source as the reference (cuBLAS called
// directly). Only for bench/gpu; not part of hipc.
#pragma once
#include <cublas_v2.h>

#define hipblasHandle_t cublasHandle_t
#define hipblasStatus_t cublasStatus_t
#define HIPBLAS_STATUS_SUCCESS CUBLAS_STATUS_SUCCESS
#define HIPBLAS_OP_N CUBLAS_OP_N
#define hipblasCreate cublasCreate
#define hipblasDestroy cublasDestroy
#define hipblasSgemm cublasSgemm
#define hipblasDgemm cublasDgemm
