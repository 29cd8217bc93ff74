/* Communicators: unique ids, init, split, finalize/destroy/abort, the
 * queries, error strings and the last error.
 *
 * A unique id names a communicator: "hipcRCCL", whether it spans
 * processes (made under MPI: an MPI launcher's variables were set, or MPI
 * was initialized), a random nonce and the creating process's id. Ranks
 * of one process meet through it in shm.c; ranks of several processes in
 * mpi.c, which splits MPI's world by it. Live communicators are kept in a
 * list, so that a destroyed one is recognized (ncclInvalidArgument), not
 * dereferenced. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

/* -- the last error */

static pthread_mutex_t err_lock = PTHREAD_MUTEX_INITIALIZER;
static char last_error[256];

ncclResult_t rccl__fail(ncclResult_t r, const char* fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  pthread_mutex_lock(&err_lock);
  snprintf(last_error, sizeof last_error, "%s", msg);
  pthread_mutex_unlock(&err_lock);
  return r;
}

RCCL_API const char* ncclGetLastError(ncclComm_t comm) {
  (void)comm; /* one message for the process, as NCCL keeps it */
  static _Thread_local char copy[256];
  pthread_mutex_lock(&err_lock);
  snprintf(copy, sizeof copy, "%s", last_error);
  pthread_mutex_unlock(&err_lock);
  return copy;
}

RCCL_API const char* ncclGetErrorString(ncclResult_t r) {
  switch (r) {
    case ncclSuccess: return "no error";
    case ncclUnhandledCudaError:
      return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
    case ncclSystemError:
      return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
    case ncclInternalError:
      return "internal error - please report this issue to the NCCL "
             "developers";
    case ncclInvalidArgument: return "invalid argument";
    case ncclInvalidUsage: return "invalid usage";
    case ncclRemoteError:
      return "remote process exited or there was a network error";
    case ncclInProgress: return "NCCL operation in progress";
    default: return "unknown result code";
  }
}

RCCL_API ncclResult_t ncclGetVersion(int* version) {
  if (!version) return rccl__fail(ncclInvalidArgument, "version is NULL");
  *version = NCCL_VERSION_CODE;
  return ncclSuccess;
}

/* -- the list of live communicators */

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static ncclComm_t* live;
static size_t nlive, cap;

int rccl__comm_valid(ncclComm_t comm) {
  if (!comm) return 0;
  pthread_mutex_lock(&list_lock);
  int found = 0;
  for (size_t i = 0; i < nlive && !found; ++i) found = live[i] == comm;
  pthread_mutex_unlock(&list_lock);
  return found;
}

ncclComm_t rccl__comm_new(int device) {
  ncclComm_t c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->magic = RCCL_COMM_MAGIC;
  c->device = device;
  c->inline_max = rccl__inline_max();
  pthread_mutex_init(&c->lock, NULL);
  pthread_mutex_lock(&list_lock);
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    ncclComm_t* n = realloc(live, ncap * sizeof *n);
    if (!n) {
      pthread_mutex_unlock(&list_lock);
      free(c);
      return NULL;
    }
    live = n;
    cap = ncap;
  }
  live[nlive++] = c;
  pthread_mutex_unlock(&list_lock);
  return c;
}

static void comm_free(ncclComm_t c) {
  pthread_mutex_lock(&list_lock);
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == c) {
      live[i] = live[--nlive];
      break;
    }
  pthread_mutex_unlock(&list_lock);
  rccl__gpu_peer_free(c);
  rccl__gpu_direct_free(c);
  if (c->tr) c->tr->destroy(c);
  pthread_mutex_destroy(&c->lock);
  c->magic = 0;
  free(c);
}

/* -- unique ids */

typedef struct id_layout {
  char magic[8];
  uint32_t spans_processes;
  uint32_t pid;
  uint64_t nonce;
} id_layout;

static int under_mpi_launcher(void) {
  static const char* const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE",
                                     "PMIX_RANK", "MPI_LOCALNRANKS", NULL};
  for (int i = 0; vars[i]; ++i) {
    const char* v = getenv(vars[i]);
    if (v && *v) return 1;
  }
  return 0;
}

RCCL_API ncclResult_t ncclGetUniqueId(ncclUniqueId* uniqueId) {
  if (!uniqueId) return rccl__fail(ncclInvalidArgument, "uniqueId is NULL");
  id_layout l;
  memset(&l, 0, sizeof l);
  memcpy(l.magic, "hipcRCCL", 8);
  l.spans_processes = rccl__mpi && under_mpi_launcher();
  l.pid = (uint32_t)getpid();
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  static atomic_ulong counter;
  l.nonce = ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)ts.tv_sec ^
            ((uint64_t)l.pid << 40) ^
            atomic_fetch_add(&counter, 1) * 0x9e3779b97f4a7c15ull;
  memset(uniqueId, 0, sizeof *uniqueId);
  memcpy(uniqueId->internal, &l, sizeof l);
  return ncclSuccess;
}

