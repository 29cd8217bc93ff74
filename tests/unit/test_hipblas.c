// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipblas -lhipc -lm
// NEEDS: libhipblas.so
/* hipBLAS (libhipblas): results of each routine family in s/d/c/z against
 * naive host loops, pointer modes, streams, and the status codes of bad
 * arguments. Runs on the CPU device (OpenBLAS) and on GPUs (cuBLAS). */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "hipblas/hipblas.h"

#define CHECK_ST(expr, want) CHECK_EQ((int)(expr), (int)(want))

typedef double complex zd;

static size_t esize(char t) { return t == 's' ? 4 : t == 'd' || t == 'c' ? 8 : 16; }
static zd get(char t, const void* p, long i) {
  switch (t) {
    case 's': return ((const float*)p)[i];
    case 'd': return ((const double*)p)[i];
    case 'c': return ((const float*)p)[2 * i] + I * ((const float*)p)[2 * i + 1];
    default: return ((const double*)p)[2 * i] + I * ((const double*)p)[2 * i + 1];
  }
}
static void put(char t, void* p, long i, zd v) {
  switch (t) {
    case 's': ((float*)p)[i] = (float)creal(v); break;
    case 'd': ((double*)p)[i] = creal(v); break;
    case 'c': ((float*)p)[2 * i] = (float)creal(v); ((float*)p)[2 * i + 1] = (float)cimag(v); break;
    default: ((double*)p)[2 * i] = creal(v); ((double*)p)[2 * i + 1] = cimag(v); break;
  }
}
static int cplx(char t) { return t == 'c' || t == 'z'; }
static unsigned seed = 12345;
static double rnd(void) { seed = seed * 1103515245u + 12345u; return ((seed >> 8) % 2001) / 1000.0 - 1.0; }
/* n random elements of type t (complex ones with an imaginary part). */
static void* host_rand(char t, long n) {
  void* p = malloc(esize(t) * (n ? n : 1));
  for (long i = 0; i < n; i++) put(t, p, i, rnd() + (cplx(t) ? I * rnd() : 0));
  return p;
}
static void* to_dev(char t, const void* h, long n) {
  void* d;
  if (hipMalloc(&d, esize(t) * (n ? n : 1)) != hipSuccess) abort();
  hipMemcpy(d, h, esize(t) * n, hipMemcpyHostToDevice);
  return d;
}
static void from_dev(char t, void* h, const void* d, long n) {
  hipMemcpy(h, d, esize(t) * n, hipMemcpyDeviceToHost);
}
static double tol(char t, int k) { return (t == 's' || t == 'c' ? 2e-5 : 1e-12) * (k + 4); }
/* Largest |got - want| over n elements, relative to max(1, |want|). */
static double err(char t, const void* got, const void* want, long n) {
  double e = 0;
  for (long i = 0; i < n; i++) {
    zd w = get(t, want, i);
    double d = cabs(get(t, got, i) - w) / fmax(1.0, cabs(w));
    if (d > e) e = d;
  }
  return e;
}
#define CHECK_CLOSE(t, got, want, n, k)                                    \
  do {                                                                     \
    double e_ = err(t, got, want, n);                                      \
    if (!(e_ <= tol(t, k)))                                                \
      fprintf(stderr, "  type %c: error %g (tolerance %g)\n", t, e_, tol(t, k)); \
    CHECK(e_ <= tol(t, k));                                                \
  } while (0)

static zd op_at(char t, const void* A, int lda, hipblasOperation_t op, int r, int c) {
  zd v = op == HIPBLAS_OP_N ? get(t, A, r + (long)c * lda) : get(t, A, c + (long)r * lda);
  return op == HIPBLAS_OP_C ? conj(v) : v;
}
static void ref_gemm(char t, hipblasOperation_t ta, hipblasOperation_t tb, int m, int n, int k,
                     zd al, const void* A, int lda, const void* B, int ldb, zd be, void* C, int ldc) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      zd s = 0;
      for (int l = 0; l < k; l++) s += op_at(t, A, lda, ta, i, l) * op_at(t, B, ldb, tb, l, j);
      put(t, C, i + (long)j * ldc, al * s + be * get(t, C, i + (long)j * ldc));
    }
}

/* Calls the typed gemm of `t` (scalars as `t` in al/be). */
static hipblasStatus_t gemm_t(hipblasHandle_t h, char t, hipblasOperation_t ta, hipblasOperation_t tb,
                              int m, int n, int k, const void* al, const void* A, int lda,
                              const void* B, int ldb, const void* be, void* C, int ldc) {
  switch (t) {
    case 's': return hipblasSgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
    case 'd': return hipblasDgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
    case 'c': return hipblasCgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
    default: return hipblasZgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
  }
}

