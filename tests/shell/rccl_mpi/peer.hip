// Collectives across MPI processes with buffers the host cannot touch (a
// GPU's): inputs go in and results come out through hipMemcpy only, so the
// same program checks the CPU device (tests/shell/rccl_mpi.sh) and 2 GPUs
// (bench/gpu/mpi_gpu.sh), where librccl moves the data GPU to GPU
// (src/lib/rccl/gpu_peer.c) or, with HIPC_RCCL_STAGED=1, through host
// memory. Every datatype and operator the GPU-to-GPU path reduces (avg
// included), odd counts (small ones in one kernel), in place and not,
// buffers reused (their opened mappings cached) and reallocated (new
// handles), an input made by a kernel just before on the same stream, and
// a large sum; then broadcast, reduce, all-gather and reduce-scatter, in
// place and not; each against values computed here.
#include <hip/hip_runtime.h>
#include <mpi.h>
#include <rccl/rccl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size, failures;
static hipStream_t stream;
static ncclComm_t comm;

#define EXPECT(cond)                                                     \
  do {                                                                   \
    if (!(cond)) {                                                       \
      fprintf(stderr, "rank %d: %s:%d: %s\n", rank, __FILE__, __LINE__,  \
              #cond);                                                    \
      failures++;                                                        \
    }                                                                    \
  } while (0)

static const ncclDataType_t types[] = {ncclInt8,   ncclUint8,  ncclInt32,
                                       ncclUint32, ncclInt64,  ncclUint64,
                                       ncclFloat32, ncclFloat64};
static const size_t sizes[] = {1, 1, 4, 4, 8, 8, 4, 8};

// Small values, so that every product and sum of up to 3 ranks is exact
// in every type.
static int value(int r, size_t i) {
  return (int)((size_t)(r + 1) * (i % 7 + 1) % 5) + 1;
}

static void put(void* p, size_t i, ncclDataType_t t, double v) {
  switch (t) {
    case ncclInt8: ((signed char*)p)[i] = (signed char)v; break;
    case ncclUint8: ((unsigned char*)p)[i] = (unsigned char)v; break;
    case ncclInt32: ((int*)p)[i] = (int)v; break;
    case ncclUint32: ((unsigned*)p)[i] = (unsigned)v; break;
    case ncclInt64: ((long long*)p)[i] = (long long)v; break;
    case ncclUint64:
      ((unsigned long long*)p)[i] = (unsigned long long)v;
      break;
    case ncclFloat32: ((float*)p)[i] = (float)v; break;
    default: ((double*)p)[i] = v; break;
  }
}

static double get(const void* p, size_t i, ncclDataType_t t) {
  switch (t) {
    case ncclInt8: return ((const signed char*)p)[i];
    case ncclUint8: return ((const unsigned char*)p)[i];
    case ncclInt32: return ((const int*)p)[i];
    case ncclUint32: return ((const unsigned*)p)[i];
    case ncclInt64: return (double)((const long long*)p)[i];
    case ncclUint64: return (double)((const unsigned long long*)p)[i];
    case ncclFloat32: return ((const float*)p)[i];
    default: return ((const double*)p)[i];
  }
}

// The average of the sum `sum` over `size` ranks as type t divides it.
static double average(double sum, ncclDataType_t t) {
  if (t == ncclFloat32) return (double)((float)sum / (float)size);
  if (t == ncclFloat64) return sum / size;
  return (double)((long long)sum / size);  // the sums here are exact
}

static double combine(double a, double b, ncclRedOp_t op) {
  switch (op) {
    case ncclSum: case ncclAvg: return a + b;
    case ncclProd: return a * b;
    case ncclMax: return a > b ? a : b;
    default: return a < b ? a : b;
  }
}

// One all-reduce of `n` elements through device buffers s -> r (r == s:
// in place), checked on every element.
static void check_one(char* s, char* r, size_t n, ncclDataType_t t,
                      ncclRedOp_t op, size_t es) {
  char* h = (char*)malloc(n * es);
  for (size_t i = 0; i < n; ++i) put(h, i, t, value(rank, i));
  EXPECT(hipMemcpy(s, h, n * es, hipMemcpyHostToDevice) == hipSuccess);
  EXPECT(ncclAllReduce(s, r, n, t, op, comm, stream) == ncclSuccess);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT(hipMemcpy(h, r, n * es, hipMemcpyDeviceToHost) == hipSuccess);
  for (size_t i = 0; i < n; ++i) {
    double want = value(0, i);
    for (int k = 1; k < size; ++k) want = combine(want, value(k, i), op);
    if (op == ncclAvg) want = average(want, t);
    if (get(h, i, t) != want) {
      fprintf(stderr, "rank %d: type %d op %d n %zu [%zu]: %g, want %g\n",
              rank, (int)t, (int)op, n, i, get(h, i, t), want);
      failures++;
      break;
    }
  }
  free(h);
}

static void every_type_and_op(void) {
  static const size_t counts[] = {1, 37, 4099};
  for (size_t k = 0; k < sizeof types / sizeof *types; ++k) {
    size_t es = sizes[k], most = 4099;
    char *s, *r;
    EXPECT(hipMalloc(&s, most * es) == hipSuccess);
    EXPECT(hipMalloc(&r, most * es) == hipSuccess);
    for (int op = ncclSum; op <= ncclAvg; ++op)
      for (size_t c = 0; c < 3; ++c) {
        // Alternately in place and not, and at an offset into the
        // allocation (the handle names the allocation, not the pointer).
        int in_place = (op + (int)c) % 2;
        char* src = c == 2 ? s : s + es;  /* counts 1 and 37 fit after es */
        check_one(src, in_place ? src : r, counts[c], types[k],
                  (ncclRedOp_t)op, es);
      }
    EXPECT(hipFree(s) == hipSuccess);
    EXPECT(hipFree(r) == hipSuccess);
  }
}

__global__ void fill(int* p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i % 1000;
}

// A kernel writes the input right before the all-reduce on the same
// stream; 1 MiB + 3 ints (several chunks per rank, uneven).
static void stream_order_and_large(void) {
  int n = (1 << 18) + 3;
  int* d;
  EXPECT(hipMalloc(&d, (size_t)n * sizeof(int)) == hipSuccess);
  for (int round = 0; round < 3; ++round) {
    fill<<<(n + 255) / 256, 256, 0, stream>>>(d, n, rank * 7 + round);
    EXPECT(ncclAllReduce(d, d, (size_t)n, ncclInt32, ncclSum, comm,
                         stream) == ncclSuccess);
  }
  int* h = (int*)malloc((size_t)n * sizeof(int));
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT(hipMemcpy(h, d, (size_t)n * sizeof(int), hipMemcpyDeviceToHost) ==
         hipSuccess);
  for (int i = 0; i < n; ++i) {
    long long want = 0;
    for (int k = 0; k < size; ++k) want += k * 7 + 2 + i % 1000;
    if (h[i] != want) {
      fprintf(stderr, "rank %d: large [%d]: %d, want %lld\n", rank, i, h[i],
              want);
      failures++;
      break;
    }
  }
  free(h);
  EXPECT(hipFree(d) == hipSuccess);
}

// Rank r's int at i, for the other collectives.
static int iv(int r, size_t i) { return r * 100000 + (int)i; }

static int* dev_ints(size_t n, int fill, int use_fill) {
  int* h = (int*)malloc(n * sizeof(int));
  for (size_t i = 0; i < n; ++i) h[i] = use_fill ? fill : iv(rank, i);
  int* d = NULL;
  EXPECT(hipMalloc(&d, n * sizeof(int)) == hipSuccess);
  EXPECT(hipMemcpy(d, h, n * sizeof(int), hipMemcpyHostToDevice) ==
         hipSuccess);
  free(h);
  return d;
}

static int* host_ints(const int* d, size_t n) {
  int* h = (int*)malloc(n * sizeof(int));
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  EXPECT(hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost) ==
         hipSuccess);
  return h;
}

