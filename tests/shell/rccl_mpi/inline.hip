// librccl's inline path (src/lib/rccl/ops.c, tests/shell/rccl_mpi.sh): a
// collective of at most HIPC_RCCL_INLINE_MAX bytes on an idle stream of the
// CPU device runs on the calling thread. argv[1] "inline" expects it to
// (the default bound, MPI_Init), "queued" not to (HIPC_RCCL_INLINE_MAX=0,
// or argv[2] "thread": MPI_Init_thread with MPI_THREAD_MULTIPLE, where
// the program may call MPI itself while the call is in flight: rank 0
// sends what rank 1 waits for before it makes its call, which would
// deadlock inline). Which path a call took is seen from rank 0 while the
// other ranks start their part late: inline, the call returns after them,
// with the result in place and the stream idle; queued, it returns at
// once. Whatever the path, the results match
// values computed here and stream order holds: a kernel before the call
// makes its input, a host function on the null stream before it too, and
// a kernel that another thread enqueues on the stream while the call runs
// reads its result.
#include <hip/hip_runtime.h>
#include <mpi.h>
#include <pthread.h>
#include <rccl/rccl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;
static int rank, size;
#define EXPECT(cond)                                                     \
  do {                                                                   \
    if (!(cond)) {                                                       \
      fprintf(stderr, "rank %d: %s:%d: %s\n", rank, __FILE__, __LINE__,  \
              #cond);                                                    \
      failures++;                                                        \
    }                                                                    \
  } while (0)

// `cond` for every i in [0, n), reported once, at its first miss.
#define EXPECT_ALL(n, cond)                                              \
  do {                                                                   \
    int miss_ = -1;                                                      \
    for (int i = 0; i < (n) && miss_ < 0; ++i)                           \
      if (!(cond)) miss_ = i;                                            \
    if (miss_ >= 0) {                                                    \
      fprintf(stderr, "rank %d: %s:%d: at %d: %s\n", rank, __FILE__,     \
              __LINE__, miss_, #cond);                                   \
      failures++;                                                        \
    }                                                                    \
  } while (0)

enum { N = 1000, LATE_MS = 300, INLINE_MS = 200 };
static hipStream_t stream;
static ncclComm_t comm;
static int expect_inline;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static void nap_ms(int ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

__global__ void fill(int* p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

__global__ void twice(int* dst, const int* src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = 2 * src[i];
}

static int sum_of_bases(void) {
  int s = 0;
  for (int k = 0; k < size; ++k) s += 100 * k;
  return s;
}

// The sum over ranks of (100 k + i), at i.
static int reduced(int i) { return sum_of_bases() + size * i; }

// Rank 0 times `call`, the others start it LATE_MS late; then rank 0 says
// whether the call waited for them (ran inline) and whether the stream was
// idle right after it. Every rank synchronizes afterwards.
typedef struct timed {
  int waited, idle;
} timed;

static timed run_timed(ncclResult_t (*call)(void*), void* arg) {
  MPI_Barrier(MPI_COMM_WORLD);
  timed t = {0, 0};
  if (rank != 0) nap_ms(LATE_MS);
  double t0 = now_ms();
  EXPECT(call(arg) == ncclSuccess);
  t.waited = now_ms() - t0 >= INLINE_MS;
  t.idle = hipStreamQuery(stream) == hipSuccess;
  return t;
}

static void check_path(const char* what, timed t, int want_inline) {
  if (rank != 0) return;
  if (t.waited != want_inline || t.idle != want_inline) {
    fprintf(stderr, "rank 0: %s: %s, want %s\n", what,
            t.waited ? "ran inline" : "queued",
            want_inline ? "inline" : "queued");
    failures++;
  }
}

typedef struct args {
  int *a, *b;
  int n;
} args;

static ncclResult_t allreduce(void* p) {
  args* x = (args*)p;
  return ncclAllReduce(x->a, x->b, x->n, ncclInt32, ncclSum, comm, stream);
}

static ncclResult_t allgather(void* p) {
  args* x = (args*)p;
  return ncclAllGather(x->a, x->b, x->n, ncclInt32, comm, stream);
}

static ncclResult_t broadcast(void* p) {
  args* x = (args*)p;
  return ncclBroadcast(x->a, x->b, x->n, ncclInt32, size - 1, comm, stream);
}

static ncclResult_t grouped(void* p) {
  ncclGroupStart();
  ncclResult_t r = allreduce(p);
  ncclGroupEnd();
  return r;
}

static void host_fill(int* p, int n, int base) {
  for (int i = 0; i < n; ++i) p[i] = base + i;
}

// Which calls run inline, and their results.
static void paths(int* a, int* b) {
  args x = {a, b, N};
  host_fill(a, N, 100 * rank);
  host_fill(b, N, -1000000);  // not a result
  timed t = run_timed(allreduce, &x);
  check_path("all-reduce", t, expect_inline);
  if (rank == 0 && expect_inline)  // in place before any synchronize
    EXPECT_ALL(N, b[i] == reduced(i));
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));

  t = run_timed(allgather, &x);
  check_path("all-gather", t, expect_inline);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(size * N, b[i] == 100 * (i / N) + i % N);

  t = run_timed(broadcast, &x);
  check_path("broadcast", t, expect_inline);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == 100 * (size - 1) + i);

  // In a group, or above the bound (64 KiB by default): queued.
  t = run_timed(grouped, &x);
  check_path("grouped all-reduce", t, 0);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));
  args big = {a, b, (64 << 10) / 4 + 1};
  host_fill(a, big.n, 100 * rank);
  t = run_timed(allreduce, &big);
  check_path("all-reduce above the bound", t, 0);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(big.n, b[i] == reduced(i));

  // Two communicators in the process (a split): queued; one again after
  // it is destroyed: inline again.
  ncclComm_t sub;
  EXPECT(ncclCommSplit(comm, 0, rank, &sub, NULL) == ncclSuccess);
  host_fill(a, N, 100 * rank);
  t = run_timed(allreduce, &x);
  check_path("all-reduce beside a second communicator", t, 0);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));
  EXPECT(ncclCommDestroy(sub) == ncclSuccess);
  t = run_timed(allreduce, &x);
  check_path("all-reduce after the split's destroy", t, expect_inline);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));
}

