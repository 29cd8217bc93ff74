/* The collective and point-to-point entry points, reduction operators and
 * groups.
 *
 * Each call checks its arguments, then becomes a batch of one operation
 * (a group's calls on one communicator and stream make one batch), which
 * runs as a host function on the stream (hipLaunchHostFunc): after the
 * work enqueued before it, before the work enqueued after it, never
 * blocking the calling thread. Batches of different communicators or
 * streams run independently; the ranks of a communicator meet inside
 * their batches (shm.c, mpi.c). */
#include <stdlib.h>
#include <string.h>

#include "hip/hip_ext.h"
#include "internal.h"

typedef struct task {
  struct task* next;
  ncclComm_t comm;
  hipStream_t stream;
  rccl_op* head;
  rccl_op* tail;
} task;

typedef struct deferred {
  struct deferred* next;
  ncclResult_t (*fn)(void*);
  void* arg;
  pthread_t thread;
  ncclResult_t result;
} deferred;

static _Thread_local int group_depth;
static _Thread_local task* group_tasks;
static _Thread_local deferred* group_deferred;
static _Thread_local ncclResult_t group_error;

int rccl__in_group(void) { return group_depth > 0; }

ncclResult_t rccl__group_defer(ncclResult_t (*fn)(void*), void* arg) {
  deferred* d = calloc(1, sizeof *d);
  if (!d) return rccl__fail(ncclSystemError, "out of memory");
  d->fn = fn;
  d->arg = arg;
  d->next = group_deferred;
  group_deferred = d;
  return ncclSuccess;
}

/* Runs the batch `t`; an error becomes the communicator's asynchronous
 * error (ncclCommGetAsyncError). */
static void task_exec(task* t) {
  ncclComm_t c = t->comm;
  if (atomic_load(&c->aborted)) return;
  ncclResult_t r = rccl__exec(c, t->head);
  if (r != ncclSuccess) {
    int none = ncclSuccess;
    atomic_compare_exchange_strong(&c->async_error, &none, (int)r);
  }
}

/* A batch's host function: runs the batch on the stream's worker. */
static void task_run(void* arg) {
  task* t = arg;
  ncclComm_t c = t->comm;
  task_exec(t);
  rccl__ops_free(t->head);
  free(t);
  atomic_fetch_sub(&c->pending, 1);
}

/* -- the inline path: a small collective on an idle stream of the CPU
 * device runs on the calling thread, as the stream's next operation
 * (hipc_launch_host_func_now), instead of as a host function that a
 * worker, or the thread that then synchronizes, picks up: no hand-off, no
 * wake-up. The stream keeps its order (work enqueued meanwhile waits for
 * it), and so does the communicator: only when none of its batches is
 * pending anywhere, so that its MPI calls come in the order the ranks
 * issued them, and only where the transport allows it (mpi.c: one MPI
 * communicator in the process, and no MPI call of the program's own while
 * it runs; never ranks of one process, which one thread may drive). The
 * call then returns once the collective is done, as if the caller had
 * synchronized the stream right after it. */

#define INLINE_MAX_DEFAULT ((size_t)64 << 10)

size_t rccl__inline_max(void) {
  const char* e = getenv("HIPC_RCCL_INLINE_MAX");
  if (!e || !*e) return INLINE_MAX_DEFAULT;
  char* end;
  unsigned long long v = strtoull(e, &end, 10);
  return *end ? INLINE_MAX_DEFAULT : (size_t)v;
}

/* Whether the call `o` of `c` (not in a group) may run on the calling
 * thread. */
static int may_inline(ncclComm_t c, const rccl_op* o) {
  if (c->gpu || !c->inline_max || !c->tr->inline_ok ||
      o->kind == OP_ALLTOALLV || o->kind == OP_SEND || o->kind == OP_RECV)
    return 0;
  size_t bytes = o->count * rccl__type_size(o->type);
  if (o->kind == OP_ALLGATHER || o->kind == OP_REDUCESCATTER ||
      o->kind == OP_ALLTOALL)
    bytes *= (size_t)c->nranks;
  return bytes <= c->inline_max && atomic_load(&c->pending) == 0 &&
         c->tr->inline_ok(c);
}

/* The inline path's host function: the batch lives on the caller's stack,
 * but for what its operation holds. */
