/* Ranks in several processes: MPI. Each communicator is an MPI
 * communicator split from MPI_COMM_WORLD by the unique id (every process
 * of the world calls ncclCommInitRank, each with the id of the
 * communicator it joins), ordered by rank. If the program did not start
 * MPI, the first ncclCommInitRank does (MPI_Init_thread with
 * MPI_THREAD_MULTIPLE) and MPI_Finalize runs at exit.
 *
 * Operations run on the stream's host function, i.e. on a thread of the
 * device's pool: MPI's blocking calls where that is safe (see blocking()),
 * else its non-blocking ones. Below MPI_THREAD_MULTIPLE this library makes
 * its own MPI calls one at a time (one lock), and a non-blocking operation
 * is waited for by polling MPI_Testall, taking the lock only for each
 * test, so that operations of several communicators or streams progress
 * together; the program itself must then not call MPI while operations
 * are in flight (synchronize the streams first), which is what
 * MPI_THREAD_SERIALIZED asks. Reductions of fp16, bf16 and fp8 use MPI
 * operators of this library's own (reduce.c). */
#define _GNU_SOURCE
#include <limits.h>
#include <mpi.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static pthread_mutex_t mpi_lock = PTHREAD_MUTEX_INITIALIZER;
static int serialize;
static MPI_Datatype small_types[4]; /* fp16, bf16, e4m3, e5m2 */
static MPI_Op small_ops[4];         /* sum, prod, max, min */

static const ncclDataType_t small_ids[4] = {ncclFloat16, ncclBfloat16,
                                            ncclFloat8e4m3, ncclFloat8e5m2};

static void small_reduce(void* in, void* inout, int* len, MPI_Datatype* dt,
                         ncclRedOp_t op) {
  for (int i = 0; i < 4; ++i)
    if (*dt == small_types[i]) {
      rccl__reduce(inout, in, (size_t)*len, small_ids[i], op);
      return;
    }
}
static void op_sum(void* a, void* b, int* n, MPI_Datatype* t) {
  small_reduce(a, b, n, t, ncclSum);
}
static void op_prod(void* a, void* b, int* n, MPI_Datatype* t) {
  small_reduce(a, b, n, t, ncclProd);
}
static void op_max(void* a, void* b, int* n, MPI_Datatype* t) {
  small_reduce(a, b, n, t, ncclMax);
}
static void op_min(void* a, void* b, int* n, MPI_Datatype* t) {
  small_reduce(a, b, n, t, ncclMin);
}

static int we_initialized;
/* Communicators of this transport alive in the process. */
static atomic_int live_comms;

/* Whether operations may use MPI's blocking calls: with
 * MPI_THREAD_MULTIPLE, or while one communicator is alive (its operations
 * run one after the other in the same order on every rank, so holding the
 * lock through one cannot keep another from completing). MPI's blocking
 * collectives are its tuned ones, faster than its non-blocking ones. */
static int blocking(void) {
  return !serialize || atomic_load(&live_comms) <= 1;
}

static void finalize_at_exit(void) {
  int done = 0;
  MPI_Finalized(&done);
  if (!done) MPI_Finalize();
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_ok;

static void init_mpi(void) {
  int inited = 0, provided = MPI_THREAD_SINGLE;
  MPI_Initialized(&inited);
  if (!inited) {
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) !=
        MPI_SUCCESS)
      return;
    we_initialized = 1;
    atexit(finalize_at_exit);
  } else {
    MPI_Query_thread(&provided);
  }
  serialize = provided < MPI_THREAD_MULTIPLE;
  static const int sizes[4] = {2, 2, 1, 1};
  for (int i = 0; i < 4; ++i) {
    MPI_Type_contiguous(sizes[i], MPI_BYTE, &small_types[i]);
    MPI_Type_commit(&small_types[i]);
  }
  MPI_Op_create(op_sum, 1, &small_ops[0]);
  MPI_Op_create(op_prod, 1, &small_ops[1]);
  MPI_Op_create(op_max, 1, &small_ops[2]);
  MPI_Op_create(op_min, 1, &small_ops[3]);
  init_ok = 1;
}

