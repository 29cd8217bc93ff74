/* Collectives GPU to GPU between the processes of one node (one GPU each)
 * whose GPUs reach each other: no staging through host memory.
 *
 * At enqueue time the ranks exchange (on the MPI transport's control
 * communicator, mpi.c) whether each can take this path and the CUDA IPC
 * handle and offset of the buffer it lets the others read ("exposes": the
 * receive buffer of an all-reduce, the root's input of a broadcast, the
 * input of the others); each opens the others' buffers
 * (hipIpcOpenMemHandle, peer access enabled lazily), once per allocation:
 * the opened mappings are kept by handle, and a CUDA handle names one
 * allocation only, so a freed and reallocated buffer gets a new one. When
 * some rank's handle is new, a second exchange agrees that every open
 * succeeded. Then, in stream order, for an all-reduce:
 *
 *   1. an out-of-place call copies its input into its receive buffer;
 *   2. a barrier (a host function in MPI_Barrier): every rank's input is
 *      in place;
 *   3. reduce-scatter: rank r's kernel (peer_kernels.hip) reduces chunk r
 *      of every rank's buffer, in rank order, into its own chunk r;
 *   4. a barrier: every chunk is reduced;
 *   5. all-gather: rank r copies chunk p from rank p's buffer, for every p;
 *   6. a barrier: nobody reads this rank's buffer any more.
 *
 * The others are a barrier, one step, a barrier: broadcast, every rank
 * copies the root's input; reduce, the root's kernel reduces every input;
 * all-gather, rank r copies every rank's input into its block of its
 * output; reduce-scatter, rank r's kernel reduces block r of every input.
 *
 * An all-reduce of at most HIPC_RCCL_SMALL_MAX bytes (default 32 KiB, at
 * most 64 KiB; 0: none) is one kernel instead, with no host function:
 * each rank has a "box" of device memory (a flag, two slots) that the
 * others open like a buffer; the kernel copies the input into slot
 * seq % 2 of its box, publishes `seq` in its flag, waits until every
 * rank's flag reaches `seq`, then reduces every rank's slot in rank order
 * into its output. A rank writes a slot again two calls later, when
 * every peer has passed the call in between, i.e. read it; for that a
 * rank's small all-reduces stay on the stream of its first (on another
 * stream they are staged: never two at once).
 *
 * Every reduced element is computed once, or in rank order everywhere, so
 * all get the same bits (an average: the sum divided by the ranks, as the
 * host does it). Anything else (other collectives, pre-multiplied sums,
 * fp16/bf16/fp8 reductions, buffers not on this GPU, other nodes, more
 * than RCCL_PEER_MAX ranks, a kernel built without the GPU, a failed
 * open) is staged (gpu_stage.c), as is everything with
 * HIPC_RCCL_STAGED=1, and all calls below HIPC_RCCL_PEER_MIN bytes
 * (default 0: every size); a failed open stages that call only.
 * HIPC_RCCL_LOG=1 says on stderr when a communicator first takes it, and
 * first stages, for each collective (with the reason and the rank it
 * comes from); HIPC_RCCL_LOG=2 says so for every call. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hip/hip_runtime.h>

#include "internal.h"
#include "peer.h"
#include "peer_maps.h"

typedef struct peer_state {
  rccl_mapping* maps; /* opened peer buffers (peer_maps.c) */
  unsigned logged;  /* HIPC_RCCL_LOG=1: bit k, the first call of kind k
                       GPU to GPU said so; bit 16 + k, staged */
  char* box;        /* the small all-reduce's (peer.h), or NULL */
  int box_failed;
  unsigned long long seq; /* small all-reduces so far */
  int drops;                      /* this rank's peer_maps.c drops */
  int seen_drops[RCCL_PEER_MAX];  /* every rank's, at the last call */
  hipStream_t small_stream; /* theirs (seq > 0): they stay on it, so that
                               two never run at once on this rank */
} peer_state;

/* Why a rank cannot take the path for a call (record.why). */
enum {
  WHY_OK,
  WHY_ENV,       /* HIPC_RCCL_STAGED=1 */
  WHY_KERNEL,    /* the reduction kernel was not built for the GPU */
  WHY_BUFFER,    /* a buffer is not memory of this rank's GPU */
  WHY_STREAM,    /* a small all-reduce on another stream than the first */
  WHY_BOX,       /* the small all-reduce's box could not be made */
  WHY_HANDLE,    /* no IPC handle for the exposed buffer */
  WHY_HOST,      /* ranks on several nodes */
  WHY_OPEN,      /* a peer's buffer did not open */
  WHY_COUNT
};