static void task_run_here(void* arg) {
  task* t = arg;
  task_exec(t);
  free(t->head->temp);
  free(t->head->v);
  atomic_fetch_sub(&t->comm->pending, 1);
}

/* Runs the call `o` (on the caller's stack) of `c` on the calling thread
 * if it may and the stream is idle; 1 when it did. */
static int run_inline(ncclComm_t c, hipStream_t stream, rccl_op* o) {
  if (!may_inline(c, o)) return 0;
  int old = -1;
  hipGetDevice(&old); /* the null stream is the current device's */
  if (old != c->device) hipSetDevice(c->device);
  task t = {NULL, c, stream, o, o};
  atomic_fetch_add(&c->pending, 1);
  int ran = 0;
  /* A failure (a bad stream) leaves it to the usual path to report. */
  if (hipc_launch_host_func_now(stream, task_run_here, &t, &ran) !=
          hipSuccess ||
      !ran)
    atomic_fetch_sub(&c->pending, 1);
  if (old != c->device && old >= 0) hipSetDevice(old);
  return ran;
}

/* Puts the batch `t` on its stream, on the communicator's device. */
static ncclResult_t launch(task* t) {
  ncclComm_t c = t->comm;
  int old = -1;
  hipGetDevice(&old);
  if (old != c->device) hipSetDevice(c->device);
  rccl_gpu_stage st;
  hipStream_t stream = t->stream;
  if (c->gpu) {
    int peer = 0;
    ncclResult_t r = rccl__gpu_peer_run(c, stream, t->head, &peer);
    if (r != ncclSuccess || peer) {
      if (old != c->device && old >= 0) hipSetDevice(old);
      rccl__ops_free(t->head);
      free(t);
      return r;
    }
    r = rccl__gpu_stage_in(c, stream, t->head, &st);
    if (r != ncclSuccess) {
      if (old != c->device && old >= 0) hipSetDevice(old);
      rccl__ops_free(t->head);
      free(t);
      return r;
    }
  }
  atomic_fetch_add(&c->pending, 1);
  hipError_t e = hipLaunchHostFunc(stream, task_run, t);
  if (c->gpu) {
    ncclResult_t r = rccl__gpu_stage_out(stream, &st);
    if (r != ncclSuccess && e == hipSuccess) {
      if (old != c->device && old >= 0) hipSetDevice(old);
      return r;
    }
  }
  if (old != c->device && old >= 0) hipSetDevice(old);
  if (e != hipSuccess) {
    atomic_fetch_sub(&c->pending, 1);
    rccl__ops_free(t->head);
    free(t);
    return rccl__fail(ncclUnhandledCudaError, "the stream: %s",
                      hipGetErrorString(e));
  }
  return ncclSuccess;
}

/* Issues the call `o`, built on the caller's stack: inline, or copied to
 * the heap as a batch of its own or into the group's. */
static ncclResult_t submit(ncclComm_t comm, hipStream_t stream,
                           rccl_op* call) {
  if (group_depth == 0 && run_inline(comm, stream, call)) return ncclSuccess;
  rccl_op* o = malloc(sizeof *o);
  if (!o) {
    free(call->v);
    return rccl__fail(ncclSystemError, "out of memory");
  }
  *o = *call;
  if (group_depth > 0) {
    task* t = group_tasks;
    while (t && !(t->comm == comm && t->stream == stream)) t = t->next;
    if (!t) {
      t = calloc(1, sizeof *t);
      if (!t) {
        rccl__ops_free(o);
        return rccl__fail(ncclSystemError, "out of memory");
      }
      t->comm = comm;
      t->stream = stream;
      /* Batches launch in the order the group first named them. */
      task** p = &group_tasks;
      while (*p) p = &(*p)->next;
      *p = t;
    }
    if (t->tail) t->tail->next = o;
    else t->head = o;
    t->tail = o;
    return ncclSuccess;
  }
  task* t = calloc(1, sizeof *t);
  if (!t) {
    rccl__ops_free(o);
    return rccl__fail(ncclSystemError, "out of memory");
  }
  t->comm = comm;
  t->stream = stream;
  t->head = t->tail = o;
  return launch(t);
}

/* -- checks shared by the entry points */

static ncclResult_t check_comm(ncclComm_t comm) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument,
                      "comm is not a live communicator");
  if (atomic_load(&comm->aborted))
    return rccl__fail(ncclInvalidUsage, "the communicator was aborted");
  return ncclSuccess;
}

