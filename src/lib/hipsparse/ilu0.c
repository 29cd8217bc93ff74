/* csrilu02: the incomplete LU factorisation with no fill-in, ILU(0), of a
 * square CSR matrix, in place: afterwards the strictly lower part holds L
 * (unit diagonal, not stored) and the upper part U, both on A's pattern.
 *
 * CPU device: `_analysis` finds each row's diagonal entry (a row without
 * one is a structural zero pivot) and `csrilu02` eliminates row by row
 * (the IKJ order: for each k < i in row i, a_ik /= a_kk, then a_ij -=
 * a_ik a_kj for the j > k of row i that row k also has), on the handle's
 * stream; the k of a row are taken in column order even where a row's
 * columns are not sorted. The first row whose pivot is missing or becomes exactly zero is
 * what `Xcsrilu02_zeroPivot` reports (after waiting for the stream); the
 * factorisation goes on through it, as IEEE division gives. GPUs: cuSPARSE's
 * csrilu02 (deprecated there, still in CUDA 13), with an info twin. */
#include <stdlib.h>

#include "internal.h"

struct sp_csrilu02 {
  int zero_pivot; /* the first zero pivot's row (index base 0), or -1 */
  void* cu;       /* cuSPARSE's csrilu02Info_t, made at first GPU use */
};

static sp_matdescr* matdescr(const hipsparseMatDescr_t d) {
  return d && d->magic == SP_MAGIC_MATDESCR ? d : NULL;
}