static const char* const why_text[WHY_COUNT] = {
    "", "HIPC_RCCL_STAGED=1", "reduction kernel not built for the GPU",
    "a buffer is not memory of this rank's GPU",
    "a small all-reduce on another stream than the first", "no box",
    "no IPC handle for the buffer", "ranks on several nodes",
    "a peer's buffer did not open"};

/* What each rank tells the others about one call. */
typedef struct record {
  int why;        /* WHY_OK: this rank can take the path */
  int none;       /* exposes no buffer (a broadcast's other ranks) */
  int fresh;      /* a handle the ranks have not all opened before */
  int drops;      /* mappings this rank dropped wholesale so far */
  uint64_t host;  /* a hash of the host name: one node */
  uint64_t offset;
  uint64_t at, size; /* the exposed allocation in this address space */
  hipIpcMemHandle_t handle;
} record;

static uint64_t host_hash(void) {
  char name[256] = {0};
  gethostname(name, sizeof name - 1);
  uint64_t h = 1469598103934665603ull;
  for (const char* p = name; *p; ++p)
    h = (h ^ (unsigned char)*p) * 1099511628211ull;
  return h;
}

static int env_on(const char* name) {
  const char* e = getenv(name);
  return e && strcmp(e, "1") == 0;
}

/* HIPC_RCCL_LOG: 0, 1 (firsts) or 2 (every call). */
static int log_level(void) {
  const char* e = getenv("HIPC_RCCL_LOG");
  return e && *e ? atoi(e) : 0;
}

static size_t min_bytes(void) {
  const char* e = getenv("HIPC_RCCL_PEER_MIN");
  return e && *e ? strtoull(e, NULL, 10) : 0;
}

/* Whether [p, p + bytes) is memory of GPU `device` (not host, not
 * managed); nothing to touch is fine. */
static int on_device(const void* p, size_t bytes, int device) {
  if (!bytes) return 1;
  hipPointerAttribute_t a, b;
  if (!p || hipPointerGetAttributes(&a, p) != hipSuccess ||
      hipPointerGetAttributes(&b, (const char*)p + bytes - 1) != hipSuccess)
    return 0;
  return a.type == hipMemoryTypeDevice && a.device == device &&
         b.type == hipMemoryTypeDevice && b.device == device;
}

static int is_reduction(int kind) {
  return kind == OP_ALLREDUCE || kind == OP_REDUCE ||
         kind == OP_REDUCESCATTER;
}

/* The conditions every rank decides alike (the call's arguments agree):
 * NULL when they hold, else why not. */
static const char* call_fits(ncclComm_t c, const rccl_op* o) {
  if (!c->gpu || c->tr != rccl__mpi) return "not across processes";
  if (c->nranks < 2 || c->nranks > RCCL_PEER_MAX)
    return "one rank, or more than RCCL_PEER_MAX";
  if (!o || o->next) return "a group of several operations";
  if (o->premul) return "a pre-multiplied sum";
  if (!o->count) return "no elements";
  if (o->kind != OP_ALLREDUCE && o->kind != OP_BROADCAST &&
      o->kind != OP_REDUCE && o->kind != OP_ALLGATHER &&
      o->kind != OP_REDUCESCATTER)
    return "no such path for this operation";
  if (is_reduction(o->kind)) {
    if (o->op != ncclSum && o->op != ncclProd && o->op != ncclMax &&
        o->op != ncclMin && o->op != ncclAvg)
      return "an operator the kernel lacks";
    if (!rccl__peer_type_ok(o->type)) return "a type the kernel lacks";
  }
  if (o->count * rccl__type_size(o->type) < min_bytes())
    return "below HIPC_RCCL_PEER_MIN";
  return NULL;
}

/* Bytes of input and output this rank's call touches. */
static void extents(const ncclComm_t c, const rccl_op* o, size_t* in,
                    size_t* out) {
  size_t b = o->count * rccl__type_size(o->type), n = (size_t)c->nranks;
  int root = c->rank == o->root;
  *in = o->kind == OP_REDUCESCATTER ? b * n
        : o->kind == OP_BROADCAST   ? (root ? b : 0)
                                    : b;
  *out = o->kind == OP_ALLGATHER ? b * n
         : o->kind == OP_REDUCE  ? (root ? b : 0)
                                 : b;
}

/* The buffer this rank lets the others read (NULL: none). */
static const void* exposed(const ncclComm_t c, const rccl_op* o) {
  if (o->kind == OP_ALLREDUCE) return o->recv;
  if (o->kind == OP_BROADCAST && c->rank != o->root) return NULL;
  return o->send;
}

