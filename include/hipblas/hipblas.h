/* hipblas/hipblas.h: hipBLAS, the BLAS of HIP, as hipc provides it
 * (libhipblas, `-lhipblas`). The API is hipBLAS 3's: complex arguments are
 * hipComplex / hipDoubleComplex (hipblasComplex names the first), GemmEx
 * takes hipDataType and hipblasComputeType_t. Matrices are column-major,
 * as in cuBLAS and hipBLAS. On the CPU device the work runs on OpenBLAS,
 * in order on the handle's stream; on NVIDIA GPUs on cuBLAS, loaded at run
 * time (HIPBLAS_STATUS_NOT_SUPPORTED where it is missing). See README.md,
 * "HIP libraries", for what is there. */
#ifndef HIPBLAS_HIPBLAS_H
#define HIPBLAS_HIPBLAS_H

#include <stdint.h>

#include "hip/hip_complex.h"
#include "hip/hip_runtime_api.h"
#include "hip/library_types.h"

#define hipblasVersionMajor 3
#define hipblasVersionMinor 0
#define hipblasVersionPatch 0

#define HIPBLAS_EXPORT __attribute__((visibility("default")))

/* Half precision elements (Hgemm): __half where the program asks for it
 * with HIPBLAS_USE_HIP_HALF (C++), else their bits, as hipBLAS has it. */
#if defined(HIPBLAS_USE_HIP_HALF) && defined(__cplusplus)
#include "hip/hip_fp16.h"
typedef __half hipblasHalf;
#else
typedef uint16_t hipblasHalf;
#endif

/* hipBLAS 2's names of the element types, for code written against it
 * with HIPBLAS_V2 (hipDataType arguments spelt HIPBLAS_R_32F ...). */
typedef hipDataType hipblasDatatype_t;
#define HIPBLAS_R_16F HIP_R_16F
#define HIPBLAS_R_32F HIP_R_32F
#define HIPBLAS_R_64F HIP_R_64F
#define HIPBLAS_C_16F HIP_C_16F
#define HIPBLAS_C_32F HIP_C_32F
#define HIPBLAS_C_64F HIP_C_64F
#define HIPBLAS_R_8I HIP_R_8I
#define HIPBLAS_R_8U HIP_R_8U
#define HIPBLAS_R_32I HIP_R_32I
#define HIPBLAS_R_32U HIP_R_32U
#define HIPBLAS_C_8I HIP_C_8I
#define HIPBLAS_C_8U HIP_C_8U
#define HIPBLAS_C_32I HIP_C_32I
#define HIPBLAS_C_32U HIP_C_32U
#define HIPBLAS_R_16B HIP_R_16BF
#define HIPBLAS_C_16B HIP_C_16BF

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hipblas_handle* hipblasHandle_t;
typedef int64_t hipblasStride;
typedef hipFloatComplex hipblasComplex;
typedef hipDoubleComplex hipblasDoubleComplex;

typedef enum {
  HIPBLAS_STATUS_SUCCESS = 0,
  HIPBLAS_STATUS_NOT_INITIALIZED = 1,
  HIPBLAS_STATUS_ALLOC_FAILED = 2,
  HIPBLAS_STATUS_INVALID_VALUE = 3,
  HIPBLAS_STATUS_MAPPING_ERROR = 4,
  HIPBLAS_STATUS_EXECUTION_FAILED = 5,
  HIPBLAS_STATUS_INTERNAL_ERROR = 6,
  HIPBLAS_STATUS_NOT_SUPPORTED = 7,
  HIPBLAS_STATUS_ARCH_MISMATCH = 8,
  HIPBLAS_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPBLAS_STATUS_INVALID_ENUM = 10,
  HIPBLAS_STATUS_UNKNOWN = 11
} hipblasStatus_t;

