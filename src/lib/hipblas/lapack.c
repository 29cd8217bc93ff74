/* The LAPACK-like batched routines of hipBLAS: getrfBatched (LU with
 * partial pivoting, or none where ipiv is NULL) and gelsBatched (least
 * squares by QR). On the CPU device each matrix goes to OpenBLAS's LAPACK
 * (sgetrf_, sgels_, ...), in order on the handle's stream. */
#include <complex.h>
#include <stdlib.h>

#include "internal.h"

/* LAPACK's Fortran entry points; the trailing size_t is the hidden length
 * of a character argument. */
#define LAPACK_DECL(p, T)                                                    \
  void p##getrf_(const int* m, const int* n, T* a, const int* lda,           \
                 int* ipiv, int* info);                                      \
  void p##gels_(const char* trans, const int* m, const int* n,               \
                const int* nrhs, T* a, const int* lda, T* b, const int* ldb, \
                T* work, const int* lwork, int* info, size_t trans_len);
LAPACK_DECL(s, float)
LAPACK_DECL(d, double)
LAPACK_DECL(c, float complex)
LAPACK_DECL(z, double complex)

/* Field use: A's array in `pa`, C's in `pc`, ipiv in `result`, the
 * per-matrix info in `c`, nrhs in `k`, trans in `ta`. */

/* LU without pivoting, in place (LAPACK has none): the first zero pivot's
 * 1-based position in *info, else 0. */
#define LU_NOPIV(p, T)                                                       \
  static void lu_nopiv_##p(int n, T* a, int lda, int* info) {               \
    *info = 0;                                                               \
    for (int k = 0; k < n; k++) {                                            \
      T piv = a[k + (long)k * lda];                                          \
      if (piv == 0) {                                                        \
        if (!*info) *info = k + 1;                                           \
        continue;                                                            \
      }                                                                      \
      for (int i = k + 1; i < n; i++) a[i + (long)k * lda] /= piv;           \
      for (int j = k + 1; j < n; j++)                                        \
        for (int i = k + 1; i < n; i++)                                      \
          a[i + (long)j * lda] -= a[i + (long)k * lda] * a[k + (long)j * lda]; \
    }                                                                        \
  }
LU_NOPIV(s, float)
LU_NOPIV(d, double)
LU_NOPIV(c, float complex)
LU_NOPIV(z, double complex)

#define RUN_GETRF(p, T)                                                      \
  static void run_getrf_##p(const blas_job* j) {                             \
    int* ipiv = j->result;                                                   \
    int* info = j->c;                                                        \
    for (int b = 0; b < j->batch; b++) {                                     \
      T* a = (T*)j->pa[b];                                                   \
      if (ipiv) p##getrf_(&j->n, &j->n, a, &j->lda, ipiv + (long)b * j->n,  \
                          &info[b]);                                         \
      else lu_nopiv_##p(j->n, a, j->lda, &info[b]);                          \
    }                                                                        \
  }
RUN_GETRF(s, float)
RUN_GETRF(d, double)
RUN_GETRF(c, float complex)
RUN_GETRF(z, double complex)

#define RUN_GELS(p, T)                                                       \
  static void run_gels_##p(const blas_job* j) {                              \
    int* info = j->c;                                                        \
    char tr = j->ta == HIPBLAS_OP_N ? 'N' : j->ta == HIPBLAS_OP_T ? 'T' : 'C'; \
    int query = -1, lwork;                                                   \
    T w;                                                                     \
    p##gels_(&tr, &j->m, &j->n, &j->k, NULL, &j->lda, NULL, &j->ldc, &w,     \
             &query, &info[0], 1);                                           \
    lwork = (int)creal(w) > 1 ? (int)creal(w) : 1;                           \
    T* work = malloc(sizeof(T) * (size_t)lwork);                             \
    for (int b = 0; b < j->batch; b++) {                                     \
      if (!work) {                                                           \
        info[b] = -1;                                                        \
        continue;                                                            \
      }                                                                      \
      p##gels_(&tr, &j->m, &j->n, &j->k, (T*)j->pa[b], &j->lda,             \
               (T*)j->pc[b], &j->ldc, work, &lwork, &info[b], 1);            \
    }                                                                        \
    free(work);                                                              \
  }
RUN_GELS(s, float)
RUN_GELS(d, double)
RUN_GELS(c, float complex)
RUN_GELS(z, double complex)

#define GETRF(P, p, T)                                                       \
  hipblasStatus_t hipblas##P##getrfBatched(hipblasHandle_t h, const int n,   \
                                           T* const A[], const int lda,      \
                                           int* ipiv, int* info,             \
                                           const int batchCount) {           \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(n >= 0 && lda >= MAX1(n) && batchCount >= 0,               \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (n == 0 || batchCount == 0) return HIPBLAS_STATUS_SUCCESS;            \
    HIPBLAS_CHECK(A && info, HIPBLAS_STATUS_INVALID_VALUE);                  \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##getrfBatched,                         \
                      (void*, int, T* const*, int, int*, int*, int),         \
                      (cu, n, A, lda, ipiv, info, batchCount));              \
    blas_job j = {.run = run_getrf_##p, .t = #p[0], .n = n, .lda = lda,      \
                  .pa = (const void* const*)A, .result = ipiv, .c = info,    \
                  .batch = batchCount};                                      \
    return hipblas__submit(h, &j, 0);                                        \
  }
GETRF(S, s, float)
GETRF(D, d, double)
GETRF(C, c, hipComplex)
GETRF(Z, z, hipDoubleComplex)

/* gelsBatched: `info` (host memory) gets the argument check's result, 0 or
 * minus the position of the bad argument, as hipBLAS and cuBLAS have it;
 * m >= n and no transposition, as cuBLAS requires. */
#define GELS(P, p, T)                                                        \
  hipblasStatus_t hipblas##P##gelsBatched(                                   \
      hipblasHandle_t h, hipblasOperation_t trans, const int m, const int n, \
      const int nrhs, T* const A[], const int lda, T* const C[],             \
      const int ldc, int* info, int* deviceInfo, const int batchCount) {     \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(info, HIPBLAS_STATUS_INVALID_VALUE);                       \
    int bad = trans != HIPBLAS_OP_N ? 2 : m < 0 ? 3 : n < 0 || n > m ? 4     \
            : nrhs < 0 ? 5 : lda < MAX1(m) ? 7 : ldc < MAX1(m) ? 9           \
            : batchCount < 0 ? 12 : 0;                                       \
    *info = -bad;                                                            \
    HIPBLAS_CHECK(!bad, HIPBLAS_STATUS_INVALID_VALUE);                       \
    if (batchCount == 0) return HIPBLAS_STATUS_SUCCESS;                      \
    HIPBLAS_CHECK(A && C && deviceInfo, HIPBLAS_STATUS_INVALID_VALUE);       \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##gelsBatched,                          \
                      (void*, int, int, int, int, T* const*, int, T* const*, \
                       int, int*, int*, int),                                \
                      (cu, CU_OP(trans), m, n, nrhs, A, lda, C, ldc, info,   \
                       deviceInfo, batchCount));                             \
    blas_job j = {.run = run_gels_##p, .t = #p[0], .ta = trans, .m = m,      \
                  .n = n, .k = nrhs, .lda = lda, .ldc = ldc,                 \
                  .pa = (const void* const*)A, .pc = (void* const*)C,        \
                  .c = deviceInfo, .batch = batchCount};                     \
    return hipblas__submit(h, &j, 0);                                        \
  }
GELS(S, s, float)
GELS(D, d, double)
GELS(C, c, hipComplex)
GELS(Z, z, hipDoubleComplex)
