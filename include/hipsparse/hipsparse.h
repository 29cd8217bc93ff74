/* hipsparse/hipsparse.h: hipSPARSE as hipc provides it (libhipsparse,
 * `-lhipsparse`): the handle, CSR and COO matrix descriptors, dense vector
 * and matrix descriptors, the generic SpMV and SpMM, and csr2csc. On the
 * CPU device the work runs on hipc's own kernels, in order on the handle's
 * stream; on NVIDIA GPUs on cuSPARSE, loaded at run time
 * (HIPSPARSE_STATUS_NOT_SUPPORTED where it is missing). See README.md,
 * "HIP libraries". */
#ifndef HIPSPARSE_HIPSPARSE_H
#define HIPSPARSE_HIPSPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "hip/hip_complex.h"
#include "hip/hip_runtime_api.h"
#include "hip/library_types.h"

#define HIPSPARSE_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

typedef void* hipsparseHandle_t;
typedef void* hipsparseSpMatDescr_t;
typedef void* hipsparseDnVecDescr_t;
typedef void* hipsparseDnMatDescr_t;
typedef void const* hipsparseConstSpMatDescr_t;
typedef void const* hipsparseConstDnVecDescr_t;
typedef void const* hipsparseConstDnMatDescr_t;
typedef void* hipsparseSpVecDescr_t;
typedef void const* hipsparseConstSpVecDescr_t;
typedef struct sp_matdescr* hipsparseMatDescr_t;
typedef struct sp_spsv* hipsparseSpSVDescr_t;
typedef struct sp_spsv* hipsparseSpSMDescr_t;
typedef struct sp_spgemm* hipsparseSpGEMMDescr_t;
typedef struct sp_csrilu02* csrilu02Info_t;

typedef enum {
  HIPSPARSE_STATUS_SUCCESS = 0,
  HIPSPARSE_STATUS_NOT_INITIALIZED = 1,
  HIPSPARSE_STATUS_ALLOC_FAILED = 2,
  HIPSPARSE_STATUS_INVALID_VALUE = 3,
  HIPSPARSE_STATUS_ARCH_MISMATCH = 4,
  HIPSPARSE_STATUS_MAPPING_ERROR = 5,
  HIPSPARSE_STATUS_EXECUTION_FAILED = 6,
  HIPSPARSE_STATUS_INTERNAL_ERROR = 7,
  HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  HIPSPARSE_STATUS_ZERO_PIVOT = 9,
  HIPSPARSE_STATUS_NOT_SUPPORTED = 10,
  HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} hipsparseStatus_t;

typedef enum {
  HIPSPARSE_POINTER_MODE_HOST = 0, HIPSPARSE_POINTER_MODE_DEVICE = 1
} hipsparsePointerMode_t;
typedef enum {
  HIPSPARSE_ACTION_SYMBOLIC = 0, HIPSPARSE_ACTION_NUMERIC = 1
} hipsparseAction_t;
typedef enum {
  HIPSPARSE_INDEX_BASE_ZERO = 0, HIPSPARSE_INDEX_BASE_ONE = 1
} hipsparseIndexBase_t;
typedef enum {
  HIPSPARSE_OPERATION_NON_TRANSPOSE = 0,
  HIPSPARSE_OPERATION_TRANSPOSE = 1,
  HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} hipsparseOperation_t;
