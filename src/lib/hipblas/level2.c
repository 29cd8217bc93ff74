/* BLAS level 2: gemv, ger (geru, gerc), trsv. Column-major. */
#include <cblas.h>

#include "internal.h"

static void run_gemv(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  const void* be = blas_sv(&j->beta);
  switch (j->t) {
    case 's': cblas_sgemv(CblasColMajor, j->ta, j->m, j->n, *(const float*)al, j->a, j->lda, j->b, j->incx, *(const float*)be, j->c, j->incy); break;
    case 'd': cblas_dgemv(CblasColMajor, j->ta, j->m, j->n, *(const double*)al, j->a, j->lda, j->b, j->incx, *(const double*)be, j->c, j->incy); break;
    case 'c': cblas_cgemv(CblasColMajor, j->ta, j->m, j->n, al, j->a, j->lda, j->b, j->incx, be, j->c, j->incy); break;
    default: cblas_zgemv(CblasColMajor, j->ta, j->m, j->n, al, j->a, j->lda, j->b, j->incx, be, j->c, j->incy); break;
  }
}

/* A += alpha x y^T (y^H with `conj`): x in `a`, y in `b`, A in `c`. */
static void run_ger(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  switch (j->t) {
    case 's': cblas_sger(CblasColMajor, j->m, j->n, *(const float*)al, j->a, j->incx, j->b, j->incy, j->c, j->lda); break;
    case 'd': cblas_dger(CblasColMajor, j->m, j->n, *(const double*)al, j->a, j->incx, j->b, j->incy, j->c, j->lda); break;
    case 'c':
      if (j->conj) cblas_cgerc(CblasColMajor, j->m, j->n, al, j->a, j->incx, j->b, j->incy, j->c, j->lda);
      else cblas_cgeru(CblasColMajor, j->m, j->n, al, j->a, j->incx, j->b, j->incy, j->c, j->lda);
      break;
    default:
      if (j->conj) cblas_zgerc(CblasColMajor, j->m, j->n, al, j->a, j->incx, j->b, j->incy, j->c, j->lda);
      else cblas_zgeru(CblasColMajor, j->m, j->n, al, j->a, j->incx, j->b, j->incy, j->c, j->lda);
      break;
  }
}

static void run_trsv(const blas_job* j) {
  switch (j->t) {
    case 's': cblas_strsv(CblasColMajor, j->uplo, j->ta, j->diag, j->n, j->a, j->lda, j->c, j->incx); break;
    case 'd': cblas_dtrsv(CblasColMajor, j->uplo, j->ta, j->diag, j->n, j->a, j->lda, j->c, j->incx); break;
    case 'c': cblas_ctrsv(CblasColMajor, j->uplo, j->ta, j->diag, j->n, j->a, j->lda, j->c, j->incx); break;
    default: cblas_ztrsv(CblasColMajor, j->uplo, j->ta, j->diag, j->n, j->a, j->lda, j->c, j->incx); break;
  }
}

#define LEVEL2(P, p, T)                                                      \
  hipblasStatus_t hipblas##P##gemv(                                          \
      hipblasHandle_t h, hipblasOperation_t trans, int m, int n,             \
      const T* alpha, const T* A, int lda, const T* x, int incx,             \
      const T* beta, T* y, int incy) {                                       \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(VALID_OP(trans), HIPBLAS_STATUS_INVALID_ENUM);             \
    HIPBLAS_CHECK(m >= 0 && n >= 0 && lda >= MAX1(m) && incx != 0 &&        \
                      incy != 0,                                             \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (m == 0 || n == 0) return HIPBLAS_STATUS_SUCCESS;                     \
    HIPBLAS_CHECK(alpha && beta && A && x && y,                              \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##gemv_v2,                              \
                      (void*, int, int, int, const T*, const T*, int,        \
                       const T*, int, const T*, T*, int),                    \
                      (cu, CU_OP(trans), m, n, alpha, A, lda, x, incx, beta, \
                       y, incy));                                            \
    blas_job j = {.run = run_gemv, .t = p, .ta = trans, .m = m, .n = n,      \
                  .a = A, .lda = lda, .b = x, .incx = incx, .c = y,          \
                  .incy = incy};                                             \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##trsv(                                          \
      hipblasHandle_t h, hipblasFillMode_t uplo, hipblasOperation_t trans,   \
      hipblasDiagType_t diag, int n, const T* A, int lda, T* x, int incx) {  \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(VALID_FILL(uplo) && VALID_OP(trans) && VALID_DIAG(diag),   \
                  HIPBLAS_STATUS_INVALID_ENUM);                              \
    HIPBLAS_CHECK(n >= 0 && lda >= MAX1(n) && incx != 0,                     \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (n == 0) return HIPBLAS_STATUS_SUCCESS;                               \
    HIPBLAS_CHECK(A && x, HIPBLAS_STATUS_INVALID_VALUE);                     \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##trsv_v2,                              \
                      (void*, int, int, int, int, const T*, int, T*, int),   \
                      (cu, CU_FILL(uplo), CU_OP(trans), CU_DIAG(diag), n, A, \
                       lda, x, incx));                                       \
    blas_job j = {.run = run_trsv, .t = p, .uplo = uplo, .ta = trans,        \
                  .diag = diag, .n = n, .a = A, .lda = lda, .c = x,          \
                  .incx = incx};                                             \
    return hipblas__submit(h, &j, 0);                                        \
  }

LEVEL2(S, 's', float)
LEVEL2(D, 'd', double)
LEVEL2(C, 'c', hipComplex)
LEVEL2(Z, 'z', hipDoubleComplex)

#define GER(NAME, p, T, CONJ)                                                \
  hipblasStatus_t hipblas##NAME(hipblasHandle_t h, int m, int n,             \
                                const T* alpha, const T* x, int incx,        \
                                const T* y, int incy, T* A, int lda) {       \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(m >= 0 && n >= 0 && lda >= MAX1(m) && incx != 0 &&        \
                      incy != 0,                                             \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (m == 0 || n == 0) return HIPBLAS_STATUS_SUCCESS;                     \
    HIPBLAS_CHECK(alpha && x && y && A, HIPBLAS_STATUS_INVALID_VALUE);       \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##NAME##_v2,                               \
                      (void*, int, int, const T*, const T*, int, const T*,   \
                       int, T*, int),                                        \
                      (cu, m, n, alpha, x, incx, y, incy, A, lda));          \
    blas_job j = {.run = run_ger, .t = p, .conj = CONJ, .m = m, .n = n,      \
                  .a = x, .incx = incx, .b = y, .incy = incy, .c = A,        \
                  .lda = lda};                                               \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    return hipblas__submit(h, &j, 0);                                        \
  }
GER(Sger, 's', float, 0)
GER(Dger, 'd', double, 0)
GER(Cgeru, 'c', hipComplex, 0)
GER(Cgerc, 'c', hipComplex, 1)
GER(Zgeru, 'z', hipDoubleComplex, 0)
GER(Zgerc, 'z', hipDoubleComplex, 1)
