/* Internal interface of libhipsparse (src/lib/hipsparse).
 *
 * Descriptors record what they were created with. On the CPU device the
 * products and conversions run on hipc's own kernels (kernels.c), as jobs
 * enqueued on the handle's stream with hipLaunchHostFunc; on a GPU each
 * descriptor gets a cuSPARSE twin at its first use there (cusparse.c), and
 * the call goes to cuSPARSE on the stream's CUstream. */
#ifndef HIPC_HIPSPARSE_INTERNAL_H
#define HIPC_HIPSPARSE_INTERNAL_H

#include <pthread.h>

#include "hip/hipc/interop.h"
#include "hipsparse/hipsparse.h"

#define HIPSPARSE_LOCAL __attribute__((visibility("hidden")))

#define SP_MAGIC_HANDLE 0x48535048u  /* checks a handle is one */
#define SP_MAGIC_SPMAT 0x48535053u
#define SP_MAGIC_DNVEC 0x48535056u
#define SP_MAGIC_DNMAT 0x4853504du
#define SP_MAGIC_SPVEC 0x48535076u
#define SP_MAGIC_MATDESCR 0x48535044u
#define SP_MAGIC_SPSV 0x48535354u  /* SpSV's and SpSM's descriptors */

typedef struct sp_handle {
  unsigned magic;
  hipStream_t stream;
  hipsparsePointerMode_t pointer_mode;
  pthread_mutex_t lock;  /* the cuSPARSE handle and its stream */
  void* cu;              /* cusparseHandle_t, made at the first GPU call */
} sp_handle;

typedef struct sp_mat {
  unsigned magic;
  hipsparseFormat_t format;  /* CSR or COO */
  int64_t rows, cols, nnz;
  void* ptr;   /* CSR: row offsets; COO: row indices */
  void* ind;   /* column indices */
  void* val;
  hipsparseIndexType_t ptr_type, ind_type;
  hipsparseIndexBase_t base;
  hipDataType type;
  void* cu;    /* cusparseSpMatDescr_t twin */
  /* strided batches (SDDMM): `batch` matrices (0: one), their row
   * offsets (COO: row indices) `ptr_stride` and their column indices and
   * values `ind_stride` elements apart */
  int batch;
  int64_t ptr_stride, ind_stride;
  /* SpMatSetAttribute: the triangle (HIPSPARSE_FILL_MODE_*) and diagonal
   * (HIPSPARSE_DIAG_TYPE_*) SpSV and SpSM use; 0, 0 by default */
  int fill, diag;
} sp_mat;

typedef struct sp_vec {
  unsigned magic;
  int64_t size;
  void* val;
  hipDataType type;
  void* cu;
} sp_vec;

/* A sparse vector: `nnz` of `size` elements, at indices `ind`. */
typedef struct sp_spvec {
  unsigned magic;
  int64_t size, nnz;
  void* ind;
  void* val;
  hipsparseIndexType_t ind_type;
  hipsparseIndexBase_t base;
  hipDataType type;
  void* cu;
} sp_spvec;

/* The legacy API's matrix descriptor (hipsparseMatDescr_t). */
typedef struct sp_matdescr {
  unsigned magic;
  hipsparseMatrixType_t type;
  hipsparseFillMode_t fill;
  hipsparseDiagType_t diag;
  hipsparseIndexBase_t base;
} sp_matdescr;

typedef struct sp_dense {
  unsigned magic;
  int64_t rows, cols, ld;
  void* val;
  hipDataType type;
  hipsparseOrder_t order;
  void* cu;
  int batch;            /* strided batches (0: one), `stride` apart */
  int64_t stride;
} sp_dense;

/* A product, as the CPU kernels take it: scalars by value (or, in device
 * pointer mode, read when the job runs). */