static void test_gemm(hipblasHandle_t h, char t) {
  static const hipblasOperation_t ops[] = {HIPBLAS_OP_N, HIPBLAS_OP_T, HIPBLAS_OP_C};
  int m = 37, n = 29, k = 23;
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      if (!cplx(t) && (a == 2 || b == 2)) continue;
      int lda = (ops[a] == HIPBLAS_OP_N ? m : k) + 3, ldb = (ops[b] == HIPBLAS_OP_N ? k : n) + 1, ldc = m + 2;
      long na = (long)lda * (ops[a] == HIPBLAS_OP_N ? k : m), nb = (long)ldb * (ops[b] == HIPBLAS_OP_N ? n : k), nc = (long)ldc * n;
      void *A = host_rand(t, na), *B = host_rand(t, nb), *C = host_rand(t, nc), *got = malloc(esize(t) * nc);
      unsigned char al[16], be[16];
      zd alz = 1.5 - (cplx(t) ? 0.5 * I : 0), bez = -0.75 + (cplx(t) ? 0.25 * I : 0);
      put(t, al, 0, alz);
      put(t, be, 0, bez);
      void *dA = to_dev(t, A, na), *dB = to_dev(t, B, nb), *dC = to_dev(t, C, nc);
      CHECK_ST(gemm_t(h, t, ops[a], ops[b], m, n, k, al, dA, lda, dB, ldb, be, dC, ldc), HIPBLAS_STATUS_SUCCESS);
      from_dev(t, got, dC, nc);
      ref_gemm(t, ops[a], ops[b], m, n, k, alz, A, lda, B, ldb, bez, C, ldc);
      CHECK_CLOSE(t, got, C, nc, k);
      free(A); free(B); free(C); free(got);
      hipFree(dA); hipFree(dB); hipFree(dC);
    }
}

static void test_gemm_batched(hipblasHandle_t h) {
  int m = 16, n = 12, k = 9, batch = 5;
  long sa = m * k + 7, sb = k * n + 3, sc = m * n + 5;
  float *A = host_rand('s', sa * batch), *B = host_rand('s', sb * batch), *C = host_rand('s', sc * batch);
  float *C2 = malloc(4 * sc * batch), *got = malloc(4 * sc * batch);
  memcpy(C2, C, 4 * sc * batch);
  float al = 0.5f, be = 2.0f;
  float *dA = to_dev('s', A, sa * batch), *dB = to_dev('s', B, sb * batch), *dC = to_dev('s', C, sc * batch);
  CHECK_ST(hipblasSgemmStridedBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, &al, dA, m, sa, dB, n, sb,
                                      &be, dC, m, sc, batch), HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC, sc * batch);
  for (int i = 0; i < batch; i++)
    ref_gemm('s', HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, al, A + i * sa, m, B + i * sb, n, be, C + i * sc, m);
  CHECK_CLOSE('s', got, C, sc * batch, k);
  /* The same through arrays of device pointers, in device memory. */
  float *hA[5], *hB[5], *hC[5];
  for (int i = 0; i < batch; i++) { hA[i] = dA + i * sa; hB[i] = dB + i * sb; hC[i] = dC + i * sc; }
  hipMemcpy(dC, C2, 4 * sc * batch, hipMemcpyHostToDevice);
  void *pA, *pB, *pC;
  hipMalloc(&pA, sizeof hA); hipMalloc(&pB, sizeof hB); hipMalloc(&pC, sizeof hC);
  hipMemcpy(pA, hA, sizeof hA, hipMemcpyHostToDevice);
  hipMemcpy(pB, hB, sizeof hB, hipMemcpyHostToDevice);
  hipMemcpy(pC, hC, sizeof hC, hipMemcpyHostToDevice);
  CHECK_ST(hipblasSgemmBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, &al, pA, m, pB, n, &be, pC, m, batch),
           HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC, sc * batch);
  CHECK_CLOSE('s', got, C, sc * batch, k);
  /* gemmStridedBatchedEx in float. */
  hipMemcpy(dC, C2, 4 * sc * batch, hipMemcpyHostToDevice);
  CHECK_ST(hipblasGemmStridedBatchedEx(h, HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, &al, dA, HIP_R_32F, m, sa,
                                       dB, HIP_R_32F, n, sb, &be, dC, HIP_R_32F, m, sc, batch,
                                       HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT), HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC, sc * batch);
  CHECK_CLOSE('s', got, C, sc * batch, k);
  free(A); free(B); free(C); free(C2); free(got);
  hipFree(dA); hipFree(dB); hipFree(dC); hipFree(pA); hipFree(pB); hipFree(pC);
}