static ncclResult_t check_type(ncclDataType_t t) {
  if ((unsigned)t >= ncclNumTypes)
    return rccl__fail(ncclInvalidArgument, "datatype %d is not a type",
                      (int)t);
  return ncclSuccess;
}

/* Fills o->op, and o->premul with its scalar, from `op`. */
static ncclResult_t check_op(ncclComm_t comm, ncclRedOp_t op,
                             ncclDataType_t t, rccl_op* o) {
  if ((unsigned)op < ncclNumOps) {
    o->op = op;
    return ncclSuccess;
  }
  unsigned i = (unsigned)op - ncclNumOps;
  ncclResult_t r = ncclSuccess;
  pthread_mutex_lock(&comm->lock);
  if ((unsigned)op < ncclNumOps || i >= RCCL_MAX_REDOPS ||
      !comm->redops[i].used) {
    r = rccl__fail(ncclInvalidArgument, "op %d is not an operator",
                   (int)op);
  } else if (comm->redops[i].type != t) {
    r = rccl__fail(ncclInvalidArgument,
                   "op %d was made for datatype %d, not %d", (int)op,
                   (int)comm->redops[i].type, (int)t);
  } else {
    o->op = ncclSum;
    o->premul = 1;
    memcpy(o->scalar, comm->redops[i].value, sizeof o->scalar);
    o->scalar_ptr = comm->redops[i].residence == ncclScalarDevice
                        ? comm->redops[i].ptr
                        : NULL;
  }
  pthread_mutex_unlock(&comm->lock);
  return r;
}

static ncclResult_t check_rank(ncclComm_t comm, int r, const char* what) {
  if (r < 0 || r >= comm->nranks)
    return rccl__fail(ncclInvalidArgument, "%s %d is not in [0, %d)", what,
                      r, comm->nranks);
  return ncclSuccess;
}

static ncclResult_t check_buf(const void* p, size_t count, const char* what) {
  if (!p && count)
    return rccl__fail(ncclInvalidArgument, "%s is NULL", what);
  return ncclSuccess;
}

#define TRY(x)                                                             \
  do {                                                                     \
    ncclResult_t try_r_ = (x);                                             \
    if (try_r_ != ncclSuccess) {                                           \
      if (group_depth > 0) group_error = try_r_;                           \
      if (o) free(o->v);                                                   \
      return try_r_;                                                       \
    }                                                                      \
  } while (0)

/* A call's operation, on the entry point's stack (submit copies it to
 * the heap unless it runs inline). */
static rccl_op op_init(int kind, const void* send, void* recv, size_t count,
                       ncclDataType_t type, int root) {
  rccl_op o;
  memset(&o, 0, sizeof o);
  o.kind = kind;
  o.send = send;
  o.recv = recv;
  o.count = count;
  o.type = type;
  o.root = root;
  return o;
}

#define NEW_OP(...)                                                        \
  rccl_op call_ = op_init(__VA_ARGS__);                                    \
  rccl_op* o = &call_