typedef struct sp_job {
  void (*run)(const struct sp_job* j);
  hipsparseOperation_t opA, opB;
  sp_mat A;
  sp_vec x, y;          /* SpMV */
  sp_dense B, C;        /* SpMM */
  const void* alpha_ptr;
  const void* beta_ptr;
  double alpha[2], beta[2];
  /* csr2csc */
  int m, n, nnz;
  const void* csr_val;
  const int* csr_ptr;
  const int* csr_ind;
  void* csc_val;
  int* csc_ptr;
  int* csc_ind;
  int copy_values;
  /* sparse vectors (Axpby, Gather, Scatter) */
  sp_spvec sx;
  /* nnz, csrsort, identity permutation */
  hipDataType type;
  int dir, lda;
  int* perm;
  int* total;
} sp_job;

/* Index `i` of an index array of type `t`, and its store. */
static inline int64_t hipsparse__ix(const void* p, hipsparseIndexType_t t,
                                    int64_t i) {
  switch (t) {
    case HIPSPARSE_INDEX_16U: return ((const uint16_t*)p)[i];
    case HIPSPARSE_INDEX_32I: return ((const int32_t*)p)[i];
    default: return ((const int64_t*)p)[i];
  }
}
static inline void hipsparse__set_ix(void* p, hipsparseIndexType_t t,
                                     int64_t i, int64_t v) {
  switch (t) {
    case HIPSPARSE_INDEX_16U: ((uint16_t*)p)[i] = (uint16_t)v; break;
    case HIPSPARSE_INDEX_32I: ((int32_t*)p)[i] = (int32_t)v; break;
    default: ((int64_t*)p)[i] = v; break;
  }
}

/* Element `i` of a value array of type `t` (R_32F, R_64F, C_32F, C_64F)
 * as a double complex, and its store. */
static inline double _Complex hipsparse__load(hipDataType t, const void* p,
                                              int64_t i) {
  switch (t) {
    case HIP_R_32F: return ((const float*)p)[i];
    case HIP_R_64F: return ((const double*)p)[i];
    case HIP_C_32F: return ((const float _Complex*)p)[i];
    default: return ((const double _Complex*)p)[i];
  }
}
static inline void hipsparse__store(hipDataType t, void* p, int64_t i,
                                    double _Complex v) {
  switch (t) {
    case HIP_R_32F: ((float*)p)[i] = (float)__real__ v; break;
    case HIP_R_64F: ((double*)p)[i] = __real__ v; break;
    case HIP_C_32F: ((float _Complex*)p)[i] = (float _Complex)v; break;
    default: ((double _Complex*)p)[i] = v; break;
  }
}

/* -- descr.c: what the descriptor kinds share (d's first field its
 * magic number; cu its cuSPARSE twin or NULL) */
HIPSPARSE_LOCAL hipsparseStatus_t hipsparse__destroy(void* d, void* cu);
HIPSPARSE_LOCAL hipsparseStatus_t hipsparse__get_values(const void* d,
                                                        void* val,
                                                        void** values);
HIPSPARSE_LOCAL hipsparseStatus_t hipsparse__set_values(const void* d,
                                                        void** field,
                                                        void* cu,
                                                        void* values);

/* -- handle.c */
HIPSPARSE_LOCAL sp_handle* hipsparse__handle(hipsparseHandle_t handle);
/* Where the handle's stream runs: *native is its CUstream, NULL on the
 * CPU device. */
HIPSPARSE_LOCAL hipsparseStatus_t hipsparse__route(sp_handle* h,
                                                   void** native);
HIPSPARSE_LOCAL hipsparseStatus_t hipsparse__submit(sp_handle* h,
                                                    const sp_job* j);
HIPSPARSE_LOCAL size_t hipsparse__type_size(hipDataType t);