/* gemmEx with half inputs and a float C: the reference rounds the inputs
 * to half first, so only the float accumulation differs. */
static void test_gemm_ex_half(hipblasHandle_t h) {
  int m = 8, n = 6, k = 10;
  _Float16 A[80], B[60];
  float fa[80], fb[60], C[48], got[48];
  for (int i = 0; i < m * k; i++) { A[i] = (_Float16)rnd(); fa[i] = (float)A[i]; }
  for (int i = 0; i < k * n; i++) { B[i] = (_Float16)rnd(); fb[i] = (float)B[i]; }
  for (int i = 0; i < m * n; i++) C[i] = (float)rnd();
  void *dA = to_dev('c', A, 20), *dB = to_dev('c', B, 15), *dC = to_dev('s', C, 48);
  float al = 1.0f, be = 0.5f;
  CHECK_ST(hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &al, dA, HIP_R_16F, m, dB, HIP_R_16F, k,
                         &be, dC, HIP_R_32F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT),
           HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC, 48);
  ref_gemm('s', HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, al, fa, m, fb, k, be, C, m);
  CHECK_CLOSE('s', got, C, 48, k);
  hipFree(dA); hipFree(dB); hipFree(dC);
}

static void test_level1(hipblasHandle_t h) {
  int n = 1000;
  float *x = host_rand('s', n), *y = host_rand('s', 2 * n), *got = malloc(8 * n);
  float *dx = to_dev('s', x, n), *dy = to_dev('s', y, 2 * n);
  float al = -2.5f, r;
  /* axpy with a stride on y. */
  CHECK_ST(hipblasSaxpy(h, n, &al, dx, 1, dy, 2), HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dy, 2 * n);
  for (int i = 0; i < n; i++) y[2 * i] += al * x[i];
  CHECK_CLOSE('s', got, y, 2 * n, 1);
  /* dot, nrm2, asum, amax, amin in host pointer mode. */
  double dot = 0, nrm = 0, asum = 0;
  int imax = 0, imin = 0;
  for (int i = 0; i < n; i++) {
    dot += (double)x[i] * y[2 * i]; nrm += (double)x[i] * x[i]; asum += fabs(x[i]);
    if (fabsf(x[i]) > fabsf(x[imax])) imax = i;
    if (fabsf(x[i]) < fabsf(x[imin])) imin = i;
  }
  CHECK_ST(hipblasSdot(h, n, dx, 1, dy, 2, &r), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(r - dot) < 1e-3);
  CHECK_ST(hipblasSnrm2(h, n, dx, 1, &r), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(r - sqrt(nrm)) < 1e-3);
  CHECK_ST(hipblasSasum(h, n, dx, 1, &r), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(r - asum) < 1e-2);
  int idx = -1;
  CHECK_ST(hipblasIsamax(h, n, dx, 1, &idx), HIPBLAS_STATUS_SUCCESS);
  CHECK_EQ(idx, imax + 1);
  CHECK_ST(hipblasIsamin(h, n, dx, 1, &idx), HIPBLAS_STATUS_SUCCESS);
  CHECK_EQ(idx, imin + 1);
  CHECK_ST(hipblasIsamax(h, 0, dx, 1, &idx), HIPBLAS_STATUS_SUCCESS);
  CHECK_EQ(idx, 0);
  /* Device pointer mode: alpha read from, dot written to device memory. */
  float *dal, *dr;
  hipMalloc((void**)&dal, 4); hipMalloc((void**)&dr, 4);
  float two = 2.0f;
  hipMemcpy(dal, &two, 4, hipMemcpyHostToDevice);
  CHECK_ST(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasSscal(h, n, dal, dx, 1), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasSdot(h, n, dx, 1, dx, 1, dr), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_HOST), HIPBLAS_STATUS_SUCCESS);
  hipDeviceSynchronize();
  hipMemcpy(&r, dr, 4, hipMemcpyDeviceToHost);
  CHECK(fabs(r - 4 * nrm) < 1e-2);
  /* copy and swap. */
  CHECK_ST(hipblasScopy(h, n, dx, 1, dy, 1), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasSswap(h, n, dy, 1, dy + n, 1), HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dy, 2 * n);
  for (int i = 0; i < n; i++) CHECK_EQ(got[n + i] == 2 * x[i], 1);
  hipFree(dal); hipFree(dr); hipFree(dx); hipFree(dy);
  free(x); free(y); free(got);
  /* Complex: zdotc, zaxpy, dznrm2, izamax. */
  hipDoubleComplex *zx = host_rand('z', 50), *zy = host_rand('z', 50), zr;
  void *dzx = to_dev('z', zx, 50), *dzy = to_dev('z', zy, 50);
  zd ref = 0;
  double zn = 0;
  for (int i = 0; i < 50; i++) { ref += conj(get('z', zx, i)) * get('z', zy, i); zn += pow(cabs(get('z', zx, i)), 2); }
  CHECK_ST(hipblasZdotc(h, 50, dzx, 1, dzy, 1, &zr), HIPBLAS_STATUS_SUCCESS);
  CHECK(cabs(zr.x + I * zr.y - ref) < 1e-12);
  double dn;
  CHECK_ST(hipblasDznrm2(h, 50, dzx, 1, &dn), HIPBLAS_STATUS_SUCCESS);
  CHECK(fabs(dn - sqrt(zn)) < 1e-12);
  hipDoubleComplex za = {0.5, -1};
  CHECK_ST(hipblasZaxpy(h, 50, &za, dzx, 1, dzy, 1), HIPBLAS_STATUS_SUCCESS);
  hipDoubleComplex zgot[50];
  from_dev('z', zgot, dzy, 50);
  for (int i = 0; i < 50; i++) put('z', zy, i, get('z', zy, i) + (0.5 - I) * get('z', zx, i));
  CHECK_CLOSE('z', zgot, zy, 50, 1);
  hipFree(dzx); hipFree(dzy); free(zx); free(zy);
}

