/* gemmEx and its batched forms, and Hgemm's. On the CPU device: one
 * element type for A, B, C and the compute type (OpenBLAS's s/d/c/z gemm),
 * or half / bfloat16 A and B (converted to float), with C float or of A's
 * type and a 32-bit float compute type, or all half with a 16-bit compute
 * type (Hgemm's case: computed in float, rounded once), or int8 A and B
 * with int32 C and compute type. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int is_half(hipDataType t) { return t == HIP_R_16F || t == HIP_R_16BF; }

float hipblas__half_to_float(hipDataType t, uint16_t v) {
  if (t == HIP_R_16BF) {
    uint32_t bits = (uint32_t)v << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
  }
  _Float16 h;
  memcpy(&h, &v, sizeof h);
  return (float)h;
}

uint16_t hipblas__float_to_half(hipDataType t, float f) {
  uint16_t v;
  if (t == HIP_R_16BF) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((bits >> 16) | 0x40);
    bits += 0x7fffu + ((bits >> 16) & 1);  /* round to nearest even */
    return (uint16_t)(bits >> 16);
  }
  _Float16 h = (_Float16)f;
  memcpy(&v, &h, sizeof v);
  return v;
}

/* A rows x cols half matrix (leading dimension ld) as a packed float one. */
static float* widen(hipDataType t, const void* src, int rows, int cols,
                    int ld) {
  float* out = malloc(sizeof(float) * (size_t)MAX1(rows) * MAX1(cols));
  if (!out) return NULL;
  const uint16_t* s = src;
  for (long c = 0; c < cols; c++)
    for (long r = 0; r < rows; r++)
      out[r + c * rows] = hipblas__half_to_float(t, s[r + c * ld]);
  return out;
}

/* Half inputs: each matrix of the batch widened, gemm'd in float, and C
 * narrowed back when it is half too. */
static void run_gemm_half(const blas_job* j) {
  const void* al = blas_sv(&j->alpha);
  const void* be = blas_sv(&j->beta);
  float hal, hbe;  /* hgemm's half scalars (`conj` set), as floats */
  if (j->conj) {
    hal = hipblas__half_to_float(HIP_R_16F, *(const uint16_t*)al);
    hbe = hipblas__half_to_float(HIP_R_16F, *(const uint16_t*)be);
    al = &hal;
    be = &hbe;
  }
  int ar = j->ta == HIPBLAS_OP_N ? j->m : j->k;
  int br = j->tb == HIPBLAS_OP_N ? j->k : j->n;
  int ta = j->ta == HIPBLAS_OP_C ? HIPBLAS_OP_T : j->ta;
  int tb = j->tb == HIPBLAS_OP_C ? HIPBLAS_OP_T : j->tb;
  size_t ces = is_half(j->ct) ? 2 : 4;
  for (int i = 0; i < j->batch; i++) {
    const void* A = j->pa ? j->pa[i] : (const char*)j->a + i * j->sa * 2;
    const void* B = j->pb ? j->pb[i] : (const char*)j->b + i * j->sb * 2;
    void* C = j->pc ? j->pc[i] : (char*)j->c + i * j->sc * ces;
    float* fa = widen(j->at, A, ar, ta == HIPBLAS_OP_N ? j->k : j->m, j->lda);
    float* fb = widen(j->bt, B, br, tb == HIPBLAS_OP_N ? j->n : j->k, j->ldb);
    float* fc = is_half(j->ct) ? widen(j->ct, C, j->m, j->n, j->ldc) : C;
    if (fa && fb && fc) {
      int ldc = is_half(j->ct) ? MAX1(j->m) : j->ldc;
      hipblas__gemm_one('s', ta, tb, j->m, j->n, j->k, al, fa, MAX1(ar), fb,
                        MAX1(br), be, fc, ldc);
      if (is_half(j->ct)) {
        uint16_t* hc = C;
        for (long c = 0; c < j->n; c++)
          for (long r = 0; r < j->m; r++)
            hc[r + c * j->ldc] = hipblas__float_to_half(j->ct, fc[r + c * j->m]);
      }
    }
    free(fa);
    free(fb);
    if (fc != C) free(fc);
  }
}

/* int8 A and B, int32 C, alpha and beta: plain loops, summed in int32
 * (as cuBLAS's CUBLAS_COMPUTE_32I; overflow wraps). */