static void lock(void) {
  if (serialize) pthread_mutex_lock(&mpi_lock);
}
static void unlock(void) {
  if (serialize) pthread_mutex_unlock(&mpi_lock);
}

static MPI_Datatype mpi_type(ncclDataType_t t) {
  switch (t) {
    case ncclInt8: return MPI_INT8_T;
    case ncclUint8: return MPI_UINT8_T;
    case ncclInt32: return MPI_INT32_T;
    case ncclUint32: return MPI_UINT32_T;
    case ncclInt64: return MPI_INT64_T;
    case ncclUint64: return MPI_UINT64_T;
    case ncclFloat32: return MPI_FLOAT;
    case ncclFloat64: return MPI_DOUBLE;
    case ncclFloat16: return small_types[0];
    case ncclBfloat16: return small_types[1];
    case ncclFloat8e4m3: return small_types[2];
    default: return small_types[3];
  }
}

static MPI_Op mpi_op(ncclDataType_t t, ncclRedOp_t op) {
  int small = t == ncclFloat16 || t == ncclBfloat16 ||
              t == ncclFloat8e4m3 || t == ncclFloat8e5m2;
  if (small) return small_ops[op];
  switch (op) {
    case ncclSum: return MPI_SUM;
    case ncclProd: return MPI_PROD;
    case ncclMax: return MPI_MAX;
    default: return MPI_MIN;
  }
}

typedef struct mpi_ctx {
  MPI_Comm comm;
  MPI_Comm ctl;  /* a duplicate for gpu_peer.c's exchanges at enqueue time,
                    so that they never match the operations in flight */
} mpi_ctx;

static MPI_Comm comm_of(ncclComm_t c) { return ((mpi_ctx*)c->ctx)->comm; }

ncclResult_t rccl__mpi_join(ncclComm_t comm, uint64_t key, int nranks,
                            int rank, int* single_process) {
  pthread_once(&init_once, init_mpi);
  if (!init_ok)
    return rccl__fail(ncclSystemError, "MPI could not be initialized");
  int world = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  *single_process = world == 1;
  if (world == 1) return ncclSuccess;
  if (nranks > world)
    return rccl__fail(ncclInvalidUsage, "%d ranks over %d MPI processes: "
                      "one rank per process is supported", nranks, world);
  mpi_ctx* x = calloc(1, sizeof *x);
  if (!x) return rccl__fail(ncclSystemError, "out of memory");
  lock();
  MPI_Comm c;
  int rc = MPI_Comm_split(MPI_COMM_WORLD, (int)(key & 0x7fffffff), rank, &c);
  int size = 0, me = -1, bad = 0;
  if (rc == MPI_SUCCESS) {
    MPI_Comm_size(c, &size);
    MPI_Comm_rank(c, &me);
    int mine = size != nranks || me != rank;
    MPI_Allreduce(&mine, &bad, 1, MPI_INT, MPI_MAX, c);
  }
  unlock();
  if (rc != MPI_SUCCESS) {
    free(x);
    return rccl__fail(ncclSystemError, "MPI_Comm_split failed");
  }
  if (bad) {
    lock();
    MPI_Comm_free(&c);
    unlock();
    free(x);
    return rccl__fail(ncclInvalidUsage, "the ranks do not agree: %d "
                      "processes joined, nranks %d, rank %d", size, nranks,
                      rank);
  }
  x->comm = c;
  lock();
  MPI_Comm_dup(c, &x->ctl);
  unlock();
  comm->ctx = x;
  comm->rank = rank;
  comm->nranks = nranks;
  atomic_fetch_add(&live_comms, 1);
  return ncclSuccess;
}

/* Waits for `n` requests: MPI_Waitall, or polling (see the top). */
static ncclResult_t wait_all(ncclComm_t comm, MPI_Request* req, int n,
                             int block) {
  int rc;
  if (block) {
    lock();
    rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    unlock();
  } else {
    /* MPI progresses inside its calls: test back to back (as MPI_Wait
     * itself polls), letting other threads have the core now and then. */
    for (unsigned i = 1;; ++i) {
      int done = 0;
      lock();
      rc = MPI_Testall(n, req, &done, MPI_STATUSES_IGNORE);
      unlock();
      if (rc != MPI_SUCCESS || done) break;
      if (atomic_load(&comm->aborted))
        return rccl__fail(ncclRemoteError, "aborted");
      if (i % 256 == 0) sched_yield();
    }
  }
  return rc == MPI_SUCCESS ? ncclSuccess
                           : rccl__fail(ncclRemoteError, "MPI failed");
}