/* The transport context each transport makes from an id (shm.c, mpi.c). */
ncclResult_t rccl__shm_join(ncclComm_t comm, uint64_t key, int nranks,
                            int rank);
ncclResult_t rccl__mpi_join(ncclComm_t comm, uint64_t key, int nranks,
                            int rank, int* single_process);

static ncclResult_t init_rank(ncclComm_t* out, int nranks,
                              const ncclUniqueId* id, int rank, int device) {
  id_layout l;
  memcpy(&l, id->internal, sizeof l);
  if (memcmp(l.magic, "hipcRCCL", 8) != 0)
    return rccl__fail(ncclInvalidArgument,
                      "the unique id does not come from ncclGetUniqueId");
  /* The transports read and write memory from the host: a GPU's buffers
   * are staged through pinned memory (gpu_stage.c). */
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, device) != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "device %d", device);
  ncclComm_t c = rccl__comm_new(device);
  if (!c) return rccl__fail(ncclSystemError, "out of memory");
  /* HIPC_RCCL_STAGE=1 stages a CPU device's buffers as a GPU's (tests). */
  const char* force = getenv("HIPC_RCCL_STAGE");
  c->gpu = strcmp(p.gcnArchName, "hipc-cpu") != 0 ||
           (force != NULL && strcmp(force, "1") == 0);
  c->cpu_device = strcmp(p.gcnArchName, "hipc-cpu") == 0;
  ncclResult_t r = ncclInvalidUsage;
  int single = 1;
  if (l.spans_processes && rccl__mpi) {
    r = rccl__mpi_join(c, l.nonce, nranks, rank, &single);
    if (r == ncclSuccess && !single) c->tr = rccl__mpi;
  }
  if (single) {
    r = rccl__shm_join(c, l.nonce, nranks, rank);
    if (r == ncclSuccess) c->tr = &rccl__shm;
  }
  if (r != ncclSuccess) {
    comm_free(c);
    return r;
  }
  *out = c;
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommInitRankConfig(ncclComm_t* comm, int nranks,
                                             ncclUniqueId commId, int rank,
                                             ncclConfig_t* config) {
  if (!comm) return rccl__fail(ncclInvalidArgument, "comm is NULL");
  if (nranks < 1)
    return rccl__fail(ncclInvalidArgument, "nranks %d is not positive",
                      nranks);
  if (rank < 0 || rank >= nranks)
    return rccl__fail(ncclInvalidArgument, "rank %d is not in [0, %d)",
                      rank, nranks);
  if (config && config->magic != 0xcafebeef)
    return rccl__fail(ncclInvalidArgument,
                      "config was not set up with NCCL_CONFIG_INITIALIZER");
  int device;
  if (hipGetDevice(&device) != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "no current device");
  return init_rank(comm, nranks, &commId, rank, device);
}

RCCL_API ncclResult_t ncclCommInitRank(ncclComm_t* comm, int nranks,
                                       ncclUniqueId commId, int rank) {
  return ncclCommInitRankConfig(comm, nranks, commId, rank, NULL);
}

RCCL_API ncclResult_t ncclCommInitAll(ncclComm_t* comms, int ndev,
                                      const int* devlist) {
  if (!comms) return rccl__fail(ncclInvalidArgument, "comms is NULL");
  if (ndev < 1)
    return rccl__fail(ncclInvalidArgument, "ndev %d is not positive", ndev);
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "no device");
  for (int i = 0; i < ndev; ++i) {
    int d = devlist ? devlist[i] : i;
    if (d < 0 || d >= count)
      return rccl__fail(ncclInvalidArgument,
                        "device %d is not one of the %d devices", d, count);
    for (int j = 0; j < i && devlist; ++j)
      if (devlist[j] == d)
        return rccl__fail(ncclInvalidUsage, "device %d is listed twice", d);
  }
  ncclUniqueId id;
  ncclGetUniqueId(&id);
  id_layout l;
  memcpy(&l, id.internal, sizeof l);
  l.spans_processes = 0; /* these ranks are all here */
  memcpy(id.internal, &l, sizeof l);
  for (int i = 0; i < ndev; ++i) {
    ncclResult_t r = init_rank(&comms[i], ndev, &id, i,
                               devlist ? devlist[i] : i);
    if (r != ncclSuccess) {
      for (int j = 0; j < i; ++j) comm_free(comms[j]);
      return r;
    }
  }
  return ncclSuccess;
}

/* -- split: collective over the parent; inside a group, every split of
 *    the group runs at ncclGroupEnd, at once (one thread may drive all
 *    the ranks of a process). */

typedef struct split_args {
  ncclComm_t parent, comm;
  int color, key;
} split_args;

/* `a->comm` receives the result; with no color it is a scratch object,
 * freed here. */
