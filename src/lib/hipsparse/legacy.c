/* The legacy API's matrix descriptor and the legacy routines hipc has:
 * nnz, CreateIdentityPermutation, Xcsrsort (csrilu02 is csrilu02.c). */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

hipsparseStatus_t hipsparseCreateMatDescr(hipsparseMatDescr_t* descrA) {
  SP_CHECK(descrA, HIPSPARSE_STATUS_INVALID_VALUE);
  sp_matdescr* d = calloc(1, sizeof *d);
  SP_CHECK(d, HIPSPARSE_STATUS_ALLOC_FAILED);
  *d = (sp_matdescr){SP_MAGIC_MATDESCR, HIPSPARSE_MATRIX_TYPE_GENERAL,
                     HIPSPARSE_FILL_MODE_LOWER, HIPSPARSE_DIAG_TYPE_NON_UNIT,
                     HIPSPARSE_INDEX_BASE_ZERO};
  *descrA = d;
  return HIPSPARSE_STATUS_SUCCESS;
}

static sp_matdescr* as_descr(const hipsparseMatDescr_t d) {
  return d && d->magic == SP_MAGIC_MATDESCR ? d : NULL;
}

hipsparseStatus_t hipsparseDestroyMatDescr(hipsparseMatDescr_t descrA) {
  sp_matdescr* d = as_descr(descrA);
  SP_CHECK(d, HIPSPARSE_STATUS_INVALID_VALUE);
  d->magic = 0;
  free(d);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* Set and Get of one field, with its range of values. */
#define FIELD(NAME, T, field, LAST)                                          \
  hipsparseStatus_t hipsparseSetMat##NAME(hipsparseMatDescr_t descrA, T v) { \
    sp_matdescr* d = as_descr(descrA);                                       \
    SP_CHECK(d && (unsigned)v <= (LAST), HIPSPARSE_STATUS_INVALID_VALUE);    \
    d->field = v;                                                            \
    return HIPSPARSE_STATUS_SUCCESS;                                         \
  }                                                                          \
  T hipsparseGetMat##NAME(const hipsparseMatDescr_t descrA) {                \
    sp_matdescr* d = as_descr(descrA);                                       \
    return d ? d->field : (T)0;                                              \
  }
FIELD(Type, hipsparseMatrixType_t, type, HIPSPARSE_MATRIX_TYPE_TRIANGULAR)
FIELD(FillMode, hipsparseFillMode_t, fill, HIPSPARSE_FILL_MODE_UPPER)
FIELD(DiagType, hipsparseDiagType_t, diag, HIPSPARSE_DIAG_TYPE_UNIT)
FIELD(IndexBase, hipsparseIndexBase_t, base, HIPSPARSE_INDEX_BASE_ONE)
#undef FIELD

/* Calls cuSPARSE's legacy `NAME` with a cusparseMatDescr_t like `descr`
 * (as `md`), returning its status from the calling function. */
