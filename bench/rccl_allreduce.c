/* All-reduce bandwidth of librccl against MPI_Allreduce on host buffers, in
 * the same run, and the stream round trip (an empty host function, then a
 * synchronize) that every RCCL operation adds (bench/rccl_allreduce.sh).
 * Bus bandwidth as nccl-tests defines it: algbw = bytes / time, busbw =
 * algbw * 2 (n - 1) / n. Sizes from 8 B to HIPC_BENCH_MAX bytes (default
 * 256 MiB) of floats, doubling; each the best of HIPC_BENCH_REPS (default
 * 10) after a warm-up, the ways taking turns at going first. Issue
 * #19's targets, checked on each row: from 1 MiB up, librccl's bandwidth at
 * least 0.9 times MPI's; below, its time at most twice MPI's plus one
 * stream round trip. HIPC_BENCH_STAGED=1 adds librccl with its buffers
 * staged through host memory (HIPC_RCCL_STAGED=1) beside its default path
 * (GPU to GPU where the GPUs are peers): bench/gpu/mpi_gpu.sh.
 * HIPC_BENCH_WHY=1 (CPU device) adds two columns that tell where
 * librccl's time over MPI's goes: MPI_Allreduce on librccl's buffer
 * (hipMalloc'd) from the main thread (the memory), and MPI_Allreduce on
 * the host buffer inside a host function on the stream, then a
 * synchronize (the hand-off to a worker and back, without librccl). On
 * the CPU device the "path" column says whether librccl ran the call on
 * the calling thread ("inline": at most HIPC_RCCL_INLINE_MAX bytes, 64 KiB
 * by default) or as a host function on the stream ("queued"). */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hip/hip_runtime_api.h"
#include "rccl/rccl.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void nop(void* a) { (void)a; }

/* HIPC_BENCH_WHY's host function: MPI's all-reduce of `n` floats. */
typedef struct job {
  float* p;
  int n;
} job;