static void run_gemm_i8(const blas_job* j) {
  int32_t al, be;
  memcpy(&al, blas_sv(&j->alpha), 4);
  memcpy(&be, blas_sv(&j->beta), 4);
  for (int i = 0; i < j->batch; i++) {
    const int8_t* A = j->pa ? j->pa[i] : (const int8_t*)j->a + i * j->sa;
    const int8_t* B = j->pb ? j->pb[i] : (const int8_t*)j->b + i * j->sb;
    int32_t* C = j->pc ? j->pc[i] : (int32_t*)j->c + i * j->sc;
    for (long c = 0; c < j->n; c++)
      for (long r = 0; r < j->m; r++) {
        uint32_t sum = 0;  /* wraps, without C's signed overflow */
        for (long p = 0; p < j->k; p++) {
          int32_t a = j->ta == HIPBLAS_OP_N ? A[r + p * j->lda]
                                            : A[p + r * j->lda];
          int32_t b = j->tb == HIPBLAS_OP_N ? B[p + c * j->ldb]
                                            : B[c + p * j->ldb];
          sum += (uint32_t)(a * b);
        }
        int32_t* out = &C[r + c * j->ldc];
        uint32_t v = (uint32_t)al * sum;
        if (be != 0) v += (uint32_t)be * (uint32_t)*out;
        *out = (int32_t)v;
      }
  }
}

/* The element type ('s', 'd', 'c', 'z', 'h' for half inputs, 'H' for half
 * inputs, output and scalars, 'i' for int8) of a
 * combination the CPU device runs, else 0. */
static char cpu_type(hipDataType at, hipDataType bt, hipDataType ct,
                     hipblasComputeType_t comp) {
  int c32 = comp == HIPBLAS_COMPUTE_32F || comp == HIPBLAS_COMPUTE_32F_PEDANTIC ||
            comp == HIPBLAS_COMPUTE_32F_FAST_16F ||
            comp == HIPBLAS_COMPUTE_32F_FAST_16BF ||
            comp == HIPBLAS_COMPUTE_32F_FAST_TF32;
  int c64 = comp == HIPBLAS_COMPUTE_64F || comp == HIPBLAS_COMPUTE_64F_PEDANTIC;
  if (at != bt) return 0;
  if (at == ct && at == HIP_R_32F && c32) return 's';
  if (at == ct && at == HIP_R_64F && c64) return 'd';
  if (at == ct && at == HIP_C_32F && c32) return 'c';
  if (at == ct && at == HIP_C_64F && c64) return 'z';
  if (is_half(at) && (ct == HIP_R_32F || ct == at) && c32) return 'h';
  if (at == HIP_R_16F && ct == at && (comp == HIPBLAS_COMPUTE_16F ||
                                      comp == HIPBLAS_COMPUTE_16F_PEDANTIC))
    return 'H';  /* half scalars */
  if (at == HIP_R_8I && ct == HIP_R_32I &&
      (comp == HIPBLAS_COMPUTE_32I || comp == HIPBLAS_COMPUTE_32I_PEDANTIC))
    return 'i';
  return 0;
}

/* The checks and the CPU job of the three forms. */
static hipblasStatus_t gemm_ex(hipblasHandle_t h, blas_job* j,
                               const void* alpha, const void* beta,
                               hipblasComputeType_t comp,
                               hipblasGemmAlgo_t algo) {
  HIPBLAS_CHECK(algo == HIPBLAS_GEMM_DEFAULT, HIPBLAS_STATUS_INVALID_ENUM);
  char t = cpu_type(j->at, j->bt, j->ct, comp);
  HIPBLAS_CHECK(t, HIPBLAS_STATUS_NOT_SUPPORTED);
  int half = t == 'h' || t == 'H';
  j->t = half || t == 'i' ? 's' : t;
  j->conj = t == 'H';
  j->run = half ? run_gemm_half : t == 'i' ? run_gemm_i8 : hipblas__run_gemm;
  size_t ss = t == 'H' ? 2 : blas_esize(j->t);
  hipblas__scalar(h, &j->alpha, alpha, ss);
  hipblas__scalar(h, &j->beta, beta, ss);
  return hipblas__submit(h, j, 0);
}

