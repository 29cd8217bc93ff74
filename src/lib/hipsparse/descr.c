/* Descriptors of sparse matrices (CSR, COO), dense vectors and dense
 * matrices. */
#include <stdlib.h>

#include "internal.h"

/* The parts every descriptor kind shares (their first field is the
 * magic number). */
hipsparseStatus_t hipsparse__destroy(void* d, void* cu) {
  SP_CHECK(d, HIPSPARSE_STATUS_INVALID_VALUE);
  unsigned* magic = d;
  if (cu) hipsparse__cu_destroy_descr(*magic, cu);
  *magic = 0;
  free(d);
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparse__get_values(const void* d, void* val,
                                        void** values) {
  SP_CHECK(d && values, HIPSPARSE_STATUS_INVALID_VALUE);
  *values = val;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparse__set_values(const void* d, void** field,
                                        void* cu, void* values) {
  *field = values;
  if (cu) hipsparse__cu_set_values(*(const unsigned*)d, cu, values);
  return HIPSPARSE_STATUS_SUCCESS;
}

static int valid_index(hipsparseIndexType_t t) {
  return t == HIPSPARSE_INDEX_16U || t == HIPSPARSE_INDEX_32I ||
         t == HIPSPARSE_INDEX_64I;
}

static int valid_base(hipsparseIndexBase_t b) {
  return b == HIPSPARSE_INDEX_BASE_ZERO || b == HIPSPARSE_INDEX_BASE_ONE;
}

static hipsparseStatus_t create_sparse(
    hipsparseSpMatDescr_t* out, hipsparseFormat_t format, int64_t rows,
    int64_t cols, int64_t nnz, void* ptr, void* ind, void* val,
    hipsparseIndexType_t ptr_type, hipsparseIndexType_t ind_type,
    hipsparseIndexBase_t base, hipDataType type) {
  SP_CHECK(out, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(rows >= 0 && cols >= 0 && nnz >= 0 && nnz <= rows * cols,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(valid_index(ptr_type) && valid_index(ind_type) && valid_base(base),
           HIPSPARSE_STATUS_INVALID_VALUE);
  /* CSR row offsets exist whenever there are rows. */
  SP_CHECK(ptr || (format == HIPSPARSE_FORMAT_CSR ? rows == 0 : nnz == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK((ind && val) || nnz == 0, HIPSPARSE_STATUS_INVALID_VALUE);
  sp_mat* m = calloc(1, sizeof *m);
  SP_CHECK(m, HIPSPARSE_STATUS_ALLOC_FAILED);
  *m = (sp_mat){SP_MAGIC_SPMAT, format, rows, cols, nnz, ptr, ind, val,
                ptr_type, ind_type, base, type, NULL, 0, 0, 0, 0, 0};
  *out = m;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseCreateCsr(
    hipsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
    int64_t nnz, void* csrRowOffsets, void* csrColInd, void* csrValues,
    hipsparseIndexType_t csrRowOffsetsType,
    hipsparseIndexType_t csrColIndType, hipsparseIndexBase_t idxBase,
    hipDataType valueType) {
  return create_sparse(spMatDescr, HIPSPARSE_FORMAT_CSR, rows, cols, nnz,
                       csrRowOffsets, csrColInd, csrValues, csrRowOffsetsType,
                       csrColIndType, idxBase, valueType);
}

hipsparseStatus_t hipsparseCreateCoo(
    hipsparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
    int64_t nnz, void* cooRowInd, void* cooColInd, void* cooValues,
    hipsparseIndexType_t cooIdxType, hipsparseIndexBase_t idxBase,
    hipDataType valueType) {
  return create_sparse(spMatDescr, HIPSPARSE_FORMAT_COO, rows, cols, nnz,
                       cooRowInd, cooColInd, cooValues, cooIdxType,
                       cooIdxType, idxBase, valueType);
}

static sp_mat* as_mat(hipsparseConstSpMatDescr_t d) {
  sp_mat* m = (sp_mat*)d;
  return m && m->magic == SP_MAGIC_SPMAT ? m : NULL;
}

hipsparseStatus_t hipsparseDestroySpMat(hipsparseConstSpMatDescr_t d) {
  sp_mat* m = as_mat(d);
  return hipsparse__destroy(m, m ? m->cu : NULL);
}

hipsparseStatus_t hipsparseCsrGet(
    const hipsparseSpMatDescr_t d, int64_t* rows, int64_t* cols,
    int64_t* nnz, void** csrRowOffsets, void** csrColInd, void** csrValues,
    hipsparseIndexType_t* csrRowOffsetsType,
    hipsparseIndexType_t* csrColIndType, hipsparseIndexBase_t* idxBase,
    hipDataType* valueType) {
  sp_mat* m = as_mat(d);
  SP_CHECK(m && m->format == HIPSPARSE_FORMAT_CSR && rows && cols && nnz &&
               csrRowOffsets && csrColInd && csrValues && csrRowOffsetsType &&
               csrColIndType && idxBase && valueType,
           HIPSPARSE_STATUS_INVALID_VALUE);
  *rows = m->rows;
  *cols = m->cols;
  *nnz = m->nnz;
  *csrRowOffsets = m->ptr;
  *csrColInd = m->ind;
  *csrValues = m->val;
  *csrRowOffsetsType = m->ptr_type;
  *csrColIndType = m->ind_type;
  *idxBase = m->base;
  *valueType = m->type;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseCsrSetPointers(hipsparseSpMatDescr_t d,
                                          void* csrRowOffsets,
                                          void* csrColInd, void* csrValues) {
  sp_mat* m = as_mat(d);
  SP_CHECK(m && m->format == HIPSPARSE_FORMAT_CSR && csrRowOffsets &&
               ((csrColInd && csrValues) || m->nnz == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  m->ptr = csrRowOffsets;
  m->ind = csrColInd;
  m->val = csrValues;
  if (m->cu) {  /* the twin is remade at its next use */
    hipsparse__cu_destroy_descr(SP_MAGIC_SPMAT, m->cu);
    m->cu = NULL;
  }
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpMatGetSize(hipsparseConstSpMatDescr_t d,
                                        int64_t* rows, int64_t* cols,
                                        int64_t* nnz) {
  sp_mat* m = as_mat(d);
  SP_CHECK(m && rows && cols && nnz, HIPSPARSE_STATUS_INVALID_VALUE);
  *rows = m->rows;
  *cols = m->cols;
  *nnz = m->nnz;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpMatGetFormat(hipsparseConstSpMatDescr_t d,
                                          hipsparseFormat_t* format) {
  sp_mat* m = as_mat(d);
  SP_CHECK(m && format, HIPSPARSE_STATUS_INVALID_VALUE);
  *format = m->format;
  return HIPSPARSE_STATUS_SUCCESS;
}

/* The twin of `m` is remade at its next use, with its new batches. */
static void forget_twin(unsigned magic, void** cu) {
  if (*cu) hipsparse__cu_destroy_descr(magic, *cu);
  *cu = NULL;
}

hipsparseStatus_t hipsparseCsrSetStridedBatch(hipsparseSpMatDescr_t d,
                                              int batchCount,
                                              int64_t offsetsBatchStride,
                                              int64_t columnsValuesBatchStride) {
  sp_mat* m = as_mat(d);
  SP_CHECK(m && m->format == HIPSPARSE_FORMAT_CSR && batchCount > 0 &&
               offsetsBatchStride >= 0 && columnsValuesBatchStride >= 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  m->batch = batchCount;
  m->ptr_stride = offsetsBatchStride;
  m->ind_stride = columnsValuesBatchStride;
  forget_twin(SP_MAGIC_SPMAT, &m->cu);
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseCooSetStridedBatch(hipsparseSpMatDescr_t d,
                                              int batchCount,
                                              int64_t batchStride) {
  sp_mat* m = as_mat(d);
  SP_CHECK(m && m->format == HIPSPARSE_FORMAT_COO && batchCount > 0 &&
               batchStride >= 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  m->batch = batchCount;
  m->ptr_stride = m->ind_stride = batchStride;
  forget_twin(SP_MAGIC_SPMAT, &m->cu);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* -- dense */

hipsparseStatus_t hipsparseCreateDnVec(hipsparseDnVecDescr_t* out,
                                       int64_t size, void* values,
                                       hipDataType valueType) {
  SP_CHECK(out && size >= 0 && (values || size == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  sp_vec* v = calloc(1, sizeof *v);
  SP_CHECK(v, HIPSPARSE_STATUS_ALLOC_FAILED);
  *v = (sp_vec){SP_MAGIC_DNVEC, size, values, valueType, NULL};
  *out = v;
  return HIPSPARSE_STATUS_SUCCESS;
}

static sp_vec* as_vec(hipsparseConstDnVecDescr_t d) {
  sp_vec* v = (sp_vec*)d;
  return v && v->magic == SP_MAGIC_DNVEC ? v : NULL;
}

hipsparseStatus_t hipsparseDestroyDnVec(hipsparseConstDnVecDescr_t d) {
  sp_vec* v = as_vec(d);
  return hipsparse__destroy(v, v ? v->cu : NULL);
}

hipsparseStatus_t hipsparseDnVecGetValues(const hipsparseDnVecDescr_t d,
                                          void** values) {
  sp_vec* v = as_vec(d);
  return hipsparse__get_values(v, v ? v->val : NULL, values);
}

hipsparseStatus_t hipsparseDnVecSetValues(hipsparseDnVecDescr_t d,
                                          void* values) {
  sp_vec* v = as_vec(d);
  SP_CHECK(v && (values || v->size == 0), HIPSPARSE_STATUS_INVALID_VALUE);
  return hipsparse__set_values(v, &v->val, v->cu, values);
}

hipsparseStatus_t hipsparseCreateDnMat(hipsparseDnMatDescr_t* out,
                                       int64_t rows, int64_t cols,
                                       int64_t ld, void* values,
                                       hipDataType valueType,
                                       hipsparseOrder_t order) {
  SP_CHECK(out && rows >= 0 && cols >= 0, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(order == HIPSPARSE_ORDER_COL || order == HIPSPARSE_ORDER_ROW,
           HIPSPARSE_STATUS_INVALID_VALUE);
  int64_t inner = order == HIPSPARSE_ORDER_COL ? rows : cols;
  SP_CHECK(ld >= (inner > 1 ? inner : 1), HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(values || rows == 0 || cols == 0, HIPSPARSE_STATUS_INVALID_VALUE);
  sp_dense* m = calloc(1, sizeof *m);
  SP_CHECK(m, HIPSPARSE_STATUS_ALLOC_FAILED);
  *m = (sp_dense){SP_MAGIC_DNMAT, rows, cols, ld, values, valueType, order,
                  NULL, 0, 0};
  *out = m;
  return HIPSPARSE_STATUS_SUCCESS;
}

static sp_dense* as_dense(hipsparseConstDnMatDescr_t d) {
  sp_dense* m = (sp_dense*)d;
  return m && m->magic == SP_MAGIC_DNMAT ? m : NULL;
}

hipsparseStatus_t hipsparseDestroyDnMat(hipsparseConstDnMatDescr_t d) {
  sp_dense* m = as_dense(d);
  return hipsparse__destroy(m, m ? m->cu : NULL);
}

hipsparseStatus_t hipsparseDnMatGetValues(const hipsparseDnMatDescr_t d,
                                          void** values) {
  sp_dense* m = as_dense(d);
  return hipsparse__get_values(m, m ? m->val : NULL, values);
}

hipsparseStatus_t hipsparseDnMatSetValues(hipsparseDnMatDescr_t d,
                                          void* values) {
  sp_dense* m = as_dense(d);
  SP_CHECK(m && values, HIPSPARSE_STATUS_INVALID_VALUE);
  return hipsparse__set_values(m, &m->val, m->cu, values);
}

hipsparseStatus_t hipsparseDnMatSetStridedBatch(hipsparseDnMatDescr_t d,
                                                int batchCount,
                                                int64_t batchStride) {
  sp_dense* m = as_dense(d);
  SP_CHECK(m && batchCount > 0 && batchStride >= 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  m->batch = batchCount;
  m->stride = batchStride;
  forget_twin(SP_MAGIC_DNMAT, &m->cu);
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseDnMatGetStridedBatch(hipsparseConstDnMatDescr_t d,
                                                int* batchCount,
                                                int64_t* batchStride) {
  sp_dense* m = as_dense(d);
  SP_CHECK(m && batchCount && batchStride, HIPSPARSE_STATUS_INVALID_VALUE);
  *batchCount = m->batch > 0 ? m->batch : 1;
  *batchStride = m->stride;
  return HIPSPARSE_STATUS_SUCCESS;
}
