/* Ranks of one process on several GPUs (ncclCommInitAll, or one rank per
 * device of ncclCommInitRank in one process), called in one group from
 * one thread: every collective device to device, no host memory and no
 * host function on the way.
 *
 * At ncclGroupEnd (ops.c), the batches of a group are sorted by clique
 * (shm.c); a clique whose every rank has one batch there, and whose
 * batches fit (below), is enqueued here at once on the ranks' streams:
 *
 *   - peer access is enabled once per pair of devices (kernels read the
 *     peers' memory; copies are hipMemcpyPeerAsync, cuMemcpyPeerAsync);
 *   - the streams meet at "barriers": each records its event, then waits
 *     for every other rank's (hipEventRecord, hipStreamWaitEvent); every
 *     operation starts with one (every input is ready) and ends with one
 *     (nobody reads a rank's buffers once its stream moves on);
 *   - all-reduce: rank r's kernel (peer_kernels.hip) reduces chunk r of
 *     every rank's input, in rank order, into its own chunk r; a barrier;
 *     rank r copies chunk p from rank p, for every p (out of place up to
 *     1 MiB, every rank reduces all of it: one step). Reduce-scatter: rank
 *     r reduces block r of every input. Reduce: the root reduces them
 *     all. Broadcast, all-gather, all-to-all(v), sends and receives: each
 *     rank copies what it receives from where its peers hold it.
 *
 * Every rank computes its chunk once and the others copy it, so all hold
 * the same bits, which are those of the staged path (rank order).
 *
 * Batches fit when: every rank is a GPU (or a CPU device staged as one,
 * HIPC_RCCL_STAGE=1: the tests) of the shared-memory transport, at most
 * RCCL_PEER_MAX ranks, every pair of distinct devices can reach each
 * other, every buffer is device memory of its rank's device; and either
 * every batch is sends and receives that pair up exactly, or the batches
 * hold the same collectives in the same order (same counts, types,
 * operators, roots), reductions being sum, prod, max, min or avg (no
 * pre-multiplied sum) of a type the kernel reduces, all-to-all out of
 * place. Anything else is staged (gpu_stage.c), as is everything with
 * HIPC_RCCL_STAGED=1 or HIPC_RCCL_DIRECT=0. HIPC_RCCL_LOG=1 says on stderr
 * when a clique first goes device to device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hip/hip_runtime.h>

#include "internal.h"
#include "peer.h"

enum { EV_START, EV_MID, EV_END, EV_COUNT };

typedef struct direct_state {
  hipEvent_t ev[EV_COUNT];
  int logged;
} direct_state;

/* The ranks of one clique, by rank. */
typedef struct clique_view {
  int n;
  rccl_batch* b[RCCL_PEER_MAX];
} clique_view;

static int env_is(const char* name, const char* value) {
  const char* e = getenv(name);
  return e && strcmp(e, value) == 0;
}

static int is_p2p(const rccl_op* o) {
  return o->kind == OP_SEND || o->kind == OP_RECV;
}

static int is_reduction(const rccl_op* o) {
  return o->kind == OP_ALLREDUCE || o->kind == OP_REDUCE ||
         o->kind == OP_REDUCESCATTER;
}

/* Whether `p` is memory of device `device` (NULL with nothing to read or
 * write is fine). */
static int on_device(const void* p, size_t bytes, int device) {
  if (!bytes) return 1;
  hipPointerAttribute_t a;
  if (!p || hipPointerGetAttributes(&a, p) != hipSuccess) return 0;
  return a.type == hipMemoryTypeDevice && a.device == device;
}