#define EX_OPEN(batch)                                                       \
  HIPBLAS_CHECK_HANDLE(h);                                                   \
  do {                                                                       \
    hipblasStatus_t s_ = hipblas__gemm_check(transA, transB, m, n, k, lda,   \
                                             ldb, ldc, batch);               \
    if (s_ != HIPBLAS_STATUS_SUCCESS) return s_;                             \
  } while (0);                                                               \
  HIPBLAS_CHECK(algo == HIPBLAS_GEMM_DEFAULT, HIPBLAS_STATUS_INVALID_ENUM);   \
  if (m == 0 || n == 0 || (batch) == 0) return HIPBLAS_STATUS_SUCCESS;       \
  HIPBLAS_CHECK(alpha && beta && A && B && C, HIPBLAS_STATUS_INVALID_VALUE); \
  ROUTE(h, r)

hipblasStatus_t hipblasGemmEx(
    hipblasHandle_t h, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const void* alpha, const void* A, hipDataType aType,
    int lda, const void* B, hipDataType bType, int ldb, const void* beta,
    void* C, hipDataType cType, int ldc, hipblasComputeType_t computeType,
    hipblasGemmAlgo_t algo) {
  EX_OPEN(1);
  if (r.native)
    HIPBLAS_CU_CALL(h, r, cublasGemmEx,
                    (void*, int, int, int, int, int, const void*, const void*,
                     int, int, const void*, int, int, const void*, void*, int,
                     int, int, int),
                    (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,
                     aType, lda, B, bType, ldb, beta, C, cType, ldc,
                     hipblas__cu_compute(computeType), -1));
  blas_job j = {.ta = transA, .tb = transB, .m = m, .n = n, .k = k, .a = A,
                .lda = lda, .b = B, .ldb = ldb, .c = C, .ldc = ldc,
                .batch = 1, .at = aType, .bt = bType, .ct = cType};
  return gemm_ex(h, &j, alpha, beta, computeType, algo);
}

hipblasStatus_t hipblasGemmBatchedEx(
    hipblasHandle_t h, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const void* alpha, const void* A[],
    hipDataType aType, int lda, const void* B[], hipDataType bType, int ldb,
    const void* beta, void* C[], hipDataType cType, int ldc, int batchCount,
    hipblasComputeType_t computeType, hipblasGemmAlgo_t algo) {
  EX_OPEN(batchCount);
  if (r.native)
    HIPBLAS_CU_CALL(h, r, cublasGemmBatchedEx,
                    (void*, int, int, int, int, int, const void*,
                     const void* const*, int, int, const void* const*, int,
                     int, const void*, void* const*, int, int, int, int, int),
                    (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,
                     aType, lda, B, bType, ldb, beta, C, cType, ldc,
                     batchCount, hipblas__cu_compute(computeType), -1));
  blas_job j = {.ta = transA, .tb = transB, .m = m, .n = n, .k = k,
                .pa = (const void* const*)A, .lda = lda,
                .pb = (const void* const*)B, .ldb = ldb,
                .pc = (void* const*)C, .ldc = ldc, .batch = batchCount,
                .at = aType, .bt = bType, .ct = cType};
  return gemm_ex(h, &j, alpha, beta, computeType, algo);
}

hipblasStatus_t hipblasGemmStridedBatchedEx(
    hipblasHandle_t h, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const void* alpha, const void* A, hipDataType aType,
    int lda, hipblasStride strideA, const void* B, hipDataType bType,
    int ldb, hipblasStride strideB, const void* beta, void* C,
    hipDataType cType, int ldc, hipblasStride strideC, int batchCount,
    hipblasComputeType_t computeType, hipblasGemmAlgo_t algo) {
  EX_OPEN(batchCount);
  if (r.native)
    HIPBLAS_CU_CALL(h, r, cublasGemmStridedBatchedEx,
                    (void*, int, int, int, int, int, const void*, const void*,
                     int, int, long long, const void*, int, int, long long,
                     const void*, void*, int, int, long long, int, int, int),
                    (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,
                     aType, lda, strideA, B, bType, ldb, strideB, beta, C,
                     cType, ldc, strideC, batchCount,
                     hipblas__cu_compute(computeType), -1));
  blas_job j = {.ta = transA, .tb = transB, .m = m, .n = n, .k = k, .a = A,
                .lda = lda, .sa = strideA, .b = B, .ldb = ldb, .sb = strideB,
                .c = C, .ldc = ldc, .sc = strideC, .batch = batchCount,
                .at = aType, .bt = bType, .ct = cType};
  return gemm_ex(h, &j, alpha, beta, computeType, algo);
}

/* Hgemm and its batched forms: the half path of gemmEx, with half scalars
 * (`conj` set in the job). */
