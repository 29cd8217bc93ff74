// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipsparse -lhipc -lm
// NEEDS: libhipsparse.so
/* hipSPARSE's csrilu02 (ILU(0) in place) in S, D and Z, base 0 and 1:
 * the factors must reproduce A on its pattern ((L U)_ij = a_ij for every
 * stored (i, j), L unit lower, U upper, both on A's pattern: the
 * definition of ILU(0), checked by multiplying them out on the host), a
 * structural and a numerical zero pivot are reported by
 * Xcsrilu02_zeroPivot with HIPSPARSE_STATUS_ZERO_PIVOT and their row, rows
 * with unsorted columns factor alike on the CPU device, and
 * bad arguments get their codes. Runs on the CPU device and on GPUs
 * (cuSPARSE). */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hipsparse/hipsparse.h"

#define CHECK_S(expr, want) CHECK_EQ((int)(expr), (int)(want))

static unsigned seed = 7;
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

/* A random n x n pattern with a full diagonal (unless `skip_diag` >= 0,
 * whose row gets none), sorted columns, about 5 entries a row; values
 * diagonally dominant (complex where `cplx`). Returns nnz. */
static int make_matrix(int n, int skip_diag, int* ptr, int* ind,
                       double complex* val, int cplx) {
  int nnz = 0;
  for (int i = 0; i < n; i++) {
    ptr[i] = nnz;
    for (int j = 0; j < n; j++) {
      int keep = j == i ? i != skip_diag : (rnd() + 1) / 2 < 5.0 / n;
      if (!keep) continue;
      ind[nnz] = j;
      val[nnz] = j == i ? 8 + rnd() : rnd();
      if (cplx) val[nnz] += I * rnd();
      nnz++;
    }
  }
  ptr[n] = nnz;
  return nnz;
}

/* max |(L U)_ij - a_ij| over the pattern, L and U read from the factored
 * values `f` (unit diagonal of L implied). */
static double lu_error(int n, const int* ptr, const int* ind,
                       const double complex* a, const double complex* f) {
  double complex* L = calloc((size_t)n * n, sizeof *L);
  double complex* U = calloc((size_t)n * n, sizeof *U);
  for (int i = 0; i < n; i++) {
    L[i * n + i] = 1;
    for (int p = ptr[i]; p < ptr[i + 1]; p++) {
      if (ind[p] < i) L[i * n + ind[p]] = f[p];
      else U[i * n + ind[p]] = f[p];
    }
  }
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int p = ptr[i]; p < ptr[i + 1]; p++) {
      int j = ind[p];
      double complex s = 0;
      for (int k = 0; k < n; k++) s += L[i * n + k] * U[k * n + j];
      e = fmax(e, cabs(s - a[p]));
    }
  free(L);
  free(U);
  return e;
}

enum kind { S, D, Z };

/* Factors the matrix with the `kind` routine through the three calls,
 * base `base`; returns the factored values (as double complex) and the
 * zeroPivot status and position. */