/* -- kernels.c (CPU device) */
HIPSPARSE_LOCAL void hipsparse__run_spmv(const sp_job* j);
HIPSPARSE_LOCAL void hipsparse__run_spmm(const sp_job* j);
HIPSPARSE_LOCAL void hipsparse__run_csr2csc(const sp_job* j);
/* The scalars of a job, as the handle's pointer mode says (products.c). */
HIPSPARSE_LOCAL void hipsparse__scalars(sp_handle* h, sp_job* j,
                                        const void* alpha, const void* beta,
                                        size_t size);

/* -- cusparse.c (GPUs) */
HIPSPARSE_LOCAL void* hipsparse__cu_sym(const char* name);
/* Locks h, makes its cuSPARSE handle if needed and puts it on `native`
 * with h's pointer mode; NULL when cuSPARSE is missing (h unlocked). */
HIPSPARSE_LOCAL void* hipsparse__cu_begin(sp_handle* h, void* native);
HIPSPARSE_LOCAL void hipsparse__cu_end(sp_handle* h);
HIPSPARSE_LOCAL void hipsparse__cu_destroy_handle(void* cu);
/* The cuSPARSE twin of a descriptor, made at the first call; NULL when
 * cuSPARSE is missing or refuses it. */
HIPSPARSE_LOCAL void* hipsparse__cu_mat(sp_mat* m);
HIPSPARSE_LOCAL void* hipsparse__cu_vec(sp_vec* v);
HIPSPARSE_LOCAL void* hipsparse__cu_dense(sp_dense* d);
HIPSPARSE_LOCAL void* hipsparse__cu_spvec(sp_spvec* v);
/* A cusparseMatDescr_t like `d`, to destroy with
 * hipsparse__cu_destroy_matdescr; NULL where cuSPARSE is missing. */
HIPSPARSE_LOCAL void* hipsparse__cu_matdescr(const sp_matdescr* d);
HIPSPARSE_LOCAL void hipsparse__cu_destroy_matdescr(void* cu);
HIPSPARSE_LOCAL void hipsparse__cu_destroy_descr(unsigned magic, void* cu);
HIPSPARSE_LOCAL void hipsparse__cu_set_values(unsigned magic, void* cu,
                                              void* values);

/* -- sddmm_cuda.c: SDDMM's three stages on cuSPARSE; strided batches of
 * C with their own patterns run one batch at a time. */
typedef enum { SP_SDDMM_SIZE, SP_SDDMM_PREPROCESS, SP_SDDMM_COMPUTE }
    sp_sddmm_stage;
typedef struct sp_sddmm_args {
  sp_sddmm_stage stage;
  hipsparseOperation_t opA, opB;
  const void *alpha, *beta;
  sp_dense *A, *B;
  sp_mat* C;
  hipDataType compute;
  int alg;
  void* buffer;   /* PREPROCESS, COMPUTE */
  size_t* size;   /* SIZE */
} sp_sddmm_args;
HIPSPARSE_LOCAL hipsparseStatus_t hipsparse__cu_sddmm(sp_handle* h,
                                                      void* native,
                                                      const sp_sddmm_args* a);

/* Calls cuSPARSE's `NAME` of parameter types PROTO with ARGS (the handle
 * as `cu`) on h's stream, returning its status (the same values) from the
 * calling function. */
#define SP_CU_CALL(h, native, NAME, PROTO, ARGS)                            \
  do {                                                                      \
    typedef int(*fn_t) PROTO;                                               \
    fn_t f_ = (fn_t)hipsparse__cu_sym(#NAME);                               \
    if (!f_) return HIPSPARSE_STATUS_NOT_SUPPORTED;                         \
    void* cu = hipsparse__cu_begin(h, native);                              \
    if (!cu) return HIPSPARSE_STATUS_NOT_SUPPORTED;                         \
    int st_ = f_ ARGS;                                                      \
    hipsparse__cu_end(h);                                                   \
    return (hipsparseStatus_t)st_;                                          \
  } while (0)

#define SP_CHECK(cond, status) \
  do { if (!(cond)) return (status); } while (0)

#endif