static hipblasStatus_t hgemm(hipblasHandle_t h, blas_job* j,
                             const hipblasHalf* alpha,
                             const hipblasHalf* beta) {
  j->t = 's';
  j->conj = 1;
  j->at = j->bt = j->ct = HIP_R_16F;
  j->run = run_gemm_half;
  hipblas__scalar(h, &j->alpha, alpha, 2);
  hipblas__scalar(h, &j->beta, beta, 2);
  return hipblas__submit(h, j, 0);
}

#define H_OPEN(batch)                                                        \
  HIPBLAS_CHECK_HANDLE(h);                                                   \
  do {                                                                       \
    hipblasStatus_t s_ = hipblas__gemm_check(transA, transB, m, n, k, lda,   \
                                             ldb, ldc, batch);               \
    if (s_ != HIPBLAS_STATUS_SUCCESS) return s_;                             \
  } while (0);                                                               \
  if (m == 0 || n == 0 || (batch) == 0) return HIPBLAS_STATUS_SUCCESS;       \
  HIPBLAS_CHECK(alpha && beta && A && B && C, HIPBLAS_STATUS_INVALID_VALUE); \
  ROUTE(h, r)

hipblasStatus_t hipblasHgemm(hipblasHandle_t h, hipblasOperation_t transA,
                             hipblasOperation_t transB, int m, int n, int k,
                             const hipblasHalf* alpha, const hipblasHalf* A,
                             int lda, const hipblasHalf* B, int ldb,
                             const hipblasHalf* beta, hipblasHalf* C,
                             int ldc) {
  H_OPEN(1);
  if (r.native)
    HIPBLAS_CU_CALL(h, r, cublasHgemm,
                    (void*, int, int, int, int, int, const void*, const void*,
                     int, const void*, int, const void*, void*, int),
                    (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,
                     lda, B, ldb, beta, C, ldc));
  blas_job j = {.ta = transA, .tb = transB, .m = m, .n = n, .k = k, .a = A,
                .lda = lda, .b = B, .ldb = ldb, .c = C, .ldc = ldc,
                .batch = 1};
  return hgemm(h, &j, alpha, beta);
}

hipblasStatus_t hipblasHgemmBatched(
    hipblasHandle_t h, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const hipblasHalf* alpha,
    const hipblasHalf* const A[], int lda, const hipblasHalf* const B[],
    int ldb, const hipblasHalf* beta, hipblasHalf* const C[], int ldc,
    int batchCount) {
  H_OPEN(batchCount);
  if (r.native)
    HIPBLAS_CU_CALL(h, r, cublasHgemmBatched,
                    (void*, int, int, int, int, int, const void*,
                     const void* const*, int, const void* const*, int,
                     const void*, void* const*, int, int),
                    (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha,
                     (const void* const*)A, lda, (const void* const*)B, ldb,
                     beta, (void* const*)C, ldc, batchCount));
  blas_job j = {.ta = transA, .tb = transB, .m = m, .n = n, .k = k,
                .pa = (const void* const*)A, .lda = lda,
                .pb = (const void* const*)B, .ldb = ldb,
                .pc = (void* const*)C, .ldc = ldc, .batch = batchCount};
  return hgemm(h, &j, alpha, beta);
}

hipblasStatus_t hipblasHgemmStridedBatched(
    hipblasHandle_t h, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const hipblasHalf* alpha, const hipblasHalf* A,
    int lda, hipblasStride strideA, const hipblasHalf* B, int ldb,
    hipblasStride strideB, const hipblasHalf* beta, hipblasHalf* C, int ldc,
    hipblasStride strideC, int batchCount) {
  H_OPEN(batchCount);
  if (r.native)
    HIPBLAS_CU_CALL(h, r, cublasHgemmStridedBatched,
                    (void*, int, int, int, int, int, const void*, const void*,
                     int, long long, const void*, int, long long, const void*,
                     void*, int, long long, int),
                    (cu, CU_OP(transA), CU_OP(transB), m, n, k, alpha, A,
                     lda, strideA, B, ldb, strideB, beta, C, ldc, strideC,
                     batchCount));
  blas_job j = {.ta = transA, .tb = transB, .m = m, .n = n, .k = k, .a = A,
                .lda = lda, .sa = strideA, .b = B, .ldb = ldb,
                .sb = strideB, .c = C, .ldc = ldc, .sc = strideC,
                .batch = batchCount};
  return hgemm(h, &j, alpha, beta);
}