static void factor(hipsparseHandle_t h, hipsparseMatDescr_t d, enum kind k,
                   int n, int nnz, const int* ptr, const int* ind,
                   const double complex* val, double complex* out,
                   int* zstatus, int* zpos) {
  int base = hipsparseGetMatIndexBase(d);
  int* p1 = malloc(sizeof(int) * (n + 1));
  int* i1 = malloc(sizeof(int) * (nnz ? nnz : 1));
  for (int i = 0; i <= n; i++) p1[i] = ptr[i] + base;
  for (int i = 0; i < nnz; i++) i1[i] = ind[i] + base;
  size_t es = k == S ? 4 : k == D ? 8 : 16;
  char* hv = malloc(es * (nnz ? nnz : 1));
  for (int i = 0; i < nnz; i++) {
    if (k == S) ((float*)hv)[i] = (float)creal(val[i]);
    else if (k == D) ((double*)hv)[i] = creal(val[i]);
    else ((double complex*)hv)[i] = val[i];
  }
  int* dp = to_dev(p1, sizeof(int) * (n + 1));
  int* di = to_dev(i1, sizeof(int) * (nnz ? nnz : 1));
  void* dv = to_dev(hv, es * (nnz ? nnz : 1));
  csrilu02Info_t info;
  CHECK_S(hipsparseCreateCsrilu02Info(&info), HIPSPARSE_STATUS_SUCCESS);
  int size = -1;
  hipsparseSolvePolicy_t pol = HIPSPARSE_SOLVE_POLICY_USE_LEVEL;
  if (k == S)
    CHECK_S(hipsparseScsrilu02_bufferSize(h, n, nnz, d, dv, dp, di, info,
                                          &size), HIPSPARSE_STATUS_SUCCESS);
  else if (k == D)
    CHECK_S(hipsparseDcsrilu02_bufferSize(h, n, nnz, d, dv, dp, di, info,
                                          &size), HIPSPARSE_STATUS_SUCCESS);
  else
    CHECK_S(hipsparseZcsrilu02_bufferSize(h, n, nnz, d, dv, dp, di, info,
                                          &size), HIPSPARSE_STATUS_SUCCESS);
  CHECK(size > 0);
  void* buf;
  hipMalloc(&buf, size > 0 ? (size_t)size : 1);
  if (k == S) {
    CHECK_S(hipsparseScsrilu02_analysis(h, n, nnz, d, dv, dp, di, info, pol,
                                        buf), HIPSPARSE_STATUS_SUCCESS);
    CHECK_S(hipsparseScsrilu02(h, n, nnz, d, dv, dp, di, info, pol, buf),
            HIPSPARSE_STATUS_SUCCESS);
  } else if (k == D) {
    CHECK_S(hipsparseDcsrilu02_analysis(h, n, nnz, d, dv, dp, di, info, pol,
                                        buf), HIPSPARSE_STATUS_SUCCESS);
    CHECK_S(hipsparseDcsrilu02(h, n, nnz, d, dv, dp, di, info, pol, buf),
            HIPSPARSE_STATUS_SUCCESS);
  } else {
    CHECK_S(hipsparseZcsrilu02_analysis(h, n, nnz, d, dv, dp, di, info, pol,
                                        buf), HIPSPARSE_STATUS_SUCCESS);
    CHECK_S(hipsparseZcsrilu02(h, n, nnz, d, dv, dp, di, info, pol, buf),
            HIPSPARSE_STATUS_SUCCESS);
  }
  *zpos = -7;
  *zstatus = hipsparseXcsrilu02_zeroPivot(h, info, zpos);
  hipMemcpy(hv, dv, es * nnz, hipMemcpyDeviceToHost);
  for (int i = 0; i < nnz; i++)
    out[i] = k == S ? ((float*)hv)[i]
             : k == D ? ((double*)hv)[i] : ((double complex*)hv)[i];
  CHECK_S(hipsparseDestroyCsrilu02Info(info), HIPSPARSE_STATUS_SUCCESS);
  hipFree(dp); hipFree(di); hipFree(dv); hipFree(buf);
  free(p1); free(i1); free(hv);
}

/* Whether device 0 is a GPU (gcnArchName sm_XX) rather than the CPU
 * device. */
static int on_gpu(void) {
  hipDeviceProp_t p;
  return hipGetDeviceProperties(&p, 0) == hipSuccess &&
         strncmp(p.gcnArchName, "sm_", 3) == 0;
}

/* Reverses the columns of every other row (cuSPARSE asks for sorted
 * columns; the CPU device takes either, as HeCBench's bicgstab needs). */
static void unsort_rows(int n, const int* ptr, int* ind,
                        double complex* val) {
  for (int i = 0; i < n; i += 2)
    for (int a = ptr[i], b = ptr[i + 1] - 1; a < b; a++, b--) {
      int t = ind[a];
      ind[a] = ind[b];
      ind[b] = t;
      double complex v = val[a];
      val[a] = val[b];
      val[b] = v;
    }
}