typedef enum {
  HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113
} hipblasOperation_t;
typedef enum {
  HIPBLAS_POINTER_MODE_HOST = 0, HIPBLAS_POINTER_MODE_DEVICE = 1
} hipblasPointerMode_t;
typedef enum {
  HIPBLAS_FILL_MODE_UPPER = 121, HIPBLAS_FILL_MODE_LOWER = 122,
  HIPBLAS_FILL_MODE_FULL = 123
} hipblasFillMode_t;
typedef enum {
  HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132
} hipblasDiagType_t;
typedef enum {
  HIPBLAS_SIDE_LEFT = 141, HIPBLAS_SIDE_RIGHT = 142, HIPBLAS_SIDE_BOTH = 143
} hipblasSideMode_t;
typedef enum {
  HIPBLAS_COMPUTE_16F = 0, HIPBLAS_COMPUTE_16F_PEDANTIC = 1,
  HIPBLAS_COMPUTE_32F = 2, HIPBLAS_COMPUTE_32F_PEDANTIC = 3,
  HIPBLAS_COMPUTE_32F_FAST_16F = 4, HIPBLAS_COMPUTE_32F_FAST_16BF = 5,
  HIPBLAS_COMPUTE_32F_FAST_TF32 = 6, HIPBLAS_COMPUTE_64F = 7,
  HIPBLAS_COMPUTE_64F_PEDANTIC = 8, HIPBLAS_COMPUTE_32I = 9,
  HIPBLAS_COMPUTE_32I_PEDANTIC = 10
} hipblasComputeType_t;
typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;
typedef enum {
  HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1
} hipblasAtomicsMode_t;
typedef enum {
  HIPBLAS_DEFAULT_MATH = 0, HIPBLAS_XF32_XDL_MATH = 1,
  HIPBLAS_PEDANTIC_MATH = 2, HIPBLAS_TF32_TENSOR_OP_MATH = 3
} hipblasMath_t;