static void test_level2(hipblasHandle_t h) {
  int m = 40, n = 33, lda = 45;
  double *A = host_rand('d', lda * n), *x = host_rand('d', m), *y = host_rand('d', n), got[45 * 33];
  double *dA = to_dev('d', A, lda * n), *dx = to_dev('d', x, m), *dy = to_dev('d', y, n);
  double al = 0.75, be = -1.25;
  /* y = al A^T x + be y */
  CHECK_ST(hipblasDgemv(h, HIPBLAS_OP_T, m, n, &al, dA, lda, dx, 1, &be, dy, 1), HIPBLAS_STATUS_SUCCESS);
  from_dev('d', got, dy, n);
  for (int j = 0; j < n; j++) {
    double s = 0;
    for (int i = 0; i < m; i++) s += A[i + j * lda] * x[i];
    y[j] = al * s + be * y[j];
  }
  CHECK_CLOSE('d', got, y, n, m);
  /* A += al x y^T */
  CHECK_ST(hipblasDger(h, m, n, &al, dx, 1, dy, 1, dA, lda), HIPBLAS_STATUS_SUCCESS);
  from_dev('d', got, dA, lda * n);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) A[i + j * lda] += al * x[i] * y[j];
  CHECK_CLOSE('d', got, A, lda * n, 1);
  /* trsv, lower, non-unit: solve L z = b, check L z against b. */
  int t = 20;
  double L[400], b[20], z[20];
  for (int j = 0; j < t; j++)
    for (int i = 0; i < t; i++) L[i + j * t] = i < j ? 99 : i == j ? 2 + rnd() : rnd() / t;
  for (int i = 0; i < t; i++) b[i] = rnd();
  double *dL = to_dev('d', L, 400), *db = to_dev('d', b, 20);
  CHECK_ST(hipblasDtrsv(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, HIPBLAS_DIAG_NON_UNIT, t, dL, t, db, 1),
           HIPBLAS_STATUS_SUCCESS);
  from_dev('d', z, db, 20);
  double lz[20];
  for (int i = 0; i < t; i++) { lz[i] = 0; for (int j = 0; j <= i; j++) lz[i] += L[i + j * t] * z[j]; }
  CHECK_CLOSE('d', lz, b, 20, t);
  hipFree(dA); hipFree(dx); hipFree(dy); hipFree(dL); hipFree(db);
  free(A); free(x); free(y);
}