// Rank 0's other thread: once the main thread is in its call, a kernel on
// the same stream doubles the call's result into `c`.
typedef struct other {
  int *b, *c;
  atomic_int in_call;
  hipError_t launch, sync;
} other;

static void* other_main(void* p) {
  other* o = (other*)p;
  while (!atomic_load(&o->in_call)) nap_ms(1);
  nap_ms(50);  // well inside: the peers are LATE_MS late
  twice<<<(N + 63) / 64, 64, 0, stream>>>(o->c, o->b, N);
  o->launch = hipGetLastError();
  o->sync = hipStreamSynchronize(stream);
  return NULL;
}

static ncclResult_t allreduce_flagged(void* p) {
  other* o = (other*)p;
  atomic_store(&o->in_call, 1);
  return ncclAllReduce(o->c, o->b, N, ncclInt32, ncclSum, comm, stream);
}

static void order(int* a, int* b, int* c) {
  // A kernel before the call makes its input (the stream is busy: queued
  // or inline, the collective reads what the kernel wrote).
  fill<<<(N + 63) / 64, 64, 0, stream>>>(a, N, 100 * rank);
  EXPECT(ncclAllReduce(a, b, N, ncclInt32, ncclSum, comm, stream) ==
         ncclSuccess);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));

  // A host function on the null stream writes the input late; the call on
  // a blocking stream comes after it.
  host_fill(b, N, -1000000);  // not a result
  host_fill(a, N, -1);
  struct late {
    int* a;
  } l = {a};
  EXPECT(hipLaunchHostFunc(
             NULL,
             [](void* p) {
               nap_ms(100);
               host_fill(((late*)p)->a, N, 100 * rank);
             },
             &l) == hipSuccess);
  EXPECT(ncclAllReduce(a, b, N, ncclInt32, ncclSum, comm, stream) ==
         ncclSuccess);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));

  // Work another thread enqueues while the call runs comes after it.
  other o = {b, c, 0, hipSuccess, hipSuccess};
  host_fill(c, N, 100 * rank);
  host_fill(b, N, -1000000);  // not a result
  pthread_t t;
  if (rank == 0) EXPECT(pthread_create(&t, NULL, other_main, &o) == 0);
  timed tm = run_timed(allreduce_flagged, &o);
  tm.idle = tm.waited;  // the other thread's kernel may be on the stream
  check_path("all-reduce with another thread's kernel behind", tm,
             expect_inline);
  if (rank == 0) {
    pthread_join(t, NULL);
    EXPECT(o.launch == hipSuccess);
    EXPECT(o.sync == hipSuccess);
  }
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT_ALL(N, b[i] == reduced(i));
  if (rank == 0)
    EXPECT_ALL(N, c[i] == 2 * reduced(i));
}

// MPI_THREAD_MULTIPLE: rank 0 sends to rank 1 after its call and before
// it synchronizes; rank 1 receives that before it makes its call.
static void send_while_in_flight(int* a, int* b) {
  host_fill(a, N, 100 * rank);
  int token = 7;
  if (rank == 1)
    MPI_Recv(&token, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  EXPECT(ncclAllReduce(a, b, N, ncclInt32, ncclSum, comm, stream) ==
         ncclSuccess);
  if (rank == 0) MPI_Send(&token, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT(token == 7);
  EXPECT_ALL(N, b[i] == reduced(i));
}

int main(int argc, char** argv) {
  expect_inline = argc > 1 && strcmp(argv[1], "inline") == 0;
  int multiple = argc > 2 && strcmp(argv[2], "thread") == 0;
  if (multiple) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  } else {
    MPI_Init(&argc, &argv);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  EXPECT(hipSetDevice(lr ? atoi(lr) : rank) == hipSuccess);
  EXPECT(hipStreamCreate(&stream) == hipSuccess);
  ncclUniqueId id;
  if (rank == 0) EXPECT(ncclGetUniqueId(&id) == ncclSuccess);
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  EXPECT(ncclCommInitRank(&comm, size, id, rank) == ncclSuccess);
  int *a, *b, *c;
  size_t bytes = (size_t)size * (64 << 10) + 64;
  EXPECT(hipMalloc(&a, bytes) == hipSuccess);
  EXPECT(hipMalloc(&b, bytes) == hipSuccess);
  EXPECT(hipMalloc(&c, bytes) == hipSuccess);
  paths(a, b);
  order(a, b, c);
  if (multiple) send_while_in_flight(a, b);
  ncclResult_t async = ncclInternalError;
  EXPECT(ncclCommGetAsyncError(comm, &async) == ncclSuccess);
  EXPECT(async == ncclSuccess);
  EXPECT(ncclCommDestroy(comm) == ncclSuccess);
  (void)hipFree(a);
  (void)hipFree(b);
  (void)hipFree(c);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%s\n", all ? "FAILED" : "ok");
  MPI_Finalize();
  return all ? 1 : 0;
}
