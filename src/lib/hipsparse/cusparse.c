/* cuSPARSE on NVIDIA GPUs, loaded at run time (src/lib/common/vendor.h).
 * hipSPARSE's enums and statuses have cuSPARSE's values; each descriptor
 * gets a cuSPARSE twin at its first use on a GPU. */
#include "../common/vendor.h"
#include "internal.h"

static const char* const names[] = {"libcusparse.so.12", "libcusparse.so.11",
                                    "libcusparse.so", NULL};
static hipc_vendor_lib cusparse = {names, 0, NULL};
static pthread_mutex_t twins = PTHREAD_MUTEX_INITIALIZER;

void* hipsparse__cu_sym(const char* name) {
  return hipc_vendor_sym(&cusparse, name);
}

void* hipsparse__cu_begin(sp_handle* h, void* native) {
  int (*create)(void**) = (int (*)(void**))hipsparse__cu_sym("cusparseCreate");
  int (*set_stream)(void*, void*) =
      (int (*)(void*, void*))hipsparse__cu_sym("cusparseSetStream");
  int (*set_mode)(void*, int) =
      (int (*)(void*, int))hipsparse__cu_sym("cusparseSetPointerMode");
  if (!create || !set_stream || !set_mode) return NULL;
  pthread_mutex_lock(&h->lock);
  if (!h->cu && create(&h->cu) != 0) h->cu = NULL;
  if (!h->cu || set_stream(h->cu, native) != 0 ||
      set_mode(h->cu, h->pointer_mode) != 0) {
    pthread_mutex_unlock(&h->lock);
    return NULL;
  }
  return h->cu;
}

void hipsparse__cu_end(sp_handle* h) { pthread_mutex_unlock(&h->lock); }

void hipsparse__cu_destroy_handle(void* cu) {
  int (*destroy)(void*) = (int (*)(void*))hipsparse__cu_sym("cusparseDestroy");
  if (destroy) destroy(cu);
}

void* hipsparse__cu_mat(sp_mat* m) {
  pthread_mutex_lock(&twins);
  if (!m->cu && m->format == HIPSPARSE_FORMAT_CSR) {
    int (*f)(void**, int64_t, int64_t, int64_t, void*, void*, void*, int, int,
             int, int) = (int (*)(void**, int64_t, int64_t, int64_t, void*,
                                  void*, void*, int, int, int, int))
        hipsparse__cu_sym("cusparseCreateCsr");
    if (f && f(&m->cu, m->rows, m->cols, m->nnz, m->ptr, m->ind, m->val,
               m->ptr_type, m->ind_type, m->base, m->type) != 0)
      m->cu = NULL;
  } else if (!m->cu) {
    int (*f)(void**, int64_t, int64_t, int64_t, void*, void*, void*, int, int,
             int) = (int (*)(void**, int64_t, int64_t, int64_t, void*, void*,
                             void*, int, int, int))
        hipsparse__cu_sym("cusparseCreateCoo");
    if (f && f(&m->cu, m->rows, m->cols, m->nnz, m->ptr, m->ind, m->val,
               m->ind_type, m->base, m->type) != 0)
      m->cu = NULL;
  }
  if (m->cu && (m->fill || m->diag)) {  /* SpSV's and SpSM's attributes */
    int (*f)(void*, int, const void*, size_t) =
        (int (*)(void*, int, const void*, size_t))hipsparse__cu_sym(
            "cusparseSpMatSetAttribute");
    if (f) {
      f(m->cu, 0, &m->fill, sizeof m->fill);
      f(m->cu, 1, &m->diag, sizeof m->diag);
    }
  }
  if (m->cu && m->batch > 1) {  /* strided batches */
    int st = -1;
    if (m->format == HIPSPARSE_FORMAT_CSR) {
      int (*f)(void*, int, int64_t, int64_t) =
          (int (*)(void*, int, int64_t, int64_t))hipsparse__cu_sym(
              "cusparseCsrSetStridedBatch");
      if (f) st = f(m->cu, m->batch, m->ptr_stride, m->ind_stride);
    } else {
      int (*f)(void*, int, int64_t) = (int (*)(void*, int, int64_t))
          hipsparse__cu_sym("cusparseCooSetStridedBatch");
      if (f) st = f(m->cu, m->batch, m->ind_stride);
    }
    if (st != 0) {
      hipsparse__cu_destroy_descr(SP_MAGIC_SPMAT, m->cu);
      m->cu = NULL;
    }
  }
  void* cu = m->cu;
  pthread_mutex_unlock(&twins);
  return cu;
}