/* All-reduces up to this many bytes take the one-kernel path. */
static size_t small_max(void) {
  const char* e = getenv("HIPC_RCCL_SMALL_MAX");
  size_t v = e && *e ? strtoull(e, NULL, 10) : 32768;
  return v > RCCL_SMALL_SLOT ? RCCL_SMALL_SLOT : v;
}

/* This rank's box, made once; its flag is 0 before any peer may read it
 * (cleared on a stream of its own: the user's work is not waited for).
 * NULL if that fails. */
static char* box(peer_state* s) {
  if (s->box || s->box_failed) return s->box;
  void* p = NULL;
  hipStream_t st = NULL;
  int ok = hipMalloc(&p, RCCL_SMALL_BOX) == hipSuccess &&
           hipStreamCreateWithFlags(&st, hipStreamNonBlocking) ==
               hipSuccess &&
           hipMemsetAsync(p, 0, RCCL_SMALL_FLAG, st) == hipSuccess &&
           hipStreamSynchronize(st) == hipSuccess;
  if (st) hipStreamDestroy(st);
  if (!ok) {
    if (p) hipFree(p);
    s->box_failed = 1;
    return NULL;
  }
  s->box = p;
  return s->box;
}

static peer_state* state(ncclComm_t c) {
  if (!c->peer) c->peer = calloc(1, sizeof(peer_state));
  return c->peer;
}

static void barrier_fn(void* arg) {
  ncclComm_t c = arg;
  if (!atomic_load(&c->aborted)) {
    ncclResult_t r = rccl__mpi_barrier(c);
    if (r != ncclSuccess) {
      int none = ncclSuccess;
      atomic_compare_exchange_strong(&c->async_error, &none, (int)r);
    }
  }
  atomic_fetch_sub(&c->pending, 1);
}

static hipError_t barrier(ncclComm_t c, hipStream_t s) {
  atomic_fetch_add(&c->pending, 1);
  hipError_t e = hipLaunchHostFunc(s, barrier_fn, c);
  if (e != hipSuccess) atomic_fetch_sub(&c->pending, 1);
  return e;
}

/* Steps 1-6 of the top, with `bufs[r]` rank r's receive buffer. */
static hipError_t all_reduce(ncclComm_t c, hipStream_t s, const rccl_op* o,
                             char* const* bufs) {
  size_t es = rccl__type_size(o->type), n = o->count;
  int nr = c->nranks, me = c->rank;
  size_t chunk = (n + (size_t)nr - 1) / (size_t)nr;
  hipError_t e = hipSuccess;
  if (o->send != o->recv)
    e = hipMemcpyAsync(o->recv, o->send, n * es, hipMemcpyDeviceToDevice, s);
  if (e == hipSuccess) e = barrier(c, s);
  size_t lo = chunk * (size_t)me, hi = lo + chunk > n ? n : lo + chunk;
  if (e == hipSuccess && lo < hi) {
    rccl_peer_inputs in;
    memset(&in, 0, sizeof in);
    for (int r = 0; r < nr; ++r) in.p[r] = bufs[r] + lo * es;
    e = rccl__peer_reduce(bufs[me] + lo * es, &in, nr, hi - lo, o->type,
                          o->op, s);
  }
  if (e == hipSuccess) e = barrier(c, s);
  for (int r = 0; r < nr && e == hipSuccess; ++r) {
    size_t a = chunk * (size_t)r, b = a + chunk > n ? n : a + chunk;
    if (r == me || a >= b) continue;
    e = hipMemcpyAsync(bufs[me] + a * es, bufs[r] + a * es, (b - a) * es,
                       hipMemcpyDeviceToDevice, s);
  }
  if (e == hipSuccess) e = barrier(c, s);
  return e;
}

/* Every rank's exposed buffer at byte offset `at`, `n` elements, reduced
 * into `out`. */
static hipError_t reduce_all(ncclComm_t c, hipStream_t s, const rccl_op* o,
                             char* const* bufs, size_t at, void* out) {
  rccl_peer_inputs in;
  memset(&in, 0, sizeof in);
  for (int r = 0; r < c->nranks; ++r) in.p[r] = bufs[r] + at;
  return rccl__peer_reduce(out, &in, c->nranks, o->count, o->type, o->op,
                           s);
}

/* Broadcast, reduce, all-gather, reduce-scatter: `bufs[r]` rank r's
 * exposed buffer (the top). */