// Broadcast, reduce, all-gather and reduce-scatter of ints, out of place
// and in place, the element past the output checked untouched; 37
// elements per rank and 70001 (several kernel blocks).
static void other_collectives(void) {
  static const size_t counts[] = {37, 70001};
  int root = size - 1, bad = 0;
  for (int k = 0; k < 2; ++k) {
    size_t n = counts[k], all = n * (size_t)size;
    for (int in_place = 0; in_place < 2; ++in_place) {
      // broadcast from the last rank
      int* s = dev_ints(all + 1, 0, 0);
      int* d = in_place ? s : dev_ints(all + 1, -1, 1);
      EXPECT(ncclBroadcast(s, d, n, ncclInt32, root, comm, stream) ==
             ncclSuccess);
      int* h = host_ints(d, n + 1);
      for (size_t i = 0; i < n; ++i) bad += h[i] != iv(root, i);
      bad += h[n] != (in_place ? iv(rank, n) : -1);
      free(h);
      // reduce (sum) to the last rank
      EXPECT(hipFree(s) == hipSuccess);
      if (!in_place) EXPECT(hipFree(d) == hipSuccess);
      s = dev_ints(all + 1, 0, 0);
      d = in_place ? s : dev_ints(all + 1, -1, 1);
      EXPECT(ncclReduce(s, d, n, ncclInt32, ncclSum, root, comm, stream) ==
             ncclSuccess);
      h = host_ints(d, n + 1);
      if (rank == root) {
        for (size_t i = 0; i < n; ++i) {
          long long want = 0;
          for (int r = 0; r < size; ++r) want += iv(r, i);
          bad += h[i] != want;
        }
        bad += h[n] != (in_place ? iv(rank, n) : -1);
      } else {
        for (size_t i = 0; i <= n; ++i)
          bad += h[i] != (in_place ? iv(rank, i) : -1);
      }
      free(h);
      EXPECT(hipFree(s) == hipSuccess);
      if (!in_place) EXPECT(hipFree(d) == hipSuccess);
      // all-gather: in place, the input is this rank's block of the output
      d = dev_ints(all + 1, -1, 1);
      s = in_place ? d + n * (size_t)rank : dev_ints(n, 0, 0);
      if (in_place) {
        int* x = dev_ints(n, 0, 0);
        EXPECT(hipMemcpy(s, x, n * sizeof(int), hipMemcpyDeviceToDevice) ==
               hipSuccess);
        EXPECT(hipFree(x) == hipSuccess);
      }
      EXPECT(ncclAllGather(s, d, n, ncclInt32, comm, stream) == ncclSuccess);
      h = host_ints(d, all + 1);
      for (int r = 0; r < size; ++r)
        for (size_t i = 0; i < n; ++i) bad += h[r * n + i] != iv(r, i);
      bad += h[all] != -1;
      free(h);
      if (!in_place) EXPECT(hipFree(s) == hipSuccess);
      EXPECT(hipFree(d) == hipSuccess);
      // reduce-scatter: in place, the output is this rank's block
      s = dev_ints(all + 1, 0, 0);
      d = in_place ? s + n * (size_t)rank : dev_ints(n + 1, -1, 1);
      EXPECT(ncclReduceScatter(s, d, n, ncclInt32, ncclSum, comm, stream) ==
             ncclSuccess);
      h = host_ints(d, n + 1);
      for (size_t i = 0; i < n; ++i) {
        long long want = 0;
        for (int r = 0; r < size; ++r) want += iv(r, n * (size_t)rank + i);
        bad += h[i] != want;
      }
      bad += h[n] != (in_place ? iv(rank, n * (size_t)rank + n) : -1);
      free(h);
      EXPECT(hipFree(s) == hipSuccess);
      if (!in_place) EXPECT(hipFree(d) == hipSuccess);
    }
  }
  EXPECT(bad == 0);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  EXPECT(hipSetDevice(lr ? atoi(lr) : rank) == hipSuccess);
  EXPECT(hipStreamCreate(&stream) == hipSuccess);
  ncclUniqueId id;
  if (rank == 0) EXPECT(ncclGetUniqueId(&id) == ncclSuccess);
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  EXPECT(ncclCommInitRank(&comm, size, id, rank) == ncclSuccess);
  every_type_and_op();
  stream_order_and_large();
  other_collectives();
  ncclResult_t async = ncclInternalError;
  EXPECT(ncclCommGetAsyncError(comm, &async) == ncclSuccess);
  EXPECT(async == ncclSuccess);
  EXPECT(ncclCommDestroy(comm) == ncclSuccess);
  EXPECT(hipStreamDestroy(stream) == hipSuccess);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%s\n", all ? "FAILED" : "ok");
  MPI_Finalize();
  return all ? 1 : 0;
}
