// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipsparse -lhipc -lm
// NEEDS: libhipsparse.so
/* hipSPARSE's csrilu02 (ILU(0) of a CSR matrix, in place) against a host
 * ILU(0) computed the other way round (a dense elimination, column by
 * column, that keeps only the pattern's entries), in double (base 0),
 * float (base 1) and double complex; the first structural and numerical
 * zero pivots, numericBoost, and the error codes. Runs on the CPU device
 * and on GPUs (cuSPARSE). */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hipsparse/hipsparse.h"

#define CHECK_S(expr, want) CHECK_EQ((int)(expr), (int)(want))
enum { N = 40 };

/* Whether device 0 is a GPU (gcnArchName sm_XX), not the CPU device. */
static int on_gpu(void) {
  hipDeviceProp_t p;
  return hipGetDeviceProperties(&p, 0) == hipSuccess &&
         strncmp(p.gcnArchName, "sm_", 3) == 0;
}

static unsigned seed = 7;
static double rnd(void) {  /* in [-1, 1] */
  seed = seed * 1103515245u + 12345u;
  return ((seed >> 8) % 2001) / 1000.0 - 1.0;
}

static void* to_dev(const void* h, size_t bytes) {
  void* d;
  if (hipMalloc(&d, bytes ? bytes : 1) != hipSuccess) abort();
  hipMemcpy(d, h, bytes, hipMemcpyHostToDevice);
  return d;
}

/* An N x N pattern (in[r][c]) with a full diagonal and a dominant one. */
typedef struct pattern {
  int in[N][N];
  double complex a[N][N];
  int ptr[N + 1], ind[N * N], nnz;
} pattern;

static void make(pattern* p, int complex_values) {
  memset(p, 0, sizeof *p);
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      p->in[r][c] = r == c || rnd() > 0.7;
      if (!p->in[r][c]) continue;
      p->a[r][c] = rnd() + (complex_values ? rnd() * I : 0);
      if (r == c) p->a[r][c] += N / 2.0;
    }
  for (int r = 0; r < N; r++) {
    p->ptr[r] = p->nnz;
    for (int c = 0; c < N; c++)
      if (p->in[r][c]) p->ind[p->nnz++] = c;
  }
  p->ptr[N] = p->nnz;
}

/* ILU(0) by dense elimination restricted to the pattern (the KIJ order). */
static void host_ilu0(const pattern* p, double complex f[N][N]) {
  memcpy(f, p->a, sizeof p->a);
  for (int k = 0; k < N; k++)
    for (int i = k + 1; i < N; i++) {
      if (!p->in[i][k]) continue;
      f[i][k] /= f[k][k];
      for (int j = k + 1; j < N; j++)
        if (p->in[i][j] && p->in[k][j]) f[i][j] -= f[i][k] * f[k][j];
    }
}

/* Runs bufferSize, analysis, csrilu02, zeroPivot; returns zeroPivot's
 * status, its position in *pos. */
#define RUN(P, T)                                                            \
  static int run_##P(hipsparseHandle_t h, hipsparseMatDescr_t d, int m,      \
                     int nnz, T* val, const int* ptr, const int* ind,        \
                     csrilu02Info_t info, int* pos) {                        \
    int size = -1;                                                           \
    T* dv = to_dev(val, sizeof(T) * nnz);                                    \
    int* dp = to_dev(ptr, sizeof(int) * (m + 1));                            \
    int* di = to_dev(ind, sizeof(int) * nnz);                                \
    CHECK_S(hipsparse##P##csrilu02_bufferSize(h, m, nnz, d, dv, dp, di,      \
                                              info, &size),                  \
            HIPSPARSE_STATUS_SUCCESS);                                       \
    CHECK(size >= 0);                                                        \
    void* buf;                                                               \
    hipMalloc(&buf, size > 0 ? size : 1);                                    \
    CHECK_S(hipsparse##P##csrilu02_analysis(h, m, nnz, d, dv, dp, di, info,  \
                                            HIPSPARSE_SOLVE_POLICY_USE_LEVEL,\
                                            buf),                            \
            HIPSPARSE_STATUS_SUCCESS);                                       \
    CHECK_S(hipsparse##P##csrilu02(h, m, nnz, d, dv, dp, di, info,           \
                                   HIPSPARSE_SOLVE_POLICY_USE_LEVEL, buf),   \
            HIPSPARSE_STATUS_SUCCESS);                                       \
    int st = hipsparseXcsrilu02_zeroPivot(h, info, pos);                     \
    hipMemcpy(val, dv, sizeof(T) * nnz, hipMemcpyDeviceToHost);              \
    hipFree(dv); hipFree(dp); hipFree(di); hipFree(buf);                     \
    return st;                                                               \
  }
RUN(D, double)
RUN(S, float)
RUN(Z, hipDoubleComplex)

