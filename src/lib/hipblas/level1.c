/* BLAS level 1: axpy, scal, copy, swap, dot, nrm2, asum, amax, amin. */
#include <cblas.h>

#include "internal.h"

/* Field use: x in `a`, y in `c` (swap: x in `c`, y in `result`). */

static void run_axpy(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  switch (j->t) {
    case 's': cblas_saxpy(j->n, *(const float*)al, j->a, j->incx, j->c, j->incy); break;
    case 'd': cblas_daxpy(j->n, *(const double*)al, j->a, j->incx, j->c, j->incy); break;
    case 'c': cblas_caxpy(j->n, al, j->a, j->incx, j->c, j->incy); break;
    default: cblas_zaxpy(j->n, al, j->a, j->incx, j->c, j->incy); break;
  }
}

/* scal; `conj` set: a real scalar on a complex vector (csscal, zdscal). */
static void run_scal(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  switch (j->t) {
    case 's': cblas_sscal(j->n, *(const float*)al, j->c, j->incx); break;
    case 'd': cblas_dscal(j->n, *(const double*)al, j->c, j->incx); break;
    case 'c':
      if (j->conj) cblas_csscal(j->n, *(const float*)al, j->c, j->incx);
      else cblas_cscal(j->n, al, j->c, j->incx);
      break;
    default:
      if (j->conj) cblas_zdscal(j->n, *(const double*)al, j->c, j->incx);
      else cblas_zscal(j->n, al, j->c, j->incx);
      break;
  }
}

static void run_copy(const blas_job* j) {
  switch (j->t) {
    case 's': cblas_scopy(j->n, j->a, j->incx, j->c, j->incy); break;
    case 'd': cblas_dcopy(j->n, j->a, j->incx, j->c, j->incy); break;
    case 'c': cblas_ccopy(j->n, j->a, j->incx, j->c, j->incy); break;
    default: cblas_zcopy(j->n, j->a, j->incx, j->c, j->incy); break;
  }
}

static void run_swap(const blas_job* j) {
  switch (j->t) {
    case 's': cblas_sswap(j->n, j->c, j->incx, j->result, j->incy); break;
    case 'd': cblas_dswap(j->n, j->c, j->incx, j->result, j->incy); break;
    case 'c': cblas_cswap(j->n, j->c, j->incx, j->result, j->incy); break;
    default: cblas_zswap(j->n, j->c, j->incx, j->result, j->incy); break;
  }
}

/* amax (`conj` 0) and amin (1): a 1-based index, 0 for no elements. */
static void run_iamax(const blas_job* j) {
  int* out = j->result;
  if (j->n <= 0 || j->incx <= 0) {
    *out = 0;
    return;
  }
  size_t i;
  switch (j->t) {
    case 's': i = j->conj ? cblas_isamin(j->n, j->a, j->incx) : cblas_isamax(j->n, j->a, j->incx); break;
    case 'd': i = j->conj ? cblas_idamin(j->n, j->a, j->incx) : cblas_idamax(j->n, j->a, j->incx); break;
    case 'c': i = j->conj ? cblas_icamin(j->n, j->a, j->incx) : cblas_icamax(j->n, j->a, j->incx); break;
    default: i = j->conj ? cblas_izamin(j->n, j->a, j->incx) : cblas_izamax(j->n, j->a, j->incx); break;
  }
  *out = (int)i + 1;
}

static void run_dot(const blas_job* j) {
  switch (j->t) {
    /* Summed in double: a float sum of a long vector loses digits that
     * cuBLAS's tree of partial sums keeps. */
    case 's': *(float*)j->result = (float)cblas_dsdot(j->n, j->a, j->incx, j->b, j->incy); break;
    case 'd': *(double*)j->result = cblas_ddot(j->n, j->a, j->incx, j->b, j->incy); break;
    case 'c':
      if (j->conj) cblas_cdotc_sub(j->n, j->a, j->incx, j->b, j->incy, j->result);
      else cblas_cdotu_sub(j->n, j->a, j->incx, j->b, j->incy, j->result);
      break;
    default:
      if (j->conj) cblas_zdotc_sub(j->n, j->a, j->incx, j->b, j->incy, j->result);
      else cblas_zdotu_sub(j->n, j->a, j->incx, j->b, j->incy, j->result);
      break;
  }
}

