/* BLAS level 3: gemm (plain, batched, strided batched), symm, syrk, trsm.
 * Column-major; geam is in geam.c, gemmEx in gemm_ex.c. */
#include <cblas.h>

#include "internal.h"

void hipblas__gemm_one(char t, int ta, int tb, int m, int n, int k,
                       const void* al, const void* A, int lda, const void* B,
                       int ldb, const void* be, void* C, int ldc) {
  switch (t) {
    case 's': cblas_sgemm(CblasColMajor, ta, tb, m, n, k, *(const float*)al, A, lda, B, ldb, *(const float*)be, C, ldc); break;
    case 'd': cblas_dgemm(CblasColMajor, ta, tb, m, n, k, *(const double*)al, A, lda, B, ldb, *(const double*)be, C, ldc); break;
    case 'c': cblas_cgemm(CblasColMajor, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc); break;
    default: cblas_zgemm(CblasColMajor, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc); break;
  }
}

/* gemm, one matrix or `batch` of them (from `pa`/`pb`/`pc`, else `sa`,
 * `sb`, `sc` elements apart). */
void hipblas__run_gemm(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  const void* be = blas_sv(&j->beta);
  size_t es = blas_esize(j->t);
  for (int i = 0; i < j->batch; i++) {
    const void* A = j->pa ? j->pa[i] : (const char*)j->a + i * j->sa * es;
    const void* B = j->pb ? j->pb[i] : (const char*)j->b + i * j->sb * es;
    void* C = j->pc ? j->pc[i] : (char*)j->c + i * j->sc * es;
    hipblas__gemm_one(j->t, j->ta, j->tb, j->m, j->n, j->k, al, A, j->lda,
                      B, j->ldb, be, C, j->ldc);
  }
}

static void run_symm(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  const void* be = blas_sv(&j->beta);
  switch (j->t) {
    case 's': cblas_ssymm(CblasColMajor, j->side, j->uplo, j->m, j->n, *(const float*)al, j->a, j->lda, j->b, j->ldb, *(const float*)be, j->c, j->ldc); break;
    case 'd': cblas_dsymm(CblasColMajor, j->side, j->uplo, j->m, j->n, *(const double*)al, j->a, j->lda, j->b, j->ldb, *(const double*)be, j->c, j->ldc); break;
    case 'c': cblas_csymm(CblasColMajor, j->side, j->uplo, j->m, j->n, al, j->a, j->lda, j->b, j->ldb, be, j->c, j->ldc); break;
    default: cblas_zsymm(CblasColMajor, j->side, j->uplo, j->m, j->n, al, j->a, j->lda, j->b, j->ldb, be, j->c, j->ldc); break;
  }
}

static void run_syrk(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  const void* be = blas_sv(&j->beta);
  int ta = j->ta == CblasConjTrans ? CblasTrans : j->ta; /* real types */
  switch (j->t) {
    case 's': cblas_ssyrk(CblasColMajor, j->uplo, ta, j->n, j->k, *(const float*)al, j->a, j->lda, *(const float*)be, j->c, j->ldc); break;
    case 'd': cblas_dsyrk(CblasColMajor, j->uplo, ta, j->n, j->k, *(const double*)al, j->a, j->lda, *(const double*)be, j->c, j->ldc); break;
    case 'c': cblas_csyrk(CblasColMajor, j->uplo, ta, j->n, j->k, al, j->a, j->lda, be, j->c, j->ldc); break;
    default: cblas_zsyrk(CblasColMajor, j->uplo, ta, j->n, j->k, al, j->a, j->lda, be, j->c, j->ldc); break;
  }
}

static void run_trsm(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  switch (j->t) {
    case 's': cblas_strsm(CblasColMajor, j->side, j->uplo, j->ta, j->diag, j->m, j->n, *(const float*)al, j->a, j->lda, j->c, j->ldb); break;
    case 'd': cblas_dtrsm(CblasColMajor, j->side, j->uplo, j->ta, j->diag, j->m, j->n, *(const double*)al, j->a, j->lda, j->c, j->ldb); break;
    case 'c': cblas_ctrsm(CblasColMajor, j->side, j->uplo, j->ta, j->diag, j->m, j->n, al, j->a, j->lda, j->c, j->ldb); break;
    default: cblas_ztrsm(CblasColMajor, j->side, j->uplo, j->ta, j->diag, j->m, j->n, al, j->a, j->lda, j->c, j->ldb); break;
  }
}