void* hipsparse__cu_vec(sp_vec* v) {
  pthread_mutex_lock(&twins);
  if (!v->cu) {
    int (*f)(void**, int64_t, void*, int) =
        (int (*)(void**, int64_t, void*, int))hipsparse__cu_sym(
            "cusparseCreateDnVec");
    if (f && f(&v->cu, v->size, v->val, v->type) != 0) v->cu = NULL;
  }
  void* cu = v->cu;
  pthread_mutex_unlock(&twins);
  return cu;
}

void* hipsparse__cu_dense(sp_dense* d) {
  pthread_mutex_lock(&twins);
  if (!d->cu) {
    int (*f)(void**, int64_t, int64_t, int64_t, void*, int, int) =
        (int (*)(void**, int64_t, int64_t, int64_t, void*, int, int))
            hipsparse__cu_sym("cusparseCreateDnMat");
    if (f && f(&d->cu, d->rows, d->cols, d->ld, d->val, d->type, d->order) != 0)
      d->cu = NULL;
    int (*b)(void*, int, int64_t) = (int (*)(void*, int, int64_t))
        hipsparse__cu_sym("cusparseDnMatSetStridedBatch");
    if (d->cu && d->batch > 1 && (!b || b(d->cu, d->batch, d->stride) != 0)) {
      hipsparse__cu_destroy_descr(SP_MAGIC_DNMAT, d->cu);
      d->cu = NULL;
    }
  }
  void* cu = d->cu;
  pthread_mutex_unlock(&twins);
  return cu;
}

void* hipsparse__cu_spvec(sp_spvec* v) {
  pthread_mutex_lock(&twins);
  if (!v->cu) {
    int (*f)(void**, int64_t, int64_t, void*, void*, int, int, int) =
        (int (*)(void**, int64_t, int64_t, void*, void*, int, int, int))
            hipsparse__cu_sym("cusparseCreateSpVec");
    if (f && f(&v->cu, v->size, v->nnz, v->ind, v->val, v->ind_type,
               v->base, v->type) != 0)
      v->cu = NULL;
  }
  void* cu = v->cu;
  pthread_mutex_unlock(&twins);
  return cu;
}

void* hipsparse__cu_matdescr(const sp_matdescr* d) {
  int (*create)(void**) =
      (int (*)(void**))hipsparse__cu_sym("cusparseCreateMatDescr");
  int (*set)(void*, int);
  void* cu = NULL;
  if (!create || create(&cu) != 0) return NULL;
  static const char* const setters[] = {
      "cusparseSetMatType", "cusparseSetMatFillMode",
      "cusparseSetMatDiagType", "cusparseSetMatIndexBase"};
  const int values[] = {d->type, d->fill, d->diag, d->base};
  for (int i = 0; i < 4; i++) {
    set = (int (*)(void*, int))hipsparse__cu_sym(setters[i]);
    if (set) set(cu, values[i]);
  }
  return cu;
}

void hipsparse__cu_destroy_matdescr(void* cu) {
  int (*f)(void*) = (int (*)(void*))hipsparse__cu_sym("cusparseDestroyMatDescr");
  if (f && cu) f(cu);
}

void hipsparse__cu_destroy_descr(unsigned magic, void* cu) {
  const char* name = magic == SP_MAGIC_SPMAT   ? "cusparseDestroySpMat"
                     : magic == SP_MAGIC_DNVEC ? "cusparseDestroyDnVec"
                     : magic == SP_MAGIC_SPVEC ? "cusparseDestroySpVec"
                                               : "cusparseDestroyDnMat";
  int (*f)(void*) = (int (*)(void*))hipsparse__cu_sym(name);
  if (f) f(cu);
}

void hipsparse__cu_set_values(unsigned magic, void* cu, void* values) {
  const char* name = magic == SP_MAGIC_DNVEC   ? "cusparseDnVecSetValues"
                     : magic == SP_MAGIC_SPVEC ? "cusparseSpVecSetValues"
                                               : "cusparseDnMatSetValues";
  int (*f)(void*, void*) = (int (*)(void*, void*))hipsparse__cu_sym(name);
  if (f) f(cu, values);
}
