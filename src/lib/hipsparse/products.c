/* The generic SpMV and SpMM, and csr2csc: checks, then the CPU kernels
 * (as jobs on the handle's stream) or cuSPARSE. */
#include <string.h>

#include "internal.h"

static int valid_op(hipsparseOperation_t op) {
  return op == HIPSPARSE_OPERATION_NON_TRANSPOSE ||
         op == HIPSPARSE_OPERATION_TRANSPOSE ||
         op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

/* The scalars of a job, as the handle's pointer mode says. */
void hipsparse__scalars(sp_handle* h, sp_job* j, const void* alpha,
                        const void* beta, size_t size) {
  if (h->pointer_mode == HIPSPARSE_POINTER_MODE_DEVICE) {
    j->alpha_ptr = alpha;
    j->beta_ptr = beta;
  } else {
    memcpy(j->alpha, alpha, size);
    memcpy(j->beta, beta, size);
  }
}

/* The checks SpMV and its buffer size share; `*out` the job's parts. */
static hipsparseStatus_t spmv_check(sp_handle* h, hipsparseOperation_t opA,
                                    const void* alpha,
                                    hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnVecDescr_t vecX,
                                    const void* beta,
                                    hipsparseDnVecDescr_t vecY,
                                    hipDataType computeType, sp_job* out) {
  const sp_mat* A = matA;
  const sp_vec* x = vecX;
  const sp_vec* y = vecY;
  SP_CHECK(h && alpha && beta && A && x && y,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(A->magic == SP_MAGIC_SPMAT && x->magic == SP_MAGIC_DNVEC &&
               y->magic == SP_MAGIC_DNVEC && valid_op(opA),
           HIPSPARSE_STATUS_INVALID_VALUE);
  int trans = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  SP_CHECK(x->size == (trans ? A->rows : A->cols) &&
               y->size == (trans ? A->cols : A->rows),
           HIPSPARSE_STATUS_INVALID_VALUE);
  out->opA = opA;
  out->A = *A;
  out->x = *x;
  out->y = *y;
  (void)computeType;
  return HIPSPARSE_STATUS_SUCCESS;
}

/* The CPU device computes in the value type, the same for every operand. */
static int cpu_types(hipDataType a, hipDataType b, hipDataType c,
                     hipDataType compute) {
  return a == b && b == c && c == compute && hipsparse__type_size(a) != 0;
}

hipsparseStatus_t hipsparseSpMV_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t vecX,
    const void* beta, const hipsparseDnVecDescr_t vecY,
    hipDataType computeType, hipsparseSpMVAlg_t alg, size_t* bufferSize) {
  sp_handle* h = hipsparse__handle(handle);
  sp_job j = {0};
  hipsparseStatus_t s = spmv_check(h, opA, alpha, matA, vecX, beta, vecY,
                                   computeType, &j);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  SP_CHECK(bufferSize, HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* x = hipsparse__cu_vec((sp_vec*)vecX);
    void* y = hipsparse__cu_vec((sp_vec*)vecY);
    SP_CHECK(a && x && y, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseSpMV_bufferSize,
               (void*, int, const void*, void*, void*, const void*, void*,
                int, int, size_t*),
               (cu, opA, alpha, a, x, beta, y, computeType, alg, bufferSize));
  }
  SP_CHECK(cpu_types(j.A.type, j.x.type, j.y.type, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  *bufferSize = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpMV(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t vecX,
    const void* beta, const hipsparseDnVecDescr_t vecY,
    hipDataType computeType, hipsparseSpMVAlg_t alg, void* externalBuffer) {
  sp_handle* h = hipsparse__handle(handle);
  sp_job j = {0};
  hipsparseStatus_t s = spmv_check(h, opA, alpha, matA, vecX, beta, vecY,
                                   computeType, &j);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  void* native;
  s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* x = hipsparse__cu_vec((sp_vec*)vecX);
    void* y = hipsparse__cu_vec((sp_vec*)vecY);
    SP_CHECK(a && x && y, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseSpMV,
               (void*, int, const void*, void*, void*, const void*, void*,
                int, int, void*),
               (cu, opA, alpha, a, x, beta, y, computeType, alg,
                externalBuffer));
  }
  SP_CHECK(cpu_types(j.A.type, j.x.type, j.y.type, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  if (j.y.size == 0) return HIPSPARSE_STATUS_SUCCESS;
  j.run = hipsparse__run_spmv;
  hipsparse__scalars(h, &j, alpha, beta, hipsparse__type_size(computeType));
  return hipsparse__submit(h, &j);
}

static hipsparseStatus_t spmm_check(sp_handle* h, hipsparseOperation_t opA,
                                    hipsparseOperation_t opB,
                                    const void* alpha,
                                    hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnMatDescr_t matB,
                                    const void* beta,
                                    hipsparseDnMatDescr_t matC,
                                    sp_job* out) {
  const sp_mat* A = matA;
  const sp_dense* B = matB;
  const sp_dense* C = matC;
  SP_CHECK(h && alpha && beta && A && B && C,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(A->magic == SP_MAGIC_SPMAT && B->magic == SP_MAGIC_DNMAT &&
               C->magic == SP_MAGIC_DNMAT && valid_op(opA) && valid_op(opB),
           HIPSPARSE_STATUS_INVALID_VALUE);
  int ta = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  int tb = opB != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  int64_t m = ta ? A->cols : A->rows, k = ta ? A->rows : A->cols;
  SP_CHECK(C->rows == m && (tb ? B->cols : B->rows) == k &&
               (tb ? B->rows : B->cols) == C->cols,
           HIPSPARSE_STATUS_INVALID_VALUE);
  out->opA = opA;
  out->opB = opB;
  out->A = *A;
  out->B = *B;
  out->C = *C;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpMM_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,
    const void* beta, const hipsparseDnMatDescr_t matC,
    hipDataType computeType, hipsparseSpMMAlg_t alg, size_t* bufferSize) {
  sp_handle* h = hipsparse__handle(handle);
  sp_job j = {0};
  hipsparseStatus_t s =
      spmm_check(h, opA, opB, alpha, matA, matB, beta, matC, &j);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  SP_CHECK(bufferSize, HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* b = hipsparse__cu_dense((sp_dense*)matB);
    void* c = hipsparse__cu_dense((sp_dense*)matC);
    SP_CHECK(a && b && c, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseSpMM_bufferSize,
               (void*, int, int, const void*, void*, void*, const void*,
                void*, int, int, size_t*),
               (cu, opA, opB, alpha, a, b, beta, c, computeType, alg,
                bufferSize));
  }
  SP_CHECK(cpu_types(j.A.type, j.B.type, j.C.type, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  *bufferSize = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpMM(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,
    const void* beta, const hipsparseDnMatDescr_t matC,
    hipDataType computeType, hipsparseSpMMAlg_t alg, void* externalBuffer) {
  sp_handle* h = hipsparse__handle(handle);
  sp_job j = {0};
  hipsparseStatus_t s =
      spmm_check(h, opA, opB, alpha, matA, matB, beta, matC, &j);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  void* native;
  s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* b = hipsparse__cu_dense((sp_dense*)matB);
    void* c = hipsparse__cu_dense((sp_dense*)matC);
    SP_CHECK(a && b && c, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseSpMM,
               (void*, int, int, const void*, void*, void*, const void*,
                void*, int, int, void*),
               (cu, opA, opB, alpha, a, b, beta, c, computeType, alg,
                externalBuffer));
  }
  SP_CHECK(cpu_types(j.A.type, j.B.type, j.C.type, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  if (j.C.rows == 0 || j.C.cols == 0) return HIPSPARSE_STATUS_SUCCESS;
  j.run = hipsparse__run_spmm;
  hipsparse__scalars(h, &j, alpha, beta, hipsparse__type_size(computeType));
  return hipsparse__submit(h, &j);
}

/* -- csr2csc */

static hipsparseStatus_t csr2csc_check(sp_handle* h, int m, int n, int nnz,
                                       const void* csrVal,
                                       const int* csrRowPtr,
                                       const int* csrColInd, void* cscVal,
                                       int* cscColPtr, int* cscRowInd,
                                       hipsparseAction_t copyValues,
                                       hipsparseIndexBase_t base) {
  SP_CHECK(h && m >= 0 && n >= 0 && nnz >= 0, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(copyValues == HIPSPARSE_ACTION_SYMBOLIC ||
               copyValues == HIPSPARSE_ACTION_NUMERIC,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(base == HIPSPARSE_INDEX_BASE_ZERO ||
               base == HIPSPARSE_INDEX_BASE_ONE,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(csrRowPtr && cscColPtr, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(nnz == 0 || (csrColInd && cscRowInd &&
                        (copyValues == HIPSPARSE_ACTION_SYMBOLIC ||
                         (csrVal && cscVal))),
           HIPSPARSE_STATUS_INVALID_VALUE);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* cuSPARSE's csr2csc algorithm for hipSPARSE's (its default is ALG1). */
static int cu_csr2csc_alg(hipsparseCsr2CscAlg_t alg) {
  return alg == HIPSPARSE_CSR2CSC_ALG_DEFAULT ? 1 : (int)alg;
}

hipsparseStatus_t hipsparseCsr2cscEx2_bufferSize(
    hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
    const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
    int* cscRowInd, hipDataType valType, hipsparseAction_t copyValues,
    hipsparseIndexBase_t idxBase, hipsparseCsr2CscAlg_t alg,
    size_t* bufferSize) {
  sp_handle* h = hipsparse__handle(handle);
  hipsparseStatus_t s = csr2csc_check(h, m, n, nnz, csrVal, csrRowPtr,
                                      csrColInd, cscVal, cscColPtr,
                                      cscRowInd, copyValues, idxBase);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  SP_CHECK(bufferSize, HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native)
    SP_CU_CALL(h, native, cusparseCsr2cscEx2_bufferSize,
               (void*, int, int, int, const void*, const int*, const int*,
                void*, int*, int*, int, int, int, int, size_t*),
               (cu, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal,
                cscColPtr, cscRowInd, valType, copyValues, idxBase,
                cu_csr2csc_alg(alg), bufferSize));
  SP_CHECK(hipsparse__type_size(valType), HIPSPARSE_STATUS_NOT_SUPPORTED);
  *bufferSize = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseCsr2cscEx2(
    hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
    const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscColPtr,
    int* cscRowInd, hipDataType valType, hipsparseAction_t copyValues,
    hipsparseIndexBase_t idxBase, hipsparseCsr2CscAlg_t alg, void* buffer) {
  sp_handle* h = hipsparse__handle(handle);
  hipsparseStatus_t s = csr2csc_check(h, m, n, nnz, csrVal, csrRowPtr,
                                      csrColInd, cscVal, cscColPtr,
                                      cscRowInd, copyValues, idxBase);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  void* native;
  s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native)
    SP_CU_CALL(h, native, cusparseCsr2cscEx2,
               (void*, int, int, int, const void*, const int*, const int*,
                void*, int*, int*, int, int, int, int, void*),
               (cu, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal,
                cscColPtr, cscRowInd, valType, copyValues, idxBase,
                cu_csr2csc_alg(alg), buffer));
  SP_CHECK(hipsparse__type_size(valType), HIPSPARSE_STATUS_NOT_SUPPORTED);
  sp_job j = {.run = hipsparse__run_csr2csc, .m = m, .n = n, .nnz = nnz,
              .csr_val = csrVal, .csr_ptr = csrRowPtr, .csr_ind = csrColInd,
              .csc_val = cscVal, .csc_ptr = cscColPtr, .csc_ind = cscRowInd,
              .copy_values = copyValues == HIPSPARSE_ACTION_NUMERIC};
  j.A.base = idxBase;
  j.A.type = valType;
  return hipsparse__submit(h, &j);
}

/* The typed forms: csr2cscEx2 with a buffer of the size it asks for
 * (none on the CPU device; device memory, freed after, on a GPU). */
static hipsparseStatus_t csr2csc_typed(
    hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
    const int* csrRowPtr, const int* csrColInd, void* cscVal, int* cscRowInd,
    int* cscColPtr, hipsparseAction_t copyValues,
    hipsparseIndexBase_t idxBase, hipDataType type) {
  size_t size = 0;
  hipsparseStatus_t s = hipsparseCsr2cscEx2_bufferSize(
      handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr,
      cscRowInd, type, copyValues, idxBase, HIPSPARSE_CSR2CSC_ALG1, &size);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  void* buffer = NULL;
  if (size > 0 && hipMalloc(&buffer, size) != hipSuccess)
    return HIPSPARSE_STATUS_ALLOC_FAILED;
  s = hipsparseCsr2cscEx2(handle, m, n, nnz, csrVal, csrRowPtr, csrColInd,
                          cscVal, cscColPtr, cscRowInd, type, copyValues,
                          idxBase, HIPSPARSE_CSR2CSC_ALG1, buffer);
  if (buffer) hipFree(buffer);  /* waits for the conversion */
  return s;
}

#define CSR2CSC(P, T, TYPE)                                                  \
  hipsparseStatus_t hipsparse##P##csr2csc(                                   \
      hipsparseHandle_t handle, int m, int n, int nnz, const T* csrVal,      \
      const int* csrRowPtr, const int* csrColInd, T* cscVal, int* cscRowInd, \
      int* cscColPtr, hipsparseAction_t copyValues,                          \
      hipsparseIndexBase_t idxBase) {                                        \
    return csr2csc_typed(handle, m, n, nnz, csrVal, csrRowPtr, csrColInd,    \
                         cscVal, cscRowInd, cscColPtr, copyValues, idxBase,  \
                         TYPE);                                              \
  }
CSR2CSC(S, float, HIP_R_32F)
CSR2CSC(D, double, HIP_R_64F)
CSR2CSC(C, hipComplex, HIP_C_32F)
CSR2CSC(Z, hipDoubleComplex, HIP_C_64F)
