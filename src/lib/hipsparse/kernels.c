/* The CPU device's sparse kernels: SpMV and SpMM on CSR and COO (rows in
 * parallel for CSR without transposition; the transposed and COO forms
 * scatter, on one thread), and csr2csc (a counting sort). */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "../common/parallel.h"
#include "internal.h"

/* Index `i` of an index array of type `t`. */
static inline int64_t ix(const void* p, hipsparseIndexType_t t, int64_t i) {
  switch (t) {
    case HIPSPARSE_INDEX_16U: return ((const uint16_t*)p)[i];
    case HIPSPARSE_INDEX_32I: return ((const int32_t*)p)[i];
    default: return ((const int64_t*)p)[i];
  }
}

/* Rows of CSR work per thread: below this the loop stays on one thread. */
#define MIN_ROWS 2048

/* The kernels for one value type T (conjugate CONJ). */
#define SPARSE_KERNELS(SUF, T, CONJ)                                         \
  typedef struct ctx_##SUF {                                                 \
    const sp_job* j;                                                         \
    T al, be;                                                                \
  } ctx_##SUF;                                                               \
                                                                             \
  static inline T op_##SUF(hipsparseOperation_t op, T v) {                   \
    return op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? CONJ(v) : v;      \
  }                                                                          \
                                                                             \
  static void spmv_rows_##SUF(void* c, int64_t r0, int64_t r1) {             \
    const ctx_##SUF* k = c;                                                  \
    const sp_mat* A = &k->j->A;                                              \
    const T* val = A->val;                                                   \
    const T* x = k->j->x.val;                                                \
    T* y = k->j->y.val;                                                      \
    int64_t b = A->base;                                                     \
    for (int64_t r = r0; r < r1; r++) {                                      \
      T s = 0;                                                               \
      int64_t end = ix(A->ptr, A->ptr_type, r + 1) - b;                      \
      for (int64_t p = ix(A->ptr, A->ptr_type, r) - b; p < end; p++)         \
        s += val[p] * x[ix(A->ind, A->ind_type, p) - b];                     \
      y[r] = k->be == 0 ? k->al * s : k->al * s + k->be * y[r];              \
    }                                                                        \
  }                                                                          \
                                                                             \
  /* Row `r` of nonzero `p`: CSR walks rows, COO reads them. */              \
  static void spmv_##SUF(const sp_job* j) {                                  \
    ctx_##SUF k = {j, 0, 0};                                                 \
    memcpy(&k.al, j->alpha_ptr ? j->alpha_ptr : j->alpha, sizeof(T));        \
    memcpy(&k.be, j->beta_ptr ? j->beta_ptr : j->beta, sizeof(T));           \
    const sp_mat* A = &j->A;                                                 \
    if (A->format == HIPSPARSE_FORMAT_CSR &&                                 \
        j->opA == HIPSPARSE_OPERATION_NON_TRANSPOSE) {                       \
      hipc_parallel_for(A->rows, MIN_ROWS, spmv_rows_##SUF, &k);             \
      return;                                                                \
    }                                                                        \
    T* y = j->y.val;                                                         \
    const T* x = j->x.val;                                                   \
    const T* val = A->val;                                                   \
    for (int64_t i = 0; i < j->y.size; i++)                                  \
      y[i] = k.be == 0 ? 0 : k.be * y[i];                                    \
    int trans = j->opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;                 \
    int64_t b = A->base, r = 0;                                              \
    for (int64_t p = 0; p < A->nnz; p++) {                                   \
      if (A->format == HIPSPARSE_FORMAT_COO)                                 \
        r = ix(A->ptr, A->ptr_type, p) - b;                                  \
      else /* nonzeros past the last offset (a bad nnz) are not read */     \
        while (r < A->rows && ix(A->ptr, A->ptr_type, r + 1) - b <= p) r++;  \
      if (r >= A->rows) break;                                               \
      int64_t c = ix(A->ind, A->ind_type, p) - b;                            \
      T v = k.al * op_##SUF(j->opA, val[p]);                                 \
      if (trans) y[c] += v * x[r];                                           \
      else y[r] += v * x[c];                                                 \
    }                                                                        \
  }                                                                          \
                                                                             \
  static inline T* at_##SUF(const sp_dense* d, int64_t r, int64_t c) {       \
    T* v = d->val;                                                           \
    return d->order == HIPSPARSE_ORDER_COL ? &v[r + c * d->ld]               \
                                           : &v[r * d->ld + c];              \
  }                                                                          \
  /* op(B)(r, c). */                                                         \
  static inline T opb_##SUF(const sp_job* j, int64_t r, int64_t c) {         \
    if (j->opB == HIPSPARSE_OPERATION_NON_TRANSPOSE)                         \
      return *at_##SUF(&j->B, r, c);                                         \
    return op_##SUF(j->opB, *at_##SUF(&j->B, c, r));                         \
  }                                                                          \
                                                                             \
  static void spmm_rows_##SUF(void* c, int64_t r0, int64_t r1) {             \
    const ctx_##SUF* k = c;                                                  \
    const sp_job* j = k->j;                                                  \
    const sp_mat* A = &j->A;                                                 \
    const T* val = A->val;                                                   \
    int64_t b = A->base, n = j->C.cols;                                      \
    for (int64_t r = r0; r < r1; r++) {                                      \
      for (int64_t col = 0; col < n; col++) {                                \
        T* o = at_##SUF(&j->C, r, col);                                      \
        *o = k->be == 0 ? 0 : k->be * *o;                                    \
      }                                                                      \
      int64_t end = ix(A->ptr, A->ptr_type, r + 1) - b;                      \
      for (int64_t p = ix(A->ptr, A->ptr_type, r) - b; p < end; p++) {       \
        T a = k->al * val[p];                                                \
        int64_t s = ix(A->ind, A->ind_type, p) - b;                          \
        for (int64_t col = 0; col < n; col++)                                \
          *at_##SUF(&j->C, r, col) += a * opb_##SUF(j, s, col);              \
      }                                                                      \
    }                                                                        \
  }                                                                          \
                                                                             \
  static void spmm_##SUF(const sp_job* j) {                                  \
    ctx_##SUF k = {j, 0, 0};                                                 \
    memcpy(&k.al, j->alpha_ptr ? j->alpha_ptr : j->alpha, sizeof(T));        \
    memcpy(&k.be, j->beta_ptr ? j->beta_ptr : j->beta, sizeof(T));           \
    const sp_mat* A = &j->A;                                                 \
    if (A->format == HIPSPARSE_FORMAT_CSR &&                                 \
        j->opA == HIPSPARSE_OPERATION_NON_TRANSPOSE) {                       \
      hipc_parallel_for(A->rows, MIN_ROWS / 16, spmm_rows_##SUF, &k);        \
      return;                                                                \
    }                                                                        \
    int64_t n = j->C.cols;                                                   \
    for (int64_t r = 0; r < j->C.rows; r++)                                  \
      for (int64_t col = 0; col < n; col++) {                                \
        T* o = at_##SUF(&j->C, r, col);                                      \
        *o = k.be == 0 ? 0 : k.be * *o;                                      \
      }                                                                      \
    const T* val = A->val;                                                   \
    int trans = j->opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;                 \
    int64_t b = A->base, r = 0;                                              \
    for (int64_t p = 0; p < A->nnz; p++) {                                   \
      if (A->format == HIPSPARSE_FORMAT_COO)                                 \
        r = ix(A->ptr, A->ptr_type, p) - b;                                  \
      else /* nonzeros past the last offset (a bad nnz) are not read */     \
        while (r < A->rows && ix(A->ptr, A->ptr_type, r + 1) - b <= p) r++;  \
      if (r >= A->rows) break;                                               \
      int64_t c = ix(A->ind, A->ind_type, p) - b;                            \
      T a = k.al * op_##SUF(j->opA, val[p]);                                 \
      int64_t dst = trans ? c : r, src = trans ? r : c;                      \
      for (int64_t col = 0; col < n; col++)                                  \
        *at_##SUF(&j->C, dst, col) += a * opb_##SUF(j, src, col);            \
    }                                                                        \
  }