static hipError_t one_step(ncclComm_t c, hipStream_t s, const rccl_op* o,
                           char* const* bufs) {
  size_t b = o->count * rccl__type_size(o->type);
  int me = c->rank;
  hipError_t e = barrier(c, s);
  if (e != hipSuccess) return e;
  switch (o->kind) {
  case OP_BROADCAST:
    if (bufs[o->root] != o->recv)
      e = hipMemcpyAsync(o->recv, bufs[o->root], b, hipMemcpyDeviceToDevice,
                         s);
    break;
  case OP_REDUCE:
    if (me == o->root) e = reduce_all(c, s, o, bufs, 0, o->recv);
    break;
  case OP_ALLGATHER:
    for (int r = 0; r < c->nranks && e == hipSuccess; ++r) {
      char* dst = (char*)o->recv + b * (size_t)r;
      if (dst != bufs[r])
        e = hipMemcpyAsync(dst, bufs[r], b, hipMemcpyDeviceToDevice, s);
    }
    break;
  case OP_REDUCESCATTER:
    e = reduce_all(c, s, o, bufs, b * (size_t)me, o->recv);
    break;
  }
  if (e == hipSuccess) e = barrier(c, s);
  return e;
}

static const char* kind_name(int kind) {
  switch (kind) {
  case OP_ALLREDUCE: return "all-reduce";
  case OP_BROADCAST: return "broadcast";
  case OP_REDUCE: return "reduce";
  case OP_ALLGATHER: return "all-gather";
  case OP_REDUCESCATTER: return "reduce-scatter";
  case OP_ALLTOALL: return "all-to-all";
  case OP_ALLTOALLV: return "all-to-all-v";
  case OP_SEND: return "send";
  default: return "receive";
  }
}

/* HIPC_RCCL_LOG: which path the call took (why == NULL: GPU to GPU), the
 * first time for its kind (1) or every time (2). `from`: the rank the
 * reason comes from, or -1. */
static void say(ncclComm_t c, peer_state* s, const rccl_op* o, int small,
                const char* why, int from) {
  int level = log_level();
  if (level <= 0 || !o) return;
  unsigned bit = (small ? 1u << 15 : 1u << o->kind) << (why ? 16 : 0);
  if (level == 1 && s) {
    if (s->logged & bit) return;
    s->logged |= bit;
  }
  const char* kind = small ? "small all-reduce" : kind_name(o->kind);
  size_t bytes = o->count * rccl__type_size(o->type);
  if (!why)
    fprintf(stderr, "librccl: rank %d of %d: %s GPU to GPU%s (%zu B)\n",
            c->rank, c->nranks, kind, small ? ", one kernel" : "", bytes);
  else if (from >= 0)
    fprintf(stderr, "librccl: rank %d of %d: %s staged (%zu B): rank %d: "
            "%s\n", c->rank, c->nranks, kind, bytes, from, why);
  else
    fprintf(stderr, "librccl: rank %d of %d: %s staged (%zu B): %s\n",
            c->rank, c->nranks, kind, bytes, why);
}

/* This rank's record for the call `o` exposing `buf`: whether it can take
 * the path, and the buffer's handle. */
static void describe(ncclComm_t c, peer_state* s, hipStream_t stream,
                     const rccl_op* o, int small, const void* buf,
                     record* mine) {
  memset(mine, 0, sizeof *mine);
  mine->host = host_hash();
  mine->none = buf == NULL;
  mine->drops = s->drops;
  size_t in, out;
  extents(c, o, &in, &out);
  if (env_on("HIPC_RCCL_STAGED")) mine->why = WHY_ENV;
  else if (!c->cpu_device && !rccl__peer_kernels_on_gpu())
    mine->why = WHY_KERNEL;
  else if (!on_device(o->recv, out, c->device) ||
           !on_device(o->send, in, c->device))
    mine->why = WHY_BUFFER;
  else if (small && s->seq != 0 && stream != s->small_stream)
    mine->why = WHY_STREAM;
  else if (small && !buf)
    mine->why = WHY_BOX;
  if (mine->why || mine->none) return;
  void* base = NULL;
  size_t size = 0;
  if (hipMemGetAddressRange(&base, &size, (void*)buf) != hipSuccess ||
      hipIpcGetMemHandle(&mine->handle, base) != hipSuccess) {
    mine->why = WHY_HANDLE;
    return;
  }
  mine->offset = (uint64_t)((const char*)buf - (char*)base);
  mine->at = (uint64_t)(uintptr_t)base;
  mine->size = size;
  mine->fresh = !rccl__maps_find(&s->maps, c->rank, &mine->handle);
}

