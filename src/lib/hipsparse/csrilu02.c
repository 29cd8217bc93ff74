/* csrilu02: incomplete LU with no fill-in, ILU(0), of a CSR matrix, in
 * place: L (unit diagonal, below) and U (diagonal and above) overwrite A's
 * values. The CPU device factors row by row (the IKJ order) on the
 * handle's stream, rows in any column order (the API asks for sorted
 * ones); NVIDIA GPUs call cuSPARSE's csrilu02 (sorted rows only).
 * The first structural zero pivot (a missing diagonal, found by the
 * analysis) or numerical one (found by the factorisation) is reported by
 * Xcsrilu02_zeroPivot as row + index base; numericBoost replaces pivots
 * of magnitude <= tol by a value of its own, which are then not zero. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "internal.h"

struct sp_csrilu02 {
  int position;   /* first zero pivot, -1: none */
  int boost;      /* numericBoost: on, tol, its value */
  double tol;
  double complex boost_val;
  void* cu;       /* the csrilu02Info_t twin on GPUs */
};

hipsparseStatus_t hipsparseCreateCsrilu02Info(csrilu02Info_t* info) {
  SP_CHECK(info, HIPSPARSE_STATUS_INVALID_VALUE);
  *info = calloc(1, sizeof **info);
  SP_CHECK(*info, HIPSPARSE_STATUS_ALLOC_FAILED);
  (*info)->position = -1;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseDestroyCsrilu02Info(csrilu02Info_t info) {
  if (info && info->cu) {
    int (*f)(void*) =
        (int (*)(void*))hipsparse__cu_sym("cusparseDestroyCsrilu02Info");
    if (f) f(info->cu);
  }
  free(info);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* The cuSPARSE twin of `info`, made at its first use on a GPU. */
static void* twin(csrilu02Info_t info) {
  if (!info->cu) {
    int (*f)(void**) =
        (int (*)(void**))hipsparse__cu_sym("cusparseCreateCsrilu02Info");
    if (!f || f(&info->cu) != 0) info->cu = NULL;
  }
  return info->cu;
}

/* Calls cuSPARSE's `NAME` (prefix P) of parameter types PROTO with ARGS
 * (the handle as `cu`, a cusparseMatDescr_t like `descr` as `md` and the
 * info's twin as `ci`), returning its status. */
#define ILU_CU(h, native, descr, info, NAME, PROTO, ARGS)                   \
  do {                                                                      \
    typedef int(*fn_t) PROTO;                                               \
    fn_t f_ = (fn_t)hipsparse__cu_sym(NAME);                                \
    void* ci = twin(info);                                                  \
    void* md = descr ? hipsparse__cu_matdescr(descr) : NULL;                \
    void* cu = f_ && ci && (md || !descr) ? hipsparse__cu_begin(h, native)  \
                                          : NULL;                           \
    int st_ = HIPSPARSE_STATUS_NOT_SUPPORTED;                               \
    if (cu) {                                                               \
      st_ = f_ ARGS;                                                        \
      hipsparse__cu_end(h);                                                 \
    }                                                                       \
    hipsparse__cu_destroy_matdescr(md);                                     \
    return (hipsparseStatus_t)st_;                                          \
  } while (0)

hipsparseStatus_t hipsparseXcsrilu02_zeroPivot(hipsparseHandle_t handle,
                                               csrilu02Info_t info,
                                               int* position) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h && info && position, HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  hipsparseStatus_t s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native)
    ILU_CU(h, native, (const sp_matdescr*)NULL, info,
           "cusparseXcsrilu02_zeroPivot", (void*, void*, int*),
           (cu, ci, position));
  /* a blocking call: the factorisation queued before it has run */
  SP_CHECK(hipStreamSynchronize(h->stream) == hipSuccess,
           HIPSPARSE_STATUS_EXECUTION_FAILED);
  int p = info->position;
  if (h->pointer_mode == HIPSPARSE_POINTER_MODE_DEVICE)
    hipMemcpy(position, &p, sizeof p, hipMemcpyHostToDevice);
  else
    *position = p;
  return p < 0 ? HIPSPARSE_STATUS_SUCCESS : HIPSPARSE_STATUS_ZERO_PIVOT;
}

typedef struct ilu_job {
  hipDataType type;
  int m, base, factor;  /* factor: 0 analysis only */
  void* val;
  const int* ptr;
  const int* ind;
  csrilu02Info_t info;
} ilu_job;

/* The position of each row's diagonal in diag[] (-1: none); the first
 * row without one, or -1. */
static int find_diagonals(const ilu_job* j, int* diag) {
  int first = -1;
  for (int r = 0; r < j->m; r++) {
    diag[r] = -1;
    for (int p = j->ptr[r] - j->base; p < j->ptr[r + 1] - j->base; p++)
      if (j->ind[p] - j->base == r) diag[r] = p;
    if (diag[r] < 0 && first < 0) first = r;
  }
  return first;
}