#define SP_CU_LEGACY(h, native, descr, NAME, PROTO, ARGS)                    \
  do {                                                                       \
    typedef int(*fn_t) PROTO;                                                \
    fn_t f_ = (fn_t)hipsparse__cu_sym(#NAME);                                \
    void* md = hipsparse__cu_matdescr(descr);                                \
    void* cu = f_ && md ? hipsparse__cu_begin(h, native) : NULL;             \
    if (!cu) {                                                               \
      hipsparse__cu_destroy_matdescr(md);                                    \
      return HIPSPARSE_STATUS_NOT_SUPPORTED;                                 \
    }                                                                        \
    int st_ = f_ ARGS;                                                       \
    hipsparse__cu_end(h);                                                    \
    hipsparse__cu_destroy_matdescr(md);                                      \
    return (hipsparseStatus_t)st_;                                           \
  } while (0)

/* Whether element `i` of a dense array of type `t` is not zero. */
static int nonzero(hipDataType t, const void* p, int64_t i) {
  switch (t) {
    case HIP_R_32F: return ((const float*)p)[i] != 0;
    case HIP_R_64F: return ((const double*)p)[i] != 0;
    case HIP_C_32F: return ((const float complex*)p)[i] != 0;
    default: return ((const double complex*)p)[i] != 0;
  }
}

/* nnz of each row (`dir` ROW) or column of the column-major m x n matrix
 * at `csr_val`, into `perm`, and their sum into `total`. */
static void run_nnz(const sp_job* j) {
  int rows = j->dir == HIPSPARSE_DIRECTION_ROW;
  int outer = rows ? j->m : j->n, inner = rows ? j->n : j->m;
  int sum = 0;
  for (int o = 0; o < outer; o++) {
    int count = 0;
    for (int i = 0; i < inner; i++) {
      int64_t r = rows ? o : i, c = rows ? i : o;
      count += nonzero(j->type, j->csr_val, r + c * (int64_t)j->lda);
    }
    j->perm[o] = count;
    sum += count;
  }
  *j->total = sum;
}

static hipsparseStatus_t nnz(hipsparseHandle_t handle, hipDataType type,
                             hipsparseDirection_t dirA, int m, int n,
                             const hipsparseMatDescr_t descrA, const void* A,
                             int lda, int* per, int* total,
                             const char* cu_name) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h && as_descr(descrA), HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(dirA == HIPSPARSE_DIRECTION_ROW ||
               dirA == HIPSPARSE_DIRECTION_COLUMN,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(m >= 0 && n >= 0 && lda >= (m > 1 ? m : 1),
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(total && ((A && per) || m == 0 || n == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  hipsparseStatus_t s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native) {
    typedef int (*fn_t)(void*, int, int, int, void*, const void*, int, int*,
                        int*);
    fn_t f = (fn_t)hipsparse__cu_sym(cu_name);
    void* md = hipsparse__cu_matdescr(descrA);
    void* cu = f && md ? hipsparse__cu_begin(h, native) : NULL;
    if (!cu) {
      hipsparse__cu_destroy_matdescr(md);
      return HIPSPARSE_STATUS_NOT_SUPPORTED;
    }
    int st = f(cu, dirA, m, n, md, A, lda, per, total);
    hipsparse__cu_end(h);
    hipsparse__cu_destroy_matdescr(md);
    return (hipsparseStatus_t)st;
  }
  sp_job j = {.run = run_nnz, .type = type, .dir = dirA, .m = m, .n = n,
              .csr_val = A, .lda = lda, .perm = per, .total = total};
  s = hipsparse__submit(h, &j);
  /* A total in host memory is there at the return, as cuSPARSE's. */
  if (s == HIPSPARSE_STATUS_SUCCESS &&
      h->pointer_mode == HIPSPARSE_POINTER_MODE_HOST &&
      hipStreamSynchronize(h->stream) != hipSuccess)
    s = HIPSPARSE_STATUS_EXECUTION_FAILED;
  return s;
}

#define NNZ(P, T, TYPE)                                                      \
  hipsparseStatus_t hipsparse##P##nnz(                                       \
      hipsparseHandle_t handle, hipsparseDirection_t dirA, int m, int n,     \
      const hipsparseMatDescr_t descrA, const T* A, int lda,                 \
      int* nnzPerRowColumn, int* nnzTotalDevHostPtr) {                       \
    return nnz(handle, TYPE, dirA, m, n, descrA, A, lda, nnzPerRowColumn,    \
               nnzTotalDevHostPtr, "cusparse" #P "nnz");                     \
  }
NNZ(S, float, HIP_R_32F)
NNZ(D, double, HIP_R_64F)
NNZ(C, hipComplex, HIP_C_32F)
NNZ(Z, hipDoubleComplex, HIP_C_64F)

static void run_identity(const sp_job* j) {
  for (int i = 0; i < j->n; i++) j->perm[i] = i;
}

hipsparseStatus_t hipsparseCreateIdentityPermutation(hipsparseHandle_t handle,
                                                     int n, int* p) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h && n >= 0 && (p || n == 0), HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  hipsparseStatus_t s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native)
    SP_CU_CALL(h, native, cusparseCreateIdentityPermutation,
               (void*, int, int*), (cu, n, p));
  if (n == 0) return HIPSPARSE_STATUS_SUCCESS;
  sp_job j = {.run = run_identity, .n = n, .perm = p};
  return hipsparse__submit(h, &j);
}

hipsparseStatus_t hipsparseXcsrsort_bufferSizeExt(
    hipsparseHandle_t handle, int m, int n, int nnz, const int* csrRowPtr,
    const int* csrColInd, size_t* pBufferSizeInBytes) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h && m >= 0 && n >= 0 && nnz >= 0 && pBufferSizeInBytes,
           HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  hipsparseStatus_t s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native)
    SP_CU_CALL(h, native, cusparseXcsrsort_bufferSizeExt,
               (void*, int, int, int, const int*, const int*, size_t*),
               (cu, m, n, nnz, csrRowPtr, csrColInd, pBufferSizeInBytes));
  *pBufferSizeInBytes = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

typedef struct pair {
  int col, p;
} pair;

static int by_col(const void* a, const void* b) {
  const pair* x = a;
  const pair* y = b;
  return x->col != y->col ? (x->col > y->col) - (x->col < y->col)
                          : (x->p > y->p) - (x->p < y->p);
}

/* Each row's (column, P) pairs sorted by column (ties by P). */
static void run_csrsort(const sp_job* j) {
  int b = j->copy_values;  /* the index base */
  pair* row = malloc(sizeof(pair) * (size_t)(j->nnz > 0 ? j->nnz : 1));
  if (!row) return;
  for (int r = 0; r < j->m; r++) {
    int p0 = j->csr_ptr[r] - b, p1 = j->csr_ptr[r + 1] - b;
    for (int p = p0; p < p1; p++)
      row[p - p0] = (pair){j->csc_ind[p], j->perm ? j->perm[p] : p};
    qsort(row, (size_t)(p1 - p0), sizeof(pair), by_col);
    for (int p = p0; p < p1; p++) {
      j->csc_ind[p] = row[p - p0].col;
      if (j->perm) j->perm[p] = row[p - p0].p;
    }
  }
  free(row);
}

hipsparseStatus_t hipsparseXcsrsort(hipsparseHandle_t handle, int m, int n,
                                    int nnz, const hipsparseMatDescr_t descrA,
                                    const int* csrRowPtr, int* csrColInd,
                                    int* P, void* pBuffer) {
  sp_handle* h = hipsparse__handle(handle);
  sp_matdescr* d = as_descr(descrA);
  SP_CHECK(h && d && m >= 0 && n >= 0 && nnz >= 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK((csrRowPtr || m == 0) && (csrColInd || nnz == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  hipsparseStatus_t s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native)
    SP_CU_LEGACY(h, native, d, cusparseXcsrsort,
                 (void*, int, int, int, void*, const int*, int*, int*,
                  void*),
                 (cu, m, n, nnz, md, csrRowPtr, csrColInd, P, pBuffer));
  if (m == 0 || nnz == 0) return HIPSPARSE_STATUS_SUCCESS;
  sp_job j = {.run = run_csrsort, .m = m, .n = n, .nnz = nnz,
              .csr_ptr = csrRowPtr, .csc_ind = csrColInd, .perm = P,
              .copy_values = d->base};
  return hipsparse__submit(h, &j);
}