/* Bytes of input and output an operation touches on rank `r` of `n`. */
static void extents(const rccl_op* o, int r, int n, size_t* in,
                    size_t* out) {
  size_t es = rccl__type_size(o->type), c = o->count * es;
  *in = *out = 0;
  switch (o->kind) {
  case OP_ALLREDUCE: *in = *out = c; break;
  case OP_BROADCAST: *in = r == o->root ? c : 0; *out = c; break;
  case OP_REDUCE: *in = c; *out = r == o->root ? c : 0; break;
  case OP_ALLGATHER: *in = c; *out = c * (size_t)n; break;
  case OP_REDUCESCATTER: *in = c * (size_t)n; *out = c; break;
  case OP_ALLTOALL: *in = *out = c * (size_t)n; break;
  case OP_ALLTOALLV:
    for (int p = 0; p < n; ++p) {
      size_t se = o->v[p] + o->v[n + p], re = o->v[2 * n + p] + o->v[3 * n + p];
      if (se * es > *in) *in = se * es;
      if (re * es > *out) *out = re * es;
    }
    break;
  case OP_SEND: *in = c; break;
  case OP_RECV: *out = c; break;
  }
}

static int buffers_fit(const rccl_op* o, int r, int n, int device) {
  size_t in, out;
  extents(o, r, n, &in, &out);
  /* The last byte too: a buffer ends inside its allocation. */
  return on_device(o->send, in, device) &&
         (!in || on_device((const char*)o->send + in - 1, 1, device)) &&
         on_device(o->recv, out, device) &&
         (!out || on_device((const char*)o->recv + out - 1, 1, device));
}

/* The k-th operation of `kind` from rank `from` to `to` in `ops`. */
static const rccl_op* nth_p2p(const rccl_op* ops, int kind, int peer,
                              int k) {
  for (const rccl_op* o = ops; o; o = o->next)
    if (o->kind == kind && o->root == peer && k-- == 0) return o;
  return NULL;
}

static int count_p2p(const rccl_op* ops, int kind, int peer) {
  int k = 0;
  for (const rccl_op* o = ops; o; o = o->next)
    k += o->kind == kind && o->root == peer;
  return k;
}

/* Every send has its receive, of as many bytes, and the other way. */
static int p2p_fit(const clique_view* v) {
  for (int a = 0; a < v->n; ++a)
    for (int b = 0; b < v->n; ++b) {
      const rccl_op* sa = v->b[a]->ops;
      const rccl_op* rb = v->b[b]->ops;
      int k = count_p2p(sa, OP_SEND, b);
      if (k != count_p2p(rb, OP_RECV, a)) return 0;
      for (int i = 0; i < k; ++i) {
        const rccl_op* s = nth_p2p(sa, OP_SEND, b, i);
        const rccl_op* d = nth_p2p(rb, OP_RECV, a, i);
        if (s->count * rccl__type_size(s->type) !=
            d->count * rccl__type_size(d->type))
          return 0;
      }
    }
  return 1;
}

/* The k-th operations of the ranks agree and can go device to device. */
static int collective_fits(const clique_view* v, const rccl_op* const* o) {
  const rccl_op* a = o[0];
  int n = v->n;
  for (int r = 0; r < n; ++r) {
    const rccl_op* b = o[r];
    if (!b || is_p2p(b) || b->kind != a->kind || b->count != a->count ||
        b->type != a->type || b->root != a->root || b->premul)
      return 0;
    if (is_reduction(b) && b->op != a->op) return 0;
    if ((b->kind == OP_ALLTOALL || b->kind == OP_ALLTOALLV) &&
        b->send == b->recv && b->send)
      return 0;
  }
  if (is_reduction(a)) {
    if (a->op != ncclSum && a->op != ncclProd && a->op != ncclMax &&
        a->op != ncclMin && a->op != ncclAvg)
      return 0;
    if (!rccl__peer_type_ok(a->type)) return 0;
    if (!v->b[0]->comm->cpu_device && !rccl__peer_kernels_on_gpu())
      return 0;
  }
  if (a->kind == OP_ALLTOALLV) /* what p sends r is what r takes from p */
    for (int r = 0; r < n; ++r)
      for (int p = 0; p < n; ++p)
        if (o[p]->v[r] != o[r]->v[2 * n + p]) return 0;
  return 1;
}