/* Row i's entries left of the diagonal, by column: their positions in
 * lower[], their count returned. Rows need not be sorted (HeCBench's
 * bicgstab sorts its entries by row only), so this sorts them. */
static int lower_part(const ilu_job* j, int i, int* lower) {
  int n = 0, b = j->base;
  for (int p = j->ptr[i] - b; p < j->ptr[i + 1] - b; p++) {
    int c = j->ind[p] - b, k = n++;
    if (c >= i) {
      n--;
      continue;
    }
    while (k > 0 && j->ind[lower[k - 1]] - b > c) {
      lower[k] = lower[k - 1];
      k--;
    }
    lower[k] = p;
  }
  return n;
}

/* ILU(0) in the precision of T; the first zero pivot's row, or -1. `mark`
 * is m ints of -1, the position of each column in the current row;
 * `lower` room for a row. */
#define ILU0(NAME, T, ABS)                                                   \
  static int NAME(const ilu_job* j, const int* diag, int* mark,              \
                  int* lower) {                                              \
    T* v = j->val;                                                           \
    const int *ptr = j->ptr, *ind = j->ind;                                  \
    int b = j->base, zero = -1;                                              \
    const csrilu02Info_t info = j->info;                                     \
    for (int i = 0; i < j->m; i++) {                                         \
      int p0 = ptr[i] - b, p1 = ptr[i + 1] - b;                              \
      for (int p = p0; p < p1; p++) mark[ind[p] - b] = p;                    \
      int n = lower_part(j, i, lower);                                       \
      for (int t = 0; t < n; t++) {                                          \
        int p = lower[t], k = ind[p] - b;                                    \
        if (diag[k] < 0 || v[diag[k]] == 0) continue;                        \
        T l = v[p] / v[diag[k]];                                             \
        v[p] = l;                                                            \
        for (int q = ptr[k] - b; q < ptr[k + 1] - b; q++) {                  \
          int c = ind[q] - b;                                                \
          if (c > k && mark[c] >= 0) v[mark[c]] -= l * v[q];                 \
        }                                                                    \
      }                                                                      \
      for (int p = p0; p < p1; p++) mark[ind[p] - b] = -1;                   \
      if (diag[i] >= 0) {                                                    \
        if (info->boost && ABS(v[diag[i]]) <= info->tol)                     \
          v[diag[i]] = (T)info->boost_val;                                   \
        else if (v[diag[i]] == 0 && zero < 0)                                \
          zero = i;                                                          \
      }                                                                      \
    }                                                                        \
    return zero;                                                             \
  }
ILU0(ilu0_s, float, fabsf)
ILU0(ilu0_d, double, fabs)
ILU0(ilu0_c, float complex, cabsf)
ILU0(ilu0_z, double complex, cabs)

static void run_ilu(void* arg) {
  ilu_job* j = arg;
  int m = j->m > 0 ? j->m : 1;
  int longest = 1;
  for (int r = 0; r < j->m; r++)
    if (j->ptr[r + 1] - j->ptr[r] > longest)
      longest = j->ptr[r + 1] - j->ptr[r];
  int* diag = malloc(sizeof(int) * ((size_t)m * 2 + (size_t)longest));
  if (diag) {
    int structural = find_diagonals(j, diag), numeric = -1;
    if (j->factor) {
      int *mark = diag + m, *lower = mark + m;
      for (int i = 0; i < j->m; i++) mark[i] = -1;
      switch (j->type) {
        case HIP_R_32F: numeric = ilu0_s(j, diag, mark, lower); break;
        case HIP_R_64F: numeric = ilu0_d(j, diag, mark, lower); break;
        case HIP_C_32F: numeric = ilu0_c(j, diag, mark, lower); break;
        default: numeric = ilu0_z(j, diag, mark, lower); break;
      }
    }
    int first = structural < 0 ? numeric
                : numeric < 0  ? structural
                               : (structural < numeric ? structural : numeric);
    j->info->position = first < 0 ? -1 : first + j->base;
  }
  free(diag);
  free(j);
}