/* The checks gemm and its batched forms share (cuBLAS's). */
hipblasStatus_t hipblas__gemm_check(hipblasOperation_t ta,
                                    hipblasOperation_t tb, int m, int n,
                                    int k, int lda, int ldb, int ldc,
                                    int batch) {
  HIPBLAS_CHECK(VALID_OP(ta) && VALID_OP(tb), HIPBLAS_STATUS_INVALID_ENUM);
  HIPBLAS_CHECK(m >= 0 && n >= 0 && k >= 0 && batch >= 0 &&
                    lda >= MAX1(ta == HIPBLAS_OP_N ? m : k) &&
                    ldb >= MAX1(tb == HIPBLAS_OP_N ? k : n) &&
                    ldc >= MAX1(m),
                HIPBLAS_STATUS_INVALID_VALUE);
  return HIPBLAS_STATUS_SUCCESS;
}

#define GEMM_OPEN(h)                                                         \
  HIPBLAS_CHECK_HANDLE(h);                                                   \
  do {                                                                       \
    hipblasStatus_t s_ = hipblas__gemm_check(transA, transB, m, n, k, lda,   \
                                             ldb, ldc, batchCount);          \
    if (s_ != HIPBLAS_STATUS_SUCCESS) return s_;                             \
  } while (0);                                                               \
  if (m == 0 || n == 0 || batchCount == 0) return HIPBLAS_STATUS_SUCCESS;    \
  HIPBLAS_CHECK(alpha && beta && A && B && C, HIPBLAS_STATUS_INVALID_VALUE); \
  ROUTE(h, r)

