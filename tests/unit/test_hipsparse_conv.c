// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipsparse -lhipc -lm
// NEEDS: libhipsparse.so
/* hipSPARSE (libhipsparse), the routines HeCBench's programs found missing
 * (docs/libraries_programs.md): SparseToDense and DenseToSparse (CSR and
 * COO, both orders, 32- and 64-bit indices), sparse vectors with Axpby,
 * Gather and Scatter, the legacy matrix descriptor, nnz, identity
 * permutations, Xcsrsort, SDDMM in strided batches, the triangular
 * solves SpSV and SpSM with SpMatSetAttribute and SpGEMM (csrilu02:
 * test_hipsparse_ilu.c). Against host loops on the same data; runs on
 * the CPU device and on GPUs (cuSPARSE). */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hipsparse/hipsparse.h"

#define CHECK_S(expr, want) CHECK_EQ((int)(expr), (int)(want))

static unsigned seed = 99;
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

/* A random m x n dense matrix of doubles, about `density` of it nonzero,
 * stored row-major (`row`) or column-major with leading dimension ld. */
static double* dense_rand(int m, int n, int ld, int row, double density) {
  double* a = calloc((size_t)ld * (row ? m : n), sizeof(double));
  for (int r = 0; r < m; r++)
    for (int c = 0; c < n; c++)
      if ((rnd() + 1) / 2 < density)
        a[row ? r * ld + c : c * ld + r] = rnd() + 2;  /* never 0 */
  return a;
}

/* DenseToSparse into CSR (64-bit indices, base 1), then SparseToDense
 * back into a zeroed matrix of the other order: the same matrix. */
