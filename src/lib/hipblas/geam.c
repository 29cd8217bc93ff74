/* geam: C = alpha op(A) + beta op(B) (a cuBLAS extension, hipc's own
 * loops). A term whose scalar is zero is not read, so B may be NULL with a
 * host beta of 0 (a transpose). C may be A or B when that operand is not
 * transposed and has C's leading dimension. */
#include <complex.h>
#include <string.h>

#include "internal.h"

/* One element type: R is the scalar type, CONJ its conjugate. */
#define GEAM_RUN(NAME, R, CONJ)                                              \
  static void NAME(const blas_job* j) {                                      \
    R al, be;                                                                \
    memcpy(&al, blas_sv(&j->alpha), sizeof al);                              \
    memcpy(&be, blas_sv(&j->beta), sizeof be);                               \
    const R* A = j->a;                                                       \
    const R* B = j->b;                                                       \
    R* C = j->c;                                                             \
    for (long c = 0; c < j->n; c++)                                          \
      for (long r = 0; r < j->m; r++) {                                      \
        R v = 0;                                                             \
        if (al != 0) {                                                       \
          R a = j->ta == HIPBLAS_OP_N ? A[r + c * (long)j->lda]              \
                                      : A[c + r * (long)j->lda];             \
          if (j->ta == HIPBLAS_OP_C) a = CONJ(a);                            \
          v = al * a;                                                        \
        }                                                                    \
        if (be != 0) {                                                       \
          R b = j->tb == HIPBLAS_OP_N ? B[r + c * (long)j->ldb]              \
                                      : B[c + r * (long)j->ldb];             \
          if (j->tb == HIPBLAS_OP_C) b = CONJ(b);                            \
          v += be * b;                                                       \
        }                                                                    \
        C[r + c * (long)j->ldc] = v;                                         \
      }                                                                      \
  }
#define SAME(x) (x)
GEAM_RUN(geam_s, float, SAME)
GEAM_RUN(geam_d, double, SAME)
GEAM_RUN(geam_c, float complex, conjf)
GEAM_RUN(geam_z, double complex, conj)

static int zero_host(hipblasHandle_t h, const void* p, size_t size) {
  static const double zero[2];
  return h->pointer_mode == HIPBLAS_POINTER_MODE_HOST &&
         memcmp(p, zero, size) == 0;
}

#define GEAM(P, p, T, RUN)                                                   \
  hipblasStatus_t hipblas##P##geam(                                          \
      hipblasHandle_t h, hipblasOperation_t transA,                          \
      hipblasOperation_t transB, int m, int n, const T* alpha, const T* A,   \
      int lda, const T* beta, const T* B, int ldb, T* C, int ldc) {          \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(VALID_OP(transA) && VALID_OP(transB),                      \
                  HIPBLAS_STATUS_INVALID_ENUM);                              \
    HIPBLAS_CHECK(m >= 0 && n >= 0 &&                                        \
                      lda >= MAX1(transA == HIPBLAS_OP_N ? m : n) &&         \
                      ldb >= MAX1(transB == HIPBLAS_OP_N ? m : n) &&         \
                      ldc >= MAX1(m),                                        \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (m == 0 || n == 0) return HIPBLAS_STATUS_SUCCESS;                     \
    HIPBLAS_CHECK(alpha && beta && C, HIPBLAS_STATUS_INVALID_VALUE);         \
    HIPBLAS_CHECK(A || zero_host(h, alpha, sizeof(T)),                       \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    HIPBLAS_CHECK(B || zero_host(h, beta, sizeof(T)),                        \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##geam,                                 \
                      (void*, int, int, int, int, const T*, const T*, int,   \
                       const T*, const T*, int, T*, int),                    \
                      (cu, CU_OP(transA), CU_OP(transB), m, n, alpha, A,     \
                       lda, beta, B, ldb, C, ldc));                          \
    blas_job j = {.run = RUN, .t = p, .ta = transA, .tb = transB, .m = m,    \
                  .n = n, .a = A, .lda = lda, .b = B, .ldb = ldb, .c = C,    \
                  .ldc = ldc};                                               \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }
GEAM(S, 's', float, geam_s)
GEAM(D, 'd', double, geam_d)
GEAM(C, 'c', hipComplex, geam_c)
GEAM(Z, 'z', hipDoubleComplex, geam_z)