/* -- the handle */
HIPBLAS_EXPORT hipblasStatus_t hipblasCreate(hipblasHandle_t* handle);
HIPBLAS_EXPORT hipblasStatus_t hipblasDestroy(hipblasHandle_t handle);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetStream(hipblasHandle_t handle,
                                                hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetStream(hipblasHandle_t handle,
                                                hipStream_t* stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetPointerMode(
    hipblasHandle_t handle, hipblasPointerMode_t mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetPointerMode(
    hipblasHandle_t handle, hipblasPointerMode_t* mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetAtomicsMode(
    hipblasHandle_t handle, hipblasAtomicsMode_t mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetAtomicsMode(
    hipblasHandle_t handle, hipblasAtomicsMode_t* mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMathMode(hipblasHandle_t handle,
                                                  hipblasMath_t mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMathMode(hipblasHandle_t handle,
                                                  hipblasMath_t* mode);
HIPBLAS_EXPORT const char* hipblasStatusToString(hipblasStatus_t status);

/* -- copies between host and device memory (on the null stream) */
HIPBLAS_EXPORT hipblasStatus_t hipblasSetVector(int n, int elemSize,
                                                const void* x, int incx,
                                                void* y, int incy);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVector(int n, int elemSize,
                                                const void* x, int incx,
                                                void* y, int incy);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrix(int rows, int cols,
                                                int elemSize, const void* A,
                                                int lda, void* B, int ldb);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrix(int rows, int cols,
                                                int elemSize, const void* A,
                                                int lda, void* B, int ldb);

/* The routines below are declared per type by these macros (P the
 * hipBLAS prefix, l the same in lower case, T the element type). */
#define HIPBLAS_DECL_L1(P, l, T)                                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##axpy(                           \
      hipblasHandle_t handle, int n, const T* alpha, const T* x, int incx,   \
      T* y, int incy);                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##scal(                           \
      hipblasHandle_t handle, int n, const T* alpha, T* x, int incx);        \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##copy(                           \
      hipblasHandle_t handle, int n, const T* x, int incx, T* y, int incy);  \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##swap(                           \
      hipblasHandle_t handle, int n, T* x, int incx, T* y, int incy);        \
  HIPBLAS_EXPORT hipblasStatus_t hipblasI##l##amax(                          \
      hipblasHandle_t handle, int n, const T* x, int incx, int* result);     \
  HIPBLAS_EXPORT hipblasStatus_t hipblasI##l##amin(                          \
      hipblasHandle_t handle, int n, const T* x, int incx, int* result);

#define HIPBLAS_DECL_L23(P, T)                                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemv(                           \
      hipblasHandle_t handle, hipblasOperation_t trans, int m, int n,        \
      const T* alpha, const T* A, int lda, const T* x, int incx,             \
      const T* beta, T* y, int incy);                                        \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trsv(                           \
      hipblasHandle_t handle, hipblasFillMode_t uplo,                        \
      hipblasOperation_t trans, hipblasDiagType_t diag, int n, const T* A,   \
      int lda, T* x, int incx);                                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemm(                           \
      hipblasHandle_t handle, hipblasOperation_t transA,                     \
      hipblasOperation_t transB, int m, int n, int k, const T* alpha,        \
      const T* A, int lda, const T* B, int ldb, const T* beta, T* C,         \
      int ldc);                                                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemmBatched(                    \
      hipblasHandle_t handle, hipblasOperation_t transA,                     \
      hipblasOperation_t transB, int m, int n, int k, const T* alpha,        \
      const T* const A[], int lda, const T* const B[], int ldb,              \
      const T* beta, T* const C[], int ldc, int batchCount);                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemmStridedBatched(             \
      hipblasHandle_t handle, hipblasOperation_t transA,                     \
      hipblasOperation_t transB, int m, int n, int k, const T* alpha,        \
      const T* A, int lda, hipblasStride strideA, const T* B, int ldb,       \
      hipblasStride strideB, const T* beta, T* C, int ldc,                   \
      hipblasStride strideC, int batchCount);                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##symm(                           \
      hipblasHandle_t handle, hipblasSideMode_t side,                        \
      hipblasFillMode_t uplo, int m, int n, const T* alpha, const T* A,      \
      int lda, const T* B, int ldb, const T* beta, T* C, int ldc);           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##syrk(                           \
      hipblasHandle_t handle, hipblasFillMode_t uplo,                        \
      hipblasOperation_t trans, int n, int k, const T* alpha, const T* A,    \
      int lda, const T* beta, T* C, int ldc);                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trsm(                           \
      hipblasHandle_t handle, hipblasSideMode_t side,                        \
      hipblasFillMode_t uplo, hipblasOperation_t trans,                      \
      hipblasDiagType_t diag, int m, int n, const T* alpha, const T* A,      \
      int lda, T* B, int ldb);                                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geam(                           \
      hipblasHandle_t handle, hipblasOperation_t transA,                     \
      hipblasOperation_t transB, int m, int n, const T* alpha, const T* A,   \
      int lda, const T* beta, const T* B, int ldb, T* C, int ldc);

HIPBLAS_DECL_L1(S, s, float)
HIPBLAS_DECL_L1(D, d, double)
HIPBLAS_DECL_L1(C, c, hipComplex)
HIPBLAS_DECL_L1(Z, z, hipDoubleComplex)
HIPBLAS_DECL_L23(S, float)
HIPBLAS_DECL_L23(D, double)
HIPBLAS_DECL_L23(C, hipComplex)
HIPBLAS_DECL_L23(Z, hipDoubleComplex)
#undef HIPBLAS_DECL_L1
#undef HIPBLAS_DECL_L23

/* Real scalars on complex vectors, dot products, norms. */
HIPBLAS_EXPORT hipblasStatus_t hipblasCsscal(hipblasHandle_t handle, int n,
                                             const float* alpha,
                                             hipComplex* x, int incx);
