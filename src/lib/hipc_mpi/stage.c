/* Which buffers libhipc_mpi stages, and the staging itself: pinned host
 * buffers (kept for reuse) and the copies between them and GPU memory. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <hip/hip_runtime.h>

#include "hipc_mpi.h"
#include "internal.h"

/* OpenMPI's answer to "is this MPI CUDA-aware" (mpi-ext.h); absent from
 * other MPIs, hence weak. */
extern int MPIX_Query_cuda_support(void) __attribute__((weak));

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int cuda_aware;  /* the MPI moves GPU memory itself */
static int stage_all;   /* HIPC_MPI_STAGE=all: CPU devices' memory too */
static int disabled;    /* HIPC_MPI_STAGE=none */
static atomic_ulong staged_count;

static void init(void) {
  const char* s = getenv("HIPC_MPI_STAGE");
  stage_all = s != NULL && strcmp(s, "all") == 0;
  disabled = s != NULL && strcmp(s, "none") == 0;
  cuda_aware = MPIX_Query_cuda_support != NULL && MPIX_Query_cuda_support() == 1;
}

#define MAX_DEVICES 64
/* 0: not looked at yet, 1: a GPU, 2: a CPU device. */
static atomic_int device_kind[MAX_DEVICES];

static int device_is_gpu(int d) {
  if (d < 0 || d >= MAX_DEVICES) return 0;
  int k = atomic_load(&device_kind[d]);
  if (k == 0) {
    hipDeviceProp_t p;
    k = 2;
    if (hipGetDeviceProperties(&p, d) == hipSuccess &&
        strcmp(p.gcnArchName, "hipc-cpu") != 0)
      k = 1;
    atomic_store(&device_kind[d], k);
  }
  return k == 1;
}

int hmpi_staged(const void* p) {
  pthread_once(&once, init);
  if (p == NULL || p == MPI_IN_PLACE || p == MPI_BOTTOM || cuda_aware ||
      disabled)
    return 0;
  hipPointerAttribute_t a;
  if (hipPointerGetAttributes(&a, p) != hipSuccess) {
    (void)hipGetLastError();
    return 0;
  }
  /* Managed and pinned memory is reachable from the host: it goes
   * through as it is. */
  if (a.type != hipMemoryTypeDevice) return 0;
  return stage_all || device_is_gpu(a.device);
}

HMPI_API unsigned long hipc_mpi_staged_count(void) {
  return atomic_load(&staged_count);
}

int hmpi_span(int count, MPI_Datatype type, ptrdiff_t* lo, ptrdiff_t* hi) {
  *lo = *hi = 0;
  if (count <= 0) return 0;
  MPI_Aint lb, ext, tlb, text;
  int size;
  if (PMPI_Type_get_extent(type, &lb, &ext) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(type, &tlb, &text) != MPI_SUCCESS ||
      PMPI_Type_size(type, &size) != MPI_SUCCESS)
    return 0;
  ptrdiff_t step = (ptrdiff_t)(count - 1) * ext;
  *lo = tlb + (step < 0 ? step : 0);
  *hi = tlb + text + (step > 0 ? step : 0);
  return (ptrdiff_t)size * count != *hi - *lo;
}

int hmpi_span_v(int n, const int* counts, const int* displs,
                MPI_Datatype type, ptrdiff_t* lo, ptrdiff_t* hi) {
  *lo = *hi = 0;
  MPI_Aint lb, ext;
  if (counts == NULL || displs == NULL ||
      PMPI_Type_get_extent(type, &lb, &ext) != MPI_SUCCESS)
    return 0;
  int any = 0, holes = 0;
  ptrdiff_t total = 0;
  for (int i = 0; i < n; i++) {
    ptrdiff_t l, h;
    if (counts[i] <= 0) continue;
    holes |= hmpi_span(counts[i], type, &l, &h);
    l += (ptrdiff_t)displs[i] * ext;
    h += (ptrdiff_t)displs[i] * ext;
    total += h - l;
    if (!any || l < *lo) *lo = l;
    if (!any || h > *hi) *hi = h;
    any = 1;
  }
  /* Gaps between the pieces are holes too. */
  return holes || total != *hi - *lo;
}

/* Pinned buffers kept for reuse, smallest first taken. */
#define POOL 8
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { char* p; size_t size; } pool[POOL];

