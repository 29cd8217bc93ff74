// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipblas -lhipc -lm
// NEEDS: libhipblas.so
/* hipBLAS (libhipblas), the routines HeCBench's programs found missing
 * (docs/libraries_programs.md): dotEx/dotcEx and their _64 forms in
 * s/d/c/z and half/bfloat16, Hgemm and its batched and strided forms,
 * gemmEx in int8 (int32 C) and in half with a half compute type,
 * hipBLAS 2's HIPBLAS_R_* type names, getrfBatched and gelsBatched. Against naive host loops on values
 * rounded as the device sees them; runs on the CPU device and on GPUs. */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hipblas/hipblas.h"

#define CHECK_ST(expr, want) CHECK_EQ((int)(expr), (int)(want))

static unsigned seed = 777;
static double rnd(void) {
  seed = seed * 1103515245u + 12345u;
  return ((seed >> 8) % 2001) / 1000.0 - 1.0;
}

static void* to_dev(const void* h, size_t bytes) {
  void* d;
  if (hipMalloc(&d, bytes ? bytes : 1) != hipSuccess) abort();
  hipMemcpy(d, h, bytes, hipMemcpyHostToDevice);
  return d;
}

/* bfloat16 bits of a float (round to nearest even; no NaN here). */
static uint16_t bf16(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  b += 0x7fffu + ((b >> 16) & 1);
  return (uint16_t)(b >> 16);
}
static float bf16_float(uint16_t v) {
  uint32_t b = (uint32_t)v << 16;
  float f;
  memcpy(&f, &b, 4);
  return f;
}

/* dotEx in float and double, real and complex, unit and strided. */
static void test_dot_ex_blas(hipblasHandle_t h) {
  int n = 517;
  double complex ref = 0, refc = 0;
  double complex* x = malloc(sizeof(double complex) * 2 * n);
  double complex* y = malloc(sizeof(double complex) * n);
  for (int i = 0; i < 2 * n; i++) x[i] = rnd() + I * rnd();
  for (int i = 0; i < n; i++) y[i] = rnd() + I * rnd();
  /* x with increment 2, y with 1 */
  for (int i = 0; i < n; i++) {
    ref += x[2 * i] * y[i];
    refc += conj(x[2 * i]) * y[i];
  }
  void* dx = to_dev(x, sizeof(double complex) * 2 * n);
  void* dy = to_dev(y, sizeof(double complex) * n);
  double complex got = 0;
  CHECK_ST(hipblasDotEx(h, n, dx, HIP_C_64F, 2, dy, HIP_C_64F, 1, &got,
                        HIP_C_64F, HIP_C_64F), HIPBLAS_STATUS_SUCCESS);
  CHECK(cabs(got - ref) < 1e-12 * n);
  CHECK_ST(hipblasDotcEx(h, n, dx, HIP_C_64F, 2, dy, HIP_C_64F, 1, &got,
                         HIP_C_64F, HIP_C_64F), HIPBLAS_STATUS_SUCCESS);
  CHECK(cabs(got - refc) < 1e-12 * n);
  CHECK_ST(hipblasDotEx_64(h, n, dx, HIP_C_64F, 2, dy, HIP_C_64F, 1, &got,
                           HIP_C_64F, HIP_C_64F), HIPBLAS_STATUS_SUCCESS);
  CHECK(cabs(got - ref) < 1e-12 * n);
  hipFree(dx);
  hipFree(dy);
  /* Real parts as float and double vectors. */
  float* fx = malloc(4 * n);
  float* fy = malloc(4 * n);
  double* dxh = malloc(8 * n);
  double* dyh = malloc(8 * n);
  double fref = 0, dref = 0;
  for (int i = 0; i < n; i++) {
    fx[i] = (float)creal(x[i]);
    fy[i] = (float)creal(y[i]);
    dxh[i] = creal(x[i]);
    dyh[i] = creal(y[i]);
    fref += (double)fx[i] * fy[i];
    dref += dxh[i] * dyh[i];
  }
  void* dfx = to_dev(fx, 4 * n);
  void* dfy = to_dev(fy, 4 * n);
  float fgot = 0;
  CHECK_ST(hipblasDotEx(h, n, dfx, HIP_R_32F, 1, dfy, HIP_R_32F, 1, &fgot,
                        HIP_R_32F, HIP_R_32F), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(fgot - fref) < 1e-5 * n);
  void* ddx = to_dev(dxh, 8 * n);
  void* ddy = to_dev(dyh, 8 * n);
  double dgot = 0;
  CHECK_ST(hipblasDotEx_64(h, n, ddx, HIP_R_64F, 1, ddy, HIP_R_64F, 1, &dgot,
                           HIP_R_64F, HIP_R_64F), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(dgot - dref) < 1e-12 * n);
  /* The result in device memory, in device pointer mode. */
  double* dres;
  hipMalloc((void**)&dres, 8);
  CHECK_ST(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE),
           HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasDotEx(h, n, ddx, HIP_R_64F, 1, ddy, HIP_R_64F, 1, dres,
                        HIP_R_64F, HIP_R_64F), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_HOST),
           HIPBLAS_STATUS_SUCCESS);
  dgot = 0;
  hipMemcpy(&dgot, dres, 8, hipMemcpyDeviceToHost);
  CHECK(fabs(dgot - dref) < 1e-12 * n);
  /* No handle, no result. */
  CHECK_ST(hipblasDotEx(NULL, n, ddx, HIP_R_64F, 1, ddy, HIP_R_64F, 1,
                        &dgot, HIP_R_64F, HIP_R_64F),
           HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK_ST(hipblasDotEx(h, n, ddx, HIP_R_64F, 1, ddy, HIP_R_64F, 1, NULL,
                        HIP_R_64F, HIP_R_64F), HIPBLAS_STATUS_INVALID_VALUE);
  hipFree(dfx); hipFree(dfy); hipFree(ddx); hipFree(ddy); hipFree(dres);
  free(x); free(y); free(fx); free(fy); free(dxh); free(dyh);
}