HIPBLAS_EXPORT hipblasStatus_t hipblasZdscal(hipblasHandle_t handle, int n,
                                             const double* alpha,
                                             hipDoubleComplex* x, int incx);
#define HIPBLAS_DECL_DOT(NAME, T)                                            \
  HIPBLAS_EXPORT hipblasStatus_t NAME(hipblasHandle_t handle, int n,         \
                                      const T* x, int incx, const T* y,      \
                                      int incy, T* result);
HIPBLAS_DECL_DOT(hipblasSdot, float)
HIPBLAS_DECL_DOT(hipblasDdot, double)
HIPBLAS_DECL_DOT(hipblasCdotu, hipComplex)
HIPBLAS_DECL_DOT(hipblasCdotc, hipComplex)
HIPBLAS_DECL_DOT(hipblasZdotu, hipDoubleComplex)
HIPBLAS_DECL_DOT(hipblasZdotc, hipDoubleComplex)
#undef HIPBLAS_DECL_DOT
#define HIPBLAS_DECL_NORM(NAME, T, R)                                        \
  HIPBLAS_EXPORT hipblasStatus_t NAME(hipblasHandle_t handle, int n,         \
                                      const T* x, int incx, R* result);
HIPBLAS_DECL_NORM(hipblasSnrm2, float, float)
HIPBLAS_DECL_NORM(hipblasDnrm2, double, double)
HIPBLAS_DECL_NORM(hipblasScnrm2, hipComplex, float)
HIPBLAS_DECL_NORM(hipblasDznrm2, hipDoubleComplex, double)
HIPBLAS_DECL_NORM(hipblasSasum, float, float)
HIPBLAS_DECL_NORM(hipblasDasum, double, double)
HIPBLAS_DECL_NORM(hipblasScasum, hipComplex, float)
HIPBLAS_DECL_NORM(hipblasDzasum, hipDoubleComplex, double)
#undef HIPBLAS_DECL_NORM

/* Rank-1 updates: ger for real types, geru/gerc for complex ones. */
#define HIPBLAS_DECL_GER(NAME, T)                                            \
  HIPBLAS_EXPORT hipblasStatus_t NAME(hipblasHandle_t handle, int m, int n,  \
                                      const T* alpha, const T* x, int incx,  \
                                      const T* y, int incy, T* A, int lda);
HIPBLAS_DECL_GER(hipblasSger, float)
HIPBLAS_DECL_GER(hipblasDger, double)
HIPBLAS_DECL_GER(hipblasCgeru, hipComplex)
HIPBLAS_DECL_GER(hipblasCgerc, hipComplex)
HIPBLAS_DECL_GER(hipblasZgeru, hipDoubleComplex)
HIPBLAS_DECL_GER(hipblasZgerc, hipDoubleComplex)
#undef HIPBLAS_DECL_GER

/* -- batched LU factorisation (partial pivoting; none where ipiv is NULL)
 * and least squares (QR; m >= n, HIPBLAS_OP_N; `info` in host memory
 * gets the argument check's result, `deviceInfo` each matrix's). On the
 * CPU device through OpenBLAS's LAPACK. */
#define HIPBLAS_DECL_LAPACK(P, T)                                            \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrfBatched(                   \
      hipblasHandle_t handle, const int n, T* const A[], const int lda,      \
      int* ipiv, int* info, const int batchCount);                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gelsBatched(                    \
      hipblasHandle_t handle, hipblasOperation_t trans, const int m,         \
      const int n, const int nrhs, T* const A[], const int lda,              \
      T* const C[], const int ldc, int* info, int* deviceInfo,               \
      const int batchCount);
HIPBLAS_DECL_LAPACK(S, float)
HIPBLAS_DECL_LAPACK(D, double)
HIPBLAS_DECL_LAPACK(C, hipComplex)
HIPBLAS_DECL_LAPACK(Z, hipDoubleComplex)
#undef HIPBLAS_DECL_LAPACK

/* -- half precision GEMM (alpha and beta half too; on the CPU device
 * computed in float and rounded once). */