static int ops_fit(const clique_view* v) {
  int n = v->n, p2p = 0, coll = 0;
  for (int r = 0; r < n; ++r)
    for (const rccl_op* o = v->b[r]->ops; o; o = o->next) {
      p2p |= is_p2p(o);
      coll |= !is_p2p(o);
      if (!buffers_fit(o, r, n, v->b[r]->comm->device)) return 0;
    }
  if (p2p) return !coll && p2p_fit(v);
  const rccl_op* o[RCCL_PEER_MAX] = {0};
  for (int r = 0; r < n; ++r) o[r] = v->b[r]->ops;
  while (o[0]) {
    if (!collective_fits(v, o)) return 0;
    for (int r = 0; r < n; ++r) o[r] = o[r]->next;
  }
  for (int r = 1; r < n; ++r)
    if (o[r]) return 0;
  return 1;
}

/* Peer access between every pair of distinct devices, enabled once. */
static int peers_reach(const clique_view* v) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static unsigned char done[64][64];
  int ok = 1;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < v->n && ok; ++i)
    for (int j = 0; j < v->n && ok; ++j) {
      int a = v->b[i]->comm->device, b = v->b[j]->comm->device, can = 0;
      if (a == b) continue;
      if (a >= 64 || b >= 64) {
        ok = 0;
        break;
      }
      if (done[a][b]) continue;
      if (hipDeviceCanAccessPeer(&can, a, b) != hipSuccess || !can) {
        ok = 0;
        break;
      }
      hipSetDevice(a);
      hipError_t e = hipDeviceEnablePeerAccess(b, 0);
      if (e != hipSuccess && e != hipErrorPeerAccessAlreadyEnabled) {
        ok = 0;
        break;
      }
      (void)hipGetLastError();
      done[a][b] = 1;
    }
  pthread_mutex_unlock(&lock);
  return ok;
}

static direct_state* state(ncclComm_t c) {
  if (c->direct) return c->direct;
  direct_state* s = calloc(1, sizeof *s);
  if (!s) return NULL;
  hipSetDevice(c->device);
  for (int i = 0; i < EV_COUNT; ++i)
    if (hipEventCreateWithFlags(&s->ev[i], hipEventDisableTiming) !=
        hipSuccess) {
      while (i-- > 0) hipEventDestroy(s->ev[i]);
      free(s);
      return NULL;
    }
  c->direct = s;
  return s;
}

static int clique_fits(const clique_view* v) {
  for (int r = 0; r < v->n; ++r) {
    ncclComm_t c = v->b[r]->comm;
    if (!c->gpu || atomic_load(&c->aborted)) return 0;
  }
  return ops_fit(v) && peers_reach(v);
}

/* -- enqueueing */

#define TRY(x)                                                             \
  do {                                                                     \
    hipError_t try_e_ = (x);                                               \
    if (try_e_ != hipSuccess) return try_e_;                               \
  } while (0)

static ncclComm_t comm_of(const clique_view* v, int r) {
  return v->b[r]->comm;
}

/* Every stream waits until every other has reached this point. */
static hipError_t meet(const clique_view* v, int slot) {
  if (v->n == 1) return hipSuccess;
  for (int r = 0; r < v->n; ++r) {
    TRY(hipSetDevice(comm_of(v, r)->device));
    TRY(hipEventRecord(((direct_state*)comm_of(v, r)->direct)->ev[slot],
                       v->b[r]->stream));
  }
  for (int r = 0; r < v->n; ++r) {
    TRY(hipSetDevice(comm_of(v, r)->device));
    for (int p = 0; p < v->n; ++p)
      if (p != r)
        TRY(hipStreamWaitEvent(
            v->b[r]->stream,
            ((direct_state*)comm_of(v, p)->direct)->ev[slot], 0));
  }
  return hipSuccess;
}

/* On rank r's stream: `bytes` from rank p's `src` to rank r's `dst`. */
static hipError_t copy(const clique_view* v, int r, void* dst, int p,
                       const void* src, size_t bytes) {
  if (!bytes || dst == src) return hipSuccess;
  TRY(hipSetDevice(comm_of(v, r)->device));
  return hipMemcpyPeerAsync(dst, comm_of(v, r)->device, src,
                            comm_of(v, p)->device, bytes, v->b[r]->stream);
}

