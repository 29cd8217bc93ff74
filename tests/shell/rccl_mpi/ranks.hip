// RCCL across MPI processes (tests/shell/rccl_mpi.sh): each rank binds
// device `local rank` (the launcher's count of ranks makes that many CPU
// devices), gets the id from rank 0 through MPI_Bcast, and checks every
// collective, datatype and operator against values computed here, with a
// kernel producing the input earlier on the same stream (stream order),
// groups of sends and receives, split, and device pointers handed straight
// to MPI. argv[1]: "init" (MPI_Init) or "thread" (MPI_Init_thread with
// MPI_THREAD_MULTIPLE).
#include <hip/hip_runtime.h>
#include <mpi.h>
#include <rccl/rccl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../unit/rccl_values.h"

static int failures;
#define EXPECT(cond)                                                     \
  do {                                                                   \
    if (!(cond)) {                                                       \
      fprintf(stderr, "rank %d: %s:%d: %s\n", rank, __FILE__, __LINE__,  \
              #cond);                                                    \
      failures++;                                                        \
    }                                                                    \
  } while (0)

static int rank, size;
static hipStream_t stream;
static ncclComm_t comm;
enum { N = 37 };

__global__ void fill(int* p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

static void allreduce_all(void) {
  for (int t = 0; t < ncclNumTypes; ++t)
    for (int op = 0; op <= ncclNumOps; ++op) {
      size_t es = tsize(t);
      char *s, *r;
      (void)hipMalloc(&s, N * es);
      (void)hipMalloc(&r, N * es);
      int base = op == ncclNumOps ? ncclSum : op;
      for (size_t i = 0; i < N; ++i) put(s, i, t, input(rank, i, t, base));
      ncclRedOp_t rop = (ncclRedOp_t)op;
      if (op == ncclNumOps) {
        unsigned char two[8];
        put(two, 0, t, 2);
        EXPECT(ncclRedOpCreatePreMulSum(&rop, two, (ncclDataType_t)t,
                                        ncclScalarHostImmediate,
                                        comm) == ncclSuccess);
      }
      // Odd ranks reduce in place.
      char* out = rank % 2 ? s : r;
      EXPECT(ncclAllReduce(s, out, N, (ncclDataType_t)t, rop, comm,
                           stream) == ncclSuccess);
      (void)hipStreamSynchronize(stream);
      int bad = 0;
      for (size_t i = 0; i < N; ++i) {
        double want = input(0, i, t, base);
        for (int k = 1; k < size; ++k)
          want = combine(want, input(k, i, t, base), base);
        if (op == ncclAvg)
          want = t <= ncclUint64 ? floor(want / size) : want / size;
        if (op == ncclNumOps) want *= 2;
        if (get(out, i, t) != want && !bad) {
          fprintf(stderr, "rank %d: type %d op %d [%zu]: %g, want %g\n",
                  rank, t, op, i, get(out, i, t), want);
          bad = 1;
        }
      }
      failures += bad;
      if (op == ncclNumOps) ncclRedOpDestroy(rop, comm);
      (void)hipFree(s);
      (void)hipFree(r);
    }
}

static void others(void) {
  int *a, *b, *c;
  (void)hipMalloc(&a, size * N * sizeof(int));
  (void)hipMalloc(&b, size * N * sizeof(int));
  (void)hipMalloc(&c, size * N * sizeof(int));
  // A kernel makes the input, in order before the collective.
  fill<<<(size * N + 63) / 64, 64, 0, stream>>>(a, size * N, rank * 1000);
  EXPECT(ncclAllGather(a, b, N, ncclInt32, comm, stream) == ncclSuccess);
  EXPECT(ncclReduce(a, c, N, ncclInt32, ncclMax, size - 1, comm, stream) ==
         ncclSuccess);
  (void)hipStreamSynchronize(stream);
  for (int k = 0; k < size; ++k)
    for (int i = 0; i < N; ++i) EXPECT(b[k * N + i] == k * 1000 + i);
  if (rank == size - 1)
    for (int i = 0; i < N; ++i) EXPECT(c[i] == (size - 1) * 1000 + i);
  // Broadcast from rank 1, then legacy in-place ncclBcast from 0.
  EXPECT(ncclBroadcast(a, b, N, ncclInt32, 1, comm, stream) == ncclSuccess);
  (void)hipStreamSynchronize(stream);
  for (int i = 0; i < N; ++i) EXPECT(b[i] == 1000 + i);
  EXPECT(ncclBcast(a, N, ncclInt32, 0, comm, stream) == ncclSuccess);
  (void)hipStreamSynchronize(stream);
  for (int i = 0; i < N; ++i) EXPECT(a[i] == i);
  // Reduce-scatter in place: rank r's block r of the sum.
  fill<<<(size * N + 63) / 64, 64, 0, stream>>>(a, size * N, rank * 1000);
  EXPECT(ncclReduceScatter(a, a + rank * N, N, ncclInt32, ncclSum, comm,
                           stream) == ncclSuccess);
  (void)hipStreamSynchronize(stream);
  int sum_base = 0;
  for (int k = 0; k < size; ++k) sum_base += k * 1000;
  for (int i = 0; i < N; ++i)
    EXPECT(a[rank * N + i] == sum_base + size * (rank * N + i));
  // All-to-all, and all-to-all-v with k + 1 elements to rank k.
  fill<<<(size * N + 63) / 64, 64, 0, stream>>>(a, size * N, rank * 1000);
  EXPECT(ncclAllToAll(a, b, N, ncclInt32, comm, stream) == ncclSuccess);
  size_t sc[8], sd[8], rc[8], rd[8];
  for (int k = 0; k < size; ++k) {
    sc[k] = k + 1;
    sd[k] = 10 * k;
    rc[k] = rank + 1;
    rd[k] = 5 * k;
  }
  EXPECT(ncclAllToAllv(a, sc, sd, c, rc, rd, ncclInt32, comm, stream) ==
         ncclSuccess);
  (void)hipStreamSynchronize(stream);
  for (int k = 0; k < size; ++k) {
    for (int i = 0; i < N; ++i) EXPECT(b[k * N + i] == k * 1000 + rank * N + i);
    for (int i = 0; i <= rank; ++i) EXPECT(c[5 * k + i] == k * 1000 + 10 * rank + i);
  }
  // A ring both ways in one group, receives first.
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  EXPECT(ncclGroupStart() == ncclSuccess);
  EXPECT(ncclRecv(b, N, ncclInt32, prev, comm, stream) == ncclSuccess);
  EXPECT(ncclRecv(c, N, ncclInt32, next, comm, stream) == ncclSuccess);
  EXPECT(ncclSend(a, N, ncclInt32, next, comm, stream) == ncclSuccess);
  EXPECT(ncclSend(a, N, ncclInt32, prev, comm, stream) == ncclSuccess);
  EXPECT(ncclGroupEnd() == ncclSuccess);
  (void)hipStreamSynchronize(stream);
  for (int i = 0; i < N; ++i) {
    EXPECT(b[i] == prev * 1000 + i);
    EXPECT(c[i] == next * 1000 + i);
  }
  // Split by parity, ordered by descending rank.
  ncclComm_t sub;
  EXPECT(ncclCommSplit(comm, rank % 2, -rank, &sub, NULL) == ncclSuccess);
  int n = 0, me = -1;
  ncclCommCount(sub, &n);
  ncclCommUserRank(sub, &me);
  EXPECT(n == (size + 1 - rank % 2) / 2);
  fill<<<1, 64, 0, stream>>>(a, N, rank);
  EXPECT(ncclAllReduce(a, a, N, ncclInt32, ncclSum, sub, stream) ==
         ncclSuccess);
  (void)hipStreamSynchronize(stream);
  int want = 0;
  for (int k = rank % 2; k < size; k += 2) {
    want += k;
    if (k > rank) EXPECT(me > 0);
  }
  for (int i = 0; i < N; ++i) EXPECT(a[i] == want + n * i);
  EXPECT(ncclCommDestroy(sub) == ncclSuccess);
  // Bad arguments are caught where they are made.
  EXPECT(ncclBroadcast(a, b, N, ncclInt32, size, comm, stream) ==
         ncclInvalidArgument);
  EXPECT(ncclSend(a, N, ncclInt32, -1, comm, stream) == ncclInvalidArgument);
  // Device pointers straight to MPI: the CPU device's memory is the
  // host's.
  fill<<<1, 64, 0, stream>>>(a, N, rank);
  (void)hipStreamSynchronize(stream);
  MPI_Allreduce(MPI_IN_PLACE, a, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  for (int i = 0; i < N; ++i) EXPECT(a[i] == sum_base / 1000 + size * i);
  (void)hipFree(a);
  (void)hipFree(b);
  (void)hipFree(c);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "thread") == 0) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  } else {
    MPI_Init(&argc, &argv);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  int local = lr ? atoi(lr) : rank, ndev = 0;
  (void)hipGetDeviceCount(&ndev);
  EXPECT(ndev == size);  // one node: every rank is local
  EXPECT(hipSetDevice(local) == hipSuccess);
  (void)hipStreamCreate(&stream);
  ncclUniqueId id;
  if (rank == 0) EXPECT(ncclGetUniqueId(&id) == ncclSuccess);
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  EXPECT(ncclCommInitRank(&comm, size, id, rank) == ncclSuccess);
  int v = -1;
  ncclCommCuDevice(comm, &v);
  EXPECT(v == local);
  allreduce_all();
  others();
  ncclResult_t async = ncclInternalError;
  EXPECT(ncclCommGetAsyncError(comm, &async) == ncclSuccess);
  EXPECT(async == ncclSuccess);
  EXPECT(ncclCommFinalize(comm) == ncclSuccess);
  EXPECT(ncclCommDestroy(comm) == ncclSuccess);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%s\n", all ? "FAILED" : "ok");
  MPI_Finalize();
  return all ? 1 : 0;
}