/* nrm2 (`conj` 0) and asum (1), into a real result. */
static void run_norm(const blas_job* j) {
  int n = j->incx > 0 ? j->n : 0;
  int asum = j->conj;
  switch (j->t) {
    case 's': *(float*)j->result = asum ? cblas_sasum(n, j->a, j->incx) : cblas_snrm2(n, j->a, j->incx); break;
    case 'd': *(double*)j->result = asum ? cblas_dasum(n, j->a, j->incx) : cblas_dnrm2(n, j->a, j->incx); break;
    case 'c': *(float*)j->result = asum ? cblas_scasum(n, j->a, j->incx) : cblas_scnrm2(n, j->a, j->incx); break;
    default: *(double*)j->result = asum ? cblas_dzasum(n, j->a, j->incx) : cblas_dznrm2(n, j->a, j->incx); break;
  }
}

#define LEVEL1(P, l, p, T)                                                      \
  hipblasStatus_t hipblas##P##axpy(hipblasHandle_t h, int n, const T* alpha, \
                                   const T* x, int incx, T* y, int incy) {   \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    if (n <= 0) return HIPBLAS_STATUS_SUCCESS;                               \
    HIPBLAS_CHECK(alpha && x && y, HIPBLAS_STATUS_INVALID_VALUE);            \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##axpy_v2,                              \
                      (void*, int, const T*, const T*, int, T*, int),        \
                      (cu, n, alpha, x, incx, y, incy));                     \
    blas_job j = {.run = run_axpy, .t = p, .n = n, .a = x, .incx = incx,     \
                  .c = y, .incy = incy};                                     \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##scal(hipblasHandle_t h, int n, const T* alpha, \
                                   T* x, int incx) {                         \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    if (n <= 0 || incx <= 0) return HIPBLAS_STATUS_SUCCESS;                  \
    HIPBLAS_CHECK(alpha && x, HIPBLAS_STATUS_INVALID_VALUE);                 \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##scal_v2,                              \
                      (void*, int, const T*, T*, int),                       \
                      (cu, n, alpha, x, incx));                              \
    blas_job j = {.run = run_scal, .t = p, .n = n, .c = x, .incx = incx};    \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##copy(hipblasHandle_t h, int n, const T* x,     \
                                   int incx, T* y, int incy) {               \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    if (n <= 0) return HIPBLAS_STATUS_SUCCESS;                               \
    HIPBLAS_CHECK(x && y, HIPBLAS_STATUS_INVALID_VALUE);                     \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##copy_v2,                              \
                      (void*, int, const T*, int, T*, int),                  \
                      (cu, n, x, incx, y, incy));                            \
    blas_job j = {.run = run_copy, .t = p, .n = n, .a = x, .incx = incx,     \
                  .c = y, .incy = incy};                                     \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##swap(hipblasHandle_t h, int n, T* x, int incx, \
                                   T* y, int incy) {                         \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    if (n <= 0) return HIPBLAS_STATUS_SUCCESS;                               \
    HIPBLAS_CHECK(x && y, HIPBLAS_STATUS_INVALID_VALUE);                     \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##swap_v2,                              \
                      (void*, int, T*, int, T*, int),                        \
                      (cu, n, x, incx, y, incy));                            \
    blas_job j = {.run = run_swap, .t = p, .n = n, .c = x, .incx = incx,     \
                  .result = y, .incy = incy};                                \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  IAMAX(l, p, T, amax, 0)                                                    \
  IAMAX(l, p, T, amin, 1)