static void test_level3(hipblasHandle_t h) {
  /* symm, left, upper: C = al A B + be C with A symmetric from its upper half. */
  int m = 12, n = 9;
  float *A = host_rand('s', m * m), *B = host_rand('s', m * n), *C = host_rand('s', m * n), got[144];
  float S[144];
  for (int j = 0; j < m; j++) for (int i = 0; i < m; i++) S[i + j * m] = i <= j ? A[i + j * m] : A[j + i * m];
  float *dA = to_dev('s', A, m * m), *dB = to_dev('s', B, m * n), *dC = to_dev('s', C, m * n);
  float al = 1.25f, be = 0.5f;
  CHECK_ST(hipblasSsymm(h, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_UPPER, m, n, &al, dA, m, dB, m, &be, dC, m),
           HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC, m * n);
  ref_gemm('s', HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, m, al, S, m, B, m, be, C, m);
  CHECK_CLOSE('s', got, C, m * n, m);
  /* syrk, lower, trans N: C = al B B^T + be C (lower triangle only). */
  float *C2 = host_rand('s', m * m), R[144];
  memcpy(R, C2, sizeof R);
  float* dC2 = to_dev('s', C2, m * m);
  CHECK_ST(hipblasSsyrk(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, m, n, &al, dB, m, &be, dC2, m),
           HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC2, m * m);
  ref_gemm('s', HIPBLAS_OP_N, HIPBLAS_OP_T, m, m, n, al, B, m, B, m, be, R, m);
  for (int j = 0; j < m; j++) for (int i = 0; i < j; i++) R[i + j * m] = C2[i + j * m];
  CHECK_CLOSE('s', got, R, m * m, n);
  /* trsm, left, upper, no-trans, unit: solve U X = al B; check U X. */
  float U[144], X[108];
  for (int j = 0; j < m; j++) for (int i = 0; i < m; i++) U[i + j * m] = i < j ? rnd() / m : i == j ? 7 : -99;
  float* dU = to_dev('s', U, m * m);
  hipMemcpy(dB, B, 4 * m * n, hipMemcpyHostToDevice);
  CHECK_ST(hipblasStrsm(h, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, m, n,
                        &al, dU, m, dB, m), HIPBLAS_STATUS_SUCCESS);
  from_dev('s', X, dB, m * n);
  float UX[108], aB[108];
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = X[i + j * m];
      for (int l = i + 1; l < m; l++) s += U[i + l * m] * X[l + j * m];
      UX[i + j * m] = (float)s;
      aB[i + j * m] = al * B[i + j * m];
    }
  CHECK_CLOSE('s', UX, aB, m * n, m);
  /* geam as a transpose: C = A^T (m x n from an n x m A), B unused. */
  float T[108], zero = 0, one = 1;
  float* dT = to_dev('s', B, m * n);  /* B read as n x m, ld n */
  CHECK_ST(hipblasSgeam(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, &one, dT, n, &zero, NULL, m, dC, m),
           HIPBLAS_STATUS_SUCCESS);
  from_dev('s', got, dC, m * n);
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) T[i + j * m] = B[j + i * n];
  CHECK_CLOSE('s', got, T, m * n, 1);
  hipFree(dA); hipFree(dB); hipFree(dC); hipFree(dC2); hipFree(dU); hipFree(dT);
  free(A); free(B); free(C); free(C2);
}

/* Work on a stream after an async copy and before another, with no
 * synchronisation between: stream order must hold. */
static void test_stream(hipblasHandle_t h) {
  hipStream_t s;
  hipStreamCreate(&s);
  CHECK_ST(hipblasSetStream(h, s), HIPBLAS_STATUS_SUCCESS);
  hipStream_t got_s;
  CHECK_ST(hipblasGetStream(h, &got_s), HIPBLAS_STATUS_SUCCESS);
  CHECK(got_s == s);
  int n = 256 * 256;
  float *x = host_rand('s', n), *out, *dx;
  hipHostMalloc((void**)&out, 4 * n, 0);
  hipMalloc((void**)&dx, 4 * n);
  float three = 3;
  for (int rep = 0; rep < 4; rep++) {
    hipMemcpyAsync(dx, x, 4 * n, hipMemcpyHostToDevice, s);
    hipblasSscal(h, n, &three, dx, 1);
    hipblasSscal(h, n, &three, dx, 1);
    hipMemcpyAsync(out, dx, 4 * n, hipMemcpyDeviceToHost, s);
  }
  hipStreamSynchronize(s);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += out[i] != x[i] * 3 * 3;
  CHECK_EQ(bad, 0);
  CHECK_ST(hipblasSetStream(h, 0), HIPBLAS_STATUS_SUCCESS);
  hipFree(dx); hipHostFree(out); free(x);
  hipStreamDestroy(s);
}