static char* pinned_get(size_t n) {
  pthread_mutex_lock(&pool_lock);
  int best = -1;
  for (int i = 0; i < POOL; i++)
    if (pool[i].p != NULL && pool[i].size >= n &&
        (best < 0 || pool[i].size < pool[best].size))
      best = i;
  char* p = NULL;
  if (best >= 0) {
    p = pool[best].p;
    pool[best].p = NULL;
  }
  pthread_mutex_unlock(&pool_lock);
  if (p != NULL) return p;
  size_t size = 4096;
  while (size < n + sizeof(size_t)) size *= 2;
  void* q;
  if (hipHostMalloc(&q, size, hipHostMallocDefault) != hipSuccess) return NULL;
  *(size_t*)q = size;  /* the block's size, before the buffer */
  return (char*)q + sizeof(size_t);
}

static void pinned_put(char* p) {
  char* base = p - sizeof(size_t);
  size_t size = *(size_t*)base;
  pthread_mutex_lock(&pool_lock);
  int slot = -1;
  for (int i = 0; i < POOL && slot < 0; i++)
    if (pool[i].p == NULL) slot = i;
  if (slot < 0) {  /* full: drop the smallest if this one is bigger */
    slot = 0;
    for (int i = 1; i < POOL; i++)
      if (pool[i].size < pool[slot].size) slot = i;
    if (pool[slot].size >= size) slot = -1;
  }
  char* drop = base;
  if (slot >= 0) {
    drop = pool[slot].p != NULL ? pool[slot].p - sizeof(size_t) : NULL;
    pool[slot].p = p;
    pool[slot].size = size - sizeof(size_t);
  }
  pthread_mutex_unlock(&pool_lock);
  if (drop != NULL) (void)hipHostFree(drop);
}

static void unstaged(hmpi_buf* b, const void* user) {
  memset(b, 0, sizeof *b);
  b->user = (void*)user;
  b->pass = (void*)user;
}

/* Stages [user + lo, user + hi) of a buffer hmpi_staged said yes to. */
static int stage(hmpi_buf* b, const void* user, ptrdiff_t lo, ptrdiff_t hi,
                 int holes, int dir) {
  unstaged(b, user);
  if (hi <= lo) return MPI_SUCCESS;
  b->host = pinned_get((size_t)(hi - lo));
  if (b->host == NULL) return MPI_ERR_NO_MEM;
  b->lo = lo;
  b->hi = hi;
  b->pass = b->host - lo;
  b->copy_back = (dir & HMPI_OUT) != 0;
  atomic_fetch_add(&staged_count, 1);
  if ((dir & HMPI_IN) || holes) {
    if (hipMemcpy(b->host, (const char*)user + lo, (size_t)(hi - lo),
                  hipMemcpyDeviceToHost) != hipSuccess) {
      hmpi_release(b);
      return MPI_ERR_BUFFER;
    }
  }
  return MPI_SUCCESS;
}

int hmpi_prepare(hmpi_buf* b, const void* user, int count,
                 MPI_Datatype type, int dir) {
  if (count <= 0 || !hmpi_staged(user)) {
    unstaged(b, user);
    return MPI_SUCCESS;
  }
  ptrdiff_t lo, hi;
  int holes = hmpi_span(count, type, &lo, &hi);
  return stage(b, user, lo, hi, holes, dir);
}

int hmpi_prepare_v(hmpi_buf* b, const void* user, int n, const int* counts,
                   const int* displs, MPI_Datatype type, int dir) {
  if (!hmpi_staged(user)) {
    unstaged(b, user);
    return MPI_SUCCESS;
  }
  ptrdiff_t lo, hi;
  int holes = hmpi_span_v(n, counts, displs, type, &lo, &hi);
  return stage(b, user, lo, hi, holes, dir);
}

int hmpi_finish_range(hmpi_buf* b, ptrdiff_t lo, ptrdiff_t hi) {
  int rc = MPI_SUCCESS;
  if (b->host == NULL) return rc;
  if (b->copy_back) {
    if (hi <= lo) {
      lo = b->lo;
      hi = b->hi;
    }
    if (lo < b->lo) lo = b->lo;
    if (hi > b->hi) hi = b->hi;
    if (hi > lo &&
        hipMemcpy((char*)b->user + lo, b->host + (lo - b->lo),
                  (size_t)(hi - lo), hipMemcpyHostToDevice) != hipSuccess)
      rc = MPI_ERR_BUFFER;
  }
  hmpi_release(b);
  return rc;
}

void hmpi_release(hmpi_buf* b) {
  if (b->host != NULL) pinned_put(b->host);
  b->host = NULL;
  b->pass = b->user;
}

int hmpi_is_root(MPI_Comm comm, int root) {
  int inter = 0, rank = -1;
  if (root == MPI_ROOT) return 1;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) return 0;
  PMPI_Comm_rank(comm, &rank);
  return rank == root;
}

int hmpi_peers(MPI_Comm comm) {
  int inter = 0, n = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter)
    PMPI_Comm_remote_size(comm, &n);
  else
    PMPI_Comm_size(comm, &n);
  return n;
}
