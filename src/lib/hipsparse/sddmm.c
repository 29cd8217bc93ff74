/* SDDMM: C = alpha (op(A) op(B)) at C's nonzeros + beta C, with dense A
 * and B and a sparse (CSR, COO) C, in strided batches. */
#include <complex.h>

#include "../common/parallel.h"
#include "internal.h"

static int valid_op(hipsparseOperation_t op) {
  return op == HIPSPARSE_OPERATION_NON_TRANSPOSE ||
         op == HIPSPARSE_OPERATION_TRANSPOSE ||
         op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

/* Element (r, c) of op(M) for dense M, batch `b`. */
static double complex op_at(const sp_dense* M, hipsparseOperation_t op,
                            int b, int64_t r, int64_t c) {
  if (op != HIPSPARSE_OPERATION_NON_TRANSPOSE) {
    int64_t t = r;
    r = c;
    c = t;
  }
  int64_t i = M->order == HIPSPARSE_ORDER_ROW ? r * M->ld + c : c * M->ld + r;
  double complex v = hipsparse__load(M->type, M->val, b * M->stride + i);
  return op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? conj(v) : v;
}

typedef struct ctx {
  const sp_job* j;
  double complex al, be;
  int b;
} ctx;

/* Nonzeros [p0, p1) of batch k->b: each a dot product of a row of op(A)
 * and a column of op(B). */
static void sddmm_range(void* c, int64_t p0, int64_t p1) {
  const ctx* k = c;
  const sp_job* j = k->j;
  const sp_mat* C = &j->A;
  int b = k->b;
  const char* ptr = (const char*)C->ptr;
  const char* ind = (const char*)C->ind;
  size_t ps = C->ptr_type == HIPSPARSE_INDEX_16U ? 2
            : C->ptr_type == HIPSPARSE_INDEX_32I ? 4 : 8;
  size_t is = C->ind_type == HIPSPARSE_INDEX_16U ? 2
            : C->ind_type == HIPSPARSE_INDEX_32I ? 4 : 8;
  const void* bptr = ptr + b * C->ptr_stride * (int64_t)ps;
  const void* bind = ind + b * C->ind_stride * (int64_t)is;
  int64_t voff = b * C->ind_stride, base = C->base;
  int64_t kk = j->opA == HIPSPARSE_OPERATION_NON_TRANSPOSE ? j->B.cols
                                                           : j->B.rows;
  int64_t r = 0;
  if (C->format == HIPSPARSE_FORMAT_CSR) {  /* the row of nonzero p0 */
    int64_t lo = 0, hi = C->rows;
    while (lo < hi) {
      int64_t mid = (lo + hi) / 2;
      if (hipsparse__ix(bptr, C->ptr_type, mid + 1) - base <= p0) lo = mid + 1;
      else hi = mid;
    }
    r = lo;
  }
  for (int64_t p = p0; p < p1; p++) {
    if (C->format == HIPSPARSE_FORMAT_CSR) {
      while (hipsparse__ix(bptr, C->ptr_type, r + 1) - base <= p) r++;
    } else {
      r = hipsparse__ix(bptr, C->ptr_type, p) - base;
    }
    int64_t col = hipsparse__ix(bind, C->ind_type, p) - base;
    double complex s = 0;
    for (int64_t l = 0; l < kk; l++)
      s += op_at(&j->B, j->opA, b, r, l) * op_at(&j->C, j->opB, b, l, col);
    double complex old =
        k->be == 0 ? 0 : hipsparse__load(C->type, C->val, voff + p);
    hipsparse__store(C->type, C->val, voff + p, k->al * s + k->be * old);
  }
}

static void run_sddmm(const sp_job* j) {
  ctx k = {j, 0, 0, 0};
  hipDataType t = j->A.type;
  k.al = hipsparse__load(t, j->alpha_ptr ? j->alpha_ptr : j->alpha, 0);
  k.be = hipsparse__load(t, j->beta_ptr ? j->beta_ptr : j->beta, 0);
  int batches = j->A.batch > 0 ? j->A.batch : 1;
  for (k.b = 0; k.b < batches; k.b++)
    hipc_parallel_for(j->A.nnz, 256, sddmm_range, &k);
}

/* The checks of the three entry points; the job's parts in *j (A in B,
 * B in C, C in A). */
static hipsparseStatus_t check(sp_handle* h, hipsparseOperation_t opA,
                               hipsparseOperation_t opB, const void* alpha,
                               const sp_dense* A, const sp_dense* B,
                               const void* beta, const sp_mat* C,
                               hipDataType compute, int alg, sp_job* j) {
  SP_CHECK(h && alpha && beta && A && B && C && A->magic == SP_MAGIC_DNMAT &&
               B->magic == SP_MAGIC_DNMAT && C->magic == SP_MAGIC_SPMAT &&
               valid_op(opA) && valid_op(opB) && alg == 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  int ta = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  int tb = opB != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  int64_t m = ta ? A->cols : A->rows, k = ta ? A->rows : A->cols;
  int64_t kb = tb ? B->cols : B->rows, n = tb ? B->rows : B->cols;
  SP_CHECK(m == C->rows && n == C->cols && k == kb,
           HIPSPARSE_STATUS_INVALID_VALUE);
  int batches = C->batch > 0 ? C->batch : 1;
  SP_CHECK((A->batch > 0 ? A->batch : 1) == batches &&
               (B->batch > 0 ? B->batch : 1) == batches,
           HIPSPARSE_STATUS_INVALID_VALUE);
  *j = (sp_job){.run = run_sddmm, .opA = opA, .opB = opB, .A = *C,
                .B = *A, .C = *B};
  (void)compute;
  return HIPSPARSE_STATUS_SUCCESS;
}

/* Whether the CPU device runs these types: one value type everywhere. */
static int cpu_types(const sp_job* j, hipDataType compute) {
  return j->A.type == compute && j->B.type == compute &&
         j->C.type == compute && hipsparse__type_size(compute) != 0;
}

/* The three entry points: the buffer's size, the optional preprocessing
 * and the product. */
static hipsparseStatus_t sddmm(sp_sddmm_stage stage,
                               hipsparseHandle_t handle,
                               hipsparseOperation_t opA,
                               hipsparseOperation_t opB, const void* alpha,
                               hipsparseConstDnMatDescr_t A,
                               hipsparseConstDnMatDescr_t B, const void* beta,
                               hipsparseSpMatDescr_t C,
                               hipDataType computeType, int alg, void* buffer,
                               size_t* size) {
  sp_handle* h = hipsparse__handle(handle);
  sp_job j;
  void* native;
  hipsparseStatus_t st =
      check(h, opA, opB, alpha, A, B, beta, C, computeType, alg, &j);
  if (st == HIPSPARSE_STATUS_SUCCESS && stage == SP_SDDMM_SIZE && !size)
    st = HIPSPARSE_STATUS_INVALID_VALUE;
  if (st == HIPSPARSE_STATUS_SUCCESS) st = hipsparse__route(h, &native);
  if (st != HIPSPARSE_STATUS_SUCCESS) return st;
  if (native) {
    sp_sddmm_args a = {stage, opA, opB, alpha, beta, (sp_dense*)A,
                       (sp_dense*)B, C, computeType, alg, buffer, size};
    return hipsparse__cu_sddmm(h, native, &a);
  }
  SP_CHECK(cpu_types(&j, computeType), HIPSPARSE_STATUS_NOT_SUPPORTED);
  if (stage == SP_SDDMM_SIZE) *size = 0;
  if (stage != SP_SDDMM_COMPUTE || j.A.nnz == 0)
    return HIPSPARSE_STATUS_SUCCESS;
  hipsparse__scalars(h, &j, alpha, beta, hipsparse__type_size(computeType));
  return hipsparse__submit(h, &j);
}

hipsparseStatus_t hipsparseSDDMM_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha, hipsparseConstDnMatDescr_t A,
    hipsparseConstDnMatDescr_t B, const void* beta, hipsparseSpMatDescr_t C,
    hipDataType computeType, hipsparseSDDMMAlg_t alg, size_t* bufferSize) {
  return sddmm(SP_SDDMM_SIZE, handle, opA, opB, alpha, A, B, beta, C,
               computeType, alg, NULL, bufferSize);
}

hipsparseStatus_t hipsparseSDDMM_preprocess(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha, hipsparseConstDnMatDescr_t A,
    hipsparseConstDnMatDescr_t B, const void* beta, hipsparseSpMatDescr_t C,
    hipDataType computeType, hipsparseSDDMMAlg_t alg, void* tempBuffer) {
  return sddmm(SP_SDDMM_PREPROCESS, handle, opA, opB, alpha, A, B, beta, C,
               computeType, alg, tempBuffer, NULL);
}

hipsparseStatus_t hipsparseSDDMM(
    hipsparseHandle_t handle, hipsparseOperation_t opA,
    hipsparseOperation_t opB, const void* alpha, hipsparseConstDnMatDescr_t A,
    hipsparseConstDnMatDescr_t B, const void* beta, hipsparseSpMatDescr_t C,
    hipDataType computeType, hipsparseSDDMMAlg_t alg, void* tempBuffer) {
  return sddmm(SP_SDDMM_COMPUTE, handle, opA, opB, alpha, A, B, beta, C,
               computeType, alg, tempBuffer, NULL);
}