RCCL_API ncclResult_t ncclAllReduce(const void* sendbuff, void* recvbuff,
                                    size_t count, ncclDataType_t datatype,
                                    ncclRedOp_t op, ncclComm_t comm,
                                    hipStream_t stream) {
  NEW_OP(OP_ALLREDUCE, sendbuff, recvbuff, count, datatype, 0);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_op(comm, op, datatype, o));
  TRY(check_buf(sendbuff, count, "sendbuff"));
  TRY(check_buf(recvbuff, count, "recvbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclReduce(const void* sendbuff, void* recvbuff,
                                 size_t count, ncclDataType_t datatype,
                                 ncclRedOp_t op, int root, ncclComm_t comm,
                                 hipStream_t stream) {
  NEW_OP(OP_REDUCE, sendbuff, recvbuff, count, datatype, root);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_op(comm, op, datatype, o));
  TRY(check_rank(comm, root, "root"));
  TRY(check_buf(sendbuff, count, "sendbuff"));
  if (comm->rank == root) TRY(check_buf(recvbuff, count, "recvbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclBroadcast(const void* sendbuff, void* recvbuff,
                                    size_t count, ncclDataType_t datatype,
                                    int root, ncclComm_t comm,
                                    hipStream_t stream) {
  NEW_OP(OP_BROADCAST, sendbuff, recvbuff, count, datatype, root);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_rank(comm, root, "root"));
  if (comm->rank == root) TRY(check_buf(sendbuff, count, "sendbuff"));
  TRY(check_buf(recvbuff, count, "recvbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclBcast(void* buff, size_t count,
                                ncclDataType_t datatype, int root,
                                ncclComm_t comm, hipStream_t stream) {
  return ncclBroadcast(buff, buff, count, datatype, root, comm, stream);
}

RCCL_API ncclResult_t ncclAllGather(const void* sendbuff, void* recvbuff,
                                    size_t sendcount,
                                    ncclDataType_t datatype,
                                    ncclComm_t comm, hipStream_t stream) {
  NEW_OP(OP_ALLGATHER, sendbuff, recvbuff, sendcount, datatype, 0);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_buf(sendbuff, sendcount, "sendbuff"));
  TRY(check_buf(recvbuff, sendcount, "recvbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclReduceScatter(const void* sendbuff, void* recvbuff,
                                        size_t recvcount,
                                        ncclDataType_t datatype,
                                        ncclRedOp_t op, ncclComm_t comm,
                                        hipStream_t stream) {
  NEW_OP(OP_REDUCESCATTER, sendbuff, recvbuff, recvcount, datatype, 0);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_op(comm, op, datatype, o));
  TRY(check_buf(sendbuff, recvcount, "sendbuff"));
  TRY(check_buf(recvbuff, recvcount, "recvbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclAllToAll(const void* sendbuff, void* recvbuff,
                                   size_t count, ncclDataType_t datatype,
                                   ncclComm_t comm, hipStream_t stream) {
  NEW_OP(OP_ALLTOALL, sendbuff, recvbuff, count, datatype, 0);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_buf(sendbuff, count, "sendbuff"));
  TRY(check_buf(recvbuff, count, "recvbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclAllToAllv(const void* sendbuff,
                                    const size_t sendcounts[],
                                    const size_t sdispls[], void* recvbuff,
                                    const size_t recvcounts[],
                                    const size_t rdispls[],
                                    ncclDataType_t datatype, ncclComm_t comm,
                                    hipStream_t stream) {
  NEW_OP(OP_ALLTOALLV, sendbuff, recvbuff, 0, datatype, 0);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  if (!sendcounts || !sdispls || !recvcounts || !rdispls)
    TRY(rccl__fail(ncclInvalidArgument, "a count or displacement array "
                   "is NULL"));
  size_t n = (size_t)comm->nranks, sends = 0, recvs = 0;
  for (size_t i = 0; i < n; ++i) {
    sends += sendcounts[i];
    recvs += recvcounts[i];
  }
  TRY(check_buf(sendbuff, sends, "sendbuff"));
  TRY(check_buf(recvbuff, recvs, "recvbuff"));
  o->v = malloc(4 * n * sizeof *o->v);
  if (!o->v) TRY(rccl__fail(ncclSystemError, "out of memory"));
  memcpy(o->v, sendcounts, n * sizeof *o->v);
  memcpy(o->v + n, sdispls, n * sizeof *o->v);
  memcpy(o->v + 2 * n, recvcounts, n * sizeof *o->v);
  memcpy(o->v + 3 * n, rdispls, n * sizeof *o->v);
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclSend(const void* sendbuff, size_t count,
                               ncclDataType_t datatype, int peer,
                               ncclComm_t comm, hipStream_t stream) {
  NEW_OP(OP_SEND, sendbuff, NULL, count, datatype, peer);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_rank(comm, peer, "peer"));
  TRY(check_buf(sendbuff, count, "sendbuff"));
  return submit(comm, stream, o);
}

RCCL_API ncclResult_t ncclRecv(void* recvbuff, size_t count,
                               ncclDataType_t datatype, int peer,
                               ncclComm_t comm, hipStream_t stream) {
  NEW_OP(OP_RECV, NULL, recvbuff, count, datatype, peer);
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  TRY(check_rank(comm, peer, "peer"));
  TRY(check_buf(recvbuff, count, "recvbuff"));
  return submit(comm, stream, o);
}

/* -- reduction operators */

RCCL_API ncclResult_t ncclRedOpCreatePreMulSum(
    ncclRedOp_t* op, void* scalar, ncclDataType_t datatype,
    ncclScalarResidence_t residence, ncclComm_t comm) {
  rccl_op* o = NULL;
  TRY(check_comm(comm));
  TRY(check_type(datatype));
  if (!op || !scalar)
    return rccl__fail(ncclInvalidArgument, "op or scalar is NULL");
  if (residence != ncclScalarDevice && residence != ncclScalarHostImmediate)
    return rccl__fail(ncclInvalidArgument, "residence %d is not one",
                      (int)residence);
  ncclResult_t r = rccl__fail(ncclInvalidUsage, "too many operators");
  pthread_mutex_lock(&comm->lock);
  for (int i = 0; i < RCCL_MAX_REDOPS; ++i) {
    if (comm->redops[i].used) continue;
    comm->redops[i].used = 1;
    comm->redops[i].type = datatype;
    comm->redops[i].residence = residence;
    comm->redops[i].ptr = scalar;
    memset(comm->redops[i].value, 0, sizeof comm->redops[i].value);
    if (residence == ncclScalarHostImmediate)
      memcpy(comm->redops[i].value, scalar, rccl__type_size(datatype));
    *op = (ncclRedOp_t)(ncclNumOps + i);
    r = ncclSuccess;
    break;
  }
  pthread_mutex_unlock(&comm->lock);
  return r;
}

RCCL_API ncclResult_t ncclRedOpDestroy(ncclRedOp_t op, ncclComm_t comm) {
  rccl_op* o = NULL;
  TRY(check_comm(comm));
  unsigned i = (unsigned)op - ncclNumOps;
  ncclResult_t r = ncclSuccess;
  pthread_mutex_lock(&comm->lock);
  if ((unsigned)op < ncclNumOps || i >= RCCL_MAX_REDOPS ||
      !comm->redops[i].used)
    r = rccl__fail(ncclInvalidArgument, "op %d is not a created operator",
                   (int)op);
  else
    comm->redops[i].used = 0;
  pthread_mutex_unlock(&comm->lock);
  return r;
}

/* -- groups */

RCCL_API ncclResult_t ncclGroupStart(void) {
  if (group_depth++ == 0) group_error = ncclSuccess;
  return ncclSuccess;
}

static void* deferred_main(void* arg) {
  deferred* d = arg;
  d->result = d->fn(d->arg);
  return NULL;
}

RCCL_API ncclResult_t ncclGroupEnd(void) {
  if (group_depth == 0)
    return rccl__fail(ncclInvalidUsage, "ncclGroupEnd without "
                      "ncclGroupStart");
  if (--group_depth > 0) return ncclSuccess;
  ncclResult_t r = group_error;
  /* Blocking steps (splits) first, all at once: one thread may stand for
   * every rank of a communicator. */
  deferred* d = group_deferred;
  group_deferred = NULL;
  for (deferred* p = d; p; p = p->next)
    if (pthread_create(&p->thread, NULL, deferred_main, p) != 0) {
      p->thread = 0;
      p->result = p->fn(p->arg);
    }
  while (d) {
    deferred* next = d->next;
    if (d->thread) pthread_join(d->thread, NULL);
    if (d->result != ncclSuccess && r == ncclSuccess) r = d->result;
    free(d);
    d = next;
  }
  task* t = group_tasks;
  group_tasks = NULL;
  /* Cliques of GPUs whose ranks are all here go device to device. */
  int n = 0;
  for (task* p = t; p; p = p->next) n++;
  rccl_batch* b = n > 1 ? calloc((size_t)n, sizeof *b) : NULL;
  if (b) {
    int i = 0;
    for (task* p = t; p; p = p->next, ++i)
      b[i] = (rccl_batch){p->comm, p->stream, p->head, 0};
    ncclResult_t e = rccl__gpu_direct_run(b, n);
    if (e != ncclSuccess && r == ncclSuccess) r = e;
    task** p = &t;
    for (i = 0; *p; ++i) {
      task* q = *p;
      if (b[i].taken != 1) {
        p = &q->next;
        continue;
      }
      *p = q->next;
      rccl__ops_free(q->head);
      free(q);
    }
    free(b);
  }
  while (t) {
    task* next = t->next;
    t->next = NULL;
    ncclResult_t e = launch(t);
    if (e != ncclSuccess && r == ncclSuccess) r = e;
    t = next;
  }
  return r;
}
