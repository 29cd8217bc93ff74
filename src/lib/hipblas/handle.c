/* The hipBLAS handle: stream, pointer mode, the CPU device's job queue,
 * host/device copies and status names. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

hipblasStatus_t hipblasCreate(hipblasHandle_t* handle) {
  HIPBLAS_CHECK(handle, HIPBLAS_STATUS_HANDLE_IS_NULLPTR);
  /* Starts the runtime, so that a missing device is reported here. */
  int count = 0;
  HIPBLAS_CHECK(hipGetDeviceCount(&count) == hipSuccess && count > 0,
                HIPBLAS_STATUS_NOT_INITIALIZED);
  hipblasHandle_t h = calloc(1, sizeof *h);
  HIPBLAS_CHECK(h, HIPBLAS_STATUS_ALLOC_FAILED);
  h->pointer_mode = HIPBLAS_POINTER_MODE_HOST;
  h->atomics = HIPBLAS_ATOMICS_ALLOWED;
  h->math = HIPBLAS_DEFAULT_MATH;
  pthread_mutex_init(&h->lock, NULL);
  *handle = h;
  return HIPBLAS_STATUS_SUCCESS;
}

/* Jobs already enqueued hold copies of what they need, not the handle:
 * they still run, in stream order, after it is gone. */
