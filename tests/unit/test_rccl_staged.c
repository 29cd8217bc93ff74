/* RCCL on GPUs of one process, device to device (src/lib/rccl/gpu_direct.c)
 * and with staged buffers (gpu_stage.c, HIPC_RCCL_STAGED=1): on a GPU run, one
 * rank per GPU (ncclCommInitAll over every GPU, 2 on the integrator's
 * machine); on the CPU device, three CPU devices whose buffers are staged
 * as a GPU's (HIPC_RCCL_STAGE=1). Buffers are read and written only with
 * hipMemcpy, so the same checks hold on GPUs: every datatype and operator
 * of all-reduce (pre-multiplied sums with host and device scalars),
 * in-place forms, odd counts, the rooted and gathering collectives,
 * all-to-all(v), two collectives in one batch, and a ring of sends and
 * receives in one group. */
// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lrccl -lhipc -lm
// NEEDS: librccl.so
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rccl/rccl.h"
#include "rccl_values.h"

#define MAXR 8
#define N 41 /* odd */

static int nr;
static ncclComm_t comms[MAXR];
static hipStream_t streams[MAXR];

static int devs_of[MAXR]; /* rank -> device */

static void* dev_alloc(int r, size_t bytes) {
  void* p = NULL;
  hipSetDevice(devs_of[r]);
  CHECK_ERR(hipMalloc(&p, bytes + 1), hipSuccess);
  return p;
}
static void* dev_copy(int r, const void* h, size_t bytes) {
  void* p = dev_alloc(r, bytes);
  CHECK_ERR(hipMemcpy(p, h, bytes, hipMemcpyHostToDevice), hipSuccess);
  return p;
}
static void to_host(void* h, const void* d, size_t bytes) {
  CHECK_ERR(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost), hipSuccess);
}
static void sync_all(void) {
  for (int d = 0; d < nr; ++d)
    CHECK_ERR(hipStreamSynchronize(streams[d]), hipSuccess);
}

/* op == ncclNumOps: pre-multiplied by 2 (host scalar); ncclNumOps + 1:
 * by 2 read from device memory when the operation runs. */
static int allreduce_case(int t, int op, int in_place) {
  size_t es = tsize(t);
  void *send[MAXR], *recv[MAXR], *scalar[MAXR];
  ncclRedOp_t rop[MAXR];
  int base = op >= ncclNumOps ? ncclSum : op;
  unsigned char h[N * 8], two[8];
  put(two, 0, t, 2);
  for (int r = 0; r < nr; ++r) {
    for (size_t i = 0; i < N; ++i) put(h, i, t, input(r, i, t, base));
    send[r] = dev_copy(r, h, N * es);
    recv[r] = in_place ? send[r] : dev_alloc(r, N * es);
    scalar[r] = dev_copy(r, two, 8);
    rop[r] = (ncclRedOp_t)op;
    if (op >= ncclNumOps)
      CHECK_EQ(ncclRedOpCreatePreMulSum(
                   &rop[r], op == ncclNumOps ? (void*)two : scalar[r],
                   (ncclDataType_t)t,
                   op == ncclNumOps ? ncclScalarHostImmediate
                                    : ncclScalarDevice,
                   comms[r]),
               ncclSuccess);
  }
  CHECK_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < nr; ++r)
    CHECK_EQ(ncclAllReduce(send[r], recv[r], N, (ncclDataType_t)t, rop[r],
                           comms[r], streams[r]),
             ncclSuccess);
  CHECK_EQ(ncclGroupEnd(), ncclSuccess);
  sync_all();
  int bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, recv[r], N * es);
    for (size_t i = 0; i < N && !bad; ++i) {
      double want = input(0, i, t, base);
      for (int k = 1; k < nr; ++k)
        want = combine(want, input(k, i, t, base), base);
      if (op == ncclAvg) want = t <= ncclUint64 ? floor(want / nr) : want / nr;
      if (op >= ncclNumOps) want *= 2;
      if (get(h, i, t) != want) {
        fprintf(stderr, "allreduce type %d op %d%s rank %d [%zu]: %g, "
                "want %g\n", t, op, in_place ? " in place" : "", r, i,
                get(h, i, t), want);
        bad = 1;
      }
    }
    if (rop[r] >= ncclNumOps)
      CHECK_EQ(ncclRedOpDestroy(rop[r], comms[r]), ncclSuccess);
    hipFree(send[r]);
    if (!in_place) hipFree(recv[r]);
    hipFree(scalar[r]);
  }
  return bad;
}

