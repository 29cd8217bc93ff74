/* Internal interface of libhipblas (src/lib/hipblas).
 *
 * Every routine validates its arguments, then asks libhipc where the
 * handle's stream runs (hipblas__route). On the CPU device it fills a
 * blas_job, which hipblas__submit copies and enqueues with
 * hipLaunchHostFunc, so that it runs on OpenBLAS in stream order; on a GPU
 * it calls the cuBLAS routine of the same signature on the stream's
 * CUstream (HIPBLAS_CU_CALL, cublas.c). */
#ifndef HIPC_HIPBLAS_INTERNAL_H
#define HIPC_HIPBLAS_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "hip/hipc/interop.h"
#include "hipblas/hipblas.h"

#define HIPBLAS_LOCAL __attribute__((visibility("hidden")))

struct hipblas_handle {
  hipStream_t stream;
  hipblasPointerMode_t pointer_mode;
  hipblasAtomicsMode_t atomics;
  hipblasMath_t math;
  pthread_mutex_t lock;  /* the cuBLAS handle and its stream */
  void* cu;              /* cublasHandle_t, made at the first GPU call */
};

/* A scalar argument: `ptr` (device memory, read when the job runs) or, in
 * host pointer mode, the value copied at the call. */
typedef struct blas_scalar {
  const void* ptr;
  double v[2];
} blas_scalar;

typedef struct blas_job blas_job;
struct blas_job {
  void (*run)(const blas_job* j);
  char t;                      /* 's', 'd', 'c', 'z' */
  int conj;                    /* dotc, gerc */
  int ta, tb, uplo, side, diag;  /* CBLAS values (hipBLAS's are the same) */
  int m, n, k;
  int lda, ldb, ldc, incx, incy;
  long long sa, sb, sc;        /* strided batches */
  int batch;
  blas_scalar alpha, beta;
  const void* a;
  const void* b;
  void* c;
  const void* const* pa;       /* batched */
  const void* const* pb;
  void* const* pc;
  void* result;
  hipDataType at, bt, ct;      /* gemmEx */
};

/* Where a call runs: `native` is the GPU's CUstream, NULL on the CPU. */
typedef struct blas_route {
  void* native;
} blas_route;

/* -- handle.c */
HIPBLAS_LOCAL hipblasStatus_t hipblas__route(hipblasHandle_t h,
                                             blas_route* r);
/* Copies `*j` and enqueues it on the handle's stream; with `wait`, returns
 * once it has run (results in host memory). */
HIPBLAS_LOCAL hipblasStatus_t hipblas__submit(hipblasHandle_t h,
                                              const blas_job* j, int wait);
/* `s` from `p`, `size` bytes, as the handle's pointer mode says. */
HIPBLAS_LOCAL void hipblas__scalar(hipblasHandle_t h, blas_scalar* s,
                                   const void* p, size_t size);
static inline const void* blas_sv(const blas_scalar* s) {
  return s->ptr ? s->ptr : (const void*)s->v;
}
/* Size of one element of type 's', 'd', 'c', 'z'. */
static inline size_t blas_esize(char t) {
  return t == 's' ? 4 : t == 'd' || t == 'c' ? 8 : 16;
}

/* -- level3.c */
HIPBLAS_LOCAL void hipblas__gemm_one(char t, int ta, int tb, int m, int n,
                                     int k, const void* al, const void* A,
                                     int lda, const void* B, int ldb,
                                     const void* be, void* C, int ldc);
HIPBLAS_LOCAL void hipblas__run_gemm(const blas_job* j);
HIPBLAS_LOCAL hipblasStatus_t hipblas__gemm_check(hipblasOperation_t ta,
                                                  hipblasOperation_t tb,
                                                  int m, int n, int k,
                                                  int lda, int ldb, int ldc,
                                                  int batch);

/* -- gemm_ex.c: half (HIP_R_16F) and bfloat16 (HIP_R_16BF) values. */
HIPBLAS_LOCAL float hipblas__half_to_float(hipDataType t, uint16_t v);
HIPBLAS_LOCAL uint16_t hipblas__float_to_half(hipDataType t, float f);

/* -- cublas.c: cuBLAS, loaded at the first GPU call. */
/* The address of cuBLAS's `name`, or NULL (no cuBLAS, or no such
 * routine). */