static int fits(size_t n) { return n <= (size_t)INT_MAX; }

/* One collective, started; its request in `req`. `tmp` receives scratch
 * memory to free after the wait. */
static ncclResult_t start(ncclComm_t comm, const rccl_op* o,
                          MPI_Request* req, void** tmp, int block) {
  *req = MPI_REQUEST_NULL; /* a blocking call leaves nothing to wait for */
  MPI_Comm mc = comm_of(comm);
  MPI_Datatype t = mpi_type(o->type);
  size_t es = rccl__type_size(o->type), c = o->count;
  int n = comm->nranks, me = comm->rank, rc = MPI_SUCCESS;
  size_t big = o->kind == OP_ALLGATHER || o->kind == OP_REDUCESCATTER ||
                       o->kind == OP_ALLTOALL
                   ? c * (size_t)n
                   : c;
  if (!fits(big))
    return rccl__fail(ncclInvalidUsage, "%zu elements: more than MPI's "
                      "counts hold", big);
  const void* send = o->send;
  switch (o->kind) {
    case OP_ALLREDUCE:
      rc = block ? MPI_Allreduce(send == o->recv ? MPI_IN_PLACE : send,
                                 o->recv, (int)c, t, mpi_op(o->type, o->op),
                                 mc)
                 : MPI_Iallreduce(send == o->recv ? MPI_IN_PLACE : send,
                                  o->recv, (int)c, t, mpi_op(o->type, o->op),
                                  mc, req);
      break;
    case OP_REDUCE:
      if (me == o->root && send == o->recv) send = MPI_IN_PLACE;
      rc = block ? MPI_Reduce(send, o->recv, (int)c, t,
                              mpi_op(o->type, o->op), o->root, mc)
                 : MPI_Ireduce(send, o->recv, (int)c, t,
                               mpi_op(o->type, o->op), o->root, mc, req);
      break;
    case OP_BROADCAST:
      if (me == o->root && send != o->recv && c)
        memmove(o->recv, send, c * es);
      rc = block ? MPI_Bcast(o->recv, (int)c, t, o->root, mc)
                 : MPI_Ibcast(o->recv, (int)c, t, o->root, mc, req);
      break;
    case OP_ALLGATHER:
      if ((const char*)o->recv + (size_t)me * c * es == send)
        send = MPI_IN_PLACE;
      rc = block ? MPI_Allgather(send, (int)c, t, o->recv, (int)c, t, mc)
                 : MPI_Iallgather(send, (int)c, t, o->recv, (int)c, t, mc,
                                  req);
      break;
    case OP_REDUCESCATTER:
    case OP_ALLTOALL:
    case OP_ALLTOALLV: {
      /* MPI's input and output may not overlap: a copy when they do. */
      size_t in = big;
      if (o->kind == OP_ALLTOALLV) {
        in = 0;
        for (int k = 0; k < n; ++k)
          if (o->v[n + k] + o->v[k] > in) in = o->v[n + k] + o->v[k];
      }
      const char* s = send;
      char* d = o->recv;
      if (in && s < d + in * es && d < s + in * es) {
        *tmp = malloc(in * es);
        if (!*tmp) return rccl__fail(ncclSystemError, "out of memory");
        memcpy(*tmp, send, in * es);
        send = *tmp;
      }
      if (o->kind == OP_REDUCESCATTER) {
        rc = block ? MPI_Reduce_scatter_block(send, o->recv, (int)c, t,
                                              mpi_op(o->type, o->op), mc)
                   : MPI_Ireduce_scatter_block(send, o->recv, (int)c, t,
                                               mpi_op(o->type, o->op), mc,
                                               req);
      } else if (o->kind == OP_ALLTOALL) {
        rc = block ? MPI_Alltoall(send, (int)c, t, o->recv, (int)c, t, mc)
                   : MPI_Ialltoall(send, (int)c, t, o->recv, (int)c, t, mc,
                                   req);
      } else {
        int* v = malloc(4 * (size_t)n * sizeof *v);
        if (!v) return rccl__fail(ncclSystemError, "out of memory");
        for (int k = 0; k < 4 * n; ++k) {
          if (!fits(o->v[k])) {
            free(v);
            return rccl__fail(ncclInvalidUsage, "a count or displacement "
                              "is more than MPI's counts hold");
          }
          v[k] = (int)o->v[k];
        }
        rc = block ? MPI_Alltoallv(send, v, v + n, t, o->recv, v + 2 * n,
                                   v + 3 * n, t, mc)
                   : MPI_Ialltoallv(send, v, v + n, t, o->recv, v + 2 * n,
                                    v + 3 * n, t, mc, req);
        /* MPI-3 lets the arrays go once the call returns. */
        free(v);
      }
      break;
    }
  }
  return rc == MPI_SUCCESS ? ncclSuccess
                           : rccl__fail(ncclSystemError, "MPI failed");
}