static void test_allreduce(void) {
  int bad = 0;
  for (int t = 0; t < ncclNumTypes; ++t)
    for (int op = 0; op <= ncclNumOps + 1; ++op)
      bad += allreduce_case(t, op, 0);
  bad += allreduce_case(ncclFloat32, ncclSum, 1);
  bad += allreduce_case(ncclFloat16, ncclMax, 1);
  CHECK_EQ(bad, 0);
}

/* Rank r's value at i. */
static int v(int r, size_t i) { return r * 1000 + (int)i; }

/* Rank r's buffer of n ints: v(r, i), or `fill` everywhere. */
static int* ints(int r, size_t n, int fill, int use_fill) {
  int h[MAXR * N];
  for (size_t i = 0; i < n; ++i) h[i] = use_fill ? fill : v(r, i);
  return dev_copy(r, h, n * sizeof(int));
}

#define RUN_ALL(call)                                        \
  do {                                                       \
    CHECK_EQ(ncclGroupStart(), ncclSuccess);                 \
    for (int r = 0; r < nr; ++r) CHECK_EQ((call), ncclSuccess); \
    CHECK_EQ(ncclGroupEnd(), ncclSuccess);                   \
    sync_all();                                              \
  } while (0)

static void test_others(void) {
  int *s[MAXR], *d[MAXR], h[MAXR * N];
  int root = nr - 1, bad;
  /* broadcast from the last rank; reduce (sum) to it, then in place */
  for (int r = 0; r < nr; ++r) {
    /* at least N + 1: the element past the count is checked (one rank on
     * a machine with one GPU) */
    s[r] = ints(r, (nr > 1 ? nr : 2) * N, 0, 0);
    d[r] = ints(r, (nr > 1 ? nr : 2) * N, -1, 1);
  }
  RUN_ALL(ncclBroadcast(s[r], d[r], N, ncclInt32, root, comms[r], streams[r]));
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, d[r], (N + 1) * sizeof(int));
    for (size_t i = 0; i < N; ++i) bad += h[i] != v(root, i);
    bad += h[N] != -1; /* past the count: untouched */
  }
  CHECK_EQ(bad, 0);
  RUN_ALL(ncclReduce(s[r], d[r], N, ncclInt32, ncclSum, root, comms[r],
                     streams[r]));
  to_host(h, d[root], N * sizeof(int));
  bad = 0;
  for (size_t i = 0; i < N; ++i) {
    int want = 0;
    for (int k = 0; k < nr; ++k) want += v(k, i);
    bad += h[i] != want;
  }
  CHECK_EQ(bad, 0);
  RUN_ALL(ncclReduce(s[r], s[r], N, ncclInt32, ncclMax, root, comms[r],
                     streams[r]));
  to_host(h, s[root], N * sizeof(int));
  bad = 0;
  for (size_t i = 0; i < N; ++i) bad += h[i] != v(nr - 1, i);
  CHECK_EQ(bad, 0);
  /* all-gather out of place and in place (rank r's part at r * N) */
  for (int r = 0; r < nr; ++r) {
    hipFree(s[r]);
    s[r] = ints(r, nr * N, 0, 0);
  }
  RUN_ALL(ncclAllGather(s[r], d[r], N, ncclInt32, comms[r], streams[r]));
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, d[r], nr * N * sizeof(int));
    for (int k = 0; k < nr; ++k)
      for (size_t i = 0; i < N; ++i) bad += h[k * N + i] != v(k, i);
  }
  CHECK_EQ(bad, 0);
  for (int r = 0; r < nr; ++r) {
    int part[N];
    for (size_t i = 0; i < N; ++i) part[i] = v(r, i);
    CHECK_ERR(hipMemcpy(d[r] + r * N, part, sizeof part,
                        hipMemcpyHostToDevice), hipSuccess);
  }
  RUN_ALL(ncclAllGather(d[r] + r * N, d[r], N, ncclInt32, comms[r],
                        streams[r]));
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, d[r], nr * N * sizeof(int));
    for (int k = 0; k < nr; ++k)
      for (size_t i = 0; i < N; ++i) bad += h[k * N + i] != v(k, i);
  }
  CHECK_EQ(bad, 0);
  /* reduce-scatter: rank r gets the sums of part r; then in place */
  RUN_ALL(ncclReduceScatter(s[r], d[r], N, ncclInt32, ncclSum, comms[r],
                            streams[r]));
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, d[r], N * sizeof(int));
    for (size_t i = 0; i < N; ++i) {
      int want = 0;
      for (int k = 0; k < nr; ++k) want += v(k, r * N + i);
      bad += h[i] != want;
    }
  }
  CHECK_EQ(bad, 0);
  RUN_ALL(ncclReduceScatter(s[r], s[r] + r * N, N, ncclInt32, ncclSum,
                            comms[r], streams[r]));
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, s[r] + r * N, N * sizeof(int));
    for (size_t i = 0; i < N; ++i) {
      int want = 0;
      for (int k = 0; k < nr; ++k) want += v(k, r * N + i);
      bad += h[i] != want;
    }
  }
  CHECK_EQ(bad, 0);
  /* all-to-all: block k of rank r's input goes to rank k */
  for (int r = 0; r < nr; ++r) {
    hipFree(s[r]);
    s[r] = ints(r, nr * N, 0, 0);
  }
  RUN_ALL(ncclAllToAll(s[r], d[r], N, ncclInt32, comms[r], streams[r]));
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, d[r], nr * N * sizeof(int));
    for (int k = 0; k < nr; ++k)
      for (size_t i = 0; i < N; ++i) bad += h[k * N + i] != v(k, r * N + i);
  }
  CHECK_EQ(bad, 0);
  /* all-to-all-v: rank r sends cnt(r, k) elements to rank k, packed;
   * the receiver leaves one element free before each block */
  {
    size_t sc[MAXR][MAXR], sd[MAXR][MAXR], rc[MAXR][MAXR], rd[MAXR][MAXR];
    int* e[MAXR];
    for (int r = 0; r < nr; ++r) {
      size_t so = 0, ro = 0;
      int hs[MAXR * 4];
      for (int k = 0; k < nr; ++k) {
        sc[r][k] = 1 + (size_t)(r + 2 * k) % 4;
        rc[r][k] = 1 + (size_t)(k + 2 * r) % 4;
        sd[r][k] = so;
        rd[r][k] = ro + 1;
        for (size_t j = 0; j < sc[r][k]; ++j) hs[so + j] = v(r, 100 * k + j);
        so += sc[r][k];
        ro += rc[r][k] + 1;
      }
      hipFree(s[r]);
      s[r] = dev_copy(r, hs, so * sizeof(int));
      e[r] = ints(r, nr * 5, -1, 1);
    }
    RUN_ALL(ncclAllToAllv(s[r], sc[r], sd[r], e[r], rc[r], rd[r], ncclInt32,
                          comms[r], streams[r]));
    bad = 0;
    for (int r = 0; r < nr; ++r) {
      to_host(h, e[r], nr * 5 * sizeof(int));
      for (int k = 0; k < nr; ++k) {
        bad += h[rd[r][k] - 1] != -1; /* the hole */
        for (size_t j = 0; j < rc[r][k]; ++j)
          bad += h[rd[r][k] + j] != v(k, 100 * r + j);
      }
      hipFree(e[r]);
    }
    CHECK_EQ(bad, 0);
  }
  /* two collectives of one group in one batch (independent, as NCCL
   * asks): an all-reduce in place, then a broadcast from rank 0 of the
   * block after it (two blocks at least: one rank, one GPU, has a block
   * of its own only) */
  for (int r = 0; r < nr; ++r) {
    hipFree(s[r]);
    s[r] = ints(r, (nr > 1 ? nr : 2) * N, 0, 0);
  }
  CHECK_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < nr; ++r) {
    CHECK_EQ(ncclAllReduce(s[r], s[r], N, ncclInt32, ncclSum, comms[r],
                           streams[r]),
             ncclSuccess);
    CHECK_EQ(ncclBroadcast(s[r] + N, d[r], N, ncclInt32, 0, comms[r],
                           streams[r]),
             ncclSuccess);
  }
  CHECK_EQ(ncclGroupEnd(), ncclSuccess);
  sync_all();
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, s[r], N * sizeof(int));
    for (size_t i = 0; i < N; ++i) {
      int want = 0;
      for (int k = 0; k < nr; ++k) want += v(k, i);
      bad += h[i] != want;
    }
    to_host(h, d[r], N * sizeof(int));
    for (size_t i = 0; i < N; ++i) bad += h[i] != v(0, N + i);
  }
  CHECK_EQ(bad, 0);
  for (int r = 0; r < nr; ++r) {
    hipFree(s[r]);
    s[r] = ints(r, nr * N, 0, 0);
  }
  /* a ring of sends and receives in one group */
  CHECK_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < nr; ++r) {
    CHECK_EQ(ncclSend(s[r], N, ncclInt32, (r + 1) % nr, comms[r], streams[r]),
             ncclSuccess);
    CHECK_EQ(ncclRecv(d[r], N, ncclInt32, (r + nr - 1) % nr, comms[r],
                      streams[r]),
             ncclSuccess);
  }
  CHECK_EQ(ncclGroupEnd(), ncclSuccess);
  sync_all();
  bad = 0;
  for (int r = 0; r < nr; ++r) {
    to_host(h, d[r], N * sizeof(int));
    for (size_t i = 0; i < N; ++i) bad += h[i] != v((r + nr - 1) % nr, i);
  }
  CHECK_EQ(bad, 0);
  for (int r = 0; r < nr; ++r) {
    hipFree(s[r]);
    hipFree(d[r]);
  }
}