#define LEVEL3(P, p, T)                                                      \
  hipblasStatus_t hipblas##P##gemm(                                          \
      hipblasHandle_t h, hipblasOperation_t transA,                          \
      hipblasOperation_t transB, int m, int n, int k, const T* alpha,        \
      const T* A, int lda, const T* B, int ldb, const T* beta, T* C,         \
      int ldc) {                                                             \
    const int batchCount = 1;                                                \
    GEMM_OPEN(h);                                                            \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##gemm_v2,                              \
                      (void*, int, int, int, int, int, const T*, const T*,   \
                       int, const T*, int, const T*, T*, int),               \
                      (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,  \
                       lda, B, ldb, beta, C, ldc));                          \
    blas_job j = {.run = hipblas__run_gemm, .t = p, .ta = transA,            \
                  .tb = transB, .m = m, .n = n, .k = k, .a = A, .lda = lda,  \
                  .b = B, .ldb = ldb, .c = C, .ldc = ldc, .batch = 1};       \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##gemmBatched(                                   \
      hipblasHandle_t h, hipblasOperation_t transA,                          \
      hipblasOperation_t transB, int m, int n, int k, const T* alpha,        \
      const T* const A[], int lda, const T* const B[], int ldb,              \
      const T* beta, T* const C[], int ldc, int batchCount) {                \
    GEMM_OPEN(h);                                                            \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##gemmBatched,                          \
                      (void*, int, int, int, int, int, const T*,             \
                       const T* const*, int, const T* const*, int, const T*, \
                       T* const*, int, int),                                 \
                      (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,  \
                       lda, B, ldb, beta, C, ldc, batchCount));              \
    blas_job j = {.run = hipblas__run_gemm, .t = p, .ta = transA,            \
                  .tb = transB, .m = m, .n = n, .k = k,                      \
                  .pa = (const void* const*)A, .lda = lda,                   \
                  .pb = (const void* const*)B, .ldb = ldb,                   \
                  .pc = (void* const*)C, .ldc = ldc, .batch = batchCount};   \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##gemmStridedBatched(                            \
      hipblasHandle_t h, hipblasOperation_t transA,                          \
      hipblasOperation_t transB, int m, int n, int k, const T* alpha,        \
      const T* A, int lda, hipblasStride strideA, const T* B, int ldb,       \
      hipblasStride strideB, const T* beta, T* C, int ldc,                   \
      hipblasStride strideC, int batchCount) {                               \
    GEMM_OPEN(h);                                                            \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##gemmStridedBatched,                   \
                      (void*, int, int, int, int, int, const T*, const T*,   \
                       int, long long, const T*, int, long long, const T*,   \
                       T*, int, long long, int),                             \
                      (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,  \
                       lda, strideA, B, ldb, strideB, beta, C, ldc, strideC, \
                       batchCount));                                         \
    blas_job j = {.run = hipblas__run_gemm, .t = p, .ta = transA,            \
                  .tb = transB, .m = m, .n = n, .k = k, .a = A, .lda = lda,  \
                  .sa = strideA, .b = B, .ldb = ldb, .sb = strideB, .c = C,  \
                  .ldc = ldc, .sc = strideC, .batch = batchCount};           \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##symm(                                          \
      hipblasHandle_t h, hipblasSideMode_t side, hipblasFillMode_t uplo,     \
      int m, int n, const T* alpha, const T* A, int lda, const T* B,         \
      int ldb, const T* beta, T* C, int ldc) {                               \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(VALID_SIDE(side) && VALID_FILL(uplo),                      \
                  HIPBLAS_STATUS_INVALID_ENUM);                              \
    HIPBLAS_CHECK(m >= 0 && n >= 0 &&                                        \
                      lda >= MAX1(side == HIPBLAS_SIDE_LEFT ? m : n) &&      \
                      ldb >= MAX1(m) && ldc >= MAX1(m),                      \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (m == 0 || n == 0) return HIPBLAS_STATUS_SUCCESS;                     \
    HIPBLAS_CHECK(alpha && beta && A && B && C,                              \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##symm_v2,                              \
                      (void*, int, int, int, int, const T*, const T*, int,   \
                       const T*, int, const T*, T*, int),                    \
                      (cu, CU_SIDE(side), CU_FILL(uplo), m, n, alpha, A,     \
                       lda, B, ldb, beta, C, ldc));                          \
    blas_job j = {.run = run_symm, .t = p, .side = side, .uplo = uplo,       \
                  .m = m, .n = n, .a = A, .lda = lda, .b = B, .ldb = ldb,    \
                  .c = C, .ldc = ldc};                                       \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##syrk(                                          \
      hipblasHandle_t h, hipblasFillMode_t uplo, hipblasOperation_t trans,   \
      int n, int k, const T* alpha, const T* A, int lda, const T* beta,      \
      T* C, int ldc) {                                                       \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(VALID_FILL(uplo) && VALID_OP(trans),                       \
                  HIPBLAS_STATUS_INVALID_ENUM);                              \
    HIPBLAS_CHECK(!((p == 'c' || p == 'z') && trans == HIPBLAS_OP_C) &&      \
                      n >= 0 && k >= 0 &&                                    \
                      lda >= MAX1(trans == HIPBLAS_OP_N ? n : k) &&          \
                      ldc >= MAX1(n),                                        \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (n == 0) return HIPBLAS_STATUS_SUCCESS;                               \
    HIPBLAS_CHECK(alpha && beta && A && C, HIPBLAS_STATUS_INVALID_VALUE);    \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##syrk_v2,                              \
                      (void*, int, int, int, int, const T*, const T*, int,   \
                       const T*, T*, int),                                   \
                      (cu, CU_FILL(uplo), CU_OP(trans), n, k, alpha, A, lda, \
                       beta, C, ldc));                                       \
    blas_job j = {.run = run_syrk, .t = p, .uplo = uplo, .ta = trans,        \
                  .n = n, .k = k, .a = A, .lda = lda, .c = C, .ldc = ldc};   \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    hipblas__scalar(h, &j.beta, beta, sizeof(T));                            \
    return hipblas__submit(h, &j, 0);                                        \
  }                                                                          \
  hipblasStatus_t hipblas##P##trsm(                                          \
      hipblasHandle_t h, hipblasSideMode_t side, hipblasFillMode_t uplo,     \
      hipblasOperation_t trans, hipblasDiagType_t diag, int m, int n,        \
      const T* alpha, const T* A, int lda, T* B, int ldb) {                  \
    HIPBLAS_CHECK_HANDLE(h);                                                 \
    HIPBLAS_CHECK(VALID_SIDE(side) && VALID_FILL(uplo) && VALID_OP(trans) && \
                      VALID_DIAG(diag),                                      \
                  HIPBLAS_STATUS_INVALID_ENUM);                              \
    HIPBLAS_CHECK(m >= 0 && n >= 0 &&                                        \
                      lda >= MAX1(side == HIPBLAS_SIDE_LEFT ? m : n) &&      \
                      ldb >= MAX1(m),                                        \
                  HIPBLAS_STATUS_INVALID_VALUE);                             \
    if (m == 0 || n == 0) return HIPBLAS_STATUS_SUCCESS;                     \
    HIPBLAS_CHECK(alpha && A && B, HIPBLAS_STATUS_INVALID_VALUE);            \
    ROUTE(h, r);                                                             \
    if (r.native)                                                            \
      HIPBLAS_CU_CALL(h, r, cublas##P##trsm_v2,                              \
                      (void*, int, int, int, int, int, int, const T*,        \
                       const T*, int, T*, int),                              \
                      (cu, CU_SIDE(side), CU_FILL(uplo), CU_OP(trans),       \
                       CU_DIAG(diag), m, n, alpha, A, lda, B, ldb));         \
    blas_job j = {.run = run_trsm, .t = p, .side = side, .uplo = uplo,       \
                  .ta = trans, .diag = diag, .m = m, .n = n, .a = A,         \
                  .lda = lda, .c = B, .ldb = ldb};                           \
    hipblas__scalar(h, &j.alpha, alpha, sizeof(T));                          \
    return hipblas__submit(h, &j, 0);                                        \
  }

LEVEL3(S, 's', float)
LEVEL3(D, 'd', double)
LEVEL3(C, 'c', hipComplex)
LEVEL3(Z, 'z', hipDoubleComplex)