/* A batch of sends and receives, [first, end): all posted, then waited
 * for together. Messages above 1 GiB go in pieces (MPI's int counts);
 * pieces between one pair keep their order. */
static ncclResult_t p2p(ncclComm_t comm, rccl_op* first, rccl_op* end) {
  const size_t piece = (size_t)1 << 30;
  int n = 0;
  for (rccl_op* o = first; o != end; o = o->next) {
    size_t b = o->count * rccl__type_size(o->type);
    n += b ? (int)((b + piece - 1) / piece) : 1;
  }
  MPI_Request* req = malloc((size_t)n * sizeof *req);
  if (!req) return rccl__fail(ncclSystemError, "out of memory");
  MPI_Comm mc = comm_of(comm);
  int k = 0, rc = MPI_SUCCESS;
  lock();
  for (rccl_op* o = first; o != end && rc == MPI_SUCCESS; o = o->next) {
    size_t b = o->count * rccl__type_size(o->type), off = 0;
    do {
      size_t m = b - off < piece ? b - off : piece;
      if (o->kind == OP_SEND)
        rc = MPI_Isend((const char*)o->send + off, (int)m, MPI_BYTE, o->root,
                       0, mc, &req[k++]);
      else
        rc = MPI_Irecv((char*)o->recv + off, (int)m, MPI_BYTE, o->root, 0, mc,
                       &req[k++]);
      off += m;
    } while (off < b && rc == MPI_SUCCESS);
  }
  unlock();
  ncclResult_t r = rc == MPI_SUCCESS
                       ? wait_all(comm, req, k, blocking())
                       : rccl__fail(ncclSystemError, "MPI failed");
  free(req);
  return r;
}

static ncclResult_t mpi_run(ncclComm_t comm, rccl_op* ops) {
  rccl_op* o = ops;
  while (o) {
    ncclResult_t r;
    if (o->kind == OP_SEND || o->kind == OP_RECV) {
      rccl_op* end = o;
      while (end && (end->kind == OP_SEND || end->kind == OP_RECV))
        end = end->next;
      r = p2p(comm, o, end);
      o = end;
    } else {
      MPI_Request req;
      void* tmp = NULL;
      int block = blocking();
      lock();
      r = start(comm, o, &req, &tmp, block);
      unlock();
      /* A blocking call is done: nothing to wait for. */
      if (r == ncclSuccess && req != MPI_REQUEST_NULL)
        r = wait_all(comm, &req, 1, block);
      free(tmp);
      o = o->next;
    }
    if (r != ncclSuccess) return r;
  }
  return ncclSuccess;
}

