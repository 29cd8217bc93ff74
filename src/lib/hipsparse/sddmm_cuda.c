/* SDDMM on cuSPARSE. Strided batches of C with patterns of their own gave
 * wrong values past batch 0 on an H200 when handed to cuSPARSE as one
 * batched descriptor, so batches run one at a time, each on descriptors
 * of its own (the buffer of one batch serves them all, in stream order). */
#include "internal.h"

typedef int (*sddmm_fn)(void*, int, int, const void*, void*, void*,
                        const void*, void*, int, int, void*);
typedef int (*size_fn)(void*, int, int, const void*, void*, void*,
                       const void*, void*, int, int, size_t*);

static const char* const stage_names[] = {
    "cusparseSDDMM_bufferSize", "cusparseSDDMM_preprocess", "cusparseSDDMM"};

/* One stage on cuSPARSE descriptors a, b, c; SIZE keeps the largest size
 * in *a->size. */
static hipsparseStatus_t call(sp_handle* h, void* native,
                              const sp_sddmm_args* s, void* a, void* b,
                              void* c) {
  void* f = hipsparse__cu_sym(stage_names[s->stage]);
  SP_CHECK(f && a && b && c, HIPSPARSE_STATUS_NOT_SUPPORTED);
  void* cu = hipsparse__cu_begin(h, native);
  SP_CHECK(cu, HIPSPARSE_STATUS_NOT_SUPPORTED);
  int st;
  if (s->stage == SP_SDDMM_SIZE) {
    size_t size = 0;
    st = ((size_fn)f)(cu, s->opA, s->opB, s->alpha, a, b, s->beta, c,
                      s->compute, s->alg, &size);
    if (st == 0 && size > *s->size) *s->size = size;
  } else {
    st = ((sddmm_fn)f)(cu, s->opA, s->opB, s->alpha, a, b, s->beta, c,
                       s->compute, s->alg, s->buffer);
  }
  hipsparse__cu_end(h);
  return (hipsparseStatus_t)st;
}

static size_t index_size(hipsparseIndexType_t t) {
  return t == HIPSPARSE_INDEX_16U ? 2 : t == HIPSPARSE_INDEX_32I ? 4 : 8;
}

/* Batch `b` of a strided dense batch, as a matrix of its own. */
static sp_dense dense_at(const sp_dense* d, int b) {
  sp_dense r = *d;
  r.cu = NULL;
  r.batch = 0;
  if (d->batch > 1)
    r.val = (char*)d->val + b * d->stride * (int64_t)hipsparse__type_size(
                                                  d->type);
  return r;
}

static hipsparseStatus_t by_batch(sp_handle* h, void* native,
                                  const sp_sddmm_args* s) {
  /* preprocessing is optional and would not outlive the batch's
   * descriptors */
  if (s->stage == SP_SDDMM_PREPROCESS) return HIPSPARSE_STATUS_SUCCESS;
  if (s->stage == SP_SDDMM_SIZE) *s->size = 0;
  const sp_mat* C = s->C;
  int64_t vs = (int64_t)hipsparse__type_size(C->type);
  int64_t ps = (int64_t)index_size(C->ptr_type);
  int64_t is = (int64_t)index_size(C->ind_type);
  if (C->format == HIPSPARSE_FORMAT_COO) ps = is;  /* row indices */
  hipsparseStatus_t st = HIPSPARSE_STATUS_SUCCESS;
  for (int b = 0; b < C->batch && st == HIPSPARSE_STATUS_SUCCESS; b++) {
    sp_dense A = dense_at(s->A, b), B = dense_at(s->B, b);
    sp_mat Cb = *C;
    Cb.cu = NULL;
    Cb.batch = 0;
    int64_t pstride = C->format == HIPSPARSE_FORMAT_COO ? C->ind_stride
                                                        : C->ptr_stride;
    Cb.ptr = (char*)C->ptr + b * pstride * ps;
    Cb.ind = (char*)C->ind + b * C->ind_stride * is;
    Cb.val = (char*)C->val + b * C->ind_stride * vs;
    void* ca = hipsparse__cu_dense(&A);
    void* cb = hipsparse__cu_dense(&B);
    void* cc = hipsparse__cu_mat(&Cb);
    st = call(h, native, s, ca, cb, cc);
    if (ca) hipsparse__cu_destroy_descr(SP_MAGIC_DNMAT, ca);
    if (cb) hipsparse__cu_destroy_descr(SP_MAGIC_DNMAT, cb);
    if (cc) hipsparse__cu_destroy_descr(SP_MAGIC_SPMAT, cc);
  }
  return st;
}

hipsparseStatus_t hipsparse__cu_sddmm(sp_handle* h, void* native,
                                      const sp_sddmm_args* s) {
  if (s->C->batch > 1) return by_batch(h, native, s);
  if (s->stage == SP_SDDMM_SIZE) *s->size = 0;
  return call(h, native, s, hipsparse__cu_dense(s->A),
              hipsparse__cu_dense(s->B), hipsparse__cu_mat(s->C));
}
