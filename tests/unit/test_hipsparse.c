// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipsparse -lhipc -lm
// NEEDS: libhipsparse.so
/* hipSPARSE (libhipsparse): SpMV and SpMM on CSR and COO matrices (index
 * bases 0 and 1, 32- and 64-bit indices, real and complex values, each
 * operation) against dense products on the host, csr2csc against a CSC
 * built from the dense matrix, pointer modes, streams, and the status
 * codes of bad input. Runs on the CPU device and on GPUs (cuSPARSE). */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "hipsparse/hipsparse.h"

#define CHECK_S(expr, want) CHECK_EQ((int)(expr), (int)(want))
typedef double complex zd;

static unsigned seed = 4242;
static double rnd(void) { seed = seed * 1103515245u + 12345u; return ((seed >> 8) % 2001) / 1000.0 - 1.0; }

static size_t esize(hipDataType t) { return t == HIP_R_32F ? 4 : t == HIP_C_64F ? 16 : 8; }
static zd get(hipDataType t, const void* p, long i) {
  switch (t) {
    case HIP_R_32F: return ((const float*)p)[i];
    case HIP_R_64F: return ((const double*)p)[i];
    case HIP_C_32F: return ((const float*)p)[2 * i] + I * ((const float*)p)[2 * i + 1];
    default: return ((const double*)p)[2 * i] + I * ((const double*)p)[2 * i + 1];
  }
}
static void put(hipDataType t, void* p, long i, zd v) {
  switch (t) {
    case HIP_R_32F: ((float*)p)[i] = (float)creal(v); break;
    case HIP_R_64F: ((double*)p)[i] = creal(v); break;
    case HIP_C_32F: ((float*)p)[2 * i] = (float)creal(v); ((float*)p)[2 * i + 1] = (float)cimag(v); break;
    default: ((double*)p)[2 * i] = creal(v); ((double*)p)[2 * i + 1] = cimag(v); break;
  }
}
static int cplx(hipDataType t) { return t == HIP_C_32F || t == HIP_C_64F; }
static double tol(hipDataType t) { return t == HIP_R_32F || t == HIP_C_32F ? 1e-4 : 1e-11; }

static void* to_dev(const void* h, size_t bytes) {
  void* d;
  if (hipMalloc(&d, bytes ? bytes : 1) != hipSuccess) abort();
  hipMemcpy(d, h, bytes, hipMemcpyHostToDevice);
  return d;
}

/* A random m x n sparse matrix: dense copy (row-major, zd) and CSR/COO
 * arrays on the device. */
typedef struct sparse {
  int m, n, nnz;
  zd* dense;
  void *d_ptr, *d_rows, *d_ind, *d_val;  /* CSR offsets, COO rows, columns, values */
} sparse;

static sparse make_sparse(int m, int n, double density, hipDataType t, int base, int idx64) {
  sparse s = {m, n, 0, calloc((size_t)m * n, sizeof(zd)), 0, 0, 0, 0};
  for (int i = 0; i < m * n; i++)
    if ((rnd() + 1) / 2 < density) {
      s.dense[i] = rnd() + (cplx(t) ? I * rnd() : 0);
      if (s.dense[i] == 0) s.dense[i] = 0.5;  /* a stored entry is never 0 */
      s.nnz++;
    }
  size_t is = idx64 ? 8 : 4;
  char *ptr = malloc(is * (m + 1)), *rows = malloc(is * (s.nnz + 1)), *ind = malloc(is * (s.nnz + 1));
  char* val = malloc(esize(t) * (s.nnz + 1));
  int k = 0;
  for (int r = 0; r < m; r++) {
    if (idx64) ((int64_t*)ptr)[r] = k + base; else ((int32_t*)ptr)[r] = k + base;
    for (int c = 0; c < n; c++)
      if (s.dense[r * n + c] != 0) {
        if (idx64) { ((int64_t*)ind)[k] = c + base; ((int64_t*)rows)[k] = r + base; }
        else { ((int32_t*)ind)[k] = c + base; ((int32_t*)rows)[k] = r + base; }
        put(t, val, k++, s.dense[r * n + c]);
      }
  }
  if (idx64) ((int64_t*)ptr)[m] = k + base; else ((int32_t*)ptr)[m] = k + base;
  s.d_ptr = to_dev(ptr, is * (m + 1));
  s.d_rows = to_dev(rows, is * s.nnz);
  s.d_ind = to_dev(ind, is * s.nnz);
  s.d_val = to_dev(val, esize(t) * s.nnz);
  free(ptr); free(rows); free(ind); free(val);
  return s;
}
static void free_sparse(sparse* s) {
  free(s->dense);
  hipFree(s->d_ptr); hipFree(s->d_rows); hipFree(s->d_ind); hipFree(s->d_val);
}
static zd op_dense(const sparse* s, hipsparseOperation_t op, int r, int c) {
  zd v = op == HIPSPARSE_OPERATION_NON_TRANSPOSE ? s->dense[r * s->n + c] : s->dense[c * s->n + r];
  return op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? conj(v) : v;
}