/* The factors of a random pattern in three types against the host's. */
static void test_factor(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  static pattern p;
  static double complex f[N][N];
  csrilu02Info_t info;
  CHECK_S(hipsparseCreateCsrilu02Info(&info), HIPSPARSE_STATUS_SUCCESS);
  int pos = 99;
  /* double, base 0 */
  make(&p, 0);
  host_ilu0(&p, f);
  double* dv = malloc(sizeof(double) * p.nnz);
  for (int r = 0, q = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (p.in[r][c]) dv[q++] = creal(p.a[r][c]);
  CHECK_S(run_D(h, d, N, p.nnz, dv, p.ptr, p.ind, info, &pos),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(pos, -1);
  double e = 0;
  for (int r = 0, q = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (p.in[r][c]) e = fmax(e, fabs(dv[q++] - creal(f[r][c])));
  CHECK(e < 1e-12);
  CHECK(p.nnz > 3 * N);  /* entries off the diagonal to eliminate */
  /* float, base 1: indices shifted by one */
  hipsparseSetMatIndexBase(d, HIPSPARSE_INDEX_BASE_ONE);
  int ptr1[N + 1], *ind1 = malloc(sizeof(int) * p.nnz);
  for (int r = 0; r <= N; r++) ptr1[r] = p.ptr[r] + 1;
  for (int q = 0; q < p.nnz; q++) ind1[q] = p.ind[q] + 1;
  float* sv = malloc(sizeof(float) * p.nnz);
  for (int r = 0, q = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (p.in[r][c]) sv[q++] = (float)creal(p.a[r][c]);
  CHECK_S(run_S(h, d, N, p.nnz, sv, ptr1, ind1, info, &pos),
          HIPSPARSE_STATUS_SUCCESS);
  e = 0;
  for (int r = 0, q = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (p.in[r][c]) e = fmax(e, fabs(sv[q++] - creal(f[r][c])));
  CHECK(e < 1e-4);
  hipsparseSetMatIndexBase(d, HIPSPARSE_INDEX_BASE_ZERO);
  /* double complex, base 0, another pattern */
  make(&p, 1);
  host_ilu0(&p, f);
  double complex* zv = malloc(sizeof(double complex) * p.nnz);
  for (int r = 0, q = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (p.in[r][c]) zv[q++] = p.a[r][c];
  CHECK_S(run_Z(h, d, N, p.nnz, (hipDoubleComplex*)zv, p.ptr, p.ind, info,
                &pos),
          HIPSPARSE_STATUS_SUCCESS);
  e = 0;
  for (int r = 0, q = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (p.in[r][c]) e = fmax(e, cabs(zv[q++] - f[r][c]));
  CHECK(e < 1e-12);
  /* the CPU device also takes rows in any column order (cuSPARSE asks
   * for sorted ones): each row's entries reversed, the same factors */
  if (!on_gpu()) {
    int* rind = malloc(sizeof(int) * p.nnz);
    for (int r = 0; r < N; r++)
      for (int q = p.ptr[r]; q < p.ptr[r + 1]; q++) {
        int t = p.ptr[r + 1] - 1 - (q - p.ptr[r]);
        rind[t] = p.ind[q];
        zv[t] = p.a[r][p.ind[q]];
      }
    CHECK_S(run_Z(h, d, N, p.nnz, (hipDoubleComplex*)zv, p.ptr, rind, info,
                  &pos),
            HIPSPARSE_STATUS_SUCCESS);
    e = 0;
    for (int q = 0, r = 0; q < p.nnz; q++) {
      while (q >= p.ptr[r + 1]) r++;
      e = fmax(e, cabs(zv[q] - f[r][rind[q]]));
    }
    CHECK(e < 1e-12);
    free(rind);
  }
  free(dv); free(sv); free(ind1); free(zv);
  CHECK_S(hipsparseDestroyCsrilu02Info(info), HIPSPARSE_STATUS_SUCCESS);
}

/* Zero pivots: a missing diagonal (row 2), a pivot that cancels to 0
 * (row 1 of [[1 1][1 1]]), and the same with numericBoost. */
static void test_pivots(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  csrilu02Info_t info;
  CHECK_S(hipsparseCreateCsrilu02Info(&info), HIPSPARSE_STATUS_SUCCESS);
  int pos = 99;
  /* 3 x 3: rows {0,1}, {0,1}, {0,1}: row 2 lacks its diagonal, and row
   * 1's pivot is 4 - 2 * 2 / 1 = 0 */
  int ptr[4] = {0, 2, 4, 6}, ind[6] = {0, 1, 0, 1, 0, 1};
  double v[6] = {1, 2, 2, 4, 1, 1};
  CHECK_S(run_D(h, d, 3, 6, v, ptr, ind, info, &pos),
          HIPSPARSE_STATUS_ZERO_PIVOT);
  CHECK_EQ(pos, 1);  /* the first zero pivot: row 1's numerical one */
  /* the structural one alone: row 1's pivot is now 5 - 4 = 1 */
  double w[6] = {1, 2, 2, 5, 1, 1};
  CHECK_S(run_D(h, d, 3, 6, w, ptr, ind, info, &pos),
          HIPSPARSE_STATUS_ZERO_PIVOT);
  CHECK_EQ(pos, 2);
  CHECK(w[2] == 2 && w[3] == 1 && w[4] == 1 && w[5] == -1);
  /* base 1: positions carry the base */
  hipsparseSetMatIndexBase(d, HIPSPARSE_INDEX_BASE_ONE);
  int ptr1[4] = {1, 3, 5, 7}, ind1[6] = {1, 2, 1, 2, 1, 2};
  double x[6] = {1, 2, 2, 5, 1, 1};
  CHECK_S(run_D(h, d, 3, 6, x, ptr1, ind1, info, &pos),
          HIPSPARSE_STATUS_ZERO_PIVOT);
  CHECK_EQ(pos, 3);
  hipsparseSetMatIndexBase(d, HIPSPARSE_INDEX_BASE_ZERO);
  /* boosted: [[1 2][2 4]] has U(1,1) = 0, replaced by 8 */
  int ptr2[3] = {0, 2, 4}, ind2[4] = {0, 1, 0, 1};
  double y[4] = {1, 2, 2, 4}, tol = 1e-10, boost = 8;
  CHECK_S(run_D(h, d, 2, 4, y, ptr2, ind2, info, &pos),
          HIPSPARSE_STATUS_ZERO_PIVOT);
  CHECK_EQ(pos, 1);
  CHECK_S(hipsparseDcsrilu02_numericBoost(h, info, 1, &tol, &boost),
          HIPSPARSE_STATUS_SUCCESS);
  double z[4] = {1, 2, 2, 4};
  CHECK_S(run_D(h, d, 2, 4, z, ptr2, ind2, info, &pos),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_EQ(pos, -1);
  CHECK(z[0] == 1 && z[1] == 2 && z[2] == 2 && z[3] == 8);
  CHECK_S(hipsparseDcsrilu02_numericBoost(h, info, 0, NULL, NULL),
          HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseDestroyCsrilu02Info(info), HIPSPARSE_STATUS_SUCCESS);
}

static void test_errors(hipsparseHandle_t h, hipsparseMatDescr_t d) {
  csrilu02Info_t info;
  CHECK_S(hipsparseCreateCsrilu02Info(&info), HIPSPARSE_STATUS_SUCCESS);
  CHECK_S(hipsparseCreateCsrilu02Info(NULL), HIPSPARSE_STATUS_INVALID_VALUE);
  int ptr[2] = {0, 1}, ind[1] = {0}, size, pos;
  double val[1] = {2}, tol = 1, boost = 1;
  int* dp = to_dev(ptr, sizeof ptr);
  int* di = to_dev(ind, sizeof ind);
  double* dv = to_dev(val, sizeof val);
  CHECK_S(hipsparseDcsrilu02_bufferSize(NULL, 1, 1, d, dv, dp, di, info,
                                        &size),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, -1, 1, d, dv, dp, di, info,
                                        &size),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, 1, 1, d, dv, dp, di, NULL,
                                        &size),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_bufferSize(h, 1, 1, d, dv, dp, di, info, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_analysis(h, 1, 1, d, dv, dp, NULL, info,
                                      HIPSPARSE_SOLVE_POLICY_NO_LEVEL, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02(h, 1, 1, d, dv, dp, di, info,
                             (hipsparseSolvePolicy_t)5, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02(h, 1, 1, NULL, dv, dp, di, info,
                             HIPSPARSE_SOLVE_POLICY_NO_LEVEL, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  hipsparseSetMatType(d, HIPSPARSE_MATRIX_TYPE_SYMMETRIC);
  CHECK_S(hipsparseDcsrilu02(h, 1, 1, d, dv, dp, di, info,
                             HIPSPARSE_SOLVE_POLICY_NO_LEVEL, NULL),
          HIPSPARSE_STATUS_NOT_SUPPORTED);
  hipsparseSetMatType(d, HIPSPARSE_MATRIX_TYPE_GENERAL);
  CHECK_S(hipsparseXcsrilu02_zeroPivot(h, NULL, &pos),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseXcsrilu02_zeroPivot(h, info, NULL),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_numericBoost(h, NULL, 1, &tol, &boost),
          HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK_S(hipsparseDcsrilu02_numericBoost(h, info, 1, NULL, &boost),
          HIPSPARSE_STATUS_INVALID_VALUE);
  hipFree(dp); hipFree(di); hipFree(dv);
  CHECK_S(hipsparseDestroyCsrilu02Info(info), HIPSPARSE_STATUS_SUCCESS);
}

int main(void) {
  hipsparseHandle_t h;
  CHECK_S(hipsparseCreate(&h), HIPSPARSE_STATUS_SUCCESS);
  hipsparseMatDescr_t d;
  CHECK_S(hipsparseCreateMatDescr(&d), HIPSPARSE_STATUS_SUCCESS);
  test_factor(h, d);
  test_pivots(h, d);
  test_errors(h, d);
  hipsparseDestroyMatDescr(d);
  CHECK_S(hipsparseDestroy(h), HIPSPARSE_STATUS_SUCCESS);
  return check_summary("test_hipsparse_ilu");
}
