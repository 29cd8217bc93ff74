/* Internal interface of librccl (src/lib/rccl): communicators, the
 * operations queued on streams, and the two transports under them.
 *
 *   comm.c      communicators: ids, init, split, destroy, queries, errors
 *   ops.c       the collective and point-to-point entry points, groups
 *   exec.c      runs a stream's batch of operations (on the stream, as a
 *               host function): pre-multiplication, averages, transport
 *   reduce.c    element-wise reductions for every datatype
 *   shm.c       ranks of one process: shared memory
 *   mpi.c       ranks in several processes: MPI (no_mpi.c without it)
 *   gpu_stage.c communicators on NVIDIA GPUs: buffers staged through
 *               pinned host memory around a batch, in stream order
 *   gpu_peer.c  ranks of one node on peer GPUs: all-reduce GPU to GPU over
 *               CUDA IPC (peer_kernels.hip reduces)
 *   gpu_direct.c  ranks of one process on several GPUs, all in one group:
 *               every collective device to device (peer copies, kernels
 *               reading peer memory), ordered by events */
#ifndef HIPC_RCCL_INTERNAL_H
#define HIPC_RCCL_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "rccl/rccl.h"
#include <hip/hip_runtime_api.h>

#define RCCL_API __attribute__((visibility("default")))

enum {
  OP_ALLREDUCE,
  OP_BROADCAST,
  OP_REDUCE,
  OP_ALLGATHER,
  OP_REDUCESCATTER,
  OP_ALLTOALL,
  OP_ALLTOALLV,
  OP_SEND,
  OP_RECV
};

/* One operation as a rank issued it. Reductions reach the transports as
 * sum, prod, max or min only (exec.c turns avg and pre-multiplied sums
 * into sums). */
typedef struct rccl_op {
  struct rccl_op* next;
  int kind;
  const void* send;
  void* recv;
  size_t count;        /* elements: per rank for allgather (sent) and
                          reduce-scatter (received), per peer for
                          all-to-all */
  ncclDataType_t type;
  ncclRedOp_t op;
  int premul;          /* a pre-multiplied sum: `scalar` or `scalar_ptr` */
  unsigned char scalar[8];
  const void* scalar_ptr;
  int root;            /* the root, or the peer of a send / receive */
  int avg;             /* exec.c: divide the result by nranks */
  void* temp;          /* exec.c: the pre-multiplied input */
  size_t* v;           /* all-to-all-v: sendcounts, sdispls, recvcounts,
                          rdispls, nranks each */
} rccl_op;

typedef struct rccl_transport rccl_transport;

#define RCCL_MAX_REDOPS 64

struct ncclComm {
  uint32_t magic;
  int rank, nranks, device;
  int gpu;                    /* the device is a GPU (gpu_stage.c) */
  int cpu_device;             /* it is the CPU device (staged for tests) */
  void* peer;                 /* gpu_peer.c's state, or NULL */
  void* direct;               /* gpu_direct.c's state, or NULL */
  const rccl_transport* tr;
  void* ctx;                  /* the transport's */
  atomic_int pending;         /* batches on streams, not yet run */
  atomic_int async_error;     /* ncclResult_t */
  atomic_int aborted;
  size_t inline_max;          /* ops.c: HIPC_RCCL_INLINE_MAX, read at init */
  pthread_mutex_t lock;       /* guards redops */
  struct {
    int used;
    ncclDataType_t type;
    ncclScalarResidence_t residence;
    unsigned char value[8];
    const void* ptr;
  } redops[RCCL_MAX_REDOPS];
};

struct rccl_transport {
  const char* name;
  /* Runs `ops` in order on the calling thread (a stream's host function):
   * a run of consecutive sends and receives is one batch whose order does
   * not matter. Returns the first error. */
  ncclResult_t (*run)(ncclComm_t comm, rccl_op* ops);
  /* The rank `comm` gets in the communicator `color` of `parent`, ordered
   * by `key` (ncclCommSplit): fills comm->rank, nranks, ctx. Collective
   * over `parent`, blocking. color < 0: takes part, gets nothing. */
  ncclResult_t (*split)(ncclComm_t parent, int color, int key,
                        ncclComm_t comm);
  void (*destroy)(ncclComm_t comm);
  /* Wakes whatever waits on the communicator (ncclCommAbort). */
  void (*abort)(ncclComm_t comm);
  /* Optional: whether a collective of `comm` may run on the thread that
   * calls it (ops.c's inline path) as far as the transport goes. */
  int (*inline_ok)(ncclComm_t comm);
};