typedef enum {
  HIPSPARSE_INDEX_16U = 1, HIPSPARSE_INDEX_32I = 2, HIPSPARSE_INDEX_64I = 3
} hipsparseIndexType_t;
typedef enum { HIPSPARSE_ORDER_COL = 1, HIPSPARSE_ORDER_ROW = 2 } hipsparseOrder_t;
typedef enum {
  HIPSPARSE_FORMAT_CSR = 1, HIPSPARSE_FORMAT_CSC = 2,
  HIPSPARSE_FORMAT_COO = 3, HIPSPARSE_FORMAT_COO_AOS = 4,
  HIPSPARSE_FORMAT_BLOCKED_ELL = 5
} hipsparseFormat_t;
typedef enum {
  HIPSPARSE_MV_ALG_DEFAULT = 0, HIPSPARSE_COOMV_ALG = 1,
  HIPSPARSE_CSRMV_ALG1 = 2, HIPSPARSE_CSRMV_ALG2 = 3,
  HIPSPARSE_SPMV_ALG_DEFAULT = 0, HIPSPARSE_SPMV_COO_ALG1 = 1,
  HIPSPARSE_SPMV_CSR_ALG1 = 2, HIPSPARSE_SPMV_CSR_ALG2 = 3,
  HIPSPARSE_SPMV_COO_ALG2 = 4
} hipsparseSpMVAlg_t;
typedef enum {
  HIPSPARSE_MM_ALG_DEFAULT = 0, HIPSPARSE_COOMM_ALG1 = 1,
  HIPSPARSE_COOMM_ALG2 = 2, HIPSPARSE_COOMM_ALG3 = 3,
  HIPSPARSE_CSRMM_ALG1 = 4,
  HIPSPARSE_SPMM_ALG_DEFAULT = 0, HIPSPARSE_SPMM_COO_ALG1 = 1,
  HIPSPARSE_SPMM_COO_ALG2 = 2, HIPSPARSE_SPMM_COO_ALG3 = 3,
  HIPSPARSE_SPMM_COO_ALG4 = 5, HIPSPARSE_SPMM_CSR_ALG1 = 4,
  HIPSPARSE_SPMM_CSR_ALG2 = 6, HIPSPARSE_SPMM_CSR_ALG3 = 12,
  HIPSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13
} hipsparseSpMMAlg_t;
typedef enum {
  HIPSPARSE_CSR2CSC_ALG_DEFAULT = 0, HIPSPARSE_CSR2CSC_ALG1 = 1,
  HIPSPARSE_CSR2CSC_ALG2 = 2
} hipsparseCsr2CscAlg_t;

typedef enum {
  HIPSPARSE_MATRIX_TYPE_GENERAL = 0, HIPSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
  HIPSPARSE_MATRIX_TYPE_HERMITIAN = 2, HIPSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} hipsparseMatrixType_t;
typedef enum {
  HIPSPARSE_FILL_MODE_LOWER = 0, HIPSPARSE_FILL_MODE_UPPER = 1
} hipsparseFillMode_t;
typedef enum {
  HIPSPARSE_DIAG_TYPE_NON_UNIT = 0, HIPSPARSE_DIAG_TYPE_UNIT = 1
} hipsparseDiagType_t;
typedef enum {
  HIPSPARSE_DIRECTION_ROW = 0, HIPSPARSE_DIRECTION_COLUMN = 1
} hipsparseDirection_t;
typedef enum { HIPSPARSE_SDDMM_ALG_DEFAULT = 0 } hipsparseSDDMMAlg_t;
typedef enum { HIPSPARSE_SPSV_ALG_DEFAULT = 0 } hipsparseSpSVAlg_t;
typedef enum {
  HIPSPARSE_SOLVE_POLICY_NO_LEVEL = 0, HIPSPARSE_SOLVE_POLICY_USE_LEVEL = 1
} hipsparseSolvePolicy_t;
typedef enum {
  HIPSPARSE_SPGEMM_DEFAULT = 0, HIPSPARSE_SPGEMM_CSR_ALG_DETERMINISTIC = 1,
  HIPSPARSE_SPGEMM_CSR_ALG_NONDETERMINISTIC = 2, HIPSPARSE_SPGEMM_ALG1 = 3,
  HIPSPARSE_SPGEMM_ALG2 = 4, HIPSPARSE_SPGEMM_ALG3 = 5
} hipsparseSpGEMMAlg_t;
typedef enum { HIPSPARSE_SPSM_ALG_DEFAULT = 0 } hipsparseSpSMAlg_t;
typedef enum {
  HIPSPARSE_SPMAT_FILL_MODE = 0, HIPSPARSE_SPMAT_DIAG_TYPE = 1
} hipsparseSpMatAttribute_t;
typedef enum {
  HIPSPARSE_SPARSETODENSE_ALG_DEFAULT = 0
} hipsparseSparseToDenseAlg_t;
typedef enum {
  HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0
} hipsparseDenseToSparseAlg_t;