/* On rank r's stream: out = every rank's input at byte offset `at`,
 * reduced in rank order, `n` elements. */
static hipError_t reduce(const clique_view* v, int r, void* out,
                         const rccl_op* const* o, size_t at, size_t n) {
  if (!n) return hipSuccess;
  rccl_peer_inputs in;
  memset(&in, 0, sizeof in);
  for (int p = 0; p < v->n; ++p) in.p[p] = (const char*)o[p]->send + at;
  TRY(hipSetDevice(comm_of(v, r)->device));
  return rccl__peer_reduce(out, &in, v->n, n, o[r]->type, o[r]->op,
                           v->b[r]->stream);
}

/* Out of place, up to this many bytes, every rank reduces the whole
 * buffer itself: one step, no second barrier. */
#define ONE_STEP_MAX ((size_t)1 << 20)

static hipError_t all_reduce(const clique_view* v, const rccl_op* const* o) {
  size_t es = rccl__type_size(o[0]->type), n = o[0]->count;
  int in_place = 0;
  for (int r = 0; r < v->n; ++r) in_place |= o[r]->send == o[r]->recv;
  if (!in_place && n * es <= ONE_STEP_MAX) {
    for (int r = 0; r < v->n; ++r) TRY(reduce(v, r, o[r]->recv, o, 0, n));
    return hipSuccess;
  }
  size_t nr = (size_t)v->n, chunk = (n + nr - 1) / nr;
  /* Chunks of whole 64-byte lines: the kernel loads 16 bytes at a time. */
  size_t line = 64 / es;
  chunk = (chunk + line - 1) / line * line;
  for (int r = 0; r < v->n; ++r) {
    size_t lo = chunk * (size_t)r, hi = lo + chunk > n ? n : lo + chunk;
    if (lo < hi)
      TRY(reduce(v, r, (char*)o[r]->recv + lo * es, o, lo * es, hi - lo));
  }
  TRY(meet(v, EV_MID));
  for (int r = 0; r < v->n; ++r)
    for (int p = 0; p < v->n; ++p) {
      size_t lo = chunk * (size_t)p, hi = lo + chunk > n ? n : lo + chunk;
      if (p != r && lo < hi)
        TRY(copy(v, r, (char*)o[r]->recv + lo * es, p,
                 (char*)o[p]->recv + lo * es, (hi - lo) * es));
    }
  return hipSuccess;
}

static hipError_t collective(const clique_view* v, const rccl_op* const* o) {
  const rccl_op* a = o[0];
  int nr = v->n;
  size_t es = rccl__type_size(a->type), c = a->count * es;
  switch (a->kind) {
  case OP_ALLREDUCE: return all_reduce(v, o);
  case OP_REDUCE:
    return reduce(v, a->root, o[a->root]->recv, o, 0, a->count);
  case OP_REDUCESCATTER:
    for (int r = 0; r < nr; ++r)
      TRY(reduce(v, r, o[r]->recv, o, c * (size_t)r, a->count));
    return hipSuccess;
  case OP_BROADCAST:
    for (int r = 0; r < nr; ++r)
      TRY(copy(v, r, o[r]->recv, a->root, o[a->root]->send, c));
    return hipSuccess;
  case OP_ALLGATHER:
    for (int r = 0; r < nr; ++r)
      for (int p = 0; p < nr; ++p)
        TRY(copy(v, r, (char*)o[r]->recv + c * (size_t)p, p, o[p]->send, c));
    return hipSuccess;
  case OP_ALLTOALL:
    for (int r = 0; r < nr; ++r)
      for (int p = 0; p < nr; ++p)
        TRY(copy(v, r, (char*)o[r]->recv + c * (size_t)p, p,
                 (const char*)o[p]->send + c * (size_t)r, c));
    return hipSuccess;
  case OP_ALLTOALLV: {
    size_t n = (size_t)nr;
    for (int r = 0; r < nr; ++r)
      for (int p = 0; p < nr; ++p) {
        const size_t* sv = o[p]->v;
        const size_t* rv = o[r]->v;
        TRY(copy(v, r, (char*)o[r]->recv + rv[3 * n + p] * es, p,
                 (const char*)o[p]->send + sv[n + r] * es, sv[r] * es));
      }
    return hipSuccess;
  }
  default: return hipErrorInvalidValue;
  }
}