/* Argument checks of the three calls, then where they run (*native). */
static hipsparseStatus_t open_call(sp_handle* h, int m, int nnz,
                                   const sp_matdescr* d, const void* val,
                                   const int* ptr, const int* ind,
                                   csrilu02Info_t info, void** native) {
  SP_CHECK(h && d && d->magic == SP_MAGIC_MATDESCR && info && m >= 0 &&
               nnz >= 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(d->type == HIPSPARSE_MATRIX_TYPE_GENERAL,
           HIPSPARSE_STATUS_NOT_SUPPORTED);  /* as rocSPARSE */
  SP_CHECK((ptr || m == 0) && ((ind && val) || nnz == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  return hipsparse__route(h, native);
}

static hipsparseStatus_t submit(sp_handle* h, hipDataType t, int m,
                                const sp_matdescr* d, const void* val,
                                const int* ptr, const int* ind,
                                csrilu02Info_t info, int factor) {
  if (m == 0) {
    info->position = -1;
    return HIPSPARSE_STATUS_SUCCESS;
  }
  ilu_job* j = malloc(sizeof *j);
  SP_CHECK(j, HIPSPARSE_STATUS_ALLOC_FAILED);
  *j = (ilu_job){t, m, d->base, factor, (void*)val, ptr, ind, info};
  if (hipLaunchHostFunc(h->stream, run_ilu, j) != hipSuccess) {
    free(j);
    return HIPSPARSE_STATUS_EXECUTION_FAILED;
  }
  return HIPSPARSE_STATUS_SUCCESS;
}

#define POLICY_OK(p)                                   \
  ((p) == HIPSPARSE_SOLVE_POLICY_NO_LEVEL ||           \
   (p) == HIPSPARSE_SOLVE_POLICY_USE_LEVEL)

/* csrilu02_analysis (FACTOR 0: the zero pivots of the structure) and
 * csrilu02 (FACTOR 1: the factorisation); VT is the values' type. */
#define CSRILU02_STAGE(P, T, TYPE, SUFFIX, VT, FACTOR)                       \
  hipsparseStatus_t hipsparse##P##csrilu02##SUFFIX(                          \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, VT* val, const int* ptr,             \
      const int* ind, csrilu02Info_t info, hipsparseSolvePolicy_t policy,    \
      void* buffer) {                                                        \
    sp_handle* h = hipsparse__handle(handle);                                \
    void* native;                                                            \
    hipsparseStatus_t s =                                                    \
        open_call(h, m, nnz, descrA, val, ptr, ind, info, &native);          \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    SP_CHECK(POLICY_OK(policy), HIPSPARSE_STATUS_INVALID_VALUE);             \
    if (native)                                                              \
      ILU_CU(h, native, descrA, info, "cusparse" #P "csrilu02" #SUFFIX,      \
             (void*, int, int, void*, VT*, const int*, const int*, void*,    \
              int, void*),                                                   \
             (cu, m, nnz, md, val, ptr, ind, ci, policy, buffer));           \
    return submit(h, TYPE, m, descrA, val, ptr, ind, info, FACTOR);          \
  }

#define CSRILU02(P, T, TYPE, BOOST_T)                                        \
  hipsparseStatus_t hipsparse##P##csrilu02_numericBoost(                     \
      hipsparseHandle_t handle, csrilu02Info_t info, int enable_boost,       \
      double* tol, BOOST_T* boost_val) {                                     \
    sp_handle* h = hipsparse__handle(handle);                                \
    SP_CHECK(h && info, HIPSPARSE_STATUS_INVALID_VALUE);                     \
    SP_CHECK(!enable_boost || (tol && boost_val),                            \
             HIPSPARSE_STATUS_INVALID_VALUE);                                \
    void* native;                                                            \
    hipsparseStatus_t s = hipsparse__route(h, &native);                      \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    if (native)                                                              \
      ILU_CU(h, native, (const sp_matdescr*)NULL, info,                      \
             "cusparse" #P "csrilu02_numericBoost",                          \
             (void*, void*, int, double*, BOOST_T*),                         \
             (cu, ci, enable_boost, tol, boost_val));                        \
    info->boost = enable_boost != 0;                                         \
    if (info->boost) { /* host memory, or device memory the CPU reads */     \
      info->tol = *tol;                                                      \
      info->boost_val = hipsparse__load(TYPE, boost_val, 0);                 \
    }                                                                        \
    return HIPSPARSE_STATUS_SUCCESS;                                         \
  }                                                                          \
  hipsparseStatus_t hipsparse##P##csrilu02_bufferSize(                       \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, T* val, const int* ptr,              \
      const int* ind, csrilu02Info_t info, int* size) {                      \
    sp_handle* h = hipsparse__handle(handle);                                \
    void* native;                                                            \
    hipsparseStatus_t s =                                                    \
        open_call(h, m, nnz, descrA, val, ptr, ind, info, &native);          \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    SP_CHECK(size, HIPSPARSE_STATUS_INVALID_VALUE);                          \
    if (native)                                                              \
      ILU_CU(h, native, descrA, info, "cusparse" #P "csrilu02_bufferSize",   \
             (void*, int, int, void*, T*, const int*, const int*, void*,     \
              int*),                                                         \
             (cu, m, nnz, md, val, ptr, ind, ci, size));                     \
    *size = 4; /* the CPU device keeps its work arrays to itself */          \
    return HIPSPARSE_STATUS_SUCCESS;                                         \
  }                                                                          \
  CSRILU02_STAGE(P, T, TYPE, _analysis, const T, 0)                          \
  CSRILU02_STAGE(P, T, TYPE, , T, 1)

CSRILU02(S, float, HIP_R_32F, float)
CSRILU02(D, double, HIP_R_64F, double)
CSRILU02(C, hipComplex, HIP_C_32F, hipComplex)
CSRILU02(Z, hipDoubleComplex, HIP_C_64F, hipDoubleComplex)
