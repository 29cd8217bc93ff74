/* cuBLAS on NVIDIA GPUs, loaded at run time (src/lib/common/vendor.h).
 * hipBLAS's routines have cuBLAS's signatures; only the enum values and
 * statuses differ (internal.h, CU_OP and friends; hipblas__cu_status). */
#include "../common/vendor.h"
#include "internal.h"

static const char* const names[] = {"libcublas.so.13", "libcublas.so.12",
                                    "libcublas.so.11", "libcublas.so",
                                    NULL};
static hipc_vendor_lib cublas = {names, 0, NULL};

void* hipblas__cu_sym(const char* name) {
  return hipc_vendor_sym(&cublas, name);
}

hipblasStatus_t hipblas__cu_status(int s) {
  switch (s) {
    case 0: return HIPBLAS_STATUS_SUCCESS;
    case 1: return HIPBLAS_STATUS_NOT_INITIALIZED;
    case 3: return HIPBLAS_STATUS_ALLOC_FAILED;
    case 7: return HIPBLAS_STATUS_INVALID_VALUE;
    case 8: return HIPBLAS_STATUS_ARCH_MISMATCH;
    case 11: return HIPBLAS_STATUS_MAPPING_ERROR;
    case 13: return HIPBLAS_STATUS_EXECUTION_FAILED;
    case 14: return HIPBLAS_STATUS_INTERNAL_ERROR;
    case 15: return HIPBLAS_STATUS_NOT_SUPPORTED;
    default: return HIPBLAS_STATUS_UNKNOWN;
  }
}

typedef int (*create_fn)(void**);
typedef int (*destroy_fn)(void*);
typedef int (*set_stream_fn)(void*, void*);
typedef int (*set_mode_fn)(void*, int);

void* hipblas__cu_begin(hipblasHandle_t h, void* native) {
  create_fn create = (create_fn)hipblas__cu_sym("cublasCreate_v2");
  set_stream_fn set_stream =
      (set_stream_fn)hipblas__cu_sym("cublasSetStream_v2");
  set_mode_fn set_mode =
      (set_mode_fn)hipblas__cu_sym("cublasSetPointerMode_v2");
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

void hipblas__cu_end(hipblasHandle_t h) { pthread_mutex_unlock(&h->lock); }

void hipblas__cu_destroy(void* cu) {
  destroy_fn destroy = (destroy_fn)hipblas__cu_sym("cublasDestroy_v2");
  if (destroy) destroy(cu);
}
