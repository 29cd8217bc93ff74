/* Sparse vector descriptors and the operations between a sparse and a
 * dense vector: Axpby, Gather, Scatter. */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int valid_index(hipsparseIndexType_t t) {
  return t == HIPSPARSE_INDEX_16U || t == HIPSPARSE_INDEX_32I ||
         t == HIPSPARSE_INDEX_64I;
}

hipsparseStatus_t hipsparseCreateSpVec(hipsparseSpVecDescr_t* out,
                                       int64_t size, int64_t nnz,
                                       void* indices, void* values,
                                       hipsparseIndexType_t idxType,
                                       hipsparseIndexBase_t idxBase,
                                       hipDataType valueType) {
  SP_CHECK(out && size >= 0 && nnz >= 0 && nnz <= size,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(valid_index(idxType) && (idxBase == HIPSPARSE_INDEX_BASE_ZERO ||
                                    idxBase == HIPSPARSE_INDEX_BASE_ONE),
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK((indices && values) || nnz == 0, HIPSPARSE_STATUS_INVALID_VALUE);
  sp_spvec* v = calloc(1, sizeof *v);
  SP_CHECK(v, HIPSPARSE_STATUS_ALLOC_FAILED);
  *v = (sp_spvec){SP_MAGIC_SPVEC, size,    nnz,       indices, values,
                  idxType,        idxBase, valueType, NULL};
  *out = v;
  return HIPSPARSE_STATUS_SUCCESS;
}

static sp_spvec* as_spvec(hipsparseConstSpVecDescr_t d) {
  sp_spvec* v = (sp_spvec*)d;
  return v && v->magic == SP_MAGIC_SPVEC ? v : NULL;
}

hipsparseStatus_t hipsparseDestroySpVec(hipsparseConstSpVecDescr_t d) {
  sp_spvec* v = as_spvec(d);
  return hipsparse__destroy(v, v ? v->cu : NULL);
}

hipsparseStatus_t hipsparseSpVecGet(const hipsparseSpVecDescr_t d,
                                    int64_t* size, int64_t* nnz,
                                    void** indices, void** values,
                                    hipsparseIndexType_t* idxType,
                                    hipsparseIndexBase_t* idxBase,
                                    hipDataType* valueType) {
  sp_spvec* v = as_spvec(d);
  SP_CHECK(v && size && nnz && indices && values && idxType && idxBase &&
               valueType,
           HIPSPARSE_STATUS_INVALID_VALUE);
  *size = v->size;
  *nnz = v->nnz;
  *indices = v->ind;
  *values = v->val;
  *idxType = v->ind_type;
  *idxBase = v->base;
  *valueType = v->type;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSpVecGetValues(const hipsparseSpVecDescr_t d,
                                          void** values) {
  sp_spvec* v = as_spvec(d);
  return hipsparse__get_values(v, v ? v->val : NULL, values);
}

hipsparseStatus_t hipsparseSpVecSetValues(hipsparseSpVecDescr_t d,
                                          void* values) {
  sp_spvec* v = as_spvec(d);
  SP_CHECK(v && (values || v->nnz == 0), HIPSPARSE_STATUS_INVALID_VALUE);
  return hipsparse__set_values(v, &v->val, v->cu, values);
}

/* Element `i` of an array of type `t` (R_32F, R_64F, C_32F, C_64F), as a
 * double complex, and its store. */
static double complex load(hipDataType t, const void* p, int64_t i) {
  switch (t) {
    case HIP_R_32F: return ((const float*)p)[i];
    case HIP_R_64F: return ((const double*)p)[i];
    case HIP_C_32F: return ((const float complex*)p)[i];
    default: return ((const double complex*)p)[i];
  }
}

static void store(hipDataType t, void* p, int64_t i, double complex v) {
  switch (t) {
    case HIP_R_32F: ((float*)p)[i] = (float)creal(v); break;
    case HIP_R_64F: ((double*)p)[i] = creal(v); break;
    case HIP_C_32F: ((float complex*)p)[i] = (float complex)v; break;
    default: ((double complex*)p)[i] = v; break;
  }
}

/* y = alpha x + beta y: y scaled, then x's elements added. */
static void run_axpby(const sp_job* j) {
  const sp_spvec* x = &j->sx;
  const sp_vec* y = &j->y;
  double complex al = load(x->type, j->alpha_ptr ? j->alpha_ptr : j->alpha, 0);
  double complex be = load(x->type, j->beta_ptr ? j->beta_ptr : j->beta, 0);
  for (int64_t i = 0; i < y->size; i++)
    store(y->type, y->val, i, be == 0 ? 0 : be * load(y->type, y->val, i));
  for (int64_t i = 0; i < x->nnz; i++) {
    int64_t k = hipsparse__ix(x->ind, x->ind_type, i) - x->base;
    store(y->type, y->val, k,
          load(y->type, y->val, k) + al * load(x->type, x->val, i));
  }
}

/* Gather (`dir` 0): x = y at x's indices; Scatter (1): y = x there. */
static void run_gather(const sp_job* j) {
  const sp_spvec* x = &j->sx;
  const sp_vec* y = &j->y;
  size_t es = hipsparse__type_size(x->type);
  for (int64_t i = 0; i < x->nnz; i++) {
    int64_t k = hipsparse__ix(x->ind, x->ind_type, i) - x->base;
    char* xv = (char*)x->val + i * (int64_t)es;
    char* yv = (char*)y->val + k * (int64_t)es;
    if (j->dir) memcpy(yv, xv, es);
    else memcpy(xv, yv, es);
  }
}

/* The checks the three share: a sparse and a dense vector of one size and
 * one of the CPU device's value types. */
static hipsparseStatus_t check(sp_handle* h, const sp_spvec* x,
                               const sp_vec* y) {
  SP_CHECK(h && x && y && x->magic == SP_MAGIC_SPVEC &&
               y->magic == SP_MAGIC_DNVEC,
           HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(x->size == y->size && x->type == y->type,
           HIPSPARSE_STATUS_INVALID_VALUE);
  return HIPSPARSE_STATUS_SUCCESS;
}

#define OPEN(h, handle, x, y)                                                \
  sp_handle* h = hipsparse__handle(handle);                                  \
  void* native;                                                              \
  do {                                                                       \
    hipsparseStatus_t st_ = check(h, x, y);                                  \
    if (st_ == HIPSPARSE_STATUS_SUCCESS) st_ = hipsparse__route(h, &native); \
    if (st_ != HIPSPARSE_STATUS_SUCCESS) return st_;                         \
  } while (0)

hipsparseStatus_t hipsparseAxpby(hipsparseHandle_t handle, const void* alpha,
                                 hipsparseConstSpVecDescr_t vecX,
                                 const void* beta,
                                 hipsparseDnVecDescr_t vecY) {
  OPEN(h, handle, vecX, vecY);
  SP_CHECK(alpha && beta, HIPSPARSE_STATUS_INVALID_VALUE);
  if (native) {
    void* x = hipsparse__cu_spvec((sp_spvec*)vecX);
    void* y = hipsparse__cu_vec(vecY);
    SP_CHECK(x && y, HIPSPARSE_STATUS_NOT_SUPPORTED);
    SP_CU_CALL(h, native, cusparseAxpby,
               (void*, const void*, void*, const void*, void*),
               (cu, alpha, x, beta, y));
  }
  sp_job j = {.run = run_axpby, .sx = *(const sp_spvec*)vecX,
              .y = *(const sp_vec*)vecY};
  size_t es = hipsparse__type_size(j.sx.type);
  SP_CHECK(es, HIPSPARSE_STATUS_NOT_SUPPORTED);
  hipsparse__scalars(h, &j, alpha, beta, es);
  return hipsparse__submit(h, &j);
}

/* Gather (dir 0: x = y at x's indices) and Scatter (dir 1: y at x's
 * indices = x). */
static hipsparseStatus_t gather_scatter(hipsparseHandle_t handle,
                                        const sp_spvec* vx, const sp_vec* vy,
                                        int dir) {
  OPEN(h, handle, vx, vy);
  if (native) {
    void* x = hipsparse__cu_spvec((sp_spvec*)vx);
    void* y = hipsparse__cu_vec((sp_vec*)vy);
    SP_CHECK(x && y, HIPSPARSE_STATUS_NOT_SUPPORTED);
    if (dir == 0)
      SP_CU_CALL(h, native, cusparseGather, (void*, void*, void*),
                 (cu, y, x));
    SP_CU_CALL(h, native, cusparseScatter, (void*, void*, void*),
               (cu, x, y));
  }
  sp_job j = {.run = run_gather, .sx = *vx, .y = *vy, .dir = dir};
  SP_CHECK(hipsparse__type_size(j.sx.type), HIPSPARSE_STATUS_NOT_SUPPORTED);
  return hipsparse__submit(h, &j);
}

hipsparseStatus_t hipsparseGather(hipsparseHandle_t handle,
                                  hipsparseConstDnVecDescr_t vecY,
                                  hipsparseSpVecDescr_t vecX) {
  return gather_scatter(handle, vecX, vecY, 0);
}

hipsparseStatus_t hipsparseScatter(hipsparseHandle_t handle,
                                   hipsparseConstSpVecDescr_t vecX,
                                   hipsparseDnVecDescr_t vecY) {
  return gather_scatter(handle, vecX, vecY, 1);
}
