/* Triangular solves with a CSR matrix: SpSV (one right-hand side) and SpSM
 * (a dense matrix of them), A's triangle and diagonal set with
 * SpMatSetAttribute. The CPU device substitutes row after row, on one
 * thread, in double complex. */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* SpSV's and SpSM's descriptor: nothing on the CPU device; cuSPARSE's
 * own, made at the first GPU call. */
struct sp_spsv {
  unsigned magic;
  int sm;    /* SpSM's */
  void* cu;
};

static hipsparseStatus_t create_descr(struct sp_spsv** out, int sm) {
  SP_CHECK(out, HIPSPARSE_STATUS_INVALID_VALUE);
  struct sp_spsv* d = calloc(1, sizeof *d);
  SP_CHECK(d, HIPSPARSE_STATUS_ALLOC_FAILED);
  d->magic = SP_MAGIC_SPSV;
  d->sm = sm;
  *out = d;
  return HIPSPARSE_STATUS_SUCCESS;
}

static hipsparseStatus_t destroy_descr(struct sp_spsv* d, int sm) {
  SP_CHECK(d && d->magic == SP_MAGIC_SPSV && d->sm == sm,
           HIPSPARSE_STATUS_INVALID_VALUE);
  if (d->cu) {
    int (*f)(void*) = (int (*)(void*))hipsparse__cu_sym(
        sm ? "cusparseSpSM_destroyDescr" : "cusparseSpSV_destroyDescr");
    if (f) f(d->cu);
  }
  d->magic = 0;
  free(d);
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpSV_createDescr(hipsparseSpSVDescr_t* descr) {
  return create_descr(descr, 0);
}
hipsparseStatus_t hipsparseSpSV_destroyDescr(hipsparseSpSVDescr_t descr) {
  return destroy_descr(descr, 0);
}
hipsparseStatus_t hipsparseSpSM_createDescr(hipsparseSpSMDescr_t* descr) {
  return create_descr(descr, 1);
}
hipsparseStatus_t hipsparseSpSM_destroyDescr(hipsparseSpSMDescr_t descr) {
  return destroy_descr(descr, 1);
}

/* cuSPARSE's twin of `d`, made at its first use; NULL without cuSPARSE. */
static void* cu_descr(struct sp_spsv* d) {
  if (!d->cu) {
    int (*f)(void**) = (int (*)(void**))hipsparse__cu_sym(
        d->sm ? "cusparseSpSM_createDescr" : "cusparseSpSV_createDescr");
    if (!f || f(&d->cu) != 0) d->cu = NULL;
  }
  return d->cu;
}

hipsparseStatus_t hipsparseSpMatSetAttribute(hipsparseSpMatDescr_t d,
                                             hipsparseSpMatAttribute_t attr,
                                             const void* data,
                                             size_t dataSize) {
  sp_mat* m = d;
  SP_CHECK(m && m->magic == SP_MAGIC_SPMAT && data && dataSize == sizeof(int),
           HIPSPARSE_STATUS_INVALID_VALUE);
  int v;
  memcpy(&v, data, sizeof v);
  SP_CHECK((attr == HIPSPARSE_SPMAT_FILL_MODE ||
            attr == HIPSPARSE_SPMAT_DIAG_TYPE) && (v == 0 || v == 1),
           HIPSPARSE_STATUS_INVALID_VALUE);
  if (attr == HIPSPARSE_SPMAT_FILL_MODE) m->fill = v;
  else m->diag = v;
  if (m->cu) {  /* remade, with the attributes, at its next use */
    hipsparse__cu_destroy_descr(SP_MAGIC_SPMAT, m->cu);
    m->cu = NULL;
  }
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpMatGetAttribute(hipsparseConstSpMatDescr_t d,
                                             hipsparseSpMatAttribute_t attr,
                                             void* data, size_t dataSize) {
  const sp_mat* m = d;
  SP_CHECK(m && m->magic == SP_MAGIC_SPMAT && data && dataSize == sizeof(int),
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(attr == HIPSPARSE_SPMAT_FILL_MODE ||
               attr == HIPSPARSE_SPMAT_DIAG_TYPE,
           HIPSPARSE_STATUS_INVALID_VALUE);
  int v = attr == HIPSPARSE_SPMAT_FILL_MODE ? m->fill : m->diag;
  memcpy(data, &v, sizeof v);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* Solves op(A) y = b in place in `b` (n = A's rows). */
static void solve(const sp_mat* A, hipsparseOperation_t op,
                  double complex* b) {
  int64_t n = A->rows, base = A->base;
  int lower = A->fill == HIPSPARSE_FILL_MODE_LOWER;
  int unit = A->diag == HIPSPARSE_DIAG_TYPE_UNIT;
  int trans = op != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  int cj = op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  /* Rows forwards when op(A) is lower triangular, else backwards. */
  int forward = lower != trans;
  for (int64_t s = 0; s < n; s++) {
    int64_t i = forward ? s : n - 1 - s;
    int64_t p0 = hipsparse__ix(A->ptr, A->ptr_type, i) - base;
    int64_t p1 = hipsparse__ix(A->ptr, A->ptr_type, i + 1) - base;
    /* A missing diagonal is a zero one: the division gives inf or NaN,
     * as IEEE arithmetic has it (the system is singular). */
    double complex d = 0, sum = b[i];
    for (int64_t p = p0; p < p1; p++) {
      int64_t j = hipsparse__ix(A->ind, A->ind_type, p) - base;
      double complex a = hipsparse__load(A->type, A->val, p);
      if (j == i) d = cj ? conj(a) : a;
      else if (!trans && (lower ? j < i : j > i)) sum -= a * b[j];
    }
    b[i] = unit ? sum : sum / d;
    if (trans)  /* row i of A is column i of op(A): update what follows */
      for (int64_t p = p0; p < p1; p++) {
        int64_t j = hipsparse__ix(A->ind, A->ind_type, p) - base;
        if (lower ? j < i : j > i) {
          double complex a = hipsparse__load(A->type, A->val, p);
          b[j] -= (cj ? conj(a) : a) * b[i];
        }
      }
  }
}

/* Element (r, c) of op(M) for dense M. */
static int64_t at(const sp_dense* M, hipsparseOperation_t op, int64_t r,
                  int64_t c) {
  if (op != HIPSPARSE_OPERATION_NON_TRANSPOSE) {
    int64_t t = r;
    r = c;
    c = t;
  }
  return M->order == HIPSPARSE_ORDER_ROW ? r * M->ld + c : c * M->ld + r;
}

/* SpSV (`j->B.val` NULL) or SpSM: each right-hand side scaled by alpha,
 * solved, stored. */
static void run_spsv(const sp_job* j) {
  const sp_mat* A = &j->A;
  double complex al =
      hipsparse__load(A->type, j->alpha_ptr ? j->alpha_ptr : j->alpha, 0);
  int64_t n = A->rows;
  double complex* b = malloc(sizeof(double complex) * (size_t)(n ? n : 1));
  if (!b) return;
  int sm = j->B.magic == SP_MAGIC_DNMAT;
  int64_t nrhs = sm ? j->C.cols : 1;
  for (int64_t k = 0; k < nrhs; k++) {
    for (int64_t i = 0; i < n; i++)
      b[i] = al * (sm ? hipsparse__load(j->B.type, j->B.val, at(&j->B, j->opB, i, k))
                      : hipsparse__load(j->x.type, j->x.val, i));
    solve(A, j->opA, b);
    for (int64_t i = 0; i < n; i++) {
      if (sm) hipsparse__store(j->C.type, j->C.val, at(&j->C, HIPSPARSE_OPERATION_NON_TRANSPOSE, i, k), b[i]);
      else hipsparse__store(j->y.type, j->y.val, i, b[i]);
    }
  }
  free(b);
}

static int valid_op(hipsparseOperation_t op) {
  return op == HIPSPARSE_OPERATION_NON_TRANSPOSE ||
         op == HIPSPARSE_OPERATION_TRANSPOSE ||
         op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

/* The checks of SpSV's entry points; the job in *j. */
static hipsparseStatus_t spsv_check(sp_handle* h, hipsparseOperation_t opA,
                                    const void* alpha, const sp_mat* A,
                                    const sp_vec* x, const sp_vec* y,
                                    int alg, struct sp_spsv* d, sp_job* j) {
  SP_CHECK(h && alpha && A && x && y && d && A->magic == SP_MAGIC_SPMAT &&
               x->magic == SP_MAGIC_DNVEC && y->magic == SP_MAGIC_DNVEC &&
               d->magic == SP_MAGIC_SPSV && !d->sm && valid_op(opA) &&
               alg == 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(A->rows == A->cols && x->size == A->rows && y->size == A->rows,
           HIPSPARSE_STATUS_INVALID_VALUE);
  *j = (sp_job){.run = run_spsv, .opA = opA, .A = *A, .x = *x, .y = *y};
  return HIPSPARSE_STATUS_SUCCESS;
}

static int cpu_ok(const sp_job* j, hipDataType compute) {
  int sm = j->B.magic == SP_MAGIC_DNMAT;
  hipDataType in = sm ? j->B.type : j->x.type;
  hipDataType out = sm ? j->C.type : j->y.type;
  return j->A.format == HIPSPARSE_FORMAT_CSR && j->A.type == compute &&
         in == compute && out == compute &&
         hipsparse__type_size(compute) != 0;
}

typedef enum { SPSV_SIZE, SPSV_ANALYSIS, SPSV_SOLVE } spsv_stage;

/* SpSV's three entry points: the buffer's size (*size), the analysis (with
 * `buffer`) and the solve. */
static hipsparseStatus_t spsv(spsv_stage stage, hipsparseHandle_t handle,
                              hipsparseOperation_t opA, const void* alpha,
                              hipsparseConstSpMatDescr_t matA,
                              hipsparseConstDnVecDescr_t x,
                              const hipsparseDnVecDescr_t y,
                              hipDataType computeType, int alg,
                              hipsparseSpSVDescr_t spsvDescr, void* buffer,
                              size_t* size) {
  sp_handle* h = hipsparse__handle(handle);
  sp_job j;
  void* native;
  hipsparseStatus_t st =
      spsv_check(h, opA, alpha, matA, x, y, alg, spsvDescr, &j);
  if (st == HIPSPARSE_STATUS_SUCCESS && stage == SPSV_SIZE && !size)
    st = HIPSPARSE_STATUS_INVALID_VALUE;
  if (st == HIPSPARSE_STATUS_SUCCESS) st = hipsparse__route(h, &native);
  if (st != HIPSPARSE_STATUS_SUCCESS) return st;
  if (native) {
    void* a = hipsparse__cu_mat((sp_mat*)matA);
    void* cx = hipsparse__cu_vec((sp_vec*)x);
    void* cy = hipsparse__cu_vec(y);
    void* cd = cu_descr(spsvDescr);
    SP_CHECK(a && cx && cy && cd, HIPSPARSE_STATUS_NOT_SUPPORTED);
    if (stage == SPSV_SIZE)
      SP_CU_CALL(h, native, cusparseSpSV_bufferSize,
                 (void*, int, const void*, void*, void*, void*, int, int,
                  void*, size_t*),
                 (cu, opA, alpha, a, cx, cy, computeType, alg, cd, size));
    if (stage == SPSV_ANALYSIS)
      SP_CU_CALL(h, native, cusparseSpSV_analysis,
                 (void*, int, const void*, void*, void*, void*, int, int,
                  void*, void*),
                 (cu, opA, alpha, a, cx, cy, computeType, alg, cd, buffer));
    SP_CU_CALL(h, native, cusparseSpSV_solve,
               (void*, int, const void*, void*, void*, void*, int, int,
                void*),
               (cu, opA, alpha, a, cx, cy, computeType, alg, cd));
  }
  SP_CHECK(cpu_ok(&j, computeType), HIPSPARSE_STATUS_NOT_SUPPORTED);
  if (stage == SPSV_SIZE) *size = 0;
  if (stage != SPSV_SOLVE || j.A.rows == 0) return HIPSPARSE_STATUS_SUCCESS;
  hipsparse__scalars(h, &j, alpha, alpha, hipsparse__type_size(computeType));
  return hipsparse__submit(h, &j);
}

hipsparseStatus_t hipsparseSpSV_bufferSize(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t x,
    const hipsparseDnVecDescr_t y, hipDataType computeType,
    hipsparseSpSVAlg_t alg, hipsparseSpSVDescr_t spsvDescr,
    size_t* bufferSize) {
  return spsv(SPSV_SIZE, handle, opA, alpha, matA, x, y, computeType, alg,
              spsvDescr, NULL, bufferSize);
}

hipsparseStatus_t hipsparseSpSV_analysis(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t x,
    const hipsparseDnVecDescr_t y, hipDataType computeType,
    hipsparseSpSVAlg_t alg, hipsparseSpSVDescr_t spsvDescr,
    void* externalBuffer) {
  return spsv(SPSV_ANALYSIS, handle, opA, alpha, matA, x, y, computeType,
              alg, spsvDescr, externalBuffer, NULL);
}

hipsparseStatus_t hipsparseSpSV_solve(
    hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
    hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t x,
    const hipsparseDnVecDescr_t y, hipDataType computeType,
    hipsparseSpSVAlg_t alg, hipsparseSpSVDescr_t spsvDescr) {
  return spsv(SPSV_SOLVE, handle, opA, alpha, matA, x, y, computeType, alg,
              spsvDescr, NULL, NULL);
}

/* The checks of SpSM's entry points: op(A) (n x n) C (n x k) = op(B). */
static hipsparseStatus_t spsm_check(sp_handle* h, hipsparseOperation_t opA,
                                    hipsparseOperation_t opB,
                                    const void* alpha, const sp_mat* A,
                                    const sp_dense* B, const sp_dense* C,
                                    int alg, struct sp_spsv* d, sp_job* j) {
  SP_CHECK(h && alpha && A && B && C && d && A->magic == SP_MAGIC_SPMAT &&
               B->magic == SP_MAGIC_DNMAT && C->magic == SP_MAGIC_DNMAT &&
               d->magic == SP_MAGIC_SPSV && d->sm && valid_op(opA) &&
               valid_op(opB) && alg == 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  int tb = opB != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  SP_CHECK(A->rows == A->cols && C->rows == A->rows &&
               (tb ? B->cols : B->rows) == A->rows &&
               (tb ? B->rows : B->cols) == C->cols,
           HIPSPARSE_STATUS_INVALID_VALUE);
  *j = (sp_job){.run = run_spsv, .opA = opA, .opB = opB, .A = *A, .B = *B,
                .C = *C};
  return HIPSPARSE_STATUS_SUCCESS;
}

#define SPSM_ENTRY(NAME, LAST, CPU_WORK)                                     \
  hipsparseStatus_t hipsparse##NAME(                                         \
      hipsparseHandle_t handle, hipsparseOperation_t opA,                    \
      hipsparseOperation_t opB, const void* alpha,                           \
      hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,      \
      const hipsparseDnMatDescr_t matC, hipDataType computeType,             \
      hipsparseSpSMAlg_t alg, hipsparseSpSMDescr_t spsmDescr, LAST) {        \
    sp_handle* h = hipsparse__handle(handle);                                \
    sp_job j;                                                                \
    void* native;                                                            \
    hipsparseStatus_t s = spsm_check(h, opA, opB, alpha, matA, matB, matC,   \
                                     alg, spsmDescr, &j);                    \
    if (s == HIPSPARSE_STATUS_SUCCESS) s = hipsparse__route(h, &native);     \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    if (native) {                                                            \
      void* a = hipsparse__cu_mat((sp_mat*)matA);                            \
      void* b = hipsparse__cu_dense((sp_dense*)matB);                        \
      void* c = hipsparse__cu_dense(matC);                                   \
      void* cd = cu_descr(spsmDescr);                                        \
      SP_CHECK(a && b && c && cd, HIPSPARSE_STATUS_NOT_SUPPORTED);           \
      CU_##NAME;                                                             \
    }                                                                        \
    SP_CHECK(cpu_ok(&j, computeType), HIPSPARSE_STATUS_NOT_SUPPORTED);       \
    CPU_WORK;                                                                \
  }

#define SPSM_PROTO(LAST)                                                     \
  (void*, int, int, const void*, void*, void*, void*, int, int, void*, LAST)
#define CU_SpSM_bufferSize                                                   \
  SP_CU_CALL(h, native, cusparseSpSM_bufferSize, SPSM_PROTO(size_t*),        \
             (cu, opA, opB, alpha, a, b, c, computeType, alg, cd,            \
              bufferSize))
#define CU_SpSM_analysis                                                     \
  SP_CU_CALL(h, native, cusparseSpSM_analysis, SPSM_PROTO(void*),            \
             (cu, opA, opB, alpha, a, b, c, computeType, alg, cd,            \
              externalBuffer))
#define CU_SpSM_solve                                                        \
  (void)externalBuffer;                                                      \
  SP_CU_CALL(h, native, cusparseSpSM_solve,                                  \
             (void*, int, int, const void*, void*, void*, void*, int, int,   \
              void*),                                                        \
             (cu, opA, opB, alpha, a, b, c, computeType, alg, cd))

SPSM_ENTRY(SpSM_bufferSize, size_t* bufferSize,
           SP_CHECK(bufferSize, HIPSPARSE_STATUS_INVALID_VALUE);
           *bufferSize = 0; return HIPSPARSE_STATUS_SUCCESS)
SPSM_ENTRY(SpSM_analysis, void* externalBuffer,
           (void)externalBuffer; return HIPSPARSE_STATUS_SUCCESS)
SPSM_ENTRY(SpSM_solve, void* externalBuffer,
           (void)externalBuffer;
           if (j.A.rows == 0 || j.C.cols == 0) return HIPSPARSE_STATUS_SUCCESS;
           hipsparse__scalars(h, &j, alpha, alpha,
                              hipsparse__type_size(computeType));
           return hipsparse__submit(h, &j))