#define IAMAX(l, p, T, WHAT, MIN)                                            \
  hipblasStatus_t hipblasI##l##WHAT(hipblasHandle_t h, int n, const T* x,    \
                                    int incx, int* result) {                 \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(result && (x || n <= 0), HIPBLAS_STATUS_INVALID_VALUE);    \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublasI##l##WHAT##_v2,                           \
                      (void*, int, const T*, int, int*),                     \
                      (cu, n, x, incx, result));                             \
    blas_job j = {.run = run_iamax, .t = p, .conj = MIN, .n = n, .a = x,     \
                  .incx = incx, .result = result};                           \
    return hipblas__submit(h, &j,                                            \
                           h->pointer_mode == HIPBLAS_POINTER_MODE_HOST);    \
  }

LEVEL1(S, s, 's', float)
LEVEL1(D, d, 'd', double)
LEVEL1(C, c, 'c', hipComplex)
LEVEL1(Z, z, 'z', hipDoubleComplex)

#define RSCAL(NAME, p, T, R)                                                 \
  hipblasStatus_t hipblas##NAME(hipblasHandle_t h, int n, const R* alpha,    \
                                T* x, int incx) {                            \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    if (n <= 0 || incx <= 0) return HIPBLAS_STATUS_SUCCESS;                  \
    HIPBLAS_CHECK(alpha && x, HIPBLAS_STATUS_INVALID_VALUE);                 \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##NAME##_v2,                               \
                      (void*, int, const R*, T*, int),                       \
                      (cu, n, alpha, x, incx));                              \
    blas_job j = {.run = run_scal, .t = p, .conj = 1, .n = n, .c = x,        \
                  .incx = incx};                                             \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(R));                          \
    return hipblas__submit(h, &j, 0);                                        \
  }
RSCAL(Csscal, 'c', hipComplex, float)
RSCAL(Zdscal, 'z', hipDoubleComplex, double)

#define DOT(NAME, p, T, CONJ)                                                \
  hipblasStatus_t hipblas##NAME(hipblasHandle_t h, int n, const T* x,        \
                                int incx, const T* y, int incy, T* result) { \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(result && ((x && y) || n <= 0),                            \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##NAME##_v2,                               \
                      (void*, int, const T*, int, const T*, int, T*),        \
                      (cu, n, x, incx, y, incy, result));                    \
    blas_job j = {.run = run_dot, .t = p, .conj = CONJ, .n = n, .a = x,      \
                  .incx = incx, .b = y, .incy = incy, .result = result};     \
    return hipblas__submit(h, &j,                                            \
                           h->pointer_mode == HIPBLAS_POINTER_MODE_HOST);    \
  }
DOT(Sdot, 's', float, 0)
DOT(Ddot, 'd', double, 0)
DOT(Cdotu, 'c', hipComplex, 0)
DOT(Cdotc, 'c', hipComplex, 1)
DOT(Zdotu, 'z', hipDoubleComplex, 0)
DOT(Zdotc, 'z', hipDoubleComplex, 1)

#define NORM(NAME, p, T, R, ASUM)                                            \
  hipblasStatus_t hipblas##NAME(hipblasHandle_t h, int n, const T* x,        \
                                int incx, R* result) {                       \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(result && (x || n <= 0), HIPBLAS_STATUS_INVALID_VALUE);    \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##NAME##_v2,                               \
                      (void*, int, const T*, int, R*),                       \
                      (cu, n, x, incx, result));                             \
    blas_job j = {.run = run_norm, .t = p, .conj = ASUM, .n = n, .a = x,     \
                  .incx = incx, .result = result};                           \
    return hipblas__submit(h, &j,                                            \
                           h->pointer_mode == HIPBLAS_POINTER_MODE_HOST);    \
  }
NORM(Snrm2, 's', float, float, 0)
NORM(Dnrm2, 'd', double, double, 0)
NORM(Scnrm2, 'c', hipComplex, float, 0)
NORM(Dznrm2, 'z', hipDoubleComplex, double, 0)
NORM(Sasum, 's', float, float, 1)
NORM(Dasum, 'd', double, double, 1)
NORM(Scasum, 'c', hipComplex, float, 1)
NORM(Dzasum, 'z', hipDoubleComplex, double, 1)
