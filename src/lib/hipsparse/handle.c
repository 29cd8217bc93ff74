/* The hipSPARSE handle, routing, the CPU device's jobs, status names. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* `handle` as a live handle, or NULL (hipSPARSE's invalid handle is
 * HIPSPARSE_STATUS_INVALID_VALUE, as rocSPARSE's maps there). */
sp_handle* hipsparse__handle(hipsparseHandle_t handle) {
  sp_handle* h = handle;
  return h && h->magic == SP_MAGIC_HANDLE ? h : NULL;
}

hipsparseStatus_t hipsparseCreate(hipsparseHandle_t* handle) {
  SP_CHECK(handle, HIPSPARSE_STATUS_INVALID_VALUE);
  int count = 0;
  SP_CHECK(hipGetDeviceCount(&count) == hipSuccess && count > 0,
           HIPSPARSE_STATUS_NOT_INITIALIZED);
  sp_handle* h = calloc(1, sizeof *h);
  SP_CHECK(h, HIPSPARSE_STATUS_ALLOC_FAILED);
  h->magic = SP_MAGIC_HANDLE;
  h->pointer_mode = HIPSPARSE_POINTER_MODE_HOST;
  pthread_mutex_init(&h->lock, NULL);
  *handle = h;
  return HIPSPARSE_STATUS_SUCCESS;
}


hipsparseStatus_t hipsparseDestroy(hipsparseHandle_t handle) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h, HIPSPARSE_STATUS_INVALID_VALUE);
  if (h->cu) hipsparse__cu_destroy_handle(h->cu);
  h->magic = 0;
  pthread_mutex_destroy(&h->lock);
  free(h);
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSetStream(hipsparseHandle_t handle,
                                     hipStream_t stream) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h, HIPSPARSE_STATUS_INVALID_VALUE);
  unsigned flags;
  /* The null stream is valid (hipStreamGetFlags refuses it, as AMD's). */
  SP_CHECK(!stream || hipStreamGetFlags(stream, &flags) == hipSuccess,
           HIPSPARSE_STATUS_INVALID_VALUE);
  h->stream = stream;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseGetStream(hipsparseHandle_t handle,
                                     hipStream_t* stream) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(stream, HIPSPARSE_STATUS_INVALID_VALUE);
  *stream = h->stream;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseSetPointerMode(hipsparseHandle_t handle,
                                          hipsparsePointerMode_t mode) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(mode == HIPSPARSE_POINTER_MODE_HOST ||
               mode == HIPSPARSE_POINTER_MODE_DEVICE,
           HIPSPARSE_STATUS_INVALID_VALUE);
  h->pointer_mode = mode;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseGetPointerMode(hipsparseHandle_t handle,
                                          hipsparsePointerMode_t* mode) {
  sp_handle* h = hipsparse__handle(handle);
  SP_CHECK(h, HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(mode, HIPSPARSE_STATUS_INVALID_VALUE);
  *mode = h->pointer_mode;
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparseGetVersion(hipsparseHandle_t handle,
                                      int* version) {
  SP_CHECK(hipsparse__handle(handle), HIPSPARSE_STATUS_INVALID_VALUE);
  SP_CHECK(version, HIPSPARSE_STATUS_INVALID_VALUE);
  *version = 10000;  /* 1.0.0, hipSPARSE's major * 100000 + minor * 100 */
  return HIPSPARSE_STATUS_SUCCESS;
}

hipsparseStatus_t hipsparse__route(sp_handle* h, void** native) {
  hipc_stream_info info;
  hipError_t e = hipc_stream_native(h->stream, &info);
  if (e == hipErrorNotSupported) return HIPSPARSE_STATUS_NOT_SUPPORTED;
  if (e != hipSuccess) return HIPSPARSE_STATUS_INVALID_VALUE;
  *native = info.native;
  return HIPSPARSE_STATUS_SUCCESS;
}

static void run_job(void* arg) {
  sp_job* j = arg;
  j->run(j);
  free(j);
}

hipsparseStatus_t hipsparse__submit(sp_handle* h, const sp_job* j) {
  sp_job* copy = malloc(sizeof *copy);
  SP_CHECK(copy, HIPSPARSE_STATUS_ALLOC_FAILED);
  *copy = *j;
  if (hipLaunchHostFunc(h->stream, run_job, copy) != hipSuccess) {
    free(copy);
    return HIPSPARSE_STATUS_EXECUTION_FAILED;
  }
  return HIPSPARSE_STATUS_SUCCESS;
}

size_t hipsparse__type_size(hipDataType t) {
  switch (t) {
    case HIP_R_32F: return 4;
    case HIP_R_64F: case HIP_C_32F: return 8;
    case HIP_C_64F: return 16;
    default: return 0;  /* not one of the CPU device's */
  }
}

#define STATUSES(X)                                                        \
  X(HIPSPARSE_STATUS_SUCCESS, "success")                                   \
  X(HIPSPARSE_STATUS_NOT_INITIALIZED, "the handle is not initialized")     \
  X(HIPSPARSE_STATUS_ALLOC_FAILED, "resource allocation failed")           \
  X(HIPSPARSE_STATUS_INVALID_VALUE, "an argument is invalid")              \
  X(HIPSPARSE_STATUS_ARCH_MISMATCH, "device architecture not supported")   \
  X(HIPSPARSE_STATUS_MAPPING_ERROR, "access to device memory failed")      \
  X(HIPSPARSE_STATUS_EXECUTION_FAILED, "the device program failed")        \
  X(HIPSPARSE_STATUS_INTERNAL_ERROR, "an internal operation failed")       \
  X(HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED, "matrix type not supported") \
  X(HIPSPARSE_STATUS_ZERO_PIVOT, "a zero pivot was found")                 \
  X(HIPSPARSE_STATUS_NOT_SUPPORTED, "the operation is not supported")      \
  X(HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES, "resources are insufficient")

const char* hipsparseGetErrorName(hipsparseStatus_t status) {
  switch (status) {
#define X(name, text) case name: return #name;
    STATUSES(X)
#undef X
  }
  return "HIPSPARSE_STATUS_UNKNOWN";
}

const char* hipsparseGetErrorString(hipsparseStatus_t status) {
  switch (status) {
#define X(name, text) case name: return text;
    STATUSES(X)
#undef X
  }
  return "unknown status";
}