extern const rccl_transport rccl__shm;
/* The clique of a communicator of the shared-memory transport (the same
 * pointer for all its ranks), or NULL for another transport. */
const void* rccl__shm_clique(ncclComm_t comm);
/* NULL when the library was built without MPI. */
extern const rccl_transport* const rccl__mpi;

/* -- comm.c */
#define RCCL_COMM_MAGIC 0x52434c43u
/* Whether `comm` is a live communicator. */
int rccl__comm_valid(ncclComm_t comm);
/* Records why the last call failed (ncclGetLastError) and returns `r`. */
ncclResult_t rccl__fail(ncclResult_t r, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
ncclComm_t rccl__comm_new(int device);

/* -- ops.c: the inline path's bound, HIPC_RCCL_INLINE_MAX bytes */
size_t rccl__inline_max(void);

/* -- ops.c: groups */
int rccl__in_group(void);
/* Defers a blocking, collective step to ncclGroupEnd, which runs every
 * deferred step of the group at once on threads of its own. */
ncclResult_t rccl__group_defer(ncclResult_t (*fn)(void*), void* arg);

/* -- exec.c */
/* Runs a batch on the calling thread (see rccl_transport.run), with
 * averages and pre-multiplied sums worked out around the transport. */
ncclResult_t rccl__exec(ncclComm_t comm, rccl_op* ops);
void rccl__ops_free(rccl_op* ops);

/* -- gpu_stage.c */
typedef struct rccl_gpu_stage {
  void* block;
  void* plans;
  size_t nplans;
} rccl_gpu_stage;
/* Enqueues on `stream` the copies of the batch's device inputs into a
 * pinned block and points `ops` at the block. */
ncclResult_t rccl__gpu_stage_in(ncclComm_t comm, hipStream_t stream,
                                rccl_op* ops, rccl_gpu_stage* st);
/* After the batch's host function: enqueues the copies of its results
 * back and the block's release. */
ncclResult_t rccl__gpu_stage_out(hipStream_t stream, rccl_gpu_stage* st);

/* -- mpi.c (no_mpi.c: ncclInternalError), for gpu_peer.c */
ncclResult_t rccl__mpi_ctl_allgather(ncclComm_t comm, const void* mine,
                                     void* all, size_t bytes);
ncclResult_t rccl__mpi_barrier(ncclComm_t comm);

/* -- gpu_peer.c */
/* The GPU-to-GPU path of an all-reduce across processes of one node:
 * *done 1 when it enqueued the batch `ops` on `stream` (else stage it). */
ncclResult_t rccl__gpu_peer_run(ncclComm_t comm, hipStream_t stream,
                                rccl_op* ops, int* done);
/* Closes the peers' buffers the communicator opened. */
void rccl__gpu_peer_free(ncclComm_t comm);

/* -- gpu_direct.c */
/* One communicator's batch of a group (ops.c). */
typedef struct rccl_batch {
  ncclComm_t comm;
  hipStream_t stream;
  rccl_op* ops;
  int taken;  /* gpu_direct.c: 1 enqueued (the caller frees `ops`), 2 to
                 be staged, 0 not looked at */
} rccl_batch;
/* Enqueues device to device every clique of GPU communicators of one
 * process whose ranks all have a batch among `b` (one each) and whose
 * batches fit, marking them taken; the others are left to the caller. */
ncclResult_t rccl__gpu_direct_run(rccl_batch* b, int n);
/* Releases the communicator's events. */
void rccl__gpu_direct_free(ncclComm_t comm);

/* -- reduce.c */
size_t rccl__type_size(ncclDataType_t t);
/* dst[i] = dst[i] op src[i] for `n` elements; op: sum, prod, max, min. */
void rccl__reduce(void* dst, const void* src, size_t n, ncclDataType_t t,
                  ncclRedOp_t op);
/* dst[i] = src[i] * scalar (a value of type t). */
void rccl__scale(void* dst, const void* src, size_t n, ncclDataType_t t,
                 const void* scalar);
/* buf[i] /= divisor (integer division for integer types). */
void rccl__divide(void* buf, size_t n, ncclDataType_t t, int divisor);

#endif /* HIPC_RCCL_INTERNAL_H */
