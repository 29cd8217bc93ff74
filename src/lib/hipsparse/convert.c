/* SparseToDense and DenseToSparse: checks, then the CPU kernels (below,
 * as jobs on the handle's stream) or cuSPARSE. */
#include <string.h>

#include "internal.h"

/* Whether the value at `p` of type `t` is not zero (complex: either
 * part), as cuSPARSE's test. */
static int nonzero(hipDataType t, const void* p) {
  switch (t) {
    case HIP_R_32F: return *(const float*)p != 0;
    case HIP_R_64F: return *(const double*)p != 0;
    case HIP_C_32F: return ((const float*)p)[0] != 0 || ((const float*)p)[1] != 0;
    default: return ((const double*)p)[0] != 0 || ((const double*)p)[1] != 0;
  }
}

/* Element (r, c) of a dense matrix. */
static char* at(const sp_dense* d, int64_t r, int64_t c, size_t es) {
  int64_t i = d->order == HIPSPARSE_ORDER_ROW ? r * d->ld + c : c * d->ld + r;
  return (char*)d->val + i * (int64_t)es;
}

/* B = A: B zeroed, then A's values put in place. */
static void run_sparse_to_dense(const sp_job* j) {
  const sp_mat* A = &j->A;
  const sp_dense* B = &j->C;
  size_t es = hipsparse__type_size(A->type);
  for (int64_t r = 0; r < B->rows; r++)
    for (int64_t c = 0; c < B->cols; c++) memset(at(B, r, c, es), 0, es);
  int64_t b = A->base;
  for (int64_t p = 0, r = 0; p < A->nnz; p++) {
    if (A->format == HIPSPARSE_FORMAT_CSR) {
      while (hipsparse__ix(A->ptr, A->ptr_type, r + 1) - b <= p) r++;
    } else {
      r = hipsparse__ix(A->ptr, A->ptr_type, p) - b;
    }
    int64_t c = hipsparse__ix(A->ind, A->ind_type, p) - b;
    memcpy(at(B, r, c, es), (const char*)A->val + p * (int64_t)es, es);
  }
}

/* Dense A's nonzeros, row after row: with `fill` 0 only counted (a CSR
 * B's row offsets written), else B's indices and values written too. */
static int64_t dense_to_sparse(const sp_dense* A, const sp_mat* B, int fill) {
  size_t es = hipsparse__type_size(A->type);
  int64_t n = 0, b = B->base;
  int csr = B->format == HIPSPARSE_FORMAT_CSR;
  for (int64_t r = 0; r < A->rows; r++) {
    if (csr && !fill) hipsparse__set_ix(B->ptr, B->ptr_type, r, n + b);
    for (int64_t c = 0; c < A->cols; c++) {
      const char* v = at(A, r, c, es);
      if (!nonzero(A->type, v)) continue;
      if (fill) {
        if (!csr) hipsparse__set_ix(B->ptr, B->ptr_type, n, r + b);
        hipsparse__set_ix(B->ind, B->ind_type, n, c + b);
        memcpy((char*)B->val + n * (int64_t)es, v, es);
      }
      n++;
    }
  }
  if (csr && !fill) hipsparse__set_ix(B->ptr, B->ptr_type, A->rows, n + b);
  return n;
}

static void run_dense_to_sparse(const sp_job* j) {
  dense_to_sparse(&j->B, &j->A, 1);
}

/* The checks of both directions: a sparse and a dense matrix of one size
 * and value type. */