HIPBLAS_EXPORT hipblasStatus_t hipblasHgemm(
    hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const hipblasHalf* alpha,
    const hipblasHalf* A, int lda, const hipblasHalf* B, int ldb,
    const hipblasHalf* beta, hipblasHalf* C, int ldc);
HIPBLAS_EXPORT hipblasStatus_t hipblasHgemmBatched(
    hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const hipblasHalf* alpha,
    const hipblasHalf* const A[], int lda, const hipblasHalf* const B[],
    int ldb, const hipblasHalf* beta, hipblasHalf* const C[], int ldc,
    int batchCount);
HIPBLAS_EXPORT hipblasStatus_t hipblasHgemmStridedBatched(
    hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const hipblasHalf* alpha,
    const hipblasHalf* A, int lda, hipblasStride strideA,
    const hipblasHalf* B, int ldb, hipblasStride strideB,
    const hipblasHalf* beta, hipblasHalf* C, int ldc, hipblasStride strideC,
    int batchCount);

/* -- mixed precision dot products. On the CPU device: x, y and the result
 * all HIP_R_32F / HIP_R_64F / HIP_C_32F / HIP_C_64F with the same
 * execution type, or HIP_R_16F / HIP_R_16BF with a HIP_R_32F execution
 * type (summed in double, rounded to the result's type). Others:
 * HIPBLAS_STATUS_NOT_SUPPORTED. Dotc conjugates x. */
#define HIPBLAS_DECL_DOTEX(NAME, I)                                          \
  HIPBLAS_EXPORT hipblasStatus_t NAME(                                       \
      hipblasHandle_t handle, I n, const void* x, hipDataType xType, I incx, \
      const void* y, hipDataType yType, I incy, void* result,                \
      hipDataType resultType, hipDataType executionType);
HIPBLAS_DECL_DOTEX(hipblasDotEx, int)
HIPBLAS_DECL_DOTEX(hipblasDotcEx, int)
HIPBLAS_DECL_DOTEX(hipblasDotEx_64, int64_t)
HIPBLAS_DECL_DOTEX(hipblasDotcEx_64, int64_t)
#undef HIPBLAS_DECL_DOTEX

/* -- mixed precision GEMM. On the CPU device: A, B, C and the compute
 * type all HIP_R_32F / HIP_R_64F / HIP_C_32F / HIP_C_64F (the same for
 * the three), or A and B HIP_R_16F or HIP_R_16BF with C HIP_R_32F (or the
 * same half type) and a 32-bit float compute type; alpha and beta are of
 * the compute type. Others: HIPBLAS_STATUS_NOT_SUPPORTED. */
HIPBLAS_EXPORT hipblasStatus_t hipblasGemmEx(
    hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const void* alpha,
    const void* A, hipDataType aType, int lda, const void* B,
    hipDataType bType, int ldb, const void* beta, void* C, hipDataType cType,
    int ldc, hipblasComputeType_t computeType, hipblasGemmAlgo_t algo);
HIPBLAS_EXPORT hipblasStatus_t hipblasGemmBatchedEx(
    hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const void* alpha,
    const void* A[], hipDataType aType, int lda, const void* B[],
    hipDataType bType, int ldb, const void* beta, void* C[],
    hipDataType cType, int ldc, int batchCount,
    hipblasComputeType_t computeType, hipblasGemmAlgo_t algo);
HIPBLAS_EXPORT hipblasStatus_t hipblasGemmStridedBatchedEx(
    hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const void* alpha,
    const void* A, hipDataType aType, int lda, hipblasStride strideA,
    const void* B, hipDataType bType, int ldb, hipblasStride strideB,
    const void* beta, void* C, hipDataType cType, int ldc,
    hipblasStride strideC, int batchCount, hipblasComputeType_t computeType,
    hipblasGemmAlgo_t algo);

#ifdef __cplusplus
}
#endif
#endif