/* A long float dot product (HeCBench's blas-dot): 2^20 equal elements
 * whose exact sum is 65504. OpenBLAS's float sdot ended 16 off; cuBLAS's,
 * and now hipc's, are within the program's 0.1. */
static void test_dot_long_float(hipblasHandle_t h) {
  long n = 1 << 20;
  float* x = malloc(sizeof(float) * n);
  double want = 0;
  for (long i = 0; i < n; i++) {
    x[i] = (float)sqrt(65504.0 / n);
    want += (double)x[i] * x[i];
  }
  float* dx = to_dev(x, sizeof(float) * n);
  float got = 0;
  CHECK_ST(hipblasDotEx(h, (int)n, dx, HIP_R_32F, 1, dx, HIP_R_32F, 1, &got,
                        HIP_R_32F, HIP_R_32F), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(got - want) < 0.1);
  got = 0;
  CHECK_ST(hipblasSdot(h, (int)n, dx, 1, dx, 1, &got), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(got - want) < 0.1);
  hipFree(dx);
  free(x);
}

/* dotEx on half and bfloat16 vectors with a float execution type: the
 * reference sums the rounded inputs in double and rounds the result. */
static void test_dot_ex_half(hipblasHandle_t h) {
  int n = 300;
  _Float16* hx = malloc(2 * n);
  _Float16* hy = malloc(2 * n);
  uint16_t* bx = malloc(2 * n);
  uint16_t* by = malloc(2 * n);
  double href = 0, bref = 0;
  for (int i = 0; i < n; i++) {
    float a = (float)rnd(), b = (float)rnd();
    hx[i] = (_Float16)a;
    hy[i] = (_Float16)b;
    bx[i] = bf16(a);
    by[i] = bf16(b);
    href += (double)(float)hx[i] * (float)hy[i];
    bref += (double)bf16_float(bx[i]) * bf16_float(by[i]);
  }
  void *dhx = to_dev(hx, 2 * n), *dhy = to_dev(hy, 2 * n);
  void *dbx = to_dev(bx, 2 * n), *dby = to_dev(by, 2 * n);
  _Float16 hgot = 0;
  CHECK_ST(hipblasDotEx(h, n, dhx, HIP_R_16F, 1, dhy, HIP_R_16F, 1, &hgot,
                        HIP_R_16F, HIP_R_32F), HIPBLAS_STATUS_SUCCESS);
  /* Half keeps 11 bits: within a couple of its ulps of the exact sum. */
  CHECK(fabs((double)hgot - href) <= 2 * fmax(fabs(href), 1) / 1024);
  uint16_t bgot = 0;
  CHECK_ST(hipblasDotEx_64(h, n, dbx, HIP_R_16BF, 1, dby, HIP_R_16BF, 1,
                           &bgot, HIP_R_16BF, HIP_R_32F),
           HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(bf16_float(bgot) - bref) <= 2 * fmax(fabs(bref), 1) / 128);
  hipFree(dhx); hipFree(dhy); hipFree(dbx); hipFree(dby);
  free(hx); free(hy); free(bx); free(by);
}