static ncclResult_t run_split(void* arg) {
  split_args* a = arg;
  ncclResult_t r = a->parent->tr->split(a->parent, a->color, a->key,
                                        a->comm);
  if (a->color < 0) {
    free(a->comm);
  } else if (r == ncclSuccess) {
    a->comm->tr = a->parent->tr;
  } else {
    atomic_store(&a->comm->async_error, r);
  }
  free(a);
  return r;
}

RCCL_API ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key,
                                    ncclComm_t* newcomm,
                                    ncclConfig_t* config) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!newcomm) return rccl__fail(ncclInvalidArgument, "newcomm is NULL");
  if (color < NCCL_SPLIT_NOCOLOR)
    return rccl__fail(ncclInvalidArgument, "color %d is negative", color);
  if (config && config->magic != 0xcafebeef)
    return rccl__fail(ncclInvalidArgument,
                      "config was not set up with NCCL_CONFIG_INITIALIZER");
  split_args* a = malloc(sizeof *a);
  ncclComm_t c = color >= 0 ? rccl__comm_new(comm->device) : NULL;
  if (c) {
    c->gpu = comm->gpu;
    c->cpu_device = comm->cpu_device;
  }
  ncclComm_t target = c ? c : calloc(1, sizeof *target);
  if (!a || !target) {
    free(a);
    if (c) comm_free(c);
    else free(target);
    return rccl__fail(ncclSystemError, "out of memory");
  }
  *a = (split_args){comm, target, color, key};
  *newcomm = c;
  if (rccl__in_group()) return rccl__group_defer(run_split, a);
  ncclResult_t r = run_split(a);
  if (r != ncclSuccess && c) {
    comm_free(c);
    *newcomm = NULL;
  }
  return r;
}

/* -- ends of a communicator */

/* Waits until the batches enqueued on streams have run. */
static void drain(ncclComm_t comm) {
  struct timespec ts = {0, 50000};
  while (atomic_load(&comm->pending) > 0 && !atomic_load(&comm->aborted))
    nanosleep(&ts, NULL);
}

RCCL_API ncclResult_t ncclCommFinalize(ncclComm_t comm) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  drain(comm);
  return (ncclResult_t)atomic_load(&comm->async_error);
}

RCCL_API ncclResult_t ncclCommDestroy(ncclComm_t comm) {
  if (!comm) return ncclSuccess; /* NCCL accepts NULL */
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  drain(comm);
  comm_free(comm);
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommAbort(ncclComm_t comm) {
  if (!comm) return ncclSuccess;
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  atomic_store(&comm->aborted, 1);
  if (comm->tr && comm->tr->abort) comm->tr->abort(comm);
  /* Batches still queued see the abort and return at once. */
  struct timespec ts = {0, 50000};
  while (atomic_load(&comm->pending) > 0) nanosleep(&ts, NULL);
  comm_free(comm);
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommGetAsyncError(ncclComm_t comm,
                                            ncclResult_t* asyncError) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!asyncError)
    return rccl__fail(ncclInvalidArgument, "asyncError is NULL");
  *asyncError = (ncclResult_t)atomic_load(&comm->async_error);
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommCount(const ncclComm_t comm, int* count) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!count) return rccl__fail(ncclInvalidArgument, "count is NULL");
  *count = comm->nranks;
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int* device) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!device) return rccl__fail(ncclInvalidArgument, "device is NULL");
  *device = comm->device;
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommUserRank(const ncclComm_t comm, int* rank) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!rank) return rccl__fail(ncclInvalidArgument, "rank is NULL");
  *rank = comm->rank;
  return ncclSuccess;
}

/* -- memory: device memory of the current device; registration has
 *    nothing to do (every transport reads and writes user buffers
 *    directly), but its arguments are checked. */

RCCL_API ncclResult_t ncclCommRegister(const ncclComm_t comm, void* buff,
                                       size_t size, void** handle) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!buff || !handle || size == 0)
    return rccl__fail(ncclInvalidArgument, "NULL buffer, handle or size 0");
  *handle = buff;
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclCommDeregister(const ncclComm_t comm,
                                         void* handle) {
  if (!rccl__comm_valid(comm))
    return rccl__fail(ncclInvalidArgument, "not a live communicator");
  if (!handle) return rccl__fail(ncclInvalidArgument, "handle is NULL");
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclMemAlloc(void** ptr, size_t size) {
  if (!ptr || size == 0)
    return rccl__fail(ncclInvalidArgument, "ptr is NULL or size 0");
  if (hipMalloc(ptr, size) != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "hipMalloc of %zu bytes",
                      size);
  return ncclSuccess;
}

RCCL_API ncclResult_t ncclMemFree(void* ptr) {
  if (!ptr) return rccl__fail(ncclInvalidArgument, "ptr is NULL");
  if (hipFree(ptr) != hipSuccess)
    return rccl__fail(ncclUnhandledCudaError, "hipFree");
  return ncclSuccess;
}