static ncclResult_t mpi_split(ncclComm_t parent, int color, int key,
                              ncclComm_t comm) {
  mpi_ctx* x = NULL;
  if (color >= 0 && !(x = calloc(1, sizeof *x)))
    return rccl__fail(ncclSystemError, "out of memory");
  MPI_Comm c = MPI_COMM_NULL;
  lock();
  int rc = MPI_Comm_split(comm_of(parent), color >= 0 ? color : MPI_UNDEFINED,
                          key, &c);
  int me = 0, size = 0;
  if (rc == MPI_SUCCESS && c != MPI_COMM_NULL) {
    MPI_Comm_rank(c, &me);
    MPI_Comm_size(c, &size);
  }
  unlock();
  if (rc != MPI_SUCCESS) {
    free(x);
    return rccl__fail(ncclSystemError, "MPI_Comm_split failed");
  }
  if (!x) return ncclSuccess;
  x->comm = c;
  lock();
  MPI_Comm_dup(c, &x->ctl);
  unlock();
  comm->ctx = x;
  comm->rank = me;
  comm->nranks = size;
  atomic_fetch_add(&live_comms, 1);
  return ncclSuccess;
}

static void mpi_destroy(ncclComm_t comm) {
  mpi_ctx* x = comm->ctx;
  if (!x) return;
  int done = 0;
  MPI_Finalized(&done);
  if (!done) {
    lock();
    MPI_Comm_free(&x->ctl);
    MPI_Comm_free(&x->comm);
    unlock();
  }
  free(x);
  comm->ctx = NULL;
  atomic_fetch_sub(&live_comms, 1);
}

/* gpu_peer.c: an all-gather of `bytes` per rank on the control duplicate,
 * from the thread that enqueues (polled: see wait_all). */
ncclResult_t rccl__mpi_ctl_allgather(ncclComm_t comm, const void* mine,
                                     void* all, size_t bytes) {
  mpi_ctx* x = comm->ctx;
  if (!x || !fits(bytes))
    return rccl__fail(ncclInternalError, "no MPI communicator");
  MPI_Request req;
  lock();
  int rc = MPI_Iallgather(mine, (int)bytes, MPI_BYTE, all, (int)bytes,
                          MPI_BYTE, x->ctl, &req);
  unlock();
  if (rc != MPI_SUCCESS)
    return rccl__fail(ncclRemoteError, "MPI_Iallgather failed");
  return wait_all(comm, &req, 1, 0);
}

/* gpu_peer.c: a barrier of the communicator's ranks, in a stream's host
 * function (the operations' own MPI communicator, in their order). */
ncclResult_t rccl__mpi_barrier(ncclComm_t comm) {
  if (blocking()) {
    lock();
    int rc = MPI_Barrier(comm_of(comm));
    unlock();
    return rc == MPI_SUCCESS ? ncclSuccess
                             : rccl__fail(ncclRemoteError, "MPI_Barrier");
  }
  MPI_Request req;
  lock();
  int rc = MPI_Ibarrier(comm_of(comm), &req);
  unlock();
  if (rc != MPI_SUCCESS)
    return rccl__fail(ncclRemoteError, "MPI_Ibarrier failed");
  return wait_all(comm, &req, 1, 0);
}

/* A collective may run on the calling thread (ops.c) while this process
 * has one MPI communicator, and the program makes no MPI call of its own
 * while it runs. One communicator: its operations are issued in the same
 * order on every rank, so the calling thread blocking in one until its
 * peers reach it is what a stream synchronize right after the call would
 * do; with several, ranks that issue them on different streams in
 * different orders would each wait in their first (NCCL asks for an order
 * that cannot deadlock, but its host calls never block). No MPI call of
 * the program's own: below MPI_THREAD_MULTIPLE the program may not call
 * MPI while operations are in flight anyway (see the top), and when this
 * library started MPI the program does not use it; with
 * MPI_THREAD_MULTIPLE of the program's asking, a peer may be waiting in
 * MPI for a message this rank sends after the call, before it
 * synchronizes. The calls go through the same lock as a worker's, and
 * MPI_THREAD_FUNNELED's thread is the user's. */
static int mpi_inline_ok(ncclComm_t comm) {
  (void)comm;
  return (serialize || we_initialized) && atomic_load(&live_comms) == 1;
}

static const rccl_transport mpi_transport = {
    .name = "mpi",
    .run = mpi_run,
    .split = mpi_split,
    .destroy = mpi_destroy,
    .abort = NULL,
    .inline_ok = mpi_inline_ok,
};

const rccl_transport* const rccl__mpi = &mpi_transport;
