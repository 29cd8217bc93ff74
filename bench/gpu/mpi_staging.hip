// GPU-aware MPI through libhipc_mpi against host staging by hand, on 2
// ranks with one GPU each (bench/gpu/mpi_gpu.sh). For each size from 8 B
// to 256 MiB: MPI_Allreduce (float sum) and a ping-pong (MPI_Send /
// MPI_Recv), each three ways, best of several runs:
//   gpu    device buffers handed to MPI (libhipc_mpi stages them)
//   manual hipMemcpy to pinned host memory, MPI on it, hipMemcpy back
//   host   MPI on pinned host buffers alone (no GPU: the upper bound)
// and the ratio manual / gpu (>= 1: libhipc_mpi is no slower than staging
// by hand). Also checks the allreduce's result once per size.
#include <hip/hip_runtime.h>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

static int rank, size;

#define HIP(x)                                                       \
  do {                                                               \
    if ((x) != hipSuccess) {                                         \
      fprintf(stderr, "rank %d: %s failed\n", rank, #x);             \
      MPI_Abort(MPI_COMM_WORLD, 1);                                  \
    }                                                                \
  } while (0)

enum { GPU, MANUAL, HOST };

static double allreduce(int how, float* d, float* dr, float* h, float* hr,
                        size_t n) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime();
  if (how == GPU) {
    MPI_Allreduce(d, dr, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  } else if (how == MANUAL) {
    HIP(hipMemcpy(h, d, n * 4, hipMemcpyDeviceToHost));
    MPI_Allreduce(h, hr, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    HIP(hipMemcpy(dr, hr, n * 4, hipMemcpyHostToDevice));
  } else {
    MPI_Allreduce(h, hr, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  }
  return MPI_Wtime() - t;
}

// One round trip between ranks 0 and 1.
static double pingpong(int how, float* d, float* h, size_t n) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime();
  int peer = 1 - rank;
  for (int leg = 0; leg < 2; leg++) {
    int sending = (leg == 0) == (rank == 0);
    if (how == GPU) {
      if (sending)
        MPI_Send(d, (int)n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD);
      else
        MPI_Recv(d, (int)n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    } else if (sending) {
      if (how == MANUAL) HIP(hipMemcpy(h, d, n * 4, hipMemcpyDeviceToHost));
      MPI_Send(h, (int)n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD);
    } else {
      MPI_Recv(h, (int)n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (how == MANUAL) HIP(hipMemcpy(d, h, n * 4, hipMemcpyHostToDevice));
    }
  }
  return MPI_Wtime() - t;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ndev = 0;
  HIP(hipGetDeviceCount(&ndev));
  if (size != 2 || ndev < 1) {
    if (rank == 0) fprintf(stderr, "needs 2 ranks and a GPU\n");
    MPI_Finalize();
    return 2;
  }
  HIP(hipSetDevice(rank % ndev));
  const size_t max_bytes = argc > 1 ? strtoull(argv[1], 0, 0) : 256u << 20;
  const size_t max_n = max_bytes / 4;
  float *d, *dr, *h, *hr;
  HIP(hipMalloc(&d, max_bytes));
  HIP(hipMalloc(&dr, max_bytes));
  HIP(hipHostMalloc(&h, max_bytes, 0));
  HIP(hipHostMalloc(&hr, max_bytes, 0));
  float* init = (float*)malloc(max_bytes);
  for (size_t i = 0; i < max_n; i++) init[i] = (float)((i % 7) + rank);
  HIP(hipMemcpy(d, init, max_bytes, hipMemcpyHostToDevice));
  if (rank == 0)
    printf("%-10s %-10s %10s %10s %10s %8s   %10s %10s %10s %8s\n", "bytes",
           "", "ar gpu us", "ar man us", "ar host us", "man/gpu",
           "pp gpu us", "pp man us", "pp host us", "man/gpu");
  int bad = 0;
  for (size_t bytes = 8; bytes <= max_bytes; bytes *= 4) {
    size_t n = bytes / 4;
    int reps = bytes >= (16u << 20) ? 3 : bytes >= (1u << 20) ? 6 : 20;
    double ar[3] = {1e30, 1e30, 1e30}, pp[3] = {1e30, 1e30, 1e30};
    for (int r = 0; r < reps; r++)
      for (int how = 0; how < 3; how++) {
        ar[how] = std::min(ar[how], allreduce(how, d, dr, h, hr, n));
        pp[how] = std::min(pp[how], pingpong(how, d, h, n));
      }
    // The ping-pong wrote what it received into d: restore, then check
    // one allreduce through libhipc_mpi against the host's sum.
    HIP(hipMemcpy(d, init, bytes, hipMemcpyHostToDevice));
    allreduce(GPU, d, dr, h, hr, n);
    HIP(hipMemcpy(hr, dr, bytes, hipMemcpyDeviceToHost));
    for (size_t i = 0; i < n; i++)
      if (hr[i] != (float)(2 * (i % 7) + 1)) {
        bad++;
        break;
      }
    // Rank 0's times are what it waited for; take the slower of the two.
    MPI_Allreduce(MPI_IN_PLACE, ar, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, pp, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
      printf("%-10zu %-10s %10.1f %10.1f %10.1f %8.2f   %10.1f %10.1f %10.1f "
             "%8.2f\n",
             bytes, "", ar[0] * 1e6, ar[1] * 1e6, ar[2] * 1e6, ar[1] / ar[0],
             pp[0] * 1e6, pp[1] * 1e6, pp[2] * 1e6, pp[1] / pp[0]);
  }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("allreduce results: %s (algbw = bytes / time; busbw = algbw for "
           "2 ranks)\n", bad ? "WRONG" : "right");
  MPI_Finalize();
  return bad != 0;
}