static void test_errors(hipblasHandle_t h) {
  float one = 1, *d;
  hipMalloc((void**)&d, 64 * 4);
  CHECK_ST(hipblasCreate(NULL), HIPBLAS_STATUS_HANDLE_IS_NULLPTR);
  CHECK_ST(hipblasSgemm(NULL, HIPBLAS_OP_N, HIPBLAS_OP_N, 2, 2, 2, &one, d, 2, d, 2, &one, d, 2),
           HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK_ST(hipblasSgemm(h, (hipblasOperation_t)7, HIPBLAS_OP_N, 2, 2, 2, &one, d, 2, d, 2, &one, d, 2),
           HIPBLAS_STATUS_INVALID_ENUM);
  CHECK_ST(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, -1, 2, 2, &one, d, 2, d, 2, &one, d, 2),
           HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_ST(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, 4, 2, 2, &one, d, 3, d, 2, &one, d, 4),
           HIPBLAS_STATUS_INVALID_VALUE);  /* lda < m */
  CHECK_ST(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, 2, 2, 2, NULL, d, 2, d, 2, &one, d, 2),
           HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_ST(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, 0, 2, 2, NULL, NULL, 2, NULL, 2, NULL, NULL, 2),
           HIPBLAS_STATUS_SUCCESS);  /* nothing to do */
  CHECK_ST(hipblasSgemv(h, HIPBLAS_OP_N, 2, 2, &one, d, 2, d, 0, &one, d, 1), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_ST(hipblasStrsv(h, (hipblasFillMode_t)0, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 2, d, 2, d, 1),
           HIPBLAS_STATUS_INVALID_ENUM);
  CHECK_ST(hipblasSdot(h, 4, d, 1, d, 1, NULL), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_ST(hipblasSetPointerMode(h, (hipblasPointerMode_t)5), HIPBLAS_STATUS_INVALID_ENUM);
  CHECK_ST(hipblasGetStream(h, NULL), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK_ST(hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, 2, 2, 2, &one, d, HIP_R_8I, 2, d, HIP_R_8I, 2, &one,
                         d, HIP_R_32I, 2, HIPBLAS_COMPUTE_32I, (hipblasGemmAlgo_t)3),
           HIPBLAS_STATUS_INVALID_ENUM);
  CHECK_ST(hipblasCsyrk(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_C, 2, 2, (hipComplex*)d, (hipComplex*)d, 2,
                        (hipComplex*)d, (hipComplex*)d, 2), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(strcmp(hipblasStatusToString(HIPBLAS_STATUS_INVALID_ENUM), "HIPBLAS_STATUS_INVALID_ENUM") == 0);
  /* Set/GetVector with strides, Set/GetMatrix with leading dimensions. */
  float v[8] = {1, 2, 3, 4, 5, 6, 7, 8}, w[8] = {0};
  CHECK_ST(hipblasSetVector(4, 4, v, 2, d, 1), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasGetVector(4, 4, d, 1, w, 1), HIPBLAS_STATUS_SUCCESS);
  CHECK(w[0] == 1 && w[1] == 3 && w[2] == 5 && w[3] == 7);
  CHECK_ST(hipblasSetMatrix(2, 3, 4, v, 2, d, 4), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasGetMatrix(2, 3, 4, d, 4, w, 2), HIPBLAS_STATUS_SUCCESS);
  CHECK_MEM(w, v, 6 * 4);
  CHECK_ST(hipblasSetMatrix(4, 2, 4, v, 2, d, 4), HIPBLAS_STATUS_INVALID_VALUE);
  hipFree(d);
}

int main(void) {
  hipblasHandle_t h;
  CHECK_ST(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  hipblasPointerMode_t pm;
  CHECK_ST(hipblasGetPointerMode(h, &pm), HIPBLAS_STATUS_SUCCESS);
  CHECK_EQ(pm, HIPBLAS_POINTER_MODE_HOST);
  test_gemm(h, 's');
  test_gemm(h, 'd');
  test_gemm(h, 'c');
  test_gemm(h, 'z');
  test_gemm_batched(h);
  test_gemm_ex_half(h);
  test_level1(h);
  test_level2(h);
  test_level3(h);
  test_stream(h);
  test_errors(h);
  CHECK_ST(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  CHECK_ST(hipblasDestroy(NULL), HIPBLAS_STATUS_NOT_INITIALIZED);
  return check_summary("test_hipblas");
}