/* C = alpha op(A) op(B) + beta C over half values, referenced in double on
 * the rounded inputs; `batch` matrices `s*` elements apart. */
static void ref_hgemm(hipblasOperation_t ta, hipblasOperation_t tb, int m,
                      int n, int k, float al, const _Float16* A, int lda,
                      const _Float16* B, int ldb, float be, const _Float16* C,
                      int ldc, double* out) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        double a = ta == HIPBLAS_OP_N ? A[i + l * lda] : A[l + i * lda];
        double b = tb == HIPBLAS_OP_N ? B[l + j * ldb] : B[j + l * ldb];
        s += a * b;
      }
      out[i + j * ldc] = al * s + be * (double)C[i + j * ldc];
    }
}

static int close_half(const _Float16* got, const double* want, long n,
                      int k) {
  for (long i = 0; i < n; i++)
    if (fabs((double)got[i] - want[i]) >
        (k + 2) * fmax(fabs(want[i]), 1.0) / 1024) {
      fprintf(stderr, "  element %ld: %g, expected %g\n", i,
              (double)got[i], want[i]);
      return 0;
    }
  return 1;
}

static void test_hgemm(hipblasHandle_t h) {
  int m = 13, n = 9, k = 11, batch = 3;
  int lda = k + 1, ldb = n + 2, ldc = m + 3;  /* A and B transposed */
  long sa = (long)lda * m + 5, sb = (long)ldb * k + 2, sc = (long)ldc * n + 1;
  _Float16* A = malloc(2 * sa * batch);
  _Float16* B = malloc(2 * sb * batch);
  _Float16* C = malloc(2 * sc * batch);
  _Float16* got = malloc(2 * sc * batch);
  double* want = malloc(8 * sc * batch);
  for (long i = 0; i < sa * batch; i++) A[i] = (_Float16)rnd();
  for (long i = 0; i < sb * batch; i++) B[i] = (_Float16)rnd();
  for (long i = 0; i < sc * batch; i++) C[i] = (_Float16)rnd();
  for (long i = 0; i < sc * batch; i++) want[i] = (double)C[i];
  _Float16 al = (_Float16)1.5f, be = (_Float16)-0.5f;
  for (int b = 0; b < batch; b++)
    ref_hgemm(HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k, al, A + b * sa, lda,
              B + b * sb, ldb, be, C + b * sc, ldc, want + b * sc);
  _Float16 *dA = to_dev(A, 2 * sa * batch), *dB = to_dev(B, 2 * sb * batch);
  _Float16* dC = to_dev(C, 2 * sc * batch);
  /* One matrix. */
  CHECK_ST(hipblasHgemm(h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k,
                        (const hipblasHalf*)&al, (const hipblasHalf*)dA, lda,
                        (const hipblasHalf*)dB, ldb, (const hipblasHalf*)&be,
                        (hipblasHalf*)dC, ldc),
           HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(got, dC, 2 * sc, hipMemcpyDeviceToHost);
  CHECK(close_half(got, want, ldc * (n - 1) + m, k));
  /* Strided batches. */
  hipMemcpy(dC, C, 2 * sc * batch, hipMemcpyHostToDevice);
  CHECK_ST(hipblasHgemmStridedBatched(
               h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k,
               (const hipblasHalf*)&al, (const hipblasHalf*)dA, lda, sa,
               (const hipblasHalf*)dB, ldb, sb, (const hipblasHalf*)&be,
               (hipblasHalf*)dC, ldc, sc, batch),
           HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(got, dC, 2 * sc * batch, hipMemcpyDeviceToHost);
  CHECK(close_half(got, want, sc * batch, k));
  /* Arrays of pointers in device memory, scalars in device memory. */
  hipMemcpy(dC, C, 2 * sc * batch, hipMemcpyHostToDevice);
  const hipblasHalf *pa[3], *pb[3];
  hipblasHalf* pc[3];
  for (int b = 0; b < batch; b++) {
    pa[b] = (const hipblasHalf*)(dA + b * sa);
    pb[b] = (const hipblasHalf*)(dB + b * sb);
    pc[b] = (hipblasHalf*)(dC + b * sc);
  }
  void *dpa = to_dev(pa, sizeof pa), *dpb = to_dev(pb, sizeof pb);
  void* dpc = to_dev(pc, sizeof pc);
  _Float16 sc2[2] = {al, be};
  _Float16* dsc = to_dev(sc2, sizeof sc2);
  CHECK_ST(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE),
           HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasHgemmBatched(h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k,
                               (const hipblasHalf*)dsc, dpa, lda, dpb, ldb,
                               (const hipblasHalf*)(dsc + 1), dpc, ldc,
                               batch),
           HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_HOST),
           HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(got, dC, 2 * sc * batch, hipMemcpyDeviceToHost);
  CHECK(close_half(got, want, sc * batch, k));
  /* Bad arguments: a short leading dimension, no handle. */
  CHECK_ST(hipblasHgemm(h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k,
                        (const hipblasHalf*)&al, (const hipblasHalf*)dA,
                        k - 1, (const hipblasHalf*)dB, ldb,
                        (const hipblasHalf*)&be, (hipblasHalf*)dC, ldc),
           HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_ST(hipblasHgemm(NULL, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k,
                        (const hipblasHalf*)&al, (const hipblasHalf*)dA, lda,
                        (const hipblasHalf*)dB, ldb, (const hipblasHalf*)&be,
                        (hipblasHalf*)dC, ldc),
           HIPBLAS_STATUS_NOT_INITIALIZED);
  /* gemmEx with everything half (a 16-bit compute type, half scalars),
   * spelt with hipBLAS 2's type names. */
  hipMemcpy(dC, C, 2 * sc, hipMemcpyHostToDevice);
  CHECK_ST(hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k, &al, dA,
                         HIPBLAS_R_16F, lda, dB, HIPBLAS_R_16F, ldb, &be, dC,
                         HIPBLAS_R_16F, ldc, HIPBLAS_COMPUTE_16F,
                         HIPBLAS_GEMM_DEFAULT),
           HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(got, dC, 2 * sc, hipMemcpyDeviceToHost);
  CHECK(close_half(got, want, ldc * (n - 1) + m, k));
  hipFree(dA); hipFree(dB); hipFree(dC); hipFree(dpa); hipFree(dpb);
  hipFree(dpc); hipFree(dsc);
  free(A); free(B); free(C); free(got); free(want);
}

/* gemmEx on int8 A and B into int32 C with a 32-bit integer compute type:
 * exact, against integer loops. */
static void test_gemm_ex_int8(hipblasHandle_t h) {
  int m = 12, n = 8, k = 20;  /* k a multiple of 4, as cuBLAS wants */
  int8_t A[12 * 20], B[20 * 8];
  int32_t C[12 * 8], want[12 * 8], got[12 * 8];
  for (int i = 0; i < m * k; i++) A[i] = (int8_t)(rnd() * 127);
  for (int i = 0; i < k * n; i++) B[i] = (int8_t)(rnd() * 127);
  for (int i = 0; i < m * n; i++) C[i] = (int32_t)(rnd() * 1000);
  int32_t al = 3, be = -2;
  /* A is op T (stored k x m), B op N. */
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      int32_t s = 0;
      for (int l = 0; l < k; l++) s += A[l + i * k] * B[l + j * k];
      want[i + j * m] = al * s + be * C[i + j * m];
    }
  void *dA = to_dev(A, sizeof A), *dB = to_dev(B, sizeof B);
  void* dC = to_dev(C, sizeof C);
  CHECK_ST(hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &al, dA,
                         HIP_R_8I, k, dB, HIP_R_8I, k, &be, dC, HIP_R_32I, m,
                         HIPBLAS_COMPUTE_32I, HIPBLAS_GEMM_DEFAULT),
           HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(got, dC, sizeof got, hipMemcpyDeviceToHost);
  CHECK_MEM(got, want, sizeof got);
  hipFree(dA); hipFree(dB); hipFree(dC);
}

/* getrfBatched: P A = L U checked by multiplying L and U back and
 * swapping A's rows as ipiv says; without ipiv (no pivoting) on a
 * diagonally dominant matrix, L U = A. */
static void test_getrf(hipblasHandle_t h) {
  enum { N = 7, LDA = 9, BATCH = 3 };
  double A[BATCH][LDA * N], F[BATCH][LDA * N];
  for (int b = 0; b < BATCH; b++)
    for (int i = 0; i < LDA * N; i++) A[b][i] = rnd() + (i % (LDA + 1) == 0 ? 8 * (b == 2) : 0);
  double* dA = to_dev(A, sizeof A);
  double* pa[BATCH];
  for (int b = 0; b < BATCH; b++) pa[b] = dA + b * LDA * N;
  void* dpa = to_dev(pa, sizeof pa);
  int *dpiv, *dinfo, piv[BATCH * N], info[BATCH];
  hipMalloc((void**)&dpiv, sizeof piv);
  hipMalloc((void**)&dinfo, sizeof info);
  for (int pivot = 1; pivot >= 0; pivot--) {
    hipMemcpy(dA, A, sizeof A, hipMemcpyHostToDevice);
    int batch = pivot ? BATCH : 1;
    double** p = dpa;
    if (!pivot) {  /* the diagonally dominant one alone */
      double* one = dA + 2 * LDA * N;
      p = to_dev(&one, sizeof one);
    }
    CHECK_ST(hipblasDgetrfBatched(h, N, p, LDA, pivot ? dpiv : NULL, dinfo,
                                  batch), HIPBLAS_STATUS_SUCCESS);
    hipMemcpy(F, dA, sizeof F, hipMemcpyDeviceToHost);
    hipMemcpy(piv, dpiv, sizeof piv, hipMemcpyDeviceToHost);
    hipMemcpy(info, dinfo, sizeof(int) * batch, hipMemcpyDeviceToHost);
    for (int b = 0; b < batch; b++) {
      int src = pivot ? b : 2;
      double* f = pivot ? F[b] : F[2];
      double pa_[LDA * N];
      memcpy(pa_, A[src], sizeof pa_);
      if (pivot)
        for (int k = 0; k < N; k++) {  /* ipiv is 1-based */
          int q = piv[b * N + k] - 1;
          for (int c = 0; c < N; c++) {
            double t = pa_[k + c * LDA];
            pa_[k + c * LDA] = pa_[q + c * LDA];
            pa_[q + c * LDA] = t;
          }
        }
      double e = 0;
      for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
          double s = 0;
          for (int k = 0; k <= (r < c ? r : c); k++)
            s += (k == r ? 1.0 : f[r + k * LDA]) * f[k + c * LDA];
          e = fmax(e, fabs(s - pa_[r + c * LDA]));
        }
      CHECK(e < 1e-12);
      CHECK_EQ(info[b], 0);
    }
    if (!pivot) hipFree(p);
  }
  /* A singular matrix: info names the first zero pivot. */
  double Z[LDA * N] = {0};
  hipMemcpy(dA, Z, sizeof Z, hipMemcpyHostToDevice);
  CHECK_ST(hipblasDgetrfBatched(h, N, dpa, LDA, dpiv, dinfo, 1),
           HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(info, dinfo, sizeof(int), hipMemcpyDeviceToHost);
  CHECK_EQ(info[0], 1);
  CHECK_ST(hipblasDgetrfBatched(h, N, dpa, N - 1, dpiv, dinfo, 1),
           HIPBLAS_STATUS_INVALID_VALUE);
  hipFree(dA); hipFree(dpa); hipFree(dpiv); hipFree(dinfo);
}

/* gelsBatched on consistent overdetermined systems A x = c: the first n
 * rows of C become x. */
static void test_gels(hipblasHandle_t h) {
  enum { M = 9, N = 5, NRHS = 2, BATCH = 2 };
  float A[BATCH][M * N], X[BATCH][N * NRHS], C[BATCH][M * NRHS];
  for (int b = 0; b < BATCH; b++) {
    for (int i = 0; i < M * N; i++) A[b][i] = (float)rnd();
    for (int i = 0; i < N * NRHS; i++) X[b][i] = (float)rnd();
    for (int r = 0; r < M; r++)
      for (int c = 0; c < NRHS; c++) {
        double s = 0;
        for (int k = 0; k < N; k++) s += (double)A[b][r + k * M] * X[b][k + c * N];
        C[b][r + c * M] = (float)s;
      }
  }
  float *dA = to_dev(A, sizeof A), *dC = to_dev(C, sizeof C);
  float *pa[BATCH], *pc[BATCH];
  for (int b = 0; b < BATCH; b++) {
    pa[b] = dA + b * M * N;
    pc[b] = dC + b * M * NRHS;
  }
  void *dpa = to_dev(pa, sizeof pa), *dpc = to_dev(pc, sizeof pc);
  int info = 7, dinfo_h[BATCH] = {5, 5}, *dinfo;
  hipMalloc((void**)&dinfo, sizeof dinfo_h);
  CHECK_ST(hipblasSgelsBatched(h, HIPBLAS_OP_N, M, N, NRHS, dpa, M, dpc, M,
                               &info, dinfo, BATCH), HIPBLAS_STATUS_SUCCESS);
  CHECK_EQ(info, 0);
  float got[BATCH][M * NRHS];
  hipMemcpy(got, dC, sizeof got, hipMemcpyDeviceToHost);
  hipMemcpy(dinfo_h, dinfo, sizeof dinfo_h, hipMemcpyDeviceToHost);
  double e = 0;
  for (int b = 0; b < BATCH; b++) {
    CHECK_EQ(dinfo_h[b], 0);
    for (int c = 0; c < NRHS; c++)
      for (int k = 0; k < N; k++)
        e = fmax(e, fabs(got[b][k + c * M] - X[b][k + c * N]));
  }
  CHECK(e < 1e-4);
  /* m < n: refused, with info naming n (the 4th argument). */
  CHECK_ST(hipblasSgelsBatched(h, HIPBLAS_OP_N, N - 1, N, NRHS, dpa, M, dpc,
                               M, &info, dinfo, BATCH),
           HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_EQ(info, -4);
  hipFree(dA); hipFree(dC); hipFree(dpa); hipFree(dpc); hipFree(dinfo);
}

int main(void) {
  hipblasHandle_t h;
  CHECK_ST(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  test_dot_ex_blas(h);
  test_dot_ex_half(h);
  test_dot_long_float(h);
  test_hgemm(h);
  test_gemm_ex_int8(h);
  test_getrf(h);
  test_gels(h);
  CHECK_ST(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  return check_summary("test_hipblas_ex");
}
