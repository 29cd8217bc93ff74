/* Communicators on NVIDIA GPUs: a batch's device buffers are staged
 * through pinned host memory in stream order. Before the batch's host
 * function, copies on the user's stream bring each input (and a device
 * pre-multiplication scalar) into a pinned block; the transports (shm.c,
 * mpi.c) run on the block as on CPU devices, every datatype and operator
 * included; after it, copies on the same stream take the results back,
 * and a last host function gives the block back to the pool. A host
 * function may not call the CUDA driver, which is why the copies are
 * enqueued around it rather than made inside. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <hip/hip_runtime.h>

#include "internal.h"

/* Pinned blocks, reused once their batch has finished; never freed. */
typedef struct block {
  struct block* next;
  char* host;
  size_t size;
  atomic_int busy;
} block;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static block* pool;

static block* block_get(size_t n) {
  pthread_mutex_lock(&pool_lock);
  block* best = NULL;
  for (block* b = pool; b; b = b->next)
    if (!atomic_load(&b->busy) && b->size >= n &&
        (!best || b->size < best->size))
      best = b;
  if (best) atomic_store(&best->busy, 1);
  pthread_mutex_unlock(&pool_lock);
  if (best) return best;
  block* b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->size = 4096;
  while (b->size < n) b->size *= 2;
  void* p;
  if (hipHostMalloc(&p, b->size, hipHostMallocDefault) != hipSuccess) {
    free(b);
    return NULL;
  }
  b->host = p;
  atomic_store(&b->busy, 1);
  pthread_mutex_lock(&pool_lock);
  b->next = pool;
  pool = b;
  pthread_mutex_unlock(&pool_lock);
  return b;
}

static void block_done(void* arg) { atomic_store(&((block*)arg)->busy, 0); }

/* Bytes of a region, rounded so that every region starts aligned. */
static size_t round_up(size_t n) { return (n + 63) & ~(size_t)63; }

/* The largest displacement + count of all-to-all-v's part `which` (0:
 * send, 2: receive). */
static size_t v_extent(const rccl_op* o, int n, int which) {
  size_t m = 0;
  for (int k = 0; k < n; k++) {
    size_t e = o->v[which * n + n + k] + o->v[which * n + k];
    if (o->v[which * n + k] && e > m) m = e;
  }
  return m;
}

/* Elements of `o` this rank reads (send) and writes (recv). */
static void counts(ncclComm_t c, const rccl_op* o, size_t* in,
                   size_t* out) {
  size_t n = (size_t)c->nranks, k = o->count;
  *in = *out = 0;
  switch (o->kind) {
    case OP_ALLREDUCE: *in = *out = k; break;
    case OP_BROADCAST: *in = c->rank == o->root ? k : 0; *out = k; break;
    case OP_REDUCE: *in = k; *out = c->rank == o->root ? k : 0; break;
    case OP_ALLGATHER: *in = k; *out = k * n; break;
    case OP_REDUCESCATTER: *in = k * n; *out = k; break;
    case OP_ALLTOALL: *in = *out = k * n; break;
    case OP_ALLTOALLV:
      *in = v_extent(o, (int)n, 0);
      *out = v_extent(o, (int)n, 2);
      break;
    case OP_SEND: *in = k; break;
    case OP_RECV: *out = k; break;
  }
}

/* One op's staging: [lo, hi) of user memory in the block at `at`. */
typedef struct region {
  char* lo;
  size_t bytes, at;
  char* out;          /* the results' user range, inside [lo, lo + bytes) */
  size_t out_bytes;
} region;

typedef struct plan {
  region in, out;     /* out.bytes == 0: the results lie inside `in` */
  int overlap;
} plan;

static void make_plan(ncclComm_t c, const rccl_op* o, plan* p,
                      size_t* total) {
  size_t es = rccl__type_size(o->type), in, out;
  counts(c, o, &in, &out);
  memset(p, 0, sizeof *p);
  char *s = (char*)o->send, *r = o->recv;
  size_t sb = s ? in * es : 0, rb = r ? out * es : 0;
  if (sb && rb && s < r + rb && r < s + sb) {  /* in place */
    char* lo = s < r ? s : r;
    char* hi = s + sb > r + rb ? s + sb : r + rb;
    p->overlap = 1;
    p->in = (region){lo, (size_t)(hi - lo), *total, r, rb};
    *total += round_up(p->in.bytes);
    return;
  }
  if (sb) {
    p->in = (region){s, sb, *total, NULL, 0};
    *total += round_up(sb);
  }
  if (rb) {
    p->out = (region){r, rb, *total, r, rb};
    *total += round_up(rb);
  }
}