static void test_factor(hipsparseHandle_t h, hipsparseMatDescr_t d,
                        enum kind k, int base, int unsorted) {
  enum { N = 60 };
  int ptr[N + 1], ind[N * N];
  double complex val[N * N], out[N * N];
  int nnz = make_matrix(N, -1, ptr, ind, val, k == Z);
  if (unsorted) unsort_rows(N, ptr, ind, val);
  CHECK_S(hipsparseSetMatIndexBase(d, base ? HIPSPARSE_INDEX_BASE_ONE
                                           : HIPSPARSE_INDEX_BASE_ZERO),
          HIPSPARSE_STATUS_SUCCESS);
  int zs, zp;
  factor(h, d, k, N, nnz, ptr, ind, val, out, &zs, &zp);
  CHECK_S(zs, HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(zp, -1);
  double e = lu_error(N, ptr, ind, val, out);
  CHECK(e < (k == S ? 2e-5 : 1e-12));
  /* a real fill-in position is not in the pattern, so the product is not
   * A everywhere: the factors must have changed from A itself */
  double moved = 0;
  for (int p = 0; p < nnz; p++) moved = fmax(moved, cabs(out[p] - val[p]));
  CHECK(moved > 1e-3);
  CHECK_S(hipsparseSetMatIndexBase(d, HIPSPARSE_INDEX_BASE_ZERO),
          HIPSPARSE_STATUS_SUCCESS);
}

/* Row 5 has no diagonal entry; and [[1 1][1 1]] loses its second pivot. */
static void test_zero_pivots(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  enum { N = 12 };
  int ptr[N + 1], ind[N * N], zs, zp;
  double complex val[N * N], out[N * N];
  int nnz = make_matrix(N, 5, ptr, ind, val, 0);
  factor(h, d, D, N, nnz, ptr, ind, val, out, &zs, &zp);
  CHECK_S(zs, HIPSPARSE_STATUS_ZERO_PIVOT);
  CHECK_EQ(zp, 5);
  int p2[3] = {0, 2, 4}, i2[4] = {0, 1, 0, 1};
  double complex v2[4] = {1, 1, 1, 1}, o2[4];
  factor(h, d, D, 2, 4, p2, i2, v2, o2, &zs, &zp);
  CHECK_S(zs, HIPSPARSE_STATUS_ZERO_PIVOT);
  CHECK_EQ(zp, 1);
  CHECK(o2[2] == 1 && o2[3] == 0); /* l10 = 1, u11 = 1 - 1 */
}

static void test_errors(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  int ptr[2] = {0, 1}, ind[1] = {0}, size, pos;
  double* val = to_dev((double[]){2.0}, 8);
  int* dp = to_dev(ptr, sizeof ptr);
  int* di = to_dev(ind, sizeof ind);
  csrilu02Info_t info;
  CHECK_S(hipsparseCreateCsrilu02Info(NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseCreateCsrilu02Info(&info), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, 1, 1, d, val, dp, di, NULL,
                                        &size),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, -1, 1, d, val, dp, di, info,
                                        &size),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, 1, 1, d, val, dp, di, info, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_analysis(h, 1, 1, d, val, dp, di, info,
                                      HIPSPARSE_SOLVE_POLICY_USE_LEVEL, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02(h, 1, 1, d, val, NULL, di, info,
                             HIPSPARSE_SOLVE_POLICY_USE_LEVEL, val),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseXcsrilu02_zeroPivot(h, info, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseXcsrilu02_zeroPivot(NULL, info, &pos),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseSetMatType(d, HIPSPARSE_MATRIX_TYPE_SYMMETRIC),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, 1, 1, d, val, dp, di, info,
                                        &size),
          HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  CHECK_S(hipsparseSetMatType(d, HIPSPARSE_MATRIX_TYPE_GENERAL),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDestroyCsrilu02Info(info), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDestroyCsrilu02Info(NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  hipFree(val); hipFree(dp); hipFree(di);
}

int main(void) {
  hipsparseHandle_t h;
  CHECK_S(hipsparseCreate(&h), HIPSPARSE_STATUS_SUCCESS);
  hipsparseMatDescr_t d;
  CHECK_S(hipsparseCreateMatDescr(&d), HIPSPARSE_STATUS_SUCCESS);
  test_factor(h, d, D, 0, 0);
  test_factor(h, d, D, 1, 0);
  test_factor(h, d, S, 1, 0);
  test_factor(h, d, Z, 0, 0);
  if (!on_gpu()) test_factor(h, d, D, 0, 1);
  test_zero_pivots(h, d);
  test_errors(h, d);
  hipsparseDestroyMatDescr(d);
  CHECK_S(hipsparseDestroy(h), HIPSPARSE_STATUS_SUCCESS);
  return check_summary("test_hipsparse_ilu0");
}
