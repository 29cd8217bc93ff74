/* librccl on the GPUs of one process (ncclCommInitAll over every GPU, 2 on
 * the integrator's machine): all-reduce of floats from 8 B to 256 MiB
 * (HIPC_BENCH_MAX), best of several, as algbw = bytes / time and busbw =
 * algbw * 2 (n - 1) / n (nccl-tests' definitions), and, in the same run,
 * the peer-copy bandwidth between GPU 0 and GPU 1 (hipMemcpyPeerAsync of
 * the largest size) that busbw is measured against (bench/gpu/mpi_gpu.sh
 * runs it). The result of one all-reduce per size is checked. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hip/hip_runtime_api.h"
#include "rccl/rccl.h"

#define MAXR 8

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#define HIP(x)                                                \
  do {                                                        \
    if ((x) != hipSuccess) {                                  \
      fprintf(stderr, "%s failed\n", #x);                     \
      return 1;                                               \
    }                                                         \
  } while (0)

int main(void) {
  int count = 0, nr = 0, devs[MAXR];
  HIP(hipGetDeviceCount(&count));
  for (int d = 0; d < count && nr < MAXR; ++d) {
    hipDeviceProp_t p;
    HIP(hipGetDeviceProperties(&p, d));
    if (strcmp(p.gcnArchName, "hipc-cpu") != 0) devs[nr++] = d;
  }
  if (nr < 2) {
    fprintf(stderr, "rccl_gpu: needs 2 GPUs (%d found)\n", nr);
    return 2;
  }
  const char* mx = getenv("HIPC_BENCH_MAX");
  size_t max = mx ? strtoull(mx, NULL, 10) : (size_t)256 << 20;
  ncclComm_t comms[MAXR];
  hipStream_t st[MAXR];
  float* buf[MAXR];
  float* host = malloc(max);
  if (!host) return 1;
  for (int r = 0; r < nr; ++r) {
    HIP(hipSetDevice(devs[r]));
    HIP(hipStreamCreate(&st[r]));
    HIP(hipMalloc((void**)&buf[r], max));
  }
  if (ncclCommInitAll(comms, nr, devs) != ncclSuccess) return 1;

  /* Peer copies GPU 0 -> GPU 1, the largest size, best of 5. */
  HIP(hipSetDevice(devs[0]));
  hipDeviceEnablePeerAccess(devs[1], 0);
  (void)hipGetLastError();
  double peer = 1e9;
  for (int rep = 0; rep < 6; ++rep) {
    double t0 = now();
    HIP(hipMemcpyPeerAsync(buf[1], devs[1], buf[0], devs[0], max, st[0]));
    HIP(hipStreamSynchronize(st[0]));
    double t = now() - t0;
    if (rep && t < peer) peer = t;
  }
  double peer_bw = max / peer / 1e9;
  printf("%d GPUs; peer copy GPU %d -> GPU %d, %zu bytes: %.1f GB/s\n", nr,
         devs[0], devs[1], max, peer_bw);
  printf("%12s %12s %12s %12s %10s\n", "bytes", "time us", "algbw GB/s",
         "busbw GB/s", "busbw/peer");
  int wrong = 0;
  for (size_t b = 8; b <= max; b *= 4) {
    size_t n = b / sizeof(float);
    int reps = b >= ((size_t)16 << 20) ? 4 : 12;
    double best = 1e9;
    for (int rep = 0; rep < reps; ++rep) {
      double t0 = now();
      ncclGroupStart();
      for (int r = 0; r < nr; ++r)
        ncclAllReduce(buf[r], buf[r], n, ncclFloat, ncclSum, comms[r], st[r]);
      ncclGroupEnd();
      for (int r = 0; r < nr; ++r) HIP(hipStreamSynchronize(st[r]));
      double t = now() - t0;
      if (rep && t < best) best = t;
    }
    /* Check: each rank holds r + 1 at i, the sum is n(n+1)/2. */
    for (int r = 0; r < nr; ++r) {
      for (size_t i = 0; i < n; ++i) host[i] = (float)(r + 1);
      HIP(hipMemcpy(buf[r], host, b, hipMemcpyHostToDevice));
    }
    ncclGroupStart();
    for (int r = 0; r < nr; ++r)
      ncclAllReduce(buf[r], buf[r], n, ncclFloat, ncclSum, comms[r], st[r]);
    ncclGroupEnd();
    for (int r = 0; r < nr; ++r) HIP(hipStreamSynchronize(st[r]));
    HIP(hipMemcpy(host, buf[nr - 1], b, hipMemcpyDeviceToHost));
    for (size_t i = 0; i < n; ++i)
      if (host[i] != (float)(nr * (nr + 1) / 2)) {
        wrong++;
        break;
      }
    double alg = b / best / 1e9, bus = alg * 2.0 * (nr - 1) / nr;
    printf("%12zu %12.1f %12.3f %12.3f %10.2f\n", b, best * 1e6, alg, bus,
           bus / peer_bw);
  }
  printf("results: %s\n", wrong ? "WRONG" : "right");
  for (int r = 0; r < nr; ++r) {
    ncclCommDestroy(comms[r]);
    hipFree(buf[r]);
  }
  free(host);
  return wrong != 0;
}