ncclResult_t rccl__gpu_stage_in(ncclComm_t c, hipStream_t stream,
                                rccl_op* ops, rccl_gpu_stage* st) {
  memset(st, 0, sizeof *st);
  size_t total = 0, n = 0;
  for (rccl_op* o = ops; o; o = o->next) n++;
  st->plans = calloc(n ? n : 1, sizeof(plan));
  if (!st->plans) return rccl__fail(ncclSystemError, "out of memory");
  plan* plans = st->plans;
  size_t i = 0;
  size_t nscalars = 0;
  for (rccl_op* o = ops; o; o = o->next, i++) {
    make_plan(c, o, &plans[i], &total);
    nscalars += o->scalar_ptr != NULL;
  }
  size_t scalar_at = total;  /* 64 bytes each, after the regions */
  total += 64 * nscalars;
  st->nplans = n;
  block* b = block_get(total ? total : 1);
  if (!b) {
    free(plans);
    return rccl__fail(ncclSystemError, "no pinned memory for %zu bytes",
                      total);
  }
  st->block = b;
  char* h = b->host;
  i = 0;
  hipError_t e = hipSuccess;
  for (rccl_op* o = ops; o && e == hipSuccess; o = o->next, i++) {
    plan* p = &plans[i];
    /* Inputs, and the whole range of an in-place or all-to-all-v result
     * (parts it does not write keep their bytes). */
    if (p->in.bytes)
      e = hipMemcpyAsync(h + p->in.at, p->in.lo, p->in.bytes,
                         hipMemcpyDefault, stream);
    if (e == hipSuccess && p->out.bytes && o->kind == OP_ALLTOALLV)
      e = hipMemcpyAsync(h + p->out.at, p->out.lo, p->out.bytes,
                         hipMemcpyDefault, stream);
    if (p->overlap) {
      if (o->send) o->send = h + p->in.at + ((char*)o->send - p->in.lo);
      o->recv = h + p->in.at + ((char*)o->recv - p->in.lo);
    } else {
      if (p->in.bytes) o->send = h + p->in.at;
      if (p->out.bytes) o->recv = h + p->out.at;
    }
    if (e == hipSuccess && o->scalar_ptr) {
      e = hipMemcpyAsync(h + scalar_at, o->scalar_ptr, 8, hipMemcpyDefault,
                         stream);
      o->scalar_ptr = h + scalar_at;
      scalar_at += 64;
    }
  }
  if (e != hipSuccess) {
    block_done(b);
    free(plans);
    st->plans = NULL;
    return rccl__fail(ncclUnhandledCudaError, "staging: %s",
                      hipGetErrorString(e));
  }
  return ncclSuccess;
}

ncclResult_t rccl__gpu_stage_out(hipStream_t stream, rccl_gpu_stage* st) {
  block* b = st->block;
  plan* plans = st->plans;
  hipError_t e = hipSuccess;
  for (size_t i = 0; i < st->nplans && e == hipSuccess; i++) {
    const plan* p = &plans[i];
    if (p->overlap && p->in.out_bytes)
      e = hipMemcpyAsync(p->in.out, b->host + p->in.at +
                         (size_t)(p->in.out - p->in.lo), p->in.out_bytes,
                         hipMemcpyDefault, stream);
    else if (p->out.bytes)
      e = hipMemcpyAsync(p->out.lo, b->host + p->out.at, p->out.bytes,
                         hipMemcpyDefault, stream);
  }
  free(plans);
  st->plans = NULL;
  if (e == hipSuccess) e = hipLaunchHostFunc(stream, block_done, b);
  if (e != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "staging back: %s",
                      hipGetErrorString(e));
  return ncclSuccess;
}