int main(void) {
  /* On the CPU device: three devices, staged as GPUs are. */
  setenv("HIPC_CPU_DEVICES", "3", 0);
  setenv("HIPC_RCCL_STAGE", "1", 0);
  /* The ranks: every GPU where there are GPUs, else the CPU devices. */
  int count = 0, devs[MAXR], gpus = 0;
  CHECK_ERR(hipGetDeviceCount(&count), hipSuccess);
  for (int pass = 0; pass < 2 && nr == 0; ++pass)
    for (int d = 0; d < count && nr < MAXR; ++d) {
      hipDeviceProp_t p;
      CHECK_ERR(hipGetDeviceProperties(&p, d), hipSuccess);
      int gpu = strcmp(p.gcnArchName, "hipc-cpu") != 0;
      if (pass == 0 ? gpu : !gpu) devs[nr++] = d;
      gpus += pass == 0 && gpu;
    }
  for (int r = 0; r < nr; ++r) {
    hipSetDevice(devs[r]);
    CHECK_ERR(hipStreamCreate(&streams[r]), hipSuccess);
  }
  memcpy(devs_of, devs, sizeof devs);
  CHECK_EQ(ncclCommInitAll(comms, nr, devs), ncclSuccess);
  /* Device to device (gpu_direct.c: all ranks in one group), then staged
   * through host memory. */
  int staged_only = getenv("HIPC_RCCL_STAGED") != NULL;
  for (int pass = staged_only; pass < 2; ++pass) {
    if (pass) setenv("HIPC_RCCL_STAGED", "1", 0);
    test_allreduce();
    test_others();
  }
  for (int r = 0; r < nr; ++r) {
    CHECK_EQ(ncclCommDestroy(comms[r]), ncclSuccess);
    hipStreamDestroy(streams[r]);
  }
  fprintf(stderr, "test_rccl_staged: %d ranks on %s\n", nr,
          gpus ? "GPUs" : "CPU devices");
  return check_summary("test_rccl_staged");
}