static void test_dense_csr(hipsparseHandle_t h, int row) {
  int m = 23, n = 17, ld = row ? n + 2 : m + 3;
  double* A = dense_rand(m, n, ld, row, 0.3);
  size_t bytes = sizeof(double) * ld * (row ? m : n);
  double* dA = to_dev(A, bytes);
  hipsparseDnMatDescr_t matA, matC;
  CHECK_S(hipsparseCreateDnMat(&matA, m, n, ld, dA, HIP_R_64F,
                               row ? HIPSPARSE_ORDER_ROW : HIPSPARSE_ORDER_COL),
          HIPSPARSE_STATUS_SUCCESS);
  int64_t* dptr;
  hipMalloc((void**)&dptr, 8 * (m + 1));
  hipsparseSpMatDescr_t matB;
  CHECK_S(hipsparseCreateCsr(&matB, m, n, 0, dptr, NULL, NULL,
                             HIPSPARSE_INDEX_64I, HIPSPARSE_INDEX_64I,
                             HIPSPARSE_INDEX_BASE_ONE, HIP_R_64F),
          HIPSPARSE_STATUS_SUCCESS);
  size_t size = 1;
  CHECK_S(hipsparseDenseToSparse_bufferSize(
              h, matA, matB, HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf;
  hipMalloc(&buf, size ? size : 1);
  CHECK_S(hipsparseDenseToSparse_analysis(
              h, matA, matB, HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_SUCCESS);
  int64_t rows, cols, nnz, want_nnz = 0;
  for (int r = 0; r < m; r++)
    for (int c = 0; c < n; c++) want_nnz += A[row ? r * ld + c : c * ld + r] != 0;
  CHECK_S(hipsparseSpMatGetSize(matB, &rows, &cols, &nnz),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(nnz, want_nnz);
  int64_t *dind;
  double* dval;
  hipMalloc((void**)&dind, 8 * nnz);
  hipMalloc((void**)&dval, 8 * nnz);
  CHECK_S(hipsparseCsrSetPointers(matB, dptr, dind, dval),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDenseToSparse_convert(
              h, matA, matB, HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_SUCCESS);
  int64_t* ptr = malloc(8 * (m + 1));
  int64_t* ind = malloc(8 * nnz);
  double* val = malloc(8 * nnz);
  hipMemcpy(ptr, dptr, 8 * (m + 1), hipMemcpyDeviceToHost);
  hipMemcpy(ind, dind, 8 * nnz, hipMemcpyDeviceToHost);
  hipMemcpy(val, dval, 8 * nnz, hipMemcpyDeviceToHost);
  /* The CSR arrays, built here row after row. */
  int64_t k = 0;
  int ok = 1;
  for (int r = 0; r < m; r++) {
    ok &= ptr[r] == k + 1;
    for (int c = 0; c < n; c++) {
      double v = A[row ? r * ld + c : c * ld + r];
      if (v == 0) continue;
      ok &= k < nnz && ind[k] == c + 1 && val[k] == v;
      k++;
    }
  }
  ok &= ptr[m] == k + 1;
  CHECK(ok);
  /* Back to dense, in the other order, over a matrix of garbage. */
  int ldc = row ? m + 1 : n + 1;
  size_t cbytes = sizeof(double) * ldc * (row ? n : m);
  double* junk = malloc(cbytes);
  for (size_t i = 0; i < cbytes / 8; i++) junk[i] = 42;
  double* dC = to_dev(junk, cbytes);
  CHECK_S(hipsparseCreateDnMat(&matC, m, n, ldc, dC, HIP_R_64F,
                               row ? HIPSPARSE_ORDER_COL : HIPSPARSE_ORDER_ROW),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSparseToDense_bufferSize(
              h, matB, matC, HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, &size),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSparseToDense(h, matB, matC,
                                 HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_SUCCESS);
  hipMemcpy(junk, dC, cbytes, hipMemcpyDeviceToHost);
  ok = 1;
  for (int r = 0; r < m; r++)
    for (int c = 0; c < n; c++)
      ok &= junk[row ? c * ldc + r : r * ldc + c] ==
            A[row ? r * ld + c : c * ld + r];
  CHECK(ok);
  /* A size mismatch. */
  hipsparseDnMatDescr_t small;
  CHECK_S(hipsparseCreateDnMat(&small, m - 1, n, m, dA, HIP_R_64F,
                               HIPSPARSE_ORDER_COL),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSparseToDense(h, matB, small,
                                 HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_INVALID_VALUE);
  hipsparseDestroyDnMat(small);
  hipsparseDestroyDnMat(matA);
  hipsparseDestroyDnMat(matC);
  hipsparseDestroySpMat(matB);
  hipFree(dA); hipFree(dptr); hipFree(dind); hipFree(dval); hipFree(buf);
  hipFree(dC);
  free(A); free(ptr); free(ind); free(val); free(junk);
}

/* SparseToDense of a COO matrix (32-bit indices, float values). */
static void test_coo_to_dense(hipsparseHandle_t h) {
  int m = 5, n = 4, nnz = 6;
  int rows[6] = {0, 0, 1, 3, 4, 4}, cols[6] = {1, 3, 0, 2, 0, 3};
  float vals[6] = {1, 2, 3, 4, 5, 6}, want[20] = {0}, got[20];
  for (int i = 0; i < nnz; i++) want[rows[i] * n + cols[i]] = vals[i];
  void *dr = to_dev(rows, sizeof rows), *dc = to_dev(cols, sizeof cols);
  void* dv = to_dev(vals, sizeof vals);
  for (int i = 0; i < 20; i++) got[i] = -1;
  void* dD = to_dev(got, sizeof got);
  hipsparseSpMatDescr_t A;
  hipsparseDnMatDescr_t D;
  CHECK_S(hipsparseCreateCoo(&A, m, n, nnz, dr, dc, dv, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnMat(&D, m, n, n, dD, HIP_R_32F,
                               HIPSPARSE_ORDER_ROW),
          HIPSPARSE_STATUS_SUCCESS);
  size_t size;
  CHECK_S(hipsparseSparseToDense_bufferSize(
              h, A, D, HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf;
  hipMalloc(&buf, size ? size : 1);
  CHECK_S(hipsparseSparseToDense(h, A, D, HIPSPARSE_SPARSETODENSE_ALG_DEFAULT,
                                 buf),
          HIPSPARSE_STATUS_SUCCESS);
  hipMemcpy(got, dD, sizeof got, hipMemcpyDeviceToHost);
  CHECK_MEM(got, want, sizeof got);
  hipsparseDestroySpMat(A);
  hipsparseDestroyDnMat(D);
  hipFree(dr); hipFree(dc); hipFree(dv); hipFree(dD); hipFree(buf);
}

/* Axpby, Gather and Scatter on a complex sparse vector (base 1). */
static void test_spvec(hipsparseHandle_t h) {
  enum { N = 50, NNZ = 12 };
  int64_t ind[NNZ];
  double complex x[NNZ], y[N], want[N], got[N];
  for (int i = 0; i < NNZ; i++) {
    ind[i] = 4 * i + (i % 3) + 1;  /* distinct, base 1 */
    x[i] = rnd() + I * rnd();
  }
  for (int i = 0; i < N; i++) y[i] = rnd() + I * rnd();
  double complex al = 2 - 0.5 * I, be = -1 + 0.25 * I;
  for (int i = 0; i < N; i++) want[i] = be * y[i];
  for (int i = 0; i < NNZ; i++) want[ind[i] - 1] += al * x[i];
  void *dind = to_dev(ind, sizeof ind), *dx = to_dev(x, sizeof x);
  void* dy = to_dev(y, sizeof y);
  hipsparseSpVecDescr_t vx;
  hipsparseDnVecDescr_t vy;
  CHECK_S(hipsparseCreateSpVec(&vx, N, NNZ, dind, dx, HIPSPARSE_INDEX_64I,
                               HIPSPARSE_INDEX_BASE_ONE, HIP_C_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnVec(&vy, N, dy, HIP_C_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseAxpby(h, &al, vx, &be, vy), HIPSPARSE_STATUS_SUCCESS);
  hipMemcpy(got, dy, sizeof got, hipMemcpyDeviceToHost);
  double e = 0;
  for (int i = 0; i < N; i++) e = fmax(e, cabs(got[i] - want[i]));
  CHECK(e < 1e-14);
  /* Gather: x takes y's (new) values at its indices. */
  CHECK_S(hipsparseGather(h, vy, vx), HIPSPARSE_STATUS_SUCCESS);
  double complex gx[NNZ];
  hipMemcpy(gx, dx, sizeof gx, hipMemcpyDeviceToHost);
  int ok = 1;
  for (int i = 0; i < NNZ; i++) ok &= gx[i] == got[ind[i] - 1];
  CHECK(ok);
  /* Scatter of other values, into a zeroed y. */
  for (int i = 0; i < NNZ; i++) x[i] = i + 1;
  hipMemcpy(dx, x, sizeof x, hipMemcpyHostToDevice);
  hipMemset(dy, 0, sizeof y);
  CHECK_S(hipsparseScatter(h, vx, vy), HIPSPARSE_STATUS_SUCCESS);
  hipMemcpy(got, dy, sizeof got, hipMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) want[i] = 0;
  for (int i = 0; i < NNZ; i++) want[ind[i] - 1] = i + 1;
  CHECK_MEM(got, want, sizeof got);
  /* The descriptor's fields, and a size mismatch. */
  int64_t size, nnz;
  void *pi, *pv;
  hipsparseIndexType_t it;
  hipsparseIndexBase_t base;
  hipDataType vt;
  CHECK_S(hipsparseSpVecGet(vx, &size, &nnz, &pi, &pv, &it, &base, &vt),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(size == N && nnz == NNZ && pi == dind && pv == dx &&
        it == HIPSPARSE_INDEX_64I && base == HIPSPARSE_INDEX_BASE_ONE &&
        vt == HIP_C_64F);
  hipsparseDnVecDescr_t shorter;
  CHECK_S(hipsparseCreateDnVec(&shorter, N - 1, dy, HIP_C_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseAxpby(h, &al, vx, &be, shorter),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateSpVec(&vx, 4, 5, dind, dx, HIPSPARSE_INDEX_64I,
                               HIPSPARSE_INDEX_BASE_ONE, HIP_C_64F),
          HIPSPARSE_STATUS_INVALID_VALUE);
  hipsparseDestroyDnVec(shorter);
  CHECK_S(hipsparseDestroySpVec(vx), HIPSPARSE_STATUS_SUCCESS);
  hipsparseDestroyDnVec(vy);
  hipFree(dind); hipFree(dx); hipFree(dy);
}

/* nnz per row and per column of a column-major float matrix. */
static void test_nnz(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  int m = 19, n = 11, lda = 21;
  double* a = dense_rand(m, n, lda, 0, 0.4);
  float* f = malloc(sizeof(float) * lda * n);
  for (int i = 0; i < lda * n; i++) f[i] = (float)a[i];
  float* df = to_dev(f, sizeof(float) * lda * n);
  int *dper, total = -1, per[19], want_row[19] = {0}, want_col[11] = {0};
  int want_total = 0;
  for (int c = 0; c < n; c++)
    for (int r = 0; r < m; r++)
      if (f[r + c * lda] != 0) {
        want_row[r]++;
        want_col[c]++;
        want_total++;
      }
  hipMalloc((void**)&dper, sizeof per);
  CHECK_S(hipsparseSnnz(h, HIPSPARSE_DIRECTION_ROW, m, n, d, df, lda, dper,
                        &total),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(total, want_total);
  hipMemcpy(per, dper, sizeof(int) * m, hipMemcpyDeviceToHost);
  CHECK_MEM(per, want_row, sizeof(int) * m);
  CHECK_S(hipsparseSnnz(h, HIPSPARSE_DIRECTION_COLUMN, m, n, d, df, lda,
                        dper, &total),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(total, want_total);
  hipMemcpy(per, dper, sizeof(int) * n, hipMemcpyDeviceToHost);
  CHECK_MEM(per, want_col, sizeof(int) * n);
  CHECK_S(hipsparseSnnz(h, HIPSPARSE_DIRECTION_ROW, m, n, d, df, m - 1, dper,
                        &total),
          HIPSPARSE_STATUS_INVALID_VALUE);
  hipFree(df); hipFree(dper);
  free(a); free(f);
}

/* Xcsrsort of rows in shuffled order, with an identity permutation that
 * then gathers the values into the sorted order. */
static void test_csrsort(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  enum { M = 4, NNZ = 9 };
  int ptr[M + 1] = {0, 3, 3, 7, 9};
  int ind[NNZ] = {5, 0, 2, 9, 1, 7, 3, 4, 0};
  float val[NNZ] = {50, 0, 20, 93, 12, 73, 33, 44, 40};
  int want_ind[NNZ] = {0, 2, 5, 1, 3, 7, 9, 0, 4};
  int want_p[NNZ] = {1, 2, 0, 4, 6, 5, 3, 8, 7};
  float want_val[NNZ] = {0, 20, 50, 12, 33, 73, 93, 40, 44};
  int *dptr = to_dev(ptr, sizeof ptr), *dind = to_dev(ind, sizeof ind);
  float* dval = to_dev(val, sizeof val);
  int* dp;
  float* dsorted;
  hipMalloc((void**)&dp, sizeof(int) * NNZ);
  hipMalloc((void**)&dsorted, sizeof(float) * NNZ);
  size_t size = 1;
  CHECK_S(hipsparseXcsrsort_bufferSizeExt(h, M, 10, NNZ, dptr, dind, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf;
  hipMalloc(&buf, size ? size : 1);
  CHECK_S(hipsparseCreateIdentityPermutation(h, NNZ, dp),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseXcsrsort(h, M, 10, NNZ, d, dptr, dind, dp, buf),
          HIPSPARSE_STATUS_SUCCESS);
  hipsparseSpVecDescr_t vp;
  hipsparseDnVecDescr_t vv;
  CHECK_S(hipsparseCreateSpVec(&vp, NNZ, NNZ, dp, dsorted,
                               HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO,
                               HIP_R_32F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnVec(&vv, NNZ, dval, HIP_R_32F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseGather(h, vv, vp), HIPSPARSE_STATUS_SUCCESS);
  int got_ind[NNZ], got_p[NNZ];
  float got_val[NNZ];
  hipMemcpy(got_ind, dind, sizeof got_ind, hipMemcpyDeviceToHost);
  hipMemcpy(got_p, dp, sizeof got_p, hipMemcpyDeviceToHost);
  hipMemcpy(got_val, dsorted, sizeof got_val, hipMemcpyDeviceToHost);
  CHECK_MEM(got_ind, want_ind, sizeof got_ind);
  CHECK_MEM(got_p, want_p, sizeof got_p);
  CHECK_MEM(got_val, want_val, sizeof got_val);
  hipsparseDestroySpVec(vp);
  hipsparseDestroyDnVec(vv);
  hipFree(dptr); hipFree(dind); hipFree(dval); hipFree(dp); hipFree(dsorted);
  hipFree(buf);
}

static void test_matdescr(void) {
  hipsparseMatDescr_t d;
  CHECK_S(hipsparseCreateMatDescr(&d), HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(hipsparseGetMatType(d), HIPSPARSE_MATRIX_TYPE_GENERAL);
  CHECK_EQ(hipsparseGetMatFillMode(d), HIPSPARSE_FILL_MODE_LOWER);
  CHECK_EQ(hipsparseGetMatDiagType(d), HIPSPARSE_DIAG_TYPE_NON_UNIT);
  CHECK_EQ(hipsparseGetMatIndexBase(d), HIPSPARSE_INDEX_BASE_ZERO);
  CHECK_S(hipsparseSetMatType(d, HIPSPARSE_MATRIX_TYPE_TRIANGULAR),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSetMatFillMode(d, HIPSPARSE_FILL_MODE_UPPER),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSetMatDiagType(d, HIPSPARSE_DIAG_TYPE_UNIT),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSetMatIndexBase(d, HIPSPARSE_INDEX_BASE_ONE),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(hipsparseGetMatType(d), HIPSPARSE_MATRIX_TYPE_TRIANGULAR);
  CHECK_EQ(hipsparseGetMatFillMode(d), HIPSPARSE_FILL_MODE_UPPER);
  CHECK_EQ(hipsparseGetMatDiagType(d), HIPSPARSE_DIAG_TYPE_UNIT);
  CHECK_EQ(hipsparseGetMatIndexBase(d), HIPSPARSE_INDEX_BASE_ONE);
  CHECK_S(hipsparseSetMatIndexBase(d, (hipsparseIndexBase_t)7),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDestroyMatDescr(d), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateMatDescr(NULL), HIPSPARSE_STATUS_INVALID_VALUE);
}

/* SDDMM on two strided batches: C (CSR, 32-bit, base 0, double) =
 * alpha op(A) op(B) at C's pattern + beta C, with A row-major (op N) and
 * B column-major (op T), against host dot products. */
static void test_sddmm(hipsparseHandle_t h) {
  enum { M = 6, K = 5, N = 7, BATCH = 2, NNZ = 10 };
  int ptr[BATCH][M + 1] = {{0, 2, 2, 5, 6, 8, 10}, {0, 1, 3, 4, 6, 9, 10}};
  int ind[BATCH][NNZ] = {{0, 6, 1, 2, 3, 4, 0, 5, 2, 6},
                         {3, 0, 1, 6, 2, 4, 0, 1, 5, 3}};
  double A[BATCH][M * K], B[BATCH][N * K], C[BATCH][NNZ], want[BATCH][NNZ];
  for (int b = 0; b < BATCH; b++) {
    for (int i = 0; i < M * K; i++) A[b][i] = rnd();
    for (int i = 0; i < N * K; i++) B[b][i] = rnd();
    for (int i = 0; i < NNZ; i++) C[b][i] = rnd();
  }
  double al = 1.25, be = -0.5;
  for (int b = 0; b < BATCH; b++)
    for (int r = 0; r < M; r++)
      for (int p = ptr[b][r]; p < ptr[b][r + 1]; p++) {
        int c = ind[b][p];
        double s = 0;  /* op(B) = B^T: B is N x K, column-major, ld N */
        for (int l = 0; l < K; l++) s += A[b][r * K + l] * B[b][c + l * N];
        want[b][p] = al * s + be * C[b][p];
      }
  void *dptr = to_dev(ptr, sizeof ptr), *dind = to_dev(ind, sizeof ind);
  double *dA = to_dev(A, sizeof A), *dB = to_dev(B, sizeof B);
  double* dC = to_dev(C, sizeof C);
  hipsparseDnMatDescr_t mA, mB;
  hipsparseSpMatDescr_t mC;
  CHECK_S(hipsparseCreateDnMat(&mA, M, K, K, dA, HIP_R_64F,
                               HIPSPARSE_ORDER_ROW), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDnMatSetStridedBatch(mA, BATCH, M * K),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnMat(&mB, N, K, N, dB, HIP_R_64F,
                               HIPSPARSE_ORDER_COL), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDnMatSetStridedBatch(mB, BATCH, N * K),
          HIPSPARSE_STATUS_SUCCESS);
  int count;
  int64_t stride;
  CHECK_S(hipsparseDnMatGetStridedBatch(mB, &count, &stride),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(count == BATCH && stride == N * K);
  CHECK_S(hipsparseCreateCsr(&mC, M, N, NNZ, dptr, dind, dC,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_BASE_ZERO, HIP_R_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCsrSetStridedBatch(mC, BATCH, M + 1, NNZ),
          HIPSPARSE_STATUS_SUCCESS);
  size_t size = 1;
  CHECK_S(hipsparseSDDMM_bufferSize(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                    HIPSPARSE_OPERATION_TRANSPOSE, &al, mA, mB,
                                    &be, mC, HIP_R_64F,
                                    HIPSPARSE_SDDMM_ALG_DEFAULT, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf;
  hipMalloc(&buf, size ? size : 1);
  CHECK_S(hipsparseSDDMM_preprocess(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                    HIPSPARSE_OPERATION_TRANSPOSE, &al, mA, mB,
                                    &be, mC, HIP_R_64F,
                                    HIPSPARSE_SDDMM_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSDDMM(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                         HIPSPARSE_OPERATION_TRANSPOSE, &al, mA, mB, &be, mC,
                         HIP_R_64F, HIPSPARSE_SDDMM_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_SUCCESS);
  double got[BATCH][NNZ];
  hipMemcpy(got, dC, sizeof got, hipMemcpyDeviceToHost);
  double e = 0;
  for (int b = 0; b < BATCH; b++)
    for (int i = 0; i < NNZ; i++) e = fmax(e, fabs(got[b][i] - want[b][i]));
  if (!(e < 1e-13)) {
    fprintf(stderr, "SDDMM: largest error %g\n", e);
    for (int b = 0; b < BATCH; b++)
      for (int i = 0; i < NNZ; i++)
        if (fabs(got[b][i] - want[b][i]) >= 1e-13)
          fprintf(stderr, "  batch %d entry %d: got %g want %g\n", b, i,
                  got[b][i], want[b][i]);
  }
  CHECK(e < 1e-13);
  /* op(A) of the wrong size: A not transposed is M x K, C wants K = N. */
  CHECK_S(hipsparseSDDMM(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                         HIPSPARSE_OPERATION_NON_TRANSPOSE, &al, mA, mB, &be,
                         mC, HIP_R_64F, HIPSPARSE_SDDMM_ALG_DEFAULT, buf),
          HIPSPARSE_STATUS_INVALID_VALUE);
  hipsparseDestroyDnMat(mA);
  hipsparseDestroyDnMat(mB);
  hipsparseDestroySpMat(mC);
  hipFree(dptr); hipFree(dind); hipFree(dA); hipFree(dB); hipFree(dC);
  hipFree(buf);
}

/* A random n x n CSR matrix (32-bit, base 0), full of entries on both
 * sides of a dominant diagonal; `dense` row-major. */
static void tri_matrix(int n, double* dense, int* ptr, int* ind, double* val) {
  int k = 0;
  for (int r = 0; r < n; r++) {
    ptr[r] = k;
    for (int c = 0; c < n; c++) {
      double v = (r + c) % 3 == 0 && r != c ? 0 : rnd();
      if (r == c) v = 4 + rnd();
      dense[r * n + c] = v;
      if (v != 0) {
        ind[k] = c;
        val[k++] = v;
      }
    }
  }
  ptr[n] = k;
}

/* |op(T) y - alpha x| where T is A's triangle (`lower`, `unit`). */
static double residual(int n, const double* A, int lower, int unit, int trans,
                       const double* y, double alpha, const double* x) {
  double e = 0;
  for (int r = 0; r < n; r++) {
    double s = 0;
    for (int c = 0; c < n; c++) {
      int i = trans ? c : r, j = trans ? r : c;  /* op(T)(r, c) = T(i, j) */
      double t = i == j ? (unit ? 1 : A[i * n + j])
                 : (lower ? j < i : j > i) ? A[i * n + j] : 0;
      s += t * y[c];
    }
    e = fmax(e, fabs(s - alpha * x[r]));
  }
  return e;
}

static void test_spsv_spsm(hipsparseHandle_t h) {
  enum { N = 12, NRHS = 3 };
  double A[N * N], val[N * N], x[N], y[N];
  int ptr[N + 1], ind[N * N];
  tri_matrix(N, A, ptr, ind, val);
  for (int i = 0; i < N; i++) x[i] = rnd();
  int nnz = ptr[N];
  void *dptr = to_dev(ptr, sizeof ptr), *dind = to_dev(ind, sizeof(int) * nnz);
  double* dval = to_dev(val, sizeof(double) * nnz);
  double *dx = to_dev(x, sizeof x), *dy = to_dev(x, sizeof x);
  hipsparseSpMatDescr_t mA;
  hipsparseDnVecDescr_t vx, vy;
  CHECK_S(hipsparseCreateCsr(&mA, N, N, nnz, dptr, dind, dval,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_BASE_ZERO, HIP_R_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnVec(&vx, N, dx, HIP_R_64F), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnVec(&vy, N, dy, HIP_R_64F), HIPSPARSE_STATUS_SUCCESS);
  hipsparseSpSVDescr_t sv;
  CHECK_S(hipsparseSpSV_createDescr(&sv), HIPSPARSE_STATUS_SUCCESS);
  double alpha = 1.5;
  /* Each triangle, diagonal and operation. */
  for (int lower = 0; lower <= 1; lower++)
    for (int unit = 0; unit <= 1; unit++)
      for (int trans = 0; trans <= 1; trans++) {
        hipsparseFillMode_t fill = lower ? HIPSPARSE_FILL_MODE_LOWER
                                         : HIPSPARSE_FILL_MODE_UPPER;
        hipsparseDiagType_t diag = unit ? HIPSPARSE_DIAG_TYPE_UNIT
                                        : HIPSPARSE_DIAG_TYPE_NON_UNIT;
        CHECK_S(hipsparseSpMatSetAttribute(mA, HIPSPARSE_SPMAT_FILL_MODE,
                                           &fill, sizeof fill),
                HIPSPARSE_STATUS_SUCCESS);
        CHECK_S(hipsparseSpMatSetAttribute(mA, HIPSPARSE_SPMAT_DIAG_TYPE,
                                           &diag, sizeof diag),
                HIPSPARSE_STATUS_SUCCESS);
        hipsparseOperation_t op = trans ? HIPSPARSE_OPERATION_TRANSPOSE
                                        : HIPSPARSE_OPERATION_NON_TRANSPOSE;
        size_t size = 1;
        CHECK_S(hipsparseSpSV_bufferSize(h, op, &alpha, mA, vx, vy, HIP_R_64F,
                                         HIPSPARSE_SPSV_ALG_DEFAULT, sv,
                                         &size),
                HIPSPARSE_STATUS_SUCCESS);
        void* buf;
        hipMalloc(&buf, size ? size : 1);
        CHECK_S(hipsparseSpSV_analysis(h, op, &alpha, mA, vx, vy, HIP_R_64F,
                                       HIPSPARSE_SPSV_ALG_DEFAULT, sv, buf),
                HIPSPARSE_STATUS_SUCCESS);
        CHECK_S(hipsparseSpSV_solve(h, op, &alpha, mA, vx, vy, HIP_R_64F,
                                    HIPSPARSE_SPSV_ALG_DEFAULT, sv),
                HIPSPARSE_STATUS_SUCCESS);
        hipMemcpy(y, dy, sizeof y, hipMemcpyDeviceToHost);
        double e = residual(N, A, lower, unit, trans, y, alpha, x);
        if (!(e < 1e-12))
          fprintf(stderr, "  SpSV lower %d unit %d trans %d: residual %g\n",
                  lower, unit, trans, e);
        CHECK(e < 1e-12);
        hipFree(buf);
      }
  int got;
  CHECK_S(hipsparseSpMatGetAttribute(mA, HIPSPARSE_SPMAT_FILL_MODE, &got,
                                     sizeof got), HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(got, HIPSPARSE_FILL_MODE_LOWER);
  int bad = 5;
  CHECK_S(hipsparseSpMatSetAttribute(mA, HIPSPARSE_SPMAT_FILL_MODE, &bad,
                                     sizeof bad),
          HIPSPARSE_STATUS_INVALID_VALUE);
  /* SpSM: lower, non-unit, B and C row-major N x NRHS. */
  int fill = HIPSPARSE_FILL_MODE_LOWER, diag = HIPSPARSE_DIAG_TYPE_NON_UNIT;
  hipsparseSpMatSetAttribute(mA, HIPSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill);
  hipsparseSpMatSetAttribute(mA, HIPSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag);
  double B[N * NRHS], C[N * NRHS];
  for (int i = 0; i < N * NRHS; i++) B[i] = rnd();
  double *dB = to_dev(B, sizeof B), *dC = to_dev(B, sizeof B);
  hipsparseDnMatDescr_t mB, mC;
  CHECK_S(hipsparseCreateDnMat(&mB, N, NRHS, NRHS, dB, HIP_R_64F,
                               HIPSPARSE_ORDER_ROW), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnMat(&mC, N, NRHS, NRHS, dC, HIP_R_64F,
                               HIPSPARSE_ORDER_ROW), HIPSPARSE_STATUS_SUCCESS);
  hipsparseSpSMDescr_t sm;
  CHECK_S(hipsparseSpSM_createDescr(&sm), HIPSPARSE_STATUS_SUCCESS);
  size_t size = 1;
  CHECK_S(hipsparseSpSM_bufferSize(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                   HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                   mA, mB, mC, HIP_R_64F,
                                   HIPSPARSE_SPSM_ALG_DEFAULT, sm, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf;
  hipMalloc(&buf, size ? size : 1);
  CHECK_S(hipsparseSpSM_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                 HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mA,
                                 mB, mC, HIP_R_64F, HIPSPARSE_SPSM_ALG_DEFAULT,
                                 sm, buf),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                              HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mA,
                              mB, mC, HIP_R_64F, HIPSPARSE_SPSM_ALG_DEFAULT,
                              sm, buf),
          HIPSPARSE_STATUS_SUCCESS);
  hipMemcpy(C, dC, sizeof C, hipMemcpyDeviceToHost);
  double e = 0;
  for (int k = 0; k < NRHS; k++) {
    double yk[N], xk[N];
    for (int i = 0; i < N; i++) {
      yk[i] = C[i * NRHS + k];
      xk[i] = B[i * NRHS + k];
    }
    e = fmax(e, residual(N, A, 1, 0, 0, yk, alpha, xk));
  }
  CHECK(e < 1e-12);
  /* An SpSV descriptor is not an SpSM one. */
  CHECK_S(hipsparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                              HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mA,
                              mB, mC, HIP_R_64F, HIPSPARSE_SPSM_ALG_DEFAULT,
                              (hipsparseSpSMDescr_t)sv, buf),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSpSV_destroyDescr(sv), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSpSM_destroyDescr(sm), HIPSPARSE_STATUS_SUCCESS);
  hipsparseDestroySpMat(mA);
  hipsparseDestroyDnVec(vx);
  hipsparseDestroyDnVec(vy);
  hipsparseDestroyDnMat(mB);
  hipsparseDestroyDnMat(mC);
  hipFree(dptr); hipFree(dind); hipFree(dval); hipFree(dx); hipFree(dy);
  hipFree(dB); hipFree(dC); hipFree(buf);
}

/* A dense row-major m x n matrix's CSR arrays (32-bit, base 0). */
static int to_csr(int m, int n, const double* a, int* ptr, int* ind,
                  double* val) {
  int k = 0;
  for (int r = 0; r < m; r++) {
    ptr[r] = k;
    for (int c = 0; c < n; c++)
      if (a[r * n + c] != 0) {
        ind[k] = c;
        val[k++] = a[r * n + c];
      }
  }
  ptr[m] = k;
  return k;
}

/* SpGEMM: C = alpha A B with C's pattern that of the product's structural
 * nonzeros (A's and B's entries are never 0 here, and no sum cancels). */
static void test_spgemm(hipsparseHandle_t h) {
  enum { M = 7, K = 9, N = 6 };
  double A[M * K], B[K * N], want[M * N];
  for (int i = 0; i < M * K; i++) A[i] = (i * 7) % 4 == 0 ? rnd() + 3 : 0;
  for (int i = 0; i < K * N; i++) B[i] = (i * 5) % 3 == 0 ? rnd() + 3 : 0;
  double alpha = 0.5, beta = 0;
  int wptr[M + 1], wind[M * N];
  int pattern[M * N];
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++) {
      double s = 0;
      int hit = 0;
      for (int l = 0; l < K; l++)
        if (A[r * K + l] != 0 && B[l * N + c] != 0) {
          s += A[r * K + l] * B[l * N + c];
          hit = 1;
        }
      want[r * N + c] = alpha * s;
      pattern[r * N + c] = hit;
    }
  int k = 0;
  for (int r = 0; r < M; r++) {
    wptr[r] = k;
    for (int c = 0; c < N; c++)
      if (pattern[r * N + c]) wind[k++] = c;
  }
  wptr[M] = k;
  int aptr[M + 1], aind[M * K], bptr[K + 1], bind[K * N];
  double aval[M * K], bval[K * N];
  int annz = to_csr(M, K, A, aptr, aind, aval);
  int bnnz = to_csr(K, N, B, bptr, bind, bval);
  void *daptr = to_dev(aptr, sizeof aptr), *daind = to_dev(aind, 4 * annz);
  void *daval = to_dev(aval, 8 * annz), *dbptr = to_dev(bptr, sizeof bptr);
  void *dbind = to_dev(bind, 4 * bnnz), *dbval = to_dev(bval, 8 * bnnz);
  int* dcptr;
  hipMalloc((void**)&dcptr, sizeof(int) * (M + 1));
  hipsparseSpMatDescr_t mA, mB, mC;
  CHECK_S(hipsparseCreateCsr(&mA, M, K, annz, daptr, daind, daval,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_BASE_ZERO, HIP_R_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateCsr(&mB, K, N, bnnz, dbptr, dbind, dbval,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_BASE_ZERO, HIP_R_64F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateCsr(&mC, M, N, 0, dcptr, NULL, NULL,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_BASE_ZERO, HIP_R_64F),
          HIPSPARSE_STATUS_SUCCESS);
  hipsparseSpGEMMDescr_t d;
  CHECK_S(hipsparseSpGEMM_createDescr(&d), HIPSPARSE_STATUS_SUCCESS);
  hipsparseOperation_t N_ = HIPSPARSE_OPERATION_NON_TRANSPOSE;
  size_t s1 = 0, s2 = 0;
  void *b1 = NULL, *b2 = NULL;
  /* As cuSPARSE's example: each step's size, then the step. */
  CHECK_S(hipsparseSpGEMM_workEstimation(h, N_, N_, &alpha, mA, mB, &beta, mC,
                                         HIP_R_64F, HIPSPARSE_SPGEMM_DEFAULT,
                                         d, &s1, NULL),
          HIPSPARSE_STATUS_SUCCESS);
  if (s1) hipMalloc(&b1, s1);
  CHECK_S(hipsparseSpGEMM_workEstimation(h, N_, N_, &alpha, mA, mB, &beta, mC,
                                         HIP_R_64F, HIPSPARSE_SPGEMM_DEFAULT,
                                         d, &s1, b1),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSpGEMM_compute(h, N_, N_, &alpha, mA, mB, &beta, mC,
                                  HIP_R_64F, HIPSPARSE_SPGEMM_DEFAULT, d, &s2,
                                  NULL),
          HIPSPARSE_STATUS_SUCCESS);
  if (s2) hipMalloc(&b2, s2);
  CHECK_S(hipsparseSpGEMM_compute(h, N_, N_, &alpha, mA, mB, &beta, mC,
                                  HIP_R_64F, HIPSPARSE_SPGEMM_DEFAULT, d, &s2,
                                  b2),
          HIPSPARSE_STATUS_SUCCESS);
  int64_t rows, cols, nnz;
  CHECK_S(hipsparseSpMatGetSize(mC, &rows, &cols, &nnz),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(nnz, k);
  int* dcind;
  double* dcval;
  hipMalloc((void**)&dcind, 4 * (nnz ? nnz : 1));
  hipMalloc((void**)&dcval, 8 * (nnz ? nnz : 1));
  CHECK_S(hipsparseCsrSetPointers(mC, dcptr, dcind, dcval),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSpGEMM_copy(h, N_, N_, &alpha, mA, mB, &beta, mC,
                               HIP_R_64F, HIPSPARSE_SPGEMM_DEFAULT, d),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSpGEMM_destroyDescr(d), HIPSPARSE_STATUS_SUCCESS);
  int cptr[M + 1], cind[M * N];
  double cval[M * N];
  hipMemcpy(cptr, dcptr, sizeof cptr, hipMemcpyDeviceToHost);
  hipMemcpy(cind, dcind, 4 * nnz, hipMemcpyDeviceToHost);
  hipMemcpy(cval, dcval, 8 * nnz, hipMemcpyDeviceToHost);
  CHECK_MEM(cptr, wptr, sizeof cptr);
  CHECK_MEM(cind, wind, 4 * nnz);
  double e = 0;
  for (int r = 0; r < M; r++)
    for (int p = wptr[r]; p < wptr[r + 1]; p++)
      e = fmax(e, fabs(cval[p] - want[r * N + wind[p]]));
  CHECK(e < 1e-12);
  hipsparseDestroySpMat(mA);
  hipsparseDestroySpMat(mB);
  hipsparseDestroySpMat(mC);
  hipFree(daptr); hipFree(daind); hipFree(daval); hipFree(dbptr);
  hipFree(dbind); hipFree(dbval); hipFree(dcptr); hipFree(dcind);
  hipFree(dcval); hipFree(b1); hipFree(b2);
}

int main(void) {
  hipsparseHandle_t h;
  CHECK_S(hipsparseCreate(&h), HIPSPARSE_STATUS_SUCCESS);
  test_dense_csr(h, 1);
  test_dense_csr(h, 0);
  test_coo_to_dense(h);
  test_spvec(h);
  test_sddmm(h);
  test_spsv_spsm(h);
  test_spgemm(h);
  test_matdescr();
  hipsparseMatDescr_t d;
  CHECK_S(hipsparseCreateMatDescr(&d), HIPSPARSE_STATUS_SUCCESS);
  test_nnz(h, d);
  test_csrsort(h, d);
  hipsparseDestroyMatDescr(d);
  CHECK_S(hipsparseDestroy(h), HIPSPARSE_STATUS_SUCCESS);
  return check_summary("test_hipsparse_conv");
}