#define SAME(v) (v)
SPARSE_KERNELS(s, float, SAME)
SPARSE_KERNELS(d, double, SAME)
SPARSE_KERNELS(c, float complex, conjf)
SPARSE_KERNELS(z, double complex, conj)

void hipsparse__run_spmv(const sp_job* j) {
  switch (j->A.type) {
    case HIP_R_32F: spmv_s(j); break;
    case HIP_R_64F: spmv_d(j); break;
    case HIP_C_32F: spmv_c(j); break;
    default: spmv_z(j); break;
  }
}

void hipsparse__run_spmm(const sp_job* j) {
  switch (j->A.type) {
    case HIP_R_32F: spmm_s(j); break;
    case HIP_R_64F: spmm_d(j); break;
    case HIP_C_32F: spmm_c(j); break;
    default: spmm_z(j); break;
  }
}

/* CSC of an m x n CSR matrix: column counts, their prefix sums, then the
 * rows in order (so each column's row indices come out sorted). */
void hipsparse__run_csr2csc(const sp_job* j) {
  int b = j->A.base;
  size_t es = hipsparse__type_size(j->A.type);
  int* pos = malloc(sizeof(int) * ((size_t)j->n + 1));
  if (!pos) return;
  for (int c = 0; c <= j->n; c++) j->csc_ptr[c] = 0;
  for (int p = 0; p < j->nnz; p++) j->csc_ptr[j->csr_ind[p] - b + 1]++;
  for (int c = 0; c < j->n; c++) j->csc_ptr[c + 1] += j->csc_ptr[c];
  memcpy(pos, j->csc_ptr, sizeof(int) * ((size_t)j->n + 1));
  for (int r = 0; r < j->m; r++)
    for (int p = j->csr_ptr[r] - b; p < j->csr_ptr[r + 1] - b; p++) {
      int dst = pos[j->csr_ind[p] - b]++;
      j->csc_ind[dst] = r + b;
      if (j->copy_values)
        memcpy((char*)j->csc_val + dst * es,
               (const char*)j->csr_val + p * es, es);
    }
  for (int c = 0; c <= j->n; c++) j->csc_ptr[c] += b;
  free(pos);
}