ncclResult_t rccl__gpu_peer_run(ncclComm_t c, hipStream_t stream,
                                rccl_op* ops, int* done) {
  *done = 0;
  const char* unfit = call_fits(c, ops);
  if (unfit) {
    say(c, c->gpu && c->tr == rccl__mpi ? state(c) : NULL, ops, 0, unfit,
        -1);
    return ncclSuccess;
  }
  peer_state* s = state(c);
  if (!s) return rccl__fail(ncclSystemError, "out of memory");
  const rccl_op* o = ops;
  /* Small all-reduces: the box is what the ranks exchange and open. */
  int small = o->kind == OP_ALLREDUCE &&
              o->count * rccl__type_size(o->type) <= small_max();
  const void* mine_buf = small ? box(s) : exposed(c, o);
  record mine;
  describe(c, s, stream, o, small, mine_buf, &mine);
  record all[RCCL_PEER_MAX];
  ncclResult_t r = rccl__mpi_ctl_allgather(c, &mine, all, sizeof mine);
  if (r != ncclSuccess) return r;
  int fresh = 0;
  for (int i = 0; i < c->nranks; ++i) {
    int why = all[i].why ? all[i].why
              : all[i].host != mine.host ? WHY_HOST : WHY_OK;
    if (why) {
      say(c, s, o, small, why_text[why < WHY_COUNT ? why : WHY_HANDLE], i);
      return ncclSuccess;
    }
    /* A rank that dropped mappings may need to open again what the
     * others think it holds: agree on the opens as for a new handle. */
    fresh |= all[i].fresh || all[i].drops != s->seen_drops[i];
    s->seen_drops[i] = all[i].drops;
  }
  char* bufs[RCCL_PEER_MAX];
  int opened = 1;
  hipError_t open_error = hipSuccess;
  for (int i = 0; i < c->nranks; ++i) {
    if (i == c->rank || all[i].none) {
      bufs[i] = i == c->rank ? (char*)mine_buf : NULL;
      continue;
    }
    hipError_t e;
    char* b = rccl__maps_open(&s->maps, i, &all[i].handle, all[i].at,
                              all[i].size, &s->drops, &e);
    if (!b) {
      opened = 0;
      open_error = e;
    }
    bufs[i] = b ? b + all[i].offset : NULL;
  }
  /* A new handle: agree that every rank opened it (else nobody opened
   * anything new and every mapping was there already). */
  if (fresh) {
    int agreed[RCCL_PEER_MAX];
    r = rccl__mpi_ctl_allgather(c, &opened, agreed, sizeof opened);
    if (r != ncclSuccess) return r;
    for (int i = 0; i < c->nranks; ++i)
      if (!agreed[i]) {
        if (i == c->rank && log_level() > 0)
          fprintf(stderr, "librccl: rank %d: hipIpcOpenMemHandle: %s\n",
                  c->rank, hipGetErrorName(open_error));
        say(c, s, o, small, why_text[WHY_OPEN], i);
        return ncclSuccess;
      }
    if (mine.fresh && !mine.none) {
      /* An older handle of this rank's at the same addresses was freed. */
      rccl__maps_evict(&s->maps, c->rank, mine.at, mine.size);
      if (!rccl__maps_keep(&s->maps, c->rank, &mine.handle, mine.at,
                           mine.size, NULL))
        return rccl__fail(ncclSystemError, "out of memory");
    }
  } else if (!opened) {
    return rccl__fail(ncclInternalError, "a kept mapping went missing");
  }
  hipError_t e;
  if (small) {
    rccl_small_boxes boxes;
    memset(&boxes, 0, sizeof boxes);
    for (int i = 0; i < c->nranks; ++i) boxes.p[i] = bufs[i];
    e = rccl__small_allreduce(o->recv, o->send, o->count, o->type, o->op,
                              &boxes, c->nranks, c->rank, ++s->seq, stream);
    s->small_stream = stream;
  } else if (o->kind == OP_ALLREDUCE) {
    e = all_reduce(c, stream, o, bufs);
  } else {
    e = one_step(c, stream, o, bufs);
  }
  if (e != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "peer %s: %s",
                      kind_name(o->kind), hipGetErrorString(e));
  *done = 1;
  say(c, s, o, small, NULL, -1);
  return ncclSuccess;
}

void rccl__gpu_peer_free(ncclComm_t c) {
  peer_state* s = c->peer;
  if (!s) return;
  rccl__maps_free(&s->maps);
  if (s->box) hipFree(s->box);
  free(s);
  c->peer = NULL;
}