hipblasStatus_t hipblasDestroy(hipblasHandle_t h) {
  HIPBLAS_CHECK_HANDLE(h);
  if (h->cu) hipblas__cu_destroy(h->cu);
  pthread_mutex_destroy(&h->lock);
  free(h);
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasSetStream(hipblasHandle_t h, hipStream_t stream) {
  HIPBLAS_CHECK_HANDLE(h);
  unsigned flags;
  /* The null stream is valid (hipStreamGetFlags refuses it, as AMD's). */
  HIPBLAS_CHECK(!stream || hipStreamGetFlags(stream, &flags) == hipSuccess,
                HIPBLAS_STATUS_INVALID_VALUE);
  h->stream = stream;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasGetStream(hipblasHandle_t h, hipStream_t* stream) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(stream, HIPBLAS_STATUS_INVALID_VALUE);
  *stream = h->stream;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasSetPointerMode(hipblasHandle_t h,
                                      hipblasPointerMode_t mode) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(mode == HIPBLAS_POINTER_MODE_HOST ||
                    mode == HIPBLAS_POINTER_MODE_DEVICE,
                HIPBLAS_STATUS_INVALID_ENUM);
  h->pointer_mode = mode;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasGetPointerMode(hipblasHandle_t h,
                                      hipblasPointerMode_t* mode) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(mode, HIPBLAS_STATUS_INVALID_VALUE);
  *mode = h->pointer_mode;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasSetAtomicsMode(hipblasHandle_t h,
                                      hipblasAtomicsMode_t mode) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(mode == HIPBLAS_ATOMICS_NOT_ALLOWED ||
                    mode == HIPBLAS_ATOMICS_ALLOWED,
                HIPBLAS_STATUS_INVALID_ENUM);
  h->atomics = mode;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasGetAtomicsMode(hipblasHandle_t h,
                                      hipblasAtomicsMode_t* mode) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(mode, HIPBLAS_STATUS_INVALID_VALUE);
  *mode = h->atomics;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasSetMathMode(hipblasHandle_t h, hipblasMath_t mode) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(mode >= HIPBLAS_DEFAULT_MATH &&
                    mode <= HIPBLAS_TF32_TENSOR_OP_MATH,
                HIPBLAS_STATUS_INVALID_ENUM);
  h->math = mode;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasGetMathMode(hipblasHandle_t h, hipblasMath_t* mode) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(mode, HIPBLAS_STATUS_INVALID_VALUE);
  *mode = h->math;
  return HIPBLAS_STATUS_SUCCESS;
}

/* -- routing and the CPU device's jobs */

hipblasStatus_t hipblas__route(hipblasHandle_t h, blas_route* r) {
  hipc_stream_info info;
  hipError_t e = hipc_stream_native(h->stream, &info);
  if (e == hipErrorNotSupported) return HIPBLAS_STATUS_NOT_SUPPORTED;
  if (e != hipSuccess) return HIPBLAS_STATUS_INVALID_VALUE;
  r->native = info.native;
  return HIPBLAS_STATUS_SUCCESS;
}

void hipblas__scalar(hipblasHandle_t h, blas_scalar* s, const void* p,
                     size_t size) {
  if (h->pointer_mode == HIPBLAS_POINTER_MODE_DEVICE) {
    s->ptr = p;
  } else {
    s->ptr = NULL;
    memcpy(s->v, p, size);
  }
}

static void run_job(void* arg) {
  blas_job* j = arg;
  j->run(j);
  free(j);
}

hipblasStatus_t hipblas__submit(hipblasHandle_t h, const blas_job* j,
                                int wait) {
  blas_job* copy = malloc(sizeof *copy);
  HIPBLAS_CHECK(copy, HIPBLAS_STATUS_ALLOC_FAILED);
  *copy = *j;
  if (hipLaunchHostFunc(h->stream, run_job, copy) != hipSuccess) {
    free(copy);
    return HIPBLAS_STATUS_EXECUTION_FAILED;
  }
  if (wait && hipStreamSynchronize(h->stream) != hipSuccess)
    return HIPBLAS_STATUS_EXECUTION_FAILED;
  return HIPBLAS_STATUS_SUCCESS;
}

/* -- copies: strided element copies through hipMemcpy2D (an element is a
 *    row of `size` bytes, `inc * size` apart). */

static hipblasStatus_t copy_strided(int n, int size, const void* x, int incx,
                                    void* y, int incy, hipMemcpyKind kind) {
  HIPBLAS_CHECK(n >= 0 && size > 0 && incx > 0 && incy > 0,
                HIPBLAS_STATUS_INVALID_VALUE);
  if (n == 0) return HIPBLAS_STATUS_SUCCESS;
  HIPBLAS_CHECK(x && y, HIPBLAS_STATUS_INVALID_VALUE);
  hipError_t e = hipMemcpy2D(y, (size_t)incy * size, x, (size_t)incx * size,
                             size, n, kind);
  return e == hipSuccess ? HIPBLAS_STATUS_SUCCESS
                         : HIPBLAS_STATUS_MAPPING_ERROR;
}

hipblasStatus_t hipblasSetVector(int n, int elemSize, const void* x,
                                 int incx, void* y, int incy) {
  return copy_strided(n, elemSize, x, incx, y, incy, hipMemcpyHostToDevice);
}

hipblasStatus_t hipblasGetVector(int n, int elemSize, const void* x,
                                 int incx, void* y, int incy) {
  return copy_strided(n, elemSize, x, incx, y, incy, hipMemcpyDeviceToHost);
}

static hipblasStatus_t copy_matrix(int rows, int cols, int size,
                                   const void* a, int lda, void* b, int ldb,
                                   hipMemcpyKind kind) {
  HIPBLAS_CHECK(rows >= 0 && cols >= 0 && size > 0 && lda >= MAX1(rows) &&
                    ldb >= MAX1(rows),
                HIPBLAS_STATUS_INVALID_VALUE);
  if (rows == 0 || cols == 0) return HIPBLAS_STATUS_SUCCESS;
  HIPBLAS_CHECK(a && b, HIPBLAS_STATUS_INVALID_VALUE);
  hipError_t e = hipMemcpy2D(b, (size_t)ldb * size, a, (size_t)lda * size,
                             (size_t)rows * size, cols, kind);
  return e == hipSuccess ? HIPBLAS_STATUS_SUCCESS
                         : HIPBLAS_STATUS_MAPPING_ERROR;
}

hipblasStatus_t hipblasSetMatrix(int rows, int cols, int elemSize,
                                 const void* A, int lda, void* B, int ldb) {
  return copy_matrix(rows, cols, elemSize, A, lda, B, ldb,
                     hipMemcpyHostToDevice);
}

hipblasStatus_t hipblasGetMatrix(int rows, int cols, int elemSize,
                                 const void* A, int lda, void* B, int ldb) {
  return copy_matrix(rows, cols, elemSize, A, lda, B, ldb,
                     hipMemcpyDeviceToHost);
}

const char* hipblasStatusToString(hipblasStatus_t status) {
  switch (status) {
#define S(x) case x: return #x;
    S(HIPBLAS_STATUS_SUCCESS) S(HIPBLAS_STATUS_NOT_INITIALIZED)
    S(HIPBLAS_STATUS_ALLOC_FAILED) S(HIPBLAS_STATUS_INVALID_VALUE)
    S(HIPBLAS_STATUS_MAPPING_ERROR) S(HIPBLAS_STATUS_EXECUTION_FAILED)
    S(HIPBLAS_STATUS_INTERNAL_ERROR) S(HIPBLAS_STATUS_NOT_SUPPORTED)
    S(HIPBLAS_STATUS_ARCH_MISMATCH) S(HIPBLAS_STATUS_HANDLE_IS_NULLPTR)
    S(HIPBLAS_STATUS_INVALID_ENUM) S(HIPBLAS_STATUS_UNKNOWN)
#undef S
  }
  return "<undefined hipblasStatus_t value>";
}