HIPBLAS_LOCAL void* hipblas__cu_sym(const char* name);
HIPBLAS_LOCAL hipblasStatus_t hipblas__cu_status(int cublas_status);
/* Locks h, makes its cuBLAS handle if needed and puts it on `native` with
 * h's pointer mode; returns the cuBLAS handle, NULL when cuBLAS is
 * missing (h unlocked then). */
HIPBLAS_LOCAL void* hipblas__cu_begin(hipblasHandle_t h, void* native);
HIPBLAS_LOCAL void hipblas__cu_end(hipblasHandle_t h);
HIPBLAS_LOCAL void hipblas__cu_destroy(void* cu);

/* cuBLAS's enum values from hipBLAS's. */
#define CU_OP(x) ((int)(x) - 111)
#define CU_FILL(x) ((x) == HIPBLAS_FILL_MODE_UPPER ? 1 : (x) == HIPBLAS_FILL_MODE_LOWER ? 0 : 2)
#define CU_DIAG(x) ((int)(x) - 131)
#define CU_SIDE(x) ((int)(x) - 141)
/* cublasComputeType_t's value for a hipBLAS compute type (-1: none). */
static inline int hipblas__cu_compute(hipblasComputeType_t t) {
  static const int map[] = {64, 65, 68, 69, 74, 75, 77, 70, 71, 72, 73};
  return (unsigned)t < sizeof map / sizeof map[0] ? map[t] : -1;
}

/* Calls cuBLAS's `NAME`, of parameter types `PROTO` (the cuBLAS handle
 * first), with `ARGS` (the handle as `cu`), and returns its status from the
 * calling function. HIPBLAS_STATUS_NOT_SUPPORTED without cuBLAS. */
#define HIPBLAS_CU_CALL(h, route, NAME, PROTO, ARGS)                         \
  do {                                                                       \
    typedef int(*cu_fn_t) PROTO;                                             \
    static void* fp_;                                                        \
    void* f_ = __atomic_load_n(&fp_, __ATOMIC_ACQUIRE);                      \
    if (!f_) {                                                               \
      f_ = hipblas__cu_sym(#NAME);                                           \
      if (!f_) return HIPBLAS_STATUS_NOT_SUPPORTED;                          \
      __atomic_store_n(&fp_, f_, __ATOMIC_RELEASE);                          \
    }                                                                        \
    void* cu = hipblas__cu_begin((h), (route).native);                       \
    if (!cu) return HIPBLAS_STATUS_NOT_SUPPORTED;                            \
    int st_ = ((cu_fn_t)f_) ARGS;                                            \
    hipblas__cu_end(h);                                                      \
    return hipblas__cu_status(st_);                                          \
  } while (0)

/* Argument checks: each returns the documented status from the caller. */
#define HIPBLAS_CHECK_HANDLE(h) \
  do { if (!(h)) return HIPBLAS_STATUS_NOT_INITIALIZED; } while (0)
#define HIPBLAS_CHECK(cond, status) \
  do { if (!(cond)) return (status); } while (0)
#define VALID_OP(o) ((o) == HIPBLAS_OP_N || (o) == HIPBLAS_OP_T || (o) == HIPBLAS_OP_C)
#define VALID_FILL(u) ((u) == HIPBLAS_FILL_MODE_UPPER || (u) == HIPBLAS_FILL_MODE_LOWER)
#define VALID_DIAG(d) ((d) == HIPBLAS_DIAG_NON_UNIT || (d) == HIPBLAS_DIAG_UNIT)
#define VALID_SIDE(s) ((s) == HIPBLAS_SIDE_LEFT || (s) == HIPBLAS_SIDE_RIGHT)
/* The opening of every routine: the handle, then where it runs. */
#define ROUTE(h, r)                                      \
  HIPBLAS_CHECK_HANDLE(h);                               \
  blas_route r;                                          \
  do {                                                   \
    hipblasStatus_t s_ = hipblas__route(h, &r);          \
    if (s_ != HIPBLAS_STATUS_SUCCESS) return s_;         \
  } while (0)

#define MAX1(x) ((x) > 1 ? (x) : 1)

#endif