static void mpi_in_host_fn(void* a) {
  job* j = a;
  MPI_Allreduce(MPI_IN_PLACE, j->p, j->n, MPI_FLOAT, MPI_SUM,
                MPI_COMM_WORLD);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  if (hipSetDevice(lr ? atoi(lr) : 0) != hipSuccess) return 1;
  hipStream_t s;
  if (hipStreamCreate(&s) != hipSuccess) return 1;
  ncclUniqueId id;
  if (rank == 0) ncclGetUniqueId(&id);
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  ncclComm_t comm;
  if (ncclCommInitRank(&comm, size, id, rank) != ncclSuccess) return 1;
  const char* mx = getenv("HIPC_BENCH_MAX");
  size_t max = mx ? strtoull(mx, NULL, 10) : (size_t)256 << 20;

  /* HIPC_BENCH_STAGED=1 (GPUs): librccl's default path against its host
   * staging (HIPC_RCCL_STAGED=1) in the same run, as a third column. */
  const char* st = getenv("HIPC_BENCH_STAGED");
  int staged_too = st && st[0] == '1';
  const char* why = getenv("HIPC_BENCH_WHY");
  int why_too = why && why[0] == '1';
  const char* rp = getenv("HIPC_BENCH_REPS");
  int reps = rp && atoi(rp) > 0 ? atoi(rp) : 10;
  hipDeviceProp_t prop;
  int cpu = hipGetDeviceProperties(&prop, lr ? atoi(lr) : 0) == hipSuccess &&
            strcmp(prop.gcnArchName, "hipc-cpu") == 0;
  /* librccl's bound (ops.c), read the same way. */
  const char* im = getenv("HIPC_RCCL_INLINE_MAX");
  size_t inline_max = im && *im ? strtoull(im, NULL, 10) : (size_t)64 << 10;
  double rt = 1e9;
  for (int i = 0; i < 200; ++i) {
    double t0 = now();
    hipLaunchHostFunc(s, nop, NULL);
    hipStreamSynchronize(s);
    if (now() - t0 < rt) rt = now() - t0;
  }
  if (rank == 0) {
    printf("stream round trip (host function + synchronize): best %.2f us\n",
           rt * 1e6);
    printf("each time the best of %d; ", reps);
    if (cpu)
      printf("librccl runs calls of at most %zu B on an idle stream on the "
             "calling thread (HIPC_RCCL_INLINE_MAX)\n", inline_max);
    else
      printf("device %s\n", prop.gcnArchName);
    printf("bandwidths in GB/s (nccl-tests: algbw = bytes / time, busbw = "
           "algbw * 2(n-1)/n, n = %d)\n", size);
    printf("%10s %10s %8s %8s", "bytes", "rccl us", "algbw", "busbw");
    if (cpu) printf(" %6s", "path");
    if (staged_too)
      printf(" %10s %8s %8s", "staged us", "algbw", "busbw");
    printf(" %10s %8s %8s %6s %7s", "mpi us", "algbw", "busbw", "ratio",
           "target");
    if (why_too) printf(" %11s %11s", "mpi@dev us", "mpi@hostfn");
    printf("\n");
  }
  float *d, *h;
  if (hipMalloc((void**)&d, max) != hipSuccess) return 1;
  h = malloc(max);
  for (size_t b = 8; b <= max; b *= 2) {
    size_t n = b / sizeof(float);
    /* rccl, mpi, rccl staged, mpi on d, mpi in a host function */
    double best[5] = {1e9, 1e9, 1e9, 1e9, 1e9};
    for (int rep = 0; rep <= reps; ++rep) {
      for (int turn = 0; turn < 5; ++turn) {
        int way = (turn + rep) % 5;
        if ((way == 2 && !staged_too) || (way >= 3 && !why_too)) continue;
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = now();
        if (way == 1 || way == 3) {
          MPI_Allreduce(MPI_IN_PLACE, way == 1 ? h : d, (int)n, MPI_FLOAT,
                        MPI_SUM, MPI_COMM_WORLD);
        } else if (way == 4) {
          job j = {h, (int)n};
          hipLaunchHostFunc(s, mpi_in_host_fn, &j);
          hipStreamSynchronize(s);
        } else {
          /* librccl reads HIPC_RCCL_STAGED at every call. */
          if (way == 2) setenv("HIPC_RCCL_STAGED", "1", 1);
          ncclAllReduce(d, d, n, ncclFloat, ncclSum, comm, s);
          hipStreamSynchronize(s);
          if (way == 2) unsetenv("HIPC_RCCL_STAGED");
        }
        double t = now() - t0;
        if (rep && t < best[way]) best[way] = t;
      }
    }
    double f = 2.0 * (size - 1) / size;
    int ok = b >= ((size_t)1 << 20) ? best[1] / best[0] >= 0.9
                                    : best[0] <= 2 * best[1] + rt;
    if (rank != 0) continue;
    printf("%10zu %10.2f %8.3f %8.3f", b, best[0] * 1e6, b / best[0] / 1e9,
           b / best[0] * f / 1e9);
    if (cpu) printf(" %6s", b <= inline_max ? "inline" : "queued");
    if (staged_too)
      printf(" %10.2f %8.3f %8.3f", best[2] * 1e6, b / best[2] / 1e9,
             b / best[2] * f / 1e9);
    printf(" %10.2f %8.3f %8.3f %6.2f %7s", best[1] * 1e6,
           b / best[1] / 1e9, b / best[1] * f / 1e9, best[1] / best[0],
           ok ? "ok" : "MISS");
    if (why_too) printf(" %11.2f %11.2f", best[3] * 1e6, best[4] * 1e6);
    printf("\n");
    fflush(stdout);
  }
  ncclCommDestroy(comm);
  if (hipFree(d) != hipSuccess) return 1;
  free(h);
  MPI_Finalize();
  return 0;
}