/* -- the handle */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreate(hipsparseHandle_t* handle);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroy(hipsparseHandle_t handle);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetStream(hipsparseHandle_t handle,
                                                      hipStream_t stream);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGetStream(hipsparseHandle_t handle,
                                                      hipStream_t* stream);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetPointerMode(
    hipsparseHandle_t handle, hipsparsePointerMode_t mode);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGetPointerMode(
    hipsparseHandle_t handle, hipsparsePointerMode_t* mode);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGetVersion(
    hipsparseHandle_t handle, int* version);
HIPSPARSE_EXPORT const char* hipsparseGetErrorName(hipsparseStatus_t status);
HIPSPARSE_EXPORT const char* hipsparseGetErrorString(
    hipsparseStatus_t status);

/* -- sparse matrix descriptors (CSR, COO) */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateCsr(
    hipsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
    int64_t nnz, void* csrRowOffsets, void* csrColInd, void* csrValues,
    hipsparseIndexType_t csrRowOffsetsType,
    hipsparseIndexType_t csrColIndType, hipsparseIndexBase_t idxBase,
    hipDataType valueType);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateCoo(
    hipsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
    int64_t nnz, void* cooRowInd, void* cooColInd, void* cooValues,
    hipsparseIndexType_t cooIdxType, hipsparseIndexBase_t idxBase,
    hipDataType valueType);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroySpMat(
    hipsparseConstSpMatDescr_t spMatDescr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCsrGet(
    const hipsparseSpMatDescr_t spMatDescr, int64_t* rows, int64_t* cols,
    int64_t* nnz, void** csrRowOffsets, void** csrColInd, void** csrValues,
    hipsparseIndexType_t* csrRowOffsetsType,
    hipsparseIndexType_t* csrColIndType, hipsparseIndexBase_t* idxBase,
    hipDataType* valueType);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCsrSetPointers(
    hipsparseSpMatDescr_t spMatDescr, void* csrRowOffsets, void* csrColInd,
    void* csrValues);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMatGetSize(
    hipsparseConstSpMatDescr_t spMatDescr, int64_t* rows, int64_t* cols,
    int64_t* nnz);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMatGetFormat(
    hipsparseConstSpMatDescr_t spMatDescr, hipsparseFormat_t* format);

/* -- strided batches of matrices (SDDMM) */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCsrSetStridedBatch(
    hipsparseSpMatDescr_t spMatDescr, int batchCount,
    int64_t offsetsBatchStride, int64_t columnsValuesBatchStride);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCooSetStridedBatch(
    hipsparseSpMatDescr_t spMatDescr, int batchCount, int64_t batchStride);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDnMatSetStridedBatch(
    hipsparseDnMatDescr_t dnMatDescr, int batchCount, int64_t batchStride);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDnMatGetStridedBatch(
    hipsparseConstDnMatDescr_t dnMatDescr, int* batchCount,
    int64_t* batchStride);

/* -- sparse vector descriptors */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateSpVec(
    hipsparseSpVecDescr_t* spVecDescr, int64_t size, int64_t nnz,
    void* indices, void* values, hipsparseIndexType_t idxType,
    hipsparseIndexBase_t idxBase, hipDataType valueType);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroySpVec(
    hipsparseConstSpVecDescr_t spVecDescr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpVecGet(
    const hipsparseSpVecDescr_t spVecDescr, int64_t* size, int64_t* nnz,
    void** indices, void** values, hipsparseIndexType_t* idxType,
    hipsparseIndexBase_t* idxBase, hipDataType* valueType);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpVecGetValues(
    const hipsparseSpVecDescr_t spVecDescr, void** values);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpVecSetValues(
    hipsparseSpVecDescr_t spVecDescr, void* values);

/* -- dense vector and matrix descriptors */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateDnVec(
    hipsparseDnVecDescr_t* dnVecDescr, int64_t size, void* values,
    hipDataType valueType);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroyDnVec(
    hipsparseConstDnVecDescr_t dnVecDescr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDnVecGetValues(
    const hipsparseDnVecDescr_t dnVecDescr, void** values);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDnVecSetValues(
    hipsparseDnVecDescr_t dnVecDescr, void* values);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateDnMat(
    hipsparseDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols,
    int64_t ld, void* values, hipDataType valueType,
    hipsparseOrder_t order);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroyDnMat(
    hipsparseConstDnMatDescr_t dnMatDescr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDnMatGetValues(
    const hipsparseDnMatDescr_t dnMatDescr, void** values);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDnMatSetValues(
    hipsparseDnMatDescr_t dnMatDescr, void* values);

/* -- the generic products: y = alpha op(A) x + beta y and
 *    C = alpha op(A) op(B) + beta C. On the CPU device the compute type is
 *    the value type (HIP_R_32F, HIP_R_64F, HIP_C_32F, HIP_C_64F) and the
 *    buffer is not used (its size is 0). */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMV_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t vecX,
    const void* beta, const hipsparseDnVecDescr_t vecY,
    hipDataType computeType, hipsparseSpMVAlg_t alg, size_t* bufferSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMV(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t vecX,
    const void* beta, const hipsparseDnVecDescr_t vecY,
    hipDataType computeType, hipsparseSpMVAlg_t alg, void* externalBuffer);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMM_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,
    const void* beta, const hipsparseDnMatDescr_t matC,
    hipDataType computeType, hipsparseSpMMAlg_t alg, size_t* bufferSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMM(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,
    const void* beta, const hipsparseDnMatDescr_t matC,
    hipDataType computeType, hipsparseSpMMAlg_t alg, void* externalBuffer);

/* -- SDDMM: C = alpha (op(A) op(B)) at C's nonzeros + beta C, for dense
 * A and B and a CSR or COO C, in strided batches as the descriptors say.
 * On the CPU device the compute type is the value type and no buffer is
 * used (size 0); preprocess does nothing. */
#define HIPSPARSE_DECL_SDDMM(NAME, LAST)                                     \
  HIPSPARSE_EXPORT hipsparseStatus_t NAME(                                   \
      hipsparseHandle_t handle, hipsparseOperation_t opA,                    \
      hipsparseOperation_t opB, const void* alpha,                           \
      hipsparseConstDnMatDescr_t A, hipsparseConstDnMatDescr_t B,            \
      const void* beta, hipsparseSpMatDescr_t C, hipDataType computeType,    \
      hipsparseSDDMMAlg_t alg, LAST);
HIPSPARSE_DECL_SDDMM(hipsparseSDDMM_bufferSize, size_t* bufferSize)
HIPSPARSE_DECL_SDDMM(hipsparseSDDMM_preprocess, void* tempBuffer)
HIPSPARSE_DECL_SDDMM(hipsparseSDDMM, void* tempBuffer)
#undef HIPSPARSE_DECL_SDDMM

/* -- triangular solves with a CSR matrix: op(A) y = alpha x (SpSV) and
 * op(A) C = alpha op(B) (SpSM), A's triangle and diagonal as
 * SpMatSetAttribute says (lower, non-unit by default); entries outside
 * the triangle are ignored. On the CPU device the compute type is the
 * value type and no buffer is used (size 0); analysis does nothing. */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMatSetAttribute(
    hipsparseSpMatDescr_t spMatDescr, hipsparseSpMatAttribute_t attribute,
    const void* data, size_t dataSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpMatGetAttribute(
    hipsparseConstSpMatDescr_t spMatDescr,
    hipsparseSpMatAttribute_t attribute, void* data, size_t dataSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSV_createDescr(
    hipsparseSpSVDescr_t* descr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSV_destroyDescr(
    hipsparseSpSVDescr_t descr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSV_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t x,
    const hipsparseDnVecDescr_t y, hipDataType computeType,
    hipsparseSpSVAlg_t alg, hipsparseSpSVDescr_t spsvDescr,
    size_t* bufferSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSV_analysis(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t x,
    const hipsparseDnVecDescr_t y, hipDataType computeType,
    hipsparseSpSVAlg_t alg, hipsparseSpSVDescr_t spsvDescr,
    void* externalBuffer);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSV_solve(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t x,
    const hipsparseDnVecDescr_t y, hipDataType computeType,
    hipsparseSpSVAlg_t alg, hipsparseSpSVDescr_t spsvDescr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSM_createDescr(
    hipsparseSpSMDescr_t* descr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpSM_destroyDescr(
    hipsparseSpSMDescr_t descr);
#define HIPSPARSE_DECL_SPSM(NAME, LAST)                                      \
  HIPSPARSE_EXPORT hipsparseStatus_t NAME(                                   \
      hipsparseHandle_t handle, hipsparseOperation_t opA,                    \
      hipsparseOperation_t opB, const void* alpha,                           \
      hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,      \
      const hipsparseDnMatDescr_t matC, hipDataType computeType,             \
      hipsparseSpSMAlg_t alg, hipsparseSpSMDescr_t spsmDescr, LAST);
HIPSPARSE_DECL_SPSM(hipsparseSpSM_bufferSize, size_t* bufferSize)
HIPSPARSE_DECL_SPSM(hipsparseSpSM_analysis, void* externalBuffer)
HIPSPARSE_DECL_SPSM(hipsparseSpSM_solve, void* externalBuffer)
#undef HIPSPARSE_DECL_SPSM

/* -- SpGEMM: C = alpha op(A) op(B) + beta C for CSR A, B and C, in three
 * steps: workEstimation, compute (C's nnz is known after it, waiting for
 * the handle's stream), copy (into C's arrays, set meanwhile). On the CPU
 * device only op N, one value type for all and the compute type, and no
 * buffers (sizes 0); compute keeps the product in the descriptor. */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpGEMM_createDescr(
    hipsparseSpGEMMDescr_t* descr);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpGEMM_destroyDescr(
    hipsparseSpGEMMDescr_t descr);
#define HIPSPARSE_DECL_SPGEMM(NAME, SIZE, BUFFER)                            \
  HIPSPARSE_EXPORT hipsparseStatus_t NAME(                                   \
      hipsparseHandle_t handle, hipsparseOperation_t opA,                    \
      hipsparseOperation_t opB, const void* alpha,                           \
      hipsparseConstSpMatDescr_t matA, hipsparseConstSpMatDescr_t matB,      \
      const void* beta, hipsparseSpMatDescr_t matC, hipDataType computeType, \
      hipsparseSpGEMMAlg_t alg, hipsparseSpGEMMDescr_t spgemmDescr,          \
      size_t* SIZE, void* BUFFER);
HIPSPARSE_DECL_SPGEMM(hipsparseSpGEMM_workEstimation, bufferSize1,
                      externalBuffer1)
HIPSPARSE_DECL_SPGEMM(hipsparseSpGEMM_compute, bufferSize2, externalBuffer2)
#undef HIPSPARSE_DECL_SPGEMM
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSpGEMM_copy(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstSpMatDescr_t matB,
    const void* beta, hipsparseSpMatDescr_t matC, hipDataType computeType,
    hipsparseSpGEMMAlg_t alg, hipsparseSpGEMMDescr_t spgemmDescr);

/* -- sparse vector operations: y = alpha x + beta y (Axpby), x = y at
 * x's indices (Gather), y = x at x's indices (Scatter). */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseAxpby(
    hipsparseHandle_t handle, const void* alpha,
    hipsparseConstSpVecDescr_t vecX, const void* beta,
    hipsparseDnVecDescr_t vecY);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGather(
    hipsparseHandle_t handle, hipsparseConstDnVecDescr_t vecY,
    hipsparseSpVecDescr_t vecX);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseScatter(
    hipsparseHandle_t handle, hipsparseConstSpVecDescr_t vecX,
    hipsparseDnVecDescr_t vecY);

/* -- the legacy API's matrix descriptor, and the few legacy routines
 * there are: nnz (per row or column of a column-major dense matrix, and
 * in all), CreateIdentityPermutation, Xcsrsort (each row's column indices
 * in order, P permuted alike; its buffer size is 0 on the CPU device). */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateMatDescr(
    hipsparseMatDescr_t* descrA);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroyMatDescr(
    hipsparseMatDescr_t descrA);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetMatType(
    hipsparseMatDescr_t descrA, hipsparseMatrixType_t type);
HIPSPARSE_EXPORT hipsparseMatrixType_t hipsparseGetMatType(
    const hipsparseMatDescr_t descrA);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetMatFillMode(
    hipsparseMatDescr_t descrA, hipsparseFillMode_t fillMode);
HIPSPARSE_EXPORT hipsparseFillMode_t hipsparseGetMatFillMode(
    const hipsparseMatDescr_t descrA);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetMatDiagType(
    hipsparseMatDescr_t descrA, hipsparseDiagType_t diagType);
HIPSPARSE_EXPORT hipsparseDiagType_t hipsparseGetMatDiagType(
    const hipsparseMatDescr_t descrA);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetMatIndexBase(
    hipsparseMatDescr_t descrA, hipsparseIndexBase_t base);
HIPSPARSE_EXPORT hipsparseIndexBase_t hipsparseGetMatIndexBase(
    const hipsparseMatDescr_t descrA);
#define HIPSPARSE_DECL_NNZ(P, T)                                             \
  HIPSPARSE_EXPORT hipsparseStatus_t hipsparse##P##nnz(                      \
      hipsparseHandle_t handle, hipsparseDirection_t dirA, int m, int n,     \
      const hipsparseMatDescr_t descrA, const T* A, int lda,                 \
      int* nnzPerRowColumn, int* nnzTotalDevHostPtr);
HIPSPARSE_DECL_NNZ(S, float)
HIPSPARSE_DECL_NNZ(D, double)
HIPSPARSE_DECL_NNZ(C, hipComplex)
HIPSPARSE_DECL_NNZ(Z, hipDoubleComplex)
#undef HIPSPARSE_DECL_NNZ
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateIdentityPermutation(
    hipsparseHandle_t handle, int n, int* p);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseXcsrsort_bufferSizeExt(
    hipsparseHandle_t handle, int m, int n, int nnz, const int* csrRowPtr,
    const int* csrColInd, size_t* pBufferSizeInBytes);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseXcsrsort(
    hipsparseHandle_t handle, int m, int n, int nnz,
    const hipsparseMatDescr_t descrA, const int* csrRowPtr, int* csrColInd,
    int* P, void* pBuffer);

/* -- csrilu02: incomplete LU with no fill-in (ILU(0)) of a CSR matrix
 * with sorted columns, in place; the first zero pivot (row + index base)
 * from Xcsrilu02_zeroPivot, pivots of magnitude <= tol replaced with
 * numericBoost. */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreateCsrilu02Info(
    csrilu02Info_t* info);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroyCsrilu02Info(
    csrilu02Info_t info);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseXcsrilu02_zeroPivot(
    hipsparseHandle_t handle, csrilu02Info_t info, int* position);
#define HIPSPARSE_DECL_CSRILU02(P, T)                                        \
  HIPSPARSE_EXPORT hipsparseStatus_t hipsparse##P##csrilu02_numericBoost(    \
      hipsparseHandle_t handle, csrilu02Info_t info, int enable_boost,       \
      double* tol, T* boost_val);                                            \
  HIPSPARSE_EXPORT hipsparseStatus_t hipsparse##P##csrilu02_bufferSize(      \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, T* csrSortedValA,                    \
      const int* csrSortedRowPtrA, const int* csrSortedColIndA,              \
      csrilu02Info_t info, int* pBufferSizeInBytes);                         \
  HIPSPARSE_EXPORT hipsparseStatus_t hipsparse##P##csrilu02_analysis(        \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, const T* csrSortedValA,              \
      const int* csrSortedRowPtrA, const int* csrSortedColIndA,              \
      csrilu02Info_t info, hipsparseSolvePolicy_t policy, void* pBuffer);    \
  HIPSPARSE_EXPORT hipsparseStatus_t hipsparse##P##csrilu02(                 \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, T* csrSortedValA_valM,               \
      const int* csrSortedRowPtrA, const int* csrSortedColIndA,              \
      csrilu02Info_t info, hipsparseSolvePolicy_t policy, void* pBuffer);
HIPSPARSE_DECL_CSRILU02(S, float)
HIPSPARSE_DECL_CSRILU02(D, double)
HIPSPARSE_DECL_CSRILU02(C, hipComplex)
HIPSPARSE_DECL_CSRILU02(Z, hipDoubleComplex)
#undef HIPSPARSE_DECL_CSRILU02

/* -- conversions between a sparse matrix (CSR, COO) and a dense one. The
 * analysis of DenseToSparse counts B's nonzeros (its nnz, and a CSR B's
 * row offsets), waiting for the handle's stream; convert writes B's
 * indices and values, set with CsrSetPointers meanwhile. On the CPU device
 * no buffer is used (size 0). */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSparseToDense_bufferSize(
    hipsparseHandle_t handle, hipsparseConstSpMatDescr_t matA,
    hipsparseDnMatDescr_t matB, hipsparseSparseToDenseAlg_t alg,
    size_t* bufferSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSparseToDense(
    hipsparseHandle_t handle, hipsparseConstSpMatDescr_t matA,
    hipsparseDnMatDescr_t matB, hipsparseSparseToDenseAlg_t alg,
    void* externalBuffer);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDenseToSparse_bufferSize(
    hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
    hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
    size_t* bufferSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDenseToSparse_analysis(
    hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
    hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
    void* externalBuffer);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDenseToSparse_convert(
    hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
    hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
    void* externalBuffer);

/* -- csr2csc (32-bit indices): the transpose's CSR, i.e. A in CSC. */
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCsr2cscEx2_bufferSize(
    hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
    const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
    int* cscRowInd, hipDataType valType, hipsparseAction_t copyValues,
    hipsparseIndexBase_t idxBase, hipsparseCsr2CscAlg_t alg,
    size_t* bufferSize);
HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCsr2cscEx2(
    hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
    const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
    int* cscRowInd, hipDataType valType, hipsparseAction_t copyValues,
    hipsparseIndexBase_t idxBase, hipsparseCsr2CscAlg_t alg, void* buffer);
#define HIPSPARSE_DECL_CSR2CSC(P, T)                                         \
  HIPSPARSE_EXPORT hipsparseStatus_t hipsparse##P##csr2csc(                  \
      hipsparseHandle_t handle, int m, int n, int nnz, const T* csrVal,      \
      const int* csrRowPtr, const int* csrColInd, T* cscVal, int* cscRowInd, \
      int* cscColPtr, hipsparseAction_t copyValues,                          \
      hipsparseIndexBase_t idxBase);
HIPSPARSE_DECL_CSR2CSC(S, float)
HIPSPARSE_DECL_CSR2CSC(D, double)
HIPSPARSE_DECL_CSR2CSC(C, hipComplex)
HIPSPARSE_DECL_CSR2CSC(Z, hipDoubleComplex)
#undef HIPSPARSE_DECL_CSR2CSC

#ifdef __cplusplus
}
#endif
#endif