static hipsparseStatus_t check(sp_handle* h, const sp_mat* s,
                               const sp_dense* d, int alg) {
  SP_CHECK(h && s && d && s->magic == SP_MAGIC_SPMAT &&
               d->magic == SP_MAGIC_DNMAT && alg == 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(s->rows == d->rows && s->cols == d->cols && s->type == d->type,
           HIPSPARSE_STATUS_INVALID_VALUE);
  return HIPSPARSE_STATUS_SUCCESS;
}

#define OPEN(h, handle, s, d, alg)                                           \
  sp_handle* h = hipsparse__handle(handle);                                  \
  void* native;                                                              \
  do {                                                                       \
    hipsparseStatus_t st_ = check(h, s, d, alg);                             \
    if (st_ == HIPSPARSE_STATUS_SUCCESS) st_ = hipsparse__route(h, &native); \
    if (st_ != HIPSPARSE_STATUS_SUCCESS) return st_;                         \
  } while (0)

hipsparseStatus_t hipsparseSparseToDense_bufferSize(
    hipsparseHandle_t handle, hipsparseConstSpMatDescr_t matA,
    hipsparseDnMatDescr_t matB, hipsparseSparseToDenseAlg_t alg,
    size_t* bufferSize) {
  OPEN(h, handle, matA, matB, alg);
  SP_CHECK(bufferSize, HIPSPARSE_STATUS_INVALID_VALUE);
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* b = hipsparse__cu_dense(matB);
    SP_CHECK(a && b, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseSparseToDense_bufferSize,
               (void*, void*, void*, int, size_t*),
               (cu, a, b, alg, bufferSize));
  }
  SP_CHECK(hipsparse__type_size(((const sp_mat*)matA)->type),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  *bufferSize = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSparseToDense(hipsparseHandle_t handle,
                                         hipsparseConstSpMatDescr_t matA,
                                         hipsparseDnMatDescr_t matB,
                                         hipsparseSparseToDenseAlg_t alg,
                                         void* externalBuffer) {
  OPEN(h, handle, matA, matB, alg);
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* b = hipsparse__cu_dense(matB);
    SP_CHECK(a && b, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseSparseToDense,
               (void*, void*, void*, int, void*),
               (cu, a, b, alg, externalBuffer));
  }
  sp_job j = {.run = run_sparse_to_dense, .A = *(const sp_mat*)matA,
              .C = *(const sp_dense*)matB};
  SP_CHECK(hipsparse__type_size(j.A.type), HIPSPARSE_STATUS_NOT_SUPPORTED);
  SP_CHECK(j.A.nnz == 0 || (j.A.ind && j.A.val),
           HIPSPARSE_STATUS_INVALID_VALUE);
  return hipsparse__submit(h, &j);
}

hipsparseStatus_t hipsparseDenseToSparse_bufferSize(
    hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
    hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
    size_t* bufferSize) {
  OPEN(h, handle, matB, matA, alg);
  SP_CHECK(bufferSize, HIPSPARSE_STATUS_INVALID_VALUE);
  if (native) {
    void* a = hipsparse__cu_dense((sp_dense*)matA);
    void* b = hipsparse__cu_mat(matB);
    SP_CHECK(a && b, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseDenseToSparse_bufferSize,
               (void*, void*, void*, int, size_t*),
               (cu, a, b, alg, bufferSize));
  }
  SP_CHECK(hipsparse__type_size(((const sp_dense*)matA)->type),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  *bufferSize = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseDenseToSparse_analysis(
    hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
    hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
    void* externalBuffer) {
  OPEN(h, handle, matB, matA, alg);
  sp_mat* B = matB;
  if (native) {
    void* a = hipsparse__cu_dense((sp_dense*)matA);
    void* b = hipsparse__cu_mat(B);
    SP_CHECK(a && b, HIPSPARSE_STATUS_NOT_SUPPORTED);
    typedef int (*analysis_t)(void*, void*, void*, int, void*);
    typedef int (*size_t_)(void*, int64_t*, int64_t*, int64_t*);
    analysis_t f = (analysis_t)hipsparse__cu_sym(
        "cusparseDenseToSparse_analysis");
    size_t_ g = (size_t_)hipsparse__cu_sym("cusparseSpMatGetSize");
    SP_CHECK(f && g, HIPSPARSE_STATUS_NOT_SUPPORTED);
    void* cu = hipsparse__cu_begin(h, native);
    SP_CHECK(cu, HIPSPARSE_STATUS_NOT_SUPPORTED);
    int64_t rows, cols, nnz;
    int st = f(cu, a, b, alg, externalBuffer);
    if (st == 0) st = g(b, &rows, &cols, &nnz);
    hipsparse__cu_end(h);
    if (st == 0) B->nnz = nnz;  /* cuSPARSE's twin has it already */
    return (hipsparseStatus_t)st;
  }
  const sp_dense* A = matA;
  SP_CHECK(hipsparse__type_size(A->type), HIPSPARSE_STATUS_NOT_SUPPORTED);
  SP_CHECK(hipStreamSynchronize(h->stream) == hipSuccess,
           HIPSPARSE_STATUS_EXECUTION_FAILED);
  B->nnz = dense_to_sparse(A, B, 0);
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseDenseToSparse_convert(
    hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
    hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
    void* externalBuffer) {
  OPEN(h, handle, matB, matA, alg);
  if (native) {
    void* a = hipsparse__cu_dense((sp_dense*)matA);
    void* b = hipsparse__cu_mat(matB);
    SP_CHECK(a && b, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseDenseToSparse_convert,
               (void*, void*, void*, int, void*),
               (cu, a, b, alg, externalBuffer));
  }
  sp_job j = {.run = run_dense_to_sparse, .A = *(const sp_mat*)matB,
              .B = *(const sp_dense*)matA};
  SP_CHECK(hipsparse__type_size(j.B.type), HIPSPARSE_STATUS_NOT_SUPPORTED);
  SP_CHECK(j.A.nnz == 0 || (j.A.ind && j.A.val && j.A.ptr),
           HIPSPARSE_STATUS_INVALID_VALUE);
  return hipsparse__submit(h, &j);
}