hipsparseStatus_t hipsparseCreateCsrilu02Info(csrilu02Info_t* info) {
  SP_CHECK(info, HIPSPARSE_STATUS_INVALID_VALUE);
  *info = calloc(1, sizeof **info);
  if (!*info) return HIPSPARSE_STATUS_ALLOC_FAILED;
  (*info)->zero_pivot = -1;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseDestroyCsrilu02Info(csrilu02Info_t info) {
  SP_CHECK(info, HIPSPARSE_STATUS_INVALID_VALUE);
  if (info->cu) {
    int (*f)(void*) =
        (int (*)(void*))hipsparse__cu_sym("cusparseDestroyCsrilu02Info");
    if (f) f(info->cu);
  }
  free(info);
  return HIPSPARSE_STATUS_SUCCESS;
}

/* The cuSPARSE twin of `info`, or NULL. */
static void* cu_info(csrilu02Info_t info) {
  if (!info->cu) {
    int (*f)(void**) =
        (int (*)(void**))hipsparse__cu_sym("cusparseCreateCsrilu02Info");
    if (!f || f(&info->cu) != 0) info->cu = NULL;
  }
  return info->cu;
}

/* Calls cuSPARSE's `NAME` (PROTO, ARGS) with `cu` (the handle) and `md` (a
 * cusparseMatDescr_t like `d`), returning its status. */
#define CU_CALL(NAME, PROTO, ARGS)                                           \
  do {                                                                       \
    typedef int(*fn_t) PROTO;                                                \
    fn_t f_ = (fn_t)hipsparse__cu_sym(#NAME);                                \
    void* ci = cu_info(info);                                                \
    void* md = f_ && ci ? hipsparse__cu_matdescr(d) : NULL;                  \
    void* cu = md ? hipsparse__cu_begin(h, native) : NULL;                   \
    if (!cu) {                                                               \
      hipsparse__cu_destroy_matdescr(md);                                    \
      return HIPSPARSE_STATUS_NOT_SUPPORTED;                                 \
    }                                                                        \
    int st_ = f_ ARGS;                                                       \
    hipsparse__cu_end(h);                                                    \
    hipsparse__cu_destroy_matdescr(md);                                      \
    return (hipsparseStatus_t)st_;                                           \
  } while (0)

/* The diagonal's position in each row (the job's `perm`), or -1; notes the
 * first row without one. */
static void run_analysis(const sp_job* j) {
  int base = j->copy_values;
  int* zero = j->total;
  *zero = -1;
  for (int i = 0; i < j->m; i++) {
    j->perm[i] = -1;
    for (int p = j->csr_ptr[i] - base; p < j->csr_ptr[i + 1] - base; p++)
      if (j->csr_ind[p] - base == i) j->perm[i] = p;
    if (j->perm[i] < 0 && *zero < 0) *zero = i;
  }
}

/* Sorts the `n` positions in `pos` by their column (rows are short). */
static void sort_by_column(int* pos, int n, const int* ind) {
  for (int a = 1; a < n; a++) {
    int p = pos[a], b = a;
    for (; b > 0 && ind[pos[b - 1]] > ind[p]; b--) pos[b] = pos[b - 1];
    pos[b] = p;
  }
}

static void run_ilu0(const sp_job* j) {
  int base = j->copy_values, m = j->m;
  const int* ptr = j->csr_ptr;
  const int* ind = j->csr_ind;
  void* val = j->csc_val;
  hipDataType t = j->type;
  int* zero = j->total;
  *zero = -1;
  size_t words = (size_t)(m > 0 ? m : 1);
  /* where each column of the current row sits (-1 elsewhere), each row's
   * diagonal, and the current row's lower part in column order */
  int* at = malloc(words * sizeof *at);
  int* diag = malloc(words * sizeof *diag);
  int* lower = malloc(words * sizeof *lower);
  if (!at || !diag || !lower) {
    free(at);
    free(diag);
    free(lower);
    *zero = 0;
    return;
  }
  for (int c = 0; c < m; c++) at[c] = -1;
  for (int i = 0; i < m; i++) {
    int p0 = ptr[i] - base, p1 = ptr[i + 1] - base, nl = 0;
    diag[i] = -1;
    for (int p = p0; p < p1; p++) {
      int c = ind[p] - base;
      if (c < 0 || c >= m) continue;
      at[c] = p;
      if (c == i) diag[i] = p;
      if (c < i) lower[nl++] = p;
    }
    /* cuSPARSE asks for sorted columns; unsorted rows work here too */
    sort_by_column(lower, nl, ind);
    for (int l = 0; l < nl; l++) {
      int p = lower[l], k = ind[p] - base;
      if (diag[k] < 0) continue;
      hipsparse__store(t, val, p,
                       hipsparse__load(t, val, p) /
                           hipsparse__load(t, val, diag[k]));
      double _Complex lik = hipsparse__load(t, val, p); /* as stored */
      for (int q = ptr[k] - base; q < ptr[k + 1] - base; q++) {
        int c = ind[q] - base;
        if (c > k && c < m && at[c] >= 0)
          hipsparse__store(t, val, at[c],
                           hipsparse__load(t, val, at[c]) -
                               lik * hipsparse__load(t, val, q));
      }
    }
    if (*zero < 0 &&
        (diag[i] < 0 || hipsparse__load(t, val, diag[i]) == 0))
      *zero = i;
    for (int p = p0; p < p1; p++) {
      int c = ind[p] - base;
      if (c >= 0 && c < m) at[c] = -1;
    }
  }
  free(at);
  free(diag);
  free(lower);
}

/* The checks every entry point makes; `val` may be NULL for bufferSize
 * only when nnz is 0. */
static hipsparseStatus_t check(sp_handle* h, int m, int nnz,
                               const sp_matdescr* d, const void* val,
                               const int* ptr, const int* ind,
                               csrilu02Info_t info) {
  SP_CHECK(h && d && info && m >= 0 && nnz >= 0,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK((ptr || m == 0) && ((ind && val) || nnz == 0),
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(d->type == HIPSPARSE_MATRIX_TYPE_GENERAL,
           HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  return HIPSPARSE_STATUS_SUCCESS;
}

#define CSRILU02(P, T, HT)                                                   \
  hipsparseStatus_t hipsparse##P##csrilu02_bufferSize(                       \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, T* val, const int* ptr,              \
      const int* ind, csrilu02Info_t info, int* size) {                      \
    sp_handle* h = hipsparse__handle(handle);                                \
    sp_matdescr* d = matdescr(descrA);                                       \
    hipsparseStatus_t s = check(h, m, nnz, d, val, ptr, ind, info);          \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    SP_CHECK(size, HIPSPARSE_STATUS_INVALID_VALUE);                          \
    void* native;                                                            \
    s = hipsparse__route(h, &native);                                        \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    if (native)                                                              \
      CU_CALL(cusparse##P##csrilu02_bufferSize,                              \
              (void*, int, int, void*, T*, const int*, const int*, void*,    \
               int*),                                                        \
              (cu, m, nnz, md, val, ptr, ind, ci, size));                    \
    *size = (m > 0 ? m : 1) * (int)sizeof(int); /* the diagonal's places */  \
    return HIPSPARSE_STATUS_SUCCESS;                                         \
  }                                                                          \
  hipsparseStatus_t hipsparse##P##csrilu02_analysis(                         \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, const T* val, const int* ptr,        \
      const int* ind, csrilu02Info_t info, hipsparseSolvePolicy_t policy,    \
      void* buffer) {                                                        \
    sp_handle* h = hipsparse__handle(handle);                                \
    sp_matdescr* d = matdescr(descrA);                                       \
    hipsparseStatus_t s = check(h, m, nnz, d, val, ptr, ind, info);          \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    SP_CHECK((unsigned)policy <= HIPSPARSE_SOLVE_POLICY_USE_LEVEL && buffer, \
             HIPSPARSE_STATUS_INVALID_VALUE);                                \
    void* native;                                                            \
    s = hipsparse__route(h, &native);                                        \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    if (native)                                                              \
      CU_CALL(cusparse##P##csrilu02_analysis,                                \
              (void*, int, int, void*, const T*, const int*, const int*,     \
               void*, int, void*),                                           \
              (cu, m, nnz, md, val, ptr, ind, ci, policy, buffer));          \
    if (m == 0) return HIPSPARSE_STATUS_SUCCESS;                             \
    sp_job j = {.run = run_analysis, .m = m, .nnz = nnz, .csr_ptr = ptr,     \
                .csr_ind = ind, .perm = buffer, .total = &info->zero_pivot,  \
                .copy_values = d->base, .type = HT};                         \
    return hipsparse__submit(h, &j);                                         \
  }                                                                          \
  hipsparseStatus_t hipsparse##P##csrilu02(                                  \
      hipsparseHandle_t handle, int m, int nnz,                              \
      const hipsparseMatDescr_t descrA, T* val, const int* ptr,              \
      const int* ind, csrilu02Info_t info, hipsparseSolvePolicy_t policy,    \
      void* buffer) {                                                        \
    sp_handle* h = hipsparse__handle(handle);                                \
    sp_matdescr* d = matdescr(descrA);                                       \
    hipsparseStatus_t s = check(h, m, nnz, d, val, ptr, ind, info);          \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    SP_CHECK((unsigned)policy <= HIPSPARSE_SOLVE_POLICY_USE_LEVEL && buffer, \
             HIPSPARSE_STATUS_INVALID_VALUE);                                \
    void* native;                                                            \
    s = hipsparse__route(h, &native);                                        \
    SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);                              \
    if (native)                                                              \
      CU_CALL(cusparse##P##csrilu02,                                         \
              (void*, int, int, void*, T*, const int*, const int*, void*,    \
               int, void*),                                                  \
              (cu, m, nnz, md, val, ptr, ind, ci, policy, buffer));          \
    if (m == 0) return HIPSPARSE_STATUS_SUCCESS;                             \
    sp_job j = {.run = run_ilu0, .m = m, .nnz = nnz, .csr_ptr = ptr,         \
                .csr_ind = ind, .csc_val = val, .total = &info->zero_pivot,  \
                .copy_values = d->base, .type = HT};                         \
    return hipsparse__submit(h, &j);                                         \
  }
CSRILU02(S, float, HIP_R_32F)
CSRILU02(D, double, HIP_R_64F)
CSRILU02(C, hipComplex, HIP_C_32F)
CSRILU02(Z, hipDoubleComplex, HIP_C_64F)

hipsparseStatus_t hipsparseXcsrilu02_zeroPivot(hipsparseHandle_t handle,
                                               csrilu02Info_t info,
                                               int* position) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h && info && position, HIPSPARSE_STATUS_INVALID_VALUE);
  void* native;
  hipsparseStatus_t s = hipsparse__route(h, &native);
  SP_CHECK(s == HIPSPARSE_STATUS_SUCCESS, s);
  if (native) {
    int (*f)(void*, void*, int*) = (int (*)(void*, void*, int*))
        hipsparse__cu_sym("cusparseXcsrilu02_zeroPivot");
    void* ci = cu_info(info);
    void* cu = f && ci ? hipsparse__cu_begin(h, native) : NULL;
    if (!cu) return HIPSPARSE_STATUS_NOT_SUPPORTED;
    int st = f(cu, ci, position);
    hipsparse__cu_end(h);
    return (hipsparseStatus_t)st;
  }
  /* A blocking call, as cuSPARSE's: the factorisation must be done. */
  if (hipStreamSynchronize(h->stream) != hipSuccess)
    return HIPSPARSE_STATUS_EXECUTION_FAILED;
  int z = info->zero_pivot;
  if (h->pointer_mode == HIPSPARSE_POINTER_MODE_HOST) {
    *position = z;
  } else if (hipMemcpy(position, &z, sizeof z, hipMemcpyHostToDevice) !=
             hipSuccess) {
    return HIPSPARSE_STATUS_EXECUTION_FAILED;
  }
  return z >= 0 ? HIPSPARSE_STATUS_ZERO_PIVOT : HIPSPARSE_STATUS_SUCCESS;
}
