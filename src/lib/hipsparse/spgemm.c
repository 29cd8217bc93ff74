/* SpGEMM: C = alpha op(A) op(B) + beta C with CSR A, B, C. The CPU device
 * forms the product row by row (Gustavson's method, a dense accumulator
 * per row) at compute, keeps it in the descriptor, and writes it into C's
 * arrays at copy; both wait for the handle's stream and run on the calling
 * thread. */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct sp_spgemm {
  unsigned magic;
  int64_t rows, nnz;
  int64_t* ptr;          /* the product, base 0 */
  int64_t* ind;
  double complex* val;
  void* cu;              /* cusparseSpGEMMDescr_t */
};

#define SP_MAGIC_SPGEMM 0x48535047u

static void drop_product(struct sp_spgemm* d) {
  free(d->ptr);
  free(d->ind);
  free(d->val);
  d->ptr = d->ind = NULL;
  d->val = NULL;
  d->nnz = 0;
}

hipsparseStatus_t hipsparseSpGEMM_createDescr(hipsparseSpGEMMDescr_t* out) {
  SP_CHECK(out, HIPSPARSE_STATUS_INVALID_VALUE);
  struct sp_spgemm* d = calloc(1, sizeof *d);
  SP_CHECK(d, HIPSPARSE_STATUS_ALLOC_FAILED);
  d->magic = SP_MAGIC_SPGEMM;
  *out = d;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpGEMM_destroyDescr(hipsparseSpGEMMDescr_t d) {
  SP_CHECK(d && d->magic == SP_MAGIC_SPGEMM, HIPSPARSE_STATUS_INVALID_VALUE);
  if (d->cu) {
    int (*f)(void*) =
        (int (*)(void*))hipsparse__cu_sym("cusparseSpGEMM_destroyDescr");
    if (f) f(d->cu);
  }
  drop_product(d);
  d->magic = 0;
  free(d);
  return HIPSPARSE_STATUS_SUCCESS;
}

static void* cu_descr(struct sp_spgemm* d) {
  if (!d->cu) {
    int (*f)(void**) =
        (int (*)(void**))hipsparse__cu_sym("cusparseSpGEMM_createDescr");
    if (!f || f(&d->cu) != 0) d->cu = NULL;
  }
  return d->cu;
}

/* The product of A and B (alpha applied) into d. */
static hipsparseStatus_t multiply(struct sp_spgemm* d, const sp_mat* A,
                                  const sp_mat* B, double complex al) {
  drop_product(d);
  int64_t m = A->rows, n = B->cols;
  d->rows = m;
  d->ptr = malloc(sizeof(int64_t) * (size_t)(m + 1));
  double complex* acc = calloc((size_t)(n ? n : 1), sizeof *acc);
  int64_t* mark = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  int64_t* cols = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  int64_t cap = 64;
  d->ind = malloc(sizeof(int64_t) * (size_t)cap);
  d->val = malloc(sizeof(double complex) * (size_t)cap);
  if (!d->ptr || !acc || !mark || !cols || !d->ind || !d->val) {
    free(acc); free(mark); free(cols);
    drop_product(d);
    return HIPSPARSE_STATUS_ALLOC_FAILED;
  }
  for (int64_t c = 0; c < n; c++) mark[c] = -1;
  int64_t nnz = 0;
  for (int64_t r = 0; r < m; r++) {
    d->ptr[r] = nnz;
    int64_t count = 0;
    int64_t pa1 = hipsparse__ix(A->ptr, A->ptr_type, r + 1) - A->base;
    for (int64_t pa = hipsparse__ix(A->ptr, A->ptr_type, r) - A->base;
         pa < pa1; pa++) {
      int64_t k = hipsparse__ix(A->ind, A->ind_type, pa) - A->base;
      double complex a = hipsparse__load(A->type, A->val, pa);
      int64_t pb1 = hipsparse__ix(B->ptr, B->ptr_type, k + 1) - B->base;
      for (int64_t pb = hipsparse__ix(B->ptr, B->ptr_type, k) - B->base;
           pb < pb1; pb++) {
        int64_t c = hipsparse__ix(B->ind, B->ind_type, pb) - B->base;
        if (mark[c] != r) {
          mark[c] = r;
          acc[c] = 0;
          cols[count++] = c;
        }
        acc[c] += a * hipsparse__load(B->type, B->val, pb);
      }
    }
    /* Columns in order, as cuSPARSE's result has them. */
    for (int64_t i = 1; i < count; i++)
      for (int64_t q = i; q > 0 && cols[q - 1] > cols[q]; q--) {
        int64_t t = cols[q];
        cols[q] = cols[q - 1];
        cols[q - 1] = t;
      }
    if (nnz + count > cap) {
      while (nnz + count > cap) cap *= 2;
      int64_t* ni = realloc(d->ind, sizeof(int64_t) * (size_t)cap);
      if (ni) d->ind = ni;
      double complex* nv = realloc(d->val, sizeof(double complex) * (size_t)cap);
      if (nv) d->val = nv;
      if (!ni || !nv) {
        free(acc); free(mark); free(cols);
        drop_product(d);
        return HIPSPARSE_STATUS_ALLOC_FAILED;
      }
    }
    for (int64_t i = 0; i < count; i++) {
      d->ind[nnz] = cols[i];
      d->val[nnz++] = al * acc[cols[i]];
    }
  }
  d->ptr[m] = nnz;
  d->nnz = nnz;
  free(acc); free(mark); free(cols);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* copy: C's arrays from the product, C = product + beta C. */
static void run_copy(const sp_job* j) {
  const sp_mat* C = &j->A;
  const struct sp_spgemm* d = (const struct sp_spgemm*)j->csr_val;
  double complex be = hipsparse__load(C->type, j->beta_ptr ? j->beta_ptr : j->beta, 0);
  for (int64_t r = 0; r <= d->rows; r++)
    hipsparse__set_ix(C->ptr, C->ptr_type, r, d->ptr[r] + C->base);
  for (int64_t p = 0; p < d->nnz; p++) {
    hipsparse__set_ix(C->ind, C->ind_type, p, d->ind[p] + C->base);
    double complex old = be == 0 ? 0 : hipsparse__load(C->type, C->val, p);
    hipsparse__store(C->type, C->val, p, d->val[p] + be * old);
  }
}

static hipsparseStatus_t check(sp_handle* h, hipsparseOperation_t opA,
                               hipsparseOperation_t opB, const void* alpha,
                               const sp_mat* A, const sp_mat* B,
                               const void* beta, const sp_mat* C,
                               struct sp_spgemm* d) {
  SP_CHECK(h && alpha && beta && A && B && C && d &&
               A->magic == SP_MAGIC_SPMAT && B->magic == SP_MAGIC_SPMAT &&
               C->magic == SP_MAGIC_SPMAT && d->magic == SP_MAGIC_SPGEMM,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(opA >= HIPSPARSE_OPERATION_NON_TRANSPOSE &&
               opA <= HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE &&
               opB >= HIPSPARSE_OPERATION_NON_TRANSPOSE &&
               opB <= HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE,
           HIPSPARSE_STATUS_INVALID_VALUE);
  int ta = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  int tb = opB != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  SP_CHECK((ta ? A->rows : A->cols) == (tb ? B->cols : B->rows) &&
               (ta ? A->cols : A->rows) == C->rows &&
               (tb ? B->rows : B->cols) == C->cols,
           HIPSPARSE_STATUS_INVALID_VALUE);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* What the CPU device runs: op N, CSR, one value type. */
static int cpu_ok(hipsparseOperation_t opA, hipsparseOperation_t opB,
                  const sp_mat* A, const sp_mat* B, const sp_mat* C,
                  hipDataType t) {
  return opA == HIPSPARSE_OPERATION_NON_TRANSPOSE &&
         opB == HIPSPARSE_OPERATION_NON_TRANSPOSE &&
         A->format == HIPSPARSE_FORMAT_CSR &&
         B->format == HIPSPARSE_FORMAT_CSR &&
         C->format == HIPSPARSE_FORMAT_CSR && A->type == t && B->type == t &&
         C->type == t && hipsparse__type_size(t) != 0;
}

#define OPEN()                                                               \
  sp_handle* h = hipsparse__handle(handle);                                  \
  void* native;                                                              \
  do {                                                                       \
    hipsparseStatus_t st_ = check(h, opA, opB, alpha, matA, matB, beta,      \
                                  matC, spgemmDescr);                        \
    if (st_ == HIPSPARSE_STATUS_SUCCESS) st_ = hipsparse__route(h, &native); \
    if (st_ != HIPSPARSE_STATUS_SUCCESS) return st_;                         \
  } while (0)

#define CU_OPERANDS()                                                        \
  void* a = hipsparse__cu_mat((sp_mat*)matA);                                \
  void* b = hipsparse__cu_mat((sp_mat*)matB);                                \
  void* c = hipsparse__cu_mat(matC);                                         \
  void* cd = cu_descr(spgemmDescr);                                          \
  SP_CHECK(a && b && c && cd, HIPSPARSE_STATUS_NOT_SUPPORTED)

#define CU_PROTO(...)                                                        \
  (void*, int, int, const void*, void*, void*, const void*, void*, int, int, \
   void* __VA_ARGS__)

hipsparseStatus_t hipsparseSpGEMM_workEstimation(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstSpMatDescr_t matB,
    const void* beta, hipsparseSpMatDescr_t matC, hipDataType computeType,
    hipsparseSpGEMMAlg_t alg, hipsparseSpGEMMDescr_t spgemmDescr,
    size_t* bufferSize1, void* externalBuffer1) {
  OPEN();
  SP_CHECK(bufferSize1, HIPSPARSE_STATUS_INVALID_VALUE);
  if (native) {
    CU_OPERANDS();
    SP_CU_CALL(h, native, cusparseSpGEMM_workEstimation,
               CU_PROTO(, size_t*, void*),
               (cu, opA, opB, alpha, a, b, beta, c, computeType, alg, cd,
                bufferSize1, externalBuffer1));
  }
  SP_CHECK(cpu_ok(opA, opB, matA, matB, matC, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  *bufferSize1 = 0;
  (void)externalBuffer1;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpGEMM_compute(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstSpMatDescr_t matB,
    const void* beta, hipsparseSpMatDescr_t matC, hipDataType computeType,
    hipsparseSpGEMMAlg_t alg, hipsparseSpGEMMDescr_t spgemmDescr,
    size_t* bufferSize2, void* externalBuffer2) {
  OPEN();
  SP_CHECK(bufferSize2, HIPSPARSE_STATUS_INVALID_VALUE);
  sp_mat* C = matC;
  if (native) {
    CU_OPERANDS();
    typedef int(*fn_t) CU_PROTO(, size_t*, void*);
    typedef int (*size_fn)(void*, int64_t*, int64_t*, int64_t*);
    fn_t f = (fn_t)hipsparse__cu_sym("cusparseSpGEMM_compute");
    size_fn g = (size_fn)hipsparse__cu_sym("cusparseSpMatGetSize");
    SP_CHECK(f && g, HIPSPARSE_STATUS_NOT_SUPPORTED);
    void* cu = hipsparse__cu_begin(h, native);
    SP_CHECK(cu, HIPSPARSE_STATUS_NOT_SUPPORTED);
    int64_t rows, cols, nnz;
    int st = f(cu, opA, opB, alpha, a, b, beta, c, computeType, alg, cd,
               bufferSize2, externalBuffer2);
    if (st == 0 && externalBuffer2) st = g(c, &rows, &cols, &nnz);
    hipsparse__cu_end(h);
    if (st == 0 && externalBuffer2) C->nnz = nnz;
    return (hipsparseStatus_t)st;
  }
  SP_CHECK(cpu_ok(opA, opB, matA, matB, matC, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  /* The size query computes too: its size, 0, gives programs a NULL
   * buffer for the call that follows. */
  *bufferSize2 = 0;
  SP_CHECK(hipStreamSynchronize(h->stream) == hipSuccess,
           HIPSPARSE_STATUS_EXECUTION_FAILED);
  double complex al = hipsparse__load(computeType, alpha, 0);
  hipsparseStatus_t s = multiply(spgemmDescr, matA, matB, al);
  if (s == HIPSPARSE_STATUS_SUCCESS) C->nnz = spgemmDescr->nnz;
  return s;
}

hipsparseStatus_t hipsparseSpGEMM_copy(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstSpMatDescr_t matB,
    const void* beta, hipsparseSpMatDescr_t matC, hipDataType computeType,
    hipsparseSpGEMMAlg_t alg, hipsparseSpGEMMDescr_t spgemmDescr) {
  OPEN();
  if (native) {
    CU_OPERANDS();
    SP_CU_CALL(h, native, cusparseSpGEMM_copy, CU_PROTO(),
               (cu, opA, opB, alpha, a, b, beta, c, computeType, alg, cd));
  }
  SP_CHECK(cpu_ok(opA, opB, matA, matB, matC, computeType),
           HIPSPARSE_STATUS_NOT_SUPPORTED);
  const sp_mat* C = matC;
  SP_CHECK(spgemmDescr->ptr && spgemmDescr->rows == C->rows &&
               spgemmDescr->nnz == C->nnz && C->ptr &&
               (C->nnz == 0 || (C->ind && C->val)),
           HIPSPARSE_STATUS_INVALID_VALUE);
  /* Done here once the stream is idle: programs destroy the descriptor,
   * which holds the product, right after the call. */
  sp_job j = {.run = run_copy, .A = *C, .csr_val = spgemmDescr};
  SP_CHECK(hipStreamSynchronize(h->stream) == hipSuccess,
           HIPSPARSE_STATUS_EXECUTION_FAILED);
  hipsparse__scalars(h, &j, beta, beta, hipsparse__type_size(computeType));
  run_copy(&j);
  return HIPSPARSE_STATUS_SUCCESS;
}