static void test_spmv(hipsparseHandle_t h, hipDataType t, int base, int idx64, int coo, int m, int n) {
  sparse s = make_sparse(m, n, 0.15, t, base, idx64);
  hipsparseIndexType_t it = idx64 ? HIPSPARSE_INDEX_64I : HIPSPARSE_INDEX_32I;
  hipsparseSpMatDescr_t A;
  if (coo)
    CHECK_S(hipsparseCreateCoo(&A, m, n, s.nnz, s.d_rows, s.d_ind, s.d_val, it, base, t), HIPSPARSE_STATUS_SUCCESS);
  else
    CHECK_S(hipsparseCreateCsr(&A, m, n, s.nnz, s.d_ptr, s.d_ind, s.d_val, it, it, base, t), HIPSPARSE_STATUS_SUCCESS);
  static const hipsparseOperation_t ops[] = {HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_TRANSPOSE,
                                             HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
  for (int o = 0; o < (cplx(t) ? 3 : 2); o++) {
    int rows = o ? n : m, cols = o ? m : n;
    char *x = malloc(esize(t) * cols), *y = malloc(esize(t) * rows), *got = malloc(esize(t) * rows);
    for (int i = 0; i < cols; i++) put(t, x, i, rnd() + (cplx(t) ? I * rnd() : 0));
    for (int i = 0; i < rows; i++) put(t, y, i, rnd());
    void *dx = to_dev(x, esize(t) * cols), *dy = to_dev(y, esize(t) * rows);
    hipsparseDnVecDescr_t X, Y;
    hipsparseCreateDnVec(&X, cols, dx, t);
    hipsparseCreateDnVec(&Y, rows, dy, t);
    unsigned char al[16], be[16];
    zd alz = 2.0 - (cplx(t) ? 0.5 * I : 0), bez = -0.5;
    put(t, al, 0, alz);
    put(t, be, 0, bez);
    size_t size = 1;
    CHECK_S(hipsparseSpMV_bufferSize(h, ops[o], al, A, X, be, Y, t, HIPSPARSE_SPMV_ALG_DEFAULT, &size),
            HIPSPARSE_STATUS_SUCCESS);
    void* buf = NULL;
    if (size) hipMalloc(&buf, size);
    CHECK_S(hipsparseSpMV(h, ops[o], al, A, X, be, Y, t, HIPSPARSE_SPMV_ALG_DEFAULT, buf), HIPSPARSE_STATUS_SUCCESS);
    hipMemcpy(got, dy, esize(t) * rows, hipMemcpyDeviceToHost);
    double e = 0;
    for (int r = 0; r < rows; r++) {
      zd acc = 0;
      for (int c = 0; c < cols; c++) acc += op_dense(&s, ops[o], r, c) * get(t, x, c);
      zd want = alz * acc + bez * get(t, y, r);
      e = fmax(e, cabs(get(t, got, r) - want) / fmax(1, cabs(want)));
    }
    if (!(e < tol(t)))
      fprintf(stderr, "  spmv type %d base %d idx64 %d coo %d op %d: error %g\n", t, base, idx64, coo, o, e);
    CHECK(e < tol(t));
    hipsparseDestroyDnVec(X); hipsparseDestroyDnVec(Y);
    hipFree(dx); hipFree(dy); if (buf) hipFree(buf);
    free(x); free(y); free(got);
  }
  CHECK_S(hipsparseDestroySpMat(A), HIPSPARSE_STATUS_SUCCESS);
  free_sparse(&s);
}

/* C = al op(A) op(B) + be C, B and C in `order`. */
static void test_spmm(hipsparseHandle_t h, hipDataType t, int coo, hipsparseOperation_t opA,
                      hipsparseOperation_t opB, hipsparseOrder_t order) {
  int m = 23, k = 31, n = 7;  /* op(A) is m x k */
  int ta = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  sparse s = make_sparse(ta ? k : m, ta ? m : k, 0.2, t, 0, 0);
  hipsparseSpMatDescr_t A;
  if (coo)
    hipsparseCreateCoo(&A, s.m, s.n, s.nnz, s.d_rows, s.d_ind, s.d_val, HIPSPARSE_INDEX_32I, 0, t);
  else
    hipsparseCreateCsr(&A, s.m, s.n, s.nnz, s.d_ptr, s.d_ind, s.d_val, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, 0, t);
  int br = tb ? n : k, bc = tb ? k : n;
  int ldb = (order == HIPSPARSE_ORDER_COL ? br : bc) + 2, ldc = (order == HIPSPARSE_ORDER_COL ? m : n) + 1;
  long nb = (long)ldb * (order == HIPSPARSE_ORDER_COL ? bc : br), nc = (long)ldc * (order == HIPSPARSE_ORDER_COL ? n : m);
  char *B = malloc(esize(t) * nb), *C = malloc(esize(t) * nc), *got = malloc(esize(t) * nc);
  for (long i = 0; i < nb; i++) put(t, B, i, rnd() + (cplx(t) ? I * rnd() : 0));
  for (long i = 0; i < nc; i++) put(t, C, i, rnd());
#define IDX(r, c, ld) (order == HIPSPARSE_ORDER_COL ? (r) + (long)(c) * (ld) : (long)(r) * (ld) + (c))
  void *dB = to_dev(B, esize(t) * nb), *dC = to_dev(C, esize(t) * nc);
  hipsparseDnMatDescr_t Bd, Cd;
  CHECK_S(hipsparseCreateDnMat(&Bd, br, bc, ldb, dB, t, order), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnMat(&Cd, m, n, ldc, dC, t, order), HIPSPARSE_STATUS_SUCCESS);
  unsigned char al[16], be[16];
  zd alz = 0.75, bez = 1.5;
  put(t, al, 0, alz);
  put(t, be, 0, bez);
  size_t size = 1;
  CHECK_S(hipsparseSpMM_bufferSize(h, opA, opB, al, A, Bd, be, Cd, t, HIPSPARSE_SPMM_ALG_DEFAULT, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf = NULL;
  if (size) hipMalloc(&buf, size);
  CHECK_S(hipsparseSpMM(h, opA, opB, al, A, Bd, be, Cd, t, HIPSPARSE_SPMM_ALG_DEFAULT, buf), HIPSPARSE_STATUS_SUCCESS);
  hipMemcpy(got, dC, esize(t) * nc, hipMemcpyDeviceToHost);
  double e = 0;
  for (int r = 0; r < m; r++)
    for (int c = 0; c < n; c++) {
      zd acc = 0;
      for (int l = 0; l < k; l++) {
        zd b = tb ? get(t, B, IDX(c, l, ldb)) : get(t, B, IDX(l, c, ldb));
        if (opB == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE) b = conj(b);
        acc += op_dense(&s, opA, r, l) * b;
      }
      zd want = alz * acc + bez * get(t, C, IDX(r, c, ldc));
      e = fmax(e, cabs(get(t, got, IDX(r, c, ldc)) - want) / fmax(1, cabs(want)));
    }
  if (!(e < tol(t)))
    fprintf(stderr, "  spmm type %d coo %d opA %d opB %d order %d: error %g\n", t, coo, opA, opB, order, e);
  CHECK(e < tol(t));
  hipsparseDestroyDnMat(Bd); hipsparseDestroyDnMat(Cd); hipsparseDestroySpMat(A);
  hipFree(dB); hipFree(dC); if (buf) hipFree(buf);
  free(B); free(C); free(got);
  free_sparse(&s);
}

static void test_csr2csc(hipsparseHandle_t h, int base) {
  int m = 19, n = 26;
  sparse s = make_sparse(m, n, 0.25, HIP_R_64F, base, 0);
  int *cptr, *cind;
  double* cval;
  hipMalloc((void**)&cptr, 4 * (n + 1)); hipMalloc((void**)&cind, 4 * s.nnz); hipMalloc((void**)&cval, 8 * s.nnz);
  CHECK_S(hipsparseDcsr2csc(h, m, n, s.nnz, s.d_val, s.d_ptr, s.d_ind, cval, cind, cptr,
                            HIPSPARSE_ACTION_NUMERIC, base), HIPSPARSE_STATUS_SUCCESS);
  int *hp = malloc(4 * (n + 1)), *hi = malloc(4 * s.nnz);
  double* hv = malloc(8 * s.nnz);
  hipMemcpy(hp, cptr, 4 * (n + 1), hipMemcpyDeviceToHost);
  hipMemcpy(hi, cind, 4 * s.nnz, hipMemcpyDeviceToHost);
  hipMemcpy(hv, cval, 8 * s.nnz, hipMemcpyDeviceToHost);
  /* The expected CSC: columns in order, rows ascending within each. */
  int k = 0, bad = 0;
  for (int c = 0; c < n; c++) {
    bad += hp[c] != k + base;
    for (int r = 0; r < m; r++)
      if (s.dense[r * n + c] != 0) {
        bad += hi[k] != r + base || hv[k] != creal(s.dense[r * n + c]);
        k++;
      }
  }
  bad += hp[n] != k + base;
  CHECK_EQ(bad, 0);
  CHECK_EQ(k, s.nnz);
  /* Ex2, symbolic only: the structure, values untouched. */
  hipMemset(cind, 0, 4 * s.nnz);
  size_t size = 1;
  CHECK_S(hipsparseCsr2cscEx2_bufferSize(h, m, n, s.nnz, s.d_val, s.d_ptr, s.d_ind, cval, cptr, cind, HIP_R_64F,
                                         HIPSPARSE_ACTION_SYMBOLIC, base, HIPSPARSE_CSR2CSC_ALG1, &size),
          HIPSPARSE_STATUS_SUCCESS);
  void* buf = NULL;
  if (size) hipMalloc(&buf, size);
  CHECK_S(hipsparseCsr2cscEx2(h, m, n, s.nnz, s.d_val, s.d_ptr, s.d_ind, cval, cptr, cind, HIP_R_64F,
                              HIPSPARSE_ACTION_SYMBOLIC, base, HIPSPARSE_CSR2CSC_ALG1, buf), HIPSPARSE_STATUS_SUCCESS);
  int* hi2 = malloc(4 * s.nnz);
  hipMemcpy(hi2, cind, 4 * s.nnz, hipMemcpyDeviceToHost);
  CHECK_MEM(hi2, hi, 4 * s.nnz);
  if (buf) hipFree(buf);
  hipFree(cptr); hipFree(cind); hipFree(cval);
  free(hp); free(hi); free(hv); free(hi2);
  free_sparse(&s);
}

/* Device pointer mode and a stream: scalars read from device memory when
 * the work runs, after an async copy on the same stream. */
static void test_stream_device_scalars(hipsparseHandle_t h) {
  int m = 300, n = 200;
  sparse s = make_sparse(m, n, 0.05, HIP_R_64F, 0, 0);
  hipStream_t st;
  hipStreamCreate(&st);
  CHECK_S(hipsparseSetStream(h, st), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseSetPointerMode(h, HIPSPARSE_POINTER_MODE_DEVICE), HIPSPARSE_STATUS_SUCCESS);
  double *x, *y, *sc, hx[200], hs[2] = {3.0, 0.0}, hy[300];
  hipMalloc((void**)&x, sizeof hx); hipMalloc((void**)&y, sizeof hy); hipMalloc((void**)&sc, sizeof hs);
  for (int i = 0; i < n; i++) hx[i] = rnd();
  hipsparseSpMatDescr_t A;
  hipsparseDnVecDescr_t X, Y;
  hipsparseCreateCsr(&A, m, n, s.nnz, s.d_ptr, s.d_ind, s.d_val, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, 0, HIP_R_64F);
  hipsparseCreateDnVec(&X, n, x, HIP_R_64F);
  hipsparseCreateDnVec(&Y, m, y, HIP_R_64F);
  hipMemcpyAsync(x, hx, sizeof hx, hipMemcpyHostToDevice, st);
  hipMemcpyAsync(sc, hs, sizeof hs, hipMemcpyHostToDevice, st);
  size_t size = 1;
  CHECK_S(hipsparseSpMV_bufferSize(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, sc, A, X, sc + 1, Y, HIP_R_64F,
                                   HIPSPARSE_SPMV_CSR_ALG1, &size), HIPSPARSE_STATUS_SUCCESS);
  void* buf = NULL;
  if (size) hipMalloc(&buf, size);
  CHECK_S(hipsparseSpMV(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, sc, A, X, sc + 1, Y, HIP_R_64F,
                        HIPSPARSE_SPMV_CSR_ALG1, buf), HIPSPARSE_STATUS_SUCCESS);
  hipMemcpyAsync(hy, y, sizeof hy, hipMemcpyDeviceToHost, st);
  hipStreamSynchronize(st);
  double e = 0;
  for (int r = 0; r < m; r++) {
    double acc = 0;
    for (int c = 0; c < n; c++) acc += creal(s.dense[r * n + c]) * hx[c];
    e = fmax(e, fabs(hy[r] - 3 * acc));
  }
  CHECK(e < 1e-12);
  hipsparseSetPointerMode(h, HIPSPARSE_POINTER_MODE_HOST);
  hipsparseSetStream(h, 0);
  hipsparseDestroySpMat(A); hipsparseDestroyDnVec(X); hipsparseDestroyDnVec(Y);
  hipFree(x); hipFree(y); hipFree(sc);
  if (buf) hipFree(buf);
  hipStreamDestroy(st);
  free_sparse(&s);
}

static void test_errors(hipsparseHandle_t h) {
  float one = 1, *d;
  hipMalloc((void**)&d, 64);
  hipsparseSpMatDescr_t A;
  hipsparseDnVecDescr_t X, Y;
  hipsparseDnMatDescr_t M;
  int ptr[3] = {0, 1, 2}, *dptr = to_dev(ptr, sizeof ptr);
  CHECK_S(hipsparseCreate(NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateCsr(&A, -1, 2, 0, dptr, d, d, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, 0, HIP_R_32F),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateCsr(&A, 2, 2, 2, dptr, NULL, d, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, 0, HIP_R_32F),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateDnMat(&M, 4, 2, 3, d, HIP_R_32F, HIPSPARSE_ORDER_COL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateDnMat(&M, 4, 2, 4, d, HIP_R_32F, (hipsparseOrder_t)9), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateCsr(&A, 2, 2, 2, dptr, d, d, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, 0, HIP_R_32F),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnVec(&X, 3, d, HIP_R_32F), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateDnVec(&Y, 2, d, HIP_R_64F), HIPSPARSE_STATUS_SUCCESS);
  size_t size;
  /* x has 3 elements for a 2-column matrix. */
  CHECK_S(hipsparseSpMV_bufferSize(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &one, Y, HIP_R_32F,
                                   HIPSPARSE_SPMV_ALG_DEFAULT, &size), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSpMV(NULL, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &one, Y, HIP_R_32F,
                        HIPSPARSE_SPMV_ALG_DEFAULT, NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSpMV(h, (hipsparseOperation_t)5, &one, A, X, &one, Y, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT,
                        NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSpMV(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, Y, &one, X, HIP_R_32F,
                        HIPSPARSE_SPMV_ALG_DEFAULT, NULL), HIPSPARSE_STATUS_INVALID_VALUE);  /* y of 3 */
  CHECK_S(hipsparseSpMV(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, NULL, Y, HIP_R_32F,
                        HIPSPARSE_SPMV_ALG_DEFAULT, NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSpMV(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, X, X, &one, Y, HIP_R_32F,
                        HIPSPARSE_SPMV_ALG_DEFAULT, NULL), HIPSPARSE_STATUS_INVALID_VALUE);  /* not a matrix */
  CHECK_S(hipsparseCsr2cscEx2_bufferSize(h, 2, 2, -1, d, dptr, dptr, d, dptr, dptr, HIP_R_32F,
                                         HIPSPARSE_ACTION_NUMERIC, 0, HIPSPARSE_CSR2CSC_ALG1, &size),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseScsr2csc(h, 2, 2, 2, d, dptr, dptr, d, dptr, dptr, (hipsparseAction_t)4, 0),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSetPointerMode(h, (hipsparsePointerMode_t)3), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDestroySpMat(NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(strcmp(hipsparseGetErrorName(HIPSPARSE_STATUS_NOT_SUPPORTED), "HIPSPARSE_STATUS_NOT_SUPPORTED") == 0);
  int64_t r, c, nnz;
  CHECK_S(hipsparseSpMatGetSize(A, &r, &c, &nnz), HIPSPARSE_STATUS_SUCCESS);
  CHECK(r == 2 && c == 2 && nnz == 2);
  hipsparseDestroySpMat(A); hipsparseDestroyDnVec(X); hipsparseDestroyDnVec(Y);
  hipFree(d); hipFree(dptr);
}

/* Values and compute types the CPU device does not run (a half CSR). */
static void test_not_supported(hipsparseHandle_t h) {
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  int ptr[2] = {0, 0}, *dptr = to_dev(ptr, sizeof ptr);
  float *d, one = 1;
  hipMalloc((void**)&d, 64);
  hipsparseSpMatDescr_t A;
  hipsparseDnVecDescr_t X, Y;
  hipsparseCreateCsr(&A, 1, 1, 0, dptr, NULL, NULL, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, 0, HIP_R_32F);
  hipsparseCreateDnVec(&X, 1, d, HIP_R_32F);
  hipsparseCreateDnVec(&Y, 1, d + 4, HIP_R_32F);
  hipsparseStatus_t s = hipsparseSpMV(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &one, Y, HIP_R_64F,
                                      HIPSPARSE_SPMV_ALG_DEFAULT, NULL);
  /* cuSPARSE has its own answer to a float matrix with a double compute type. */
  if (strcmp(p.gcnArchName, "hipc-cpu") == 0) CHECK_S(s, HIPSPARSE_STATUS_NOT_SUPPORTED);
  hipDeviceSynchronize();
  hipsparseDestroySpMat(A); hipsparseDestroyDnVec(X); hipsparseDestroyDnVec(Y);
  hipFree(d); hipFree(dptr);
}

int main(void) {
  hipsparseHandle_t h;
  CHECK_S(hipsparseCreate(&h), HIPSPARSE_STATUS_SUCCESS);
  static const hipDataType types[] = {HIP_R_32F, HIP_R_64F, HIP_C_32F, HIP_C_64F};
  for (int t = 0; t < 4; t++)
    for (int coo = 0; coo < 2; coo++) test_spmv(h, types[t], t & 1, t >= 2, coo, 41, 29);
  test_spmv(h, HIP_R_64F, 0, 0, 0, 9000, 300);  /* rows over several threads */
  for (int coo = 0; coo < 2; coo++)
    for (int ta = 0; ta < 2; ta++)
      for (int tb = 0; tb < 2; tb++)
        for (int ord = 1; ord <= 2; ord++)
          test_spmm(h, ta ? HIP_R_64F : HIP_R_32F, coo, ta, tb, (hipsparseOrder_t)ord);
  test_spmm(h, HIP_C_64F, 0, HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE, HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE,
            HIPSPARSE_ORDER_COL);
  test_csr2csc(h, 0);
  test_csr2csc(h, 1);
  test_stream_device_scalars(h);
  test_errors(h);
  test_not_supported(h);
  CHECK_S(hipsparseDestroy(h), HIPSPARSE_STATUS_SUCCESS);
  return check_summary("test_hipsparse");
}