/* Each receive pulls from its matched send. */
static hipError_t p2p(const clique_view* v) {
  for (int b = 0; b < v->n; ++b) {
    int seen[RCCL_PEER_MAX] = {0};
    for (const rccl_op* d = v->b[b]->ops; d; d = d->next) {
      if (d->kind != OP_RECV) continue;
      int a = d->root;
      const rccl_op* s = nth_p2p(v->b[a]->ops, OP_SEND, b, seen[a]++);
      TRY(copy(v, b, d->recv, a, s->send,
               d->count * rccl__type_size(d->type)));
    }
  }
  return hipSuccess;
}

static hipError_t enqueue(const clique_view* v) {
  if (is_p2p(v->b[0]->ops)) {
    TRY(meet(v, EV_START));
    TRY(p2p(v));
    return meet(v, EV_END);
  }
  const rccl_op* o[RCCL_PEER_MAX] = {0};
  for (int r = 0; r < v->n; ++r) o[r] = v->b[r]->ops;
  while (o[0]) {
    TRY(meet(v, EV_START));
    TRY(collective(v, o));
    TRY(meet(v, EV_END));
    for (int r = 0; r < v->n; ++r) o[r] = o[r]->next;
  }
  return hipSuccess;
}

/* -- the group */

/* The batches of b[i]'s clique, by rank, when all are there once. */
static int gather(rccl_batch* b, int n, int i, clique_view* v) {
  const void* q = rccl__shm_clique(b[i].comm);
  int nr = b[i].comm->nranks;
  if (!q || nr > RCCL_PEER_MAX || !b[i].ops) return 0;
  memset(v, 0, sizeof *v);
  v->n = nr;
  for (int j = 0; j < n; ++j) {
    if (b[j].taken || rccl__shm_clique(b[j].comm) != q) continue;
    int r = b[j].comm->rank;
    if (v->b[r] || !b[j].ops) return 0; /* a rank twice: two streams */
    v->b[r] = &b[j];
  }
  for (int r = 0; r < nr; ++r)
    if (!v->b[r]) return 0;
  return 1;
}

ncclResult_t rccl__gpu_direct_run(rccl_batch* b, int n) {
  if (env_is("HIPC_RCCL_STAGED", "1") || env_is("HIPC_RCCL_DIRECT", "0"))
    return ncclSuccess;
  int old = -1;
  hipGetDevice(&old);
  ncclResult_t res = ncclSuccess;
  for (int i = 0; i < n && res == ncclSuccess; ++i) {
    clique_view v;
    if (b[i].taken || !b[i].comm->gpu || !gather(b, n, i, &v)) continue;
    int fits = clique_fits(&v);
    for (int r = 0; r < v.n && fits; ++r)
      fits = state(comm_of(&v, r)) != NULL;
    if (!fits) { /* staged: not looked at again */
      for (int r = 0; r < v.n; ++r) v.b[r]->taken = 2;
      continue;
    }
    hipError_t e = enqueue(&v);
    for (int r = 0; r < v.n; ++r) v.b[r]->taken = 1;
    if (e != hipSuccess) {
      res = rccl__fail(ncclUnhandledCudaError, "device-to-device: %s",
                       hipGetErrorString(e));
      break;
    }
    direct_state* s = comm_of(&v, 0)->direct;
    if (!s->logged && env_is("HIPC_RCCL_LOG", "1")) {
      s->logged = 1;
      fprintf(stderr, "librccl: %d ranks of one process: device to device\n",
              v.n);
    }
  }
  if (old >= 0) hipSetDevice(old);
  return res;
}

void rccl__gpu_direct_free(ncclComm_t c) {
  direct_state* s = c->direct;
  if (!s) return;
  for (int i = 0; i < EV_COUNT; ++i) hipEventDestroy(s->ev[i]);
  free(s);
  c->direct = NULL;
}
