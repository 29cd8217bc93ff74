/* RCCL between four CPU devices of one process (HIPC_CPU_DEVICES=4,
 * ncclCommInitAll): every collective, datatype and reduction against
 * results computed here, in-place forms, odd counts, groups of sends and
 * receives, split, abort, and the documented errors. */
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

#define NR 4
#define N 37 /* odd: the segments are uneven */

static ncclComm_t comms[NR];
static hipStream_t streams[NR];

static void* dev_alloc(int d, size_t bytes) {
  void* p = NULL;
  hipSetDevice(d);
  CHECK_ERR(hipMalloc(&p, bytes + 1), hipSuccess);
  return p;
}

static void sync_all(void) {
  for (int d = 0; d < NR; ++d)
    CHECK_ERR(hipStreamSynchronize(streams[d]), hipSuccess);
}

/* All-reduce of type `t` with `op` (ncclNumOps: pre-multiplied by 2, and
 * by 3 read from device memory), out of place or in place. */
static int allreduce_case(int t, int op, int in_place) {
  size_t es = tsize(t);
  void *send[NR], *recv[NR];
  ncclRedOp_t rop[NR];
  double* scalar3[NR];
  int base = op == ncclNumOps || op == ncclNumOps + 1 ? ncclSum : op;
  for (int r = 0; r < NR; ++r) {
    send[r] = dev_alloc(r, N * es);
    recv[r] = in_place ? send[r] : dev_alloc(r, N * es);
    for (size_t i = 0; i < N; ++i) put(send[r], i, t, input(r, i, t, base));
    rop[r] = (ncclRedOp_t)op;
    scalar3[r] = dev_alloc(r, 8);
    if (op == ncclNumOps) {
      unsigned char two[8];
      put(two, 0, t, 2);
      CHECK_EQ(ncclRedOpCreatePreMulSum(&rop[r], two, (ncclDataType_t)t,
                                        ncclScalarHostImmediate, comms[r]),
               ncclSuccess);
      memset(two, 0, 8); /* read at creation: changing it has no effect */
    } else if (op == ncclNumOps + 1) {
      put(scalar3[r], 0, t, 1);
      CHECK_EQ(ncclRedOpCreatePreMulSum(&rop[r], scalar3[r],
                                        (ncclDataType_t)t, ncclScalarDevice,
                                        comms[r]),
               ncclSuccess);
      /* read when the operation runs: this value counts */
      put(scalar3[r], 0, t, 2);
    }
  }
  CHECK_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclAllReduce(send[r], recv[r], N, (ncclDataType_t)t, rop[r],
                           comms[r], streams[r]),
             ncclSuccess);
  CHECK_EQ(ncclGroupEnd(), ncclSuccess);
  sync_all();
  int bad = 0;
  for (int r = 0; r < NR; ++r) {
    for (size_t i = 0; i < N && !bad; ++i) {
      double want = input(0, i, t, base);
      for (int k = 1; k < NR; ++k) want = combine(want, input(k, i, t, base), base);
      if (op == ncclAvg)
        want = t <= ncclUint64 ? floor(want / NR) : want / NR;
      if (op >= ncclNumOps) want *= 2;
      double got = get(recv[r], i, t);
      if (got != want) {
        fprintf(stderr, "allreduce type %d op %d%s rank %d [%zu]: %g, "
                "want %g\n", t, op, in_place ? " in place" : "", r, i, got,
                want);
        bad = 1;
      }
    }
    if (rop[r] >= ncclNumOps)
      CHECK_EQ(ncclRedOpDestroy(rop[r], comms[r]), ncclSuccess);
    hipFree(send[r]);
    if (!in_place) hipFree(recv[r]);
    hipFree(scalar3[r]);
  }
  return bad;
}

static void test_allreduce(void) {
  int bad = 0;
  for (int t = 0; t < ncclNumTypes; ++t)
    for (int op = 0; op <= ncclNumOps + 1; ++op) bad += allreduce_case(t, op, 0);
  bad += allreduce_case(ncclFloat32, ncclSum, 1);
  bad += allreduce_case(ncclFloat16, ncclMax, 1);
  CHECK_EQ(bad, 0);
}

/* Fills rank r's buffer of `n` ints with r * 1000 + i. */
static int* ints(int r, size_t n) {
  int* p = dev_alloc(r, n * sizeof(int));
  for (size_t i = 0; i < n; ++i) p[i] = r * 1000 + (int)i;
  return p;
}

static void test_rooted_and_gathers(void) {
  int *s[NR], *d[NR];
  /* broadcast from 2; reduce (sum, int) to 1 */
  for (int r = 0; r < NR; ++r) {
    s[r] = ints(r, N);
    d[r] = ints(r, NR * N);
  }
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclBroadcast(s[r], d[r], N, ncclInt32, 2, comms[r], streams[r]),
             ncclSuccess);
  sync_all();
  int bad = 0;
  for (int r = 0; r < NR; ++r)
    for (int i = 0; i < N; ++i) bad += d[r][i] != 2000 + i;
  CHECK_EQ(bad, 0);
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclBcast(s[r], N, ncclInt32, 3, comms[r], streams[r]),
             ncclSuccess);
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int i = 0; i < N; ++i) bad += s[r][i] != 3000 + i;
  CHECK_EQ(bad, 0);
  for (int r = 0; r < NR; ++r) {
    for (int i = 0; i < N; ++i) s[r][i] = r * 1000 + i;
    d[r][0] = -7;
  }
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclReduce(s[r], d[r], N, ncclInt32, ncclSum, 1, comms[r],
                        streams[r]),
             ncclSuccess);
  sync_all();
  for (int i = 0; i < N; ++i) bad += d[1][i] != 6000 + 4 * i;
  CHECK_EQ(d[0][0], -7); /* not the root: untouched */
  CHECK_EQ(bad, 0);

  /* all-gather, out of place and in place */
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclAllGather(s[r], d[r], N, ncclInt32, comms[r], streams[r]),
             ncclSuccess);
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int k = 0; k < NR; ++k)
      for (int i = 0; i < N; ++i) bad += d[r][k * N + i] != k * 1000 + i;
  CHECK_EQ(bad, 0);
  for (int r = 0; r < NR; ++r) {
    memset(d[r], 0, NR * N * sizeof(int));
    for (int i = 0; i < N; ++i) d[r][r * N + i] = r * 1000 + i;
  }
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclAllGather(d[r] + r * N, d[r], N, ncclInt32, comms[r],
                           streams[r]),
             ncclSuccess);
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int k = 0; k < NR; ++k)
      for (int i = 0; i < N; ++i) bad += d[r][k * N + i] != k * 1000 + i;
  CHECK_EQ(bad, 0);

  /* reduce-scatter (max over doubles), out of place and in place */
  double* x[NR];
  double* y[NR];
  for (int r = 0; r < NR; ++r) {
    x[r] = dev_alloc(r, NR * N * sizeof(double));
    y[r] = dev_alloc(r, N * sizeof(double));
    for (int i = 0; i < NR * N; ++i) x[r][i] = (double)((r * 13 + i * 7) % 11);
  }
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclReduceScatter(x[r], y[r], N, ncclFloat64, ncclMax, comms[r],
                               streams[r]),
             ncclSuccess);
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int i = 0; i < N; ++i) {
      double want = 0;
      for (int k = 0; k < NR; ++k) {
        double v = (double)((k * 13 + (r * N + i) * 7) % 11);
        if (v > want) want = v;
      }
      bad += y[r][i] != want;
    }
  CHECK_EQ(bad, 0);
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclReduceScatter(x[r], x[r] + r * N, N, ncclFloat64, ncclSum,
                               comms[r], streams[r]),
             ncclSuccess);
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int i = 0; i < N; ++i) {
      double want = 0;
      for (int k = 0; k < NR; ++k) want += (double)((k * 13 + (r * N + i) * 7) % 11);
      bad += x[r][r * N + i] != want;
    }
  CHECK_EQ(bad, 0);

  /* all-to-all: rank r's block k goes to rank k's block r */
  for (int r = 0; r < NR; ++r)
    for (int i = 0; i < NR * N; ++i) d[r][i] = r * 1000 + i;
  int* e[NR];
  for (int r = 0; r < NR; ++r) e[r] = dev_alloc(r, NR * N * sizeof(int));
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclAllToAll(d[r], e[r], N, ncclInt32, comms[r], streams[r]),
             ncclSuccess);
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int k = 0; k < NR; ++k)
      for (int i = 0; i < N; ++i) bad += e[r][k * N + i] != k * 1000 + r * N + i;
  CHECK_EQ(bad, 0);

  /* all-to-all-v: rank r sends k + 1 elements to rank k, from offset
   * 10 * k, and receives r + 1 from each k at offset 5 * k */
  size_t sc[NR][NR], sd[NR][NR], rc[NR][NR], rd[NR][NR];
  for (int r = 0; r < NR; ++r)
    for (int k = 0; k < NR; ++k) {
      sc[r][k] = (size_t)k + 1;
      sd[r][k] = 10 * (size_t)k;
      rc[r][k] = (size_t)r + 1;
      rd[r][k] = 5 * (size_t)k;
    }
  for (int r = 0; r < NR; ++r) {
    memset(e[r], 0xff, NR * N * sizeof(int));
    CHECK_EQ(ncclAllToAllv(d[r], sc[r], sd[r], e[r], rc[r], rd[r], ncclInt32,
                           comms[r], streams[r]),
             ncclSuccess);
  }
  sync_all();
  for (int r = 0; r < NR; ++r)
    for (int k = 0; k < NR; ++k)
      for (int i = 0; i <= r; ++i)
        bad += e[r][5 * k + i] != k * 1000 + 10 * r + i;
  CHECK_EQ(bad, 0);

  for (int r = 0; r < NR; ++r) {
    hipFree(s[r]);
    hipFree(d[r]);
    hipFree(e[r]);
    hipFree(x[r]);
    hipFree(y[r]);
  }
}

/* A ring of sends and receives in both directions, in one group (receives
 * named before sends: a group must not deadlock). */
static void test_send_recv(void) {
  int *a[NR], *b[NR], *c[NR];
  for (int r = 0; r < NR; ++r) {
    a[r] = ints(r, N);
    b[r] = ints(r, N);
    c[r] = ints(r, N);
  }
  CHECK_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < NR; ++r) {
    int next = (r + 1) % NR, prev = (r + NR - 1) % NR;
    CHECK_EQ(ncclRecv(b[r], N, ncclInt32, prev, comms[r], streams[r]),
             ncclSuccess);
    CHECK_EQ(ncclRecv(c[r], N, ncclInt32, next, comms[r], streams[r]),
             ncclSuccess);
    CHECK_EQ(ncclSend(a[r], N, ncclInt32, next, comms[r], streams[r]),
             ncclSuccess);
    CHECK_EQ(ncclSend(a[r], N, ncclInt32, prev, comms[r], streams[r]),
             ncclSuccess);
  }
  CHECK_EQ(ncclGroupEnd(), ncclSuccess);
  sync_all();
  int bad = 0;
  for (int r = 0; r < NR; ++r)
    for (int i = 0; i < N; ++i) {
      bad += b[r][i] != ((r + NR - 1) % NR) * 1000 + i;
      bad += c[r][i] != ((r + 1) % NR) * 1000 + i;
    }
  CHECK_EQ(bad, 0);
  for (int r = 0; r < NR; ++r) {
    hipFree(a[r]);
    hipFree(b[r]);
    hipFree(c[r]);
  }
}

static void test_split(void) {
  ncclComm_t sub[NR];
  CHECK_EQ(ncclGroupStart(), ncclSuccess);
  for (int r = 0; r < NR; ++r)
    CHECK_EQ(ncclCommSplit(comms[r], r == 3 ? NCCL_SPLIT_NOCOLOR : r % 2,
                           -r, &sub[r], NULL),
             ncclSuccess);
  CHECK_EQ(ncclGroupEnd(), ncclSuccess);
  CHECK(sub[3] == NULL);
  int n = 0, rank = -1;
  CHECK_EQ(ncclCommCount(sub[0], &n), ncclSuccess);
  CHECK_EQ(n, 2); /* ranks 0 and 2 */
  CHECK_EQ(ncclCommUserRank(sub[0], &rank), ncclSuccess);
  CHECK_EQ(rank, 1); /* key -0 after key -2 */
  CHECK_EQ(ncclCommCount(sub[1], &n), ncclSuccess);
  CHECK_EQ(n, 1);
  int* v[3];
  for (int r = 0; r < 3; ++r) v[r] = ints(r, N);
  for (int r = 0; r < 3; ++r)
    CHECK_EQ(ncclAllReduce(v[r], v[r], N, ncclInt32, ncclSum, sub[r],
                           streams[r]),
             ncclSuccess);
  sync_all();
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    bad += v[0][i] != 2000 + 2 * i || v[2][i] != 2000 + 2 * i;
    bad += v[1][i] != 1000 + i;
  }
  CHECK_EQ(bad, 0);
  for (int r = 0; r < 3; ++r) {
    hipFree(v[r]);
    CHECK_EQ(ncclCommDestroy(sub[r]), ncclSuccess);
  }
}

static void test_errors(void) {
  int x[4] = {0};
  ncclComm_t c = comms[0];
  CHECK_EQ(ncclAllReduce(x, x, 1, (ncclDataType_t)ncclNumTypes, ncclSum, c,
                         streams[0]),
           ncclInvalidArgument);
  CHECK(strstr(ncclGetLastError(c), "datatype") != NULL);
  CHECK_EQ(ncclAllReduce(x, x, 1, ncclInt32, (ncclRedOp_t)(ncclNumOps + 9),
                         c, streams[0]),
           ncclInvalidArgument);
  CHECK_EQ(ncclReduce(x, x, 1, ncclInt32, ncclSum, NR, c, streams[0]),
           ncclInvalidArgument);
  CHECK_EQ(ncclBroadcast(x, x, 1, ncclInt32, -1, c, streams[0]),
           ncclInvalidArgument);
  CHECK_EQ(ncclSend(x, 1, ncclInt32, NR, c, streams[0]), ncclInvalidArgument);
  CHECK_EQ(ncclRecv(x, 1, ncclInt32, -2, c, streams[0]), ncclInvalidArgument);
  CHECK_EQ(ncclAllGather(NULL, x, 1, ncclInt32, c, streams[0]),
           ncclInvalidArgument);
  CHECK(strstr(ncclGetLastError(c), "sendbuff") != NULL);
  CHECK_EQ(ncclAllReduce(x, NULL, 1, ncclInt32, ncclSum, c, streams[0]),
           ncclInvalidArgument);
  CHECK_EQ(ncclAllToAllv(x, NULL, NULL, x, NULL, NULL, ncclInt32, c,
                         streams[0]),
           ncclInvalidArgument);
  /* A pre-multiplied sum belongs to its datatype and communicator. */
  ncclRedOp_t op;
  int two = 2;
  CHECK_EQ(ncclRedOpCreatePreMulSum(&op, &two, ncclInt32,
                                    ncclScalarHostImmediate, c),
           ncclSuccess);
  CHECK_EQ(ncclAllReduce(x, x, 1, ncclFloat32, op, c, streams[0]),
           ncclInvalidArgument);
  CHECK_EQ(ncclRedOpDestroy(op, c), ncclSuccess);
  CHECK_EQ(ncclRedOpDestroy(op, c), ncclInvalidArgument);
  CHECK_EQ(ncclRedOpDestroy(ncclSum, c), ncclInvalidArgument);
  CHECK_EQ(ncclRedOpCreatePreMulSum(&op, &two, ncclInt32,
                                    (ncclScalarResidence_t)7, c),
           ncclInvalidArgument);
  /* Communicator arguments. */
  ncclComm_t one;
  int dev = 1;
  CHECK_EQ(ncclCommInitAll(&one, 1, &dev), ncclSuccess);
  int d = -1;
  CHECK_EQ(ncclCommCuDevice(one, &d), ncclSuccess);
  CHECK_EQ(d, 1);
  CHECK_EQ(ncclCommDestroy(one), ncclSuccess);
  CHECK_EQ(ncclAllReduce(x, x, 1, ncclInt32, ncclSum, one, streams[1]),
           ncclInvalidArgument);
  CHECK_EQ(ncclCommCount(one, &d), ncclInvalidArgument);
  int bad_dev = NR;
  CHECK_EQ(ncclCommInitAll(&one, 1, &bad_dev), ncclInvalidArgument);
  CHECK_EQ(ncclCommInitAll(&one, 0, NULL), ncclInvalidArgument);
  ncclUniqueId id;
  memset(&id, 0, sizeof id);
  CHECK_EQ(ncclCommInitRank(&one, 2, id, 0), ncclInvalidArgument);
  CHECK_EQ(ncclGetUniqueId(&id), ncclSuccess);
  CHECK_EQ(ncclCommInitRank(&one, 2, id, 2), ncclInvalidArgument);
  CHECK_EQ(ncclGroupEnd(), ncclInvalidUsage);
  CHECK(strcmp(ncclGetErrorString(ncclInvalidArgument), "invalid argument")
        == 0);
  int v = 0;
  CHECK_EQ(ncclGetVersion(&v), ncclSuccess);
  CHECK_EQ(v, NCCL_VERSION_CODE);
  CHECK_EQ(NCCL_VERSION_CODE, 21803);
  void* m = NULL;
  hipSetDevice(0);
  CHECK_EQ(ncclMemAlloc(&m, 64), ncclSuccess);
  void* h = NULL;
  CHECK_EQ(ncclCommRegister(c, m, 64, &h), ncclSuccess);
  CHECK_EQ(ncclCommDeregister(c, h), ncclSuccess);
  CHECK_EQ(ncclMemFree(m), ncclSuccess);
  CHECK_EQ(ncclMemAlloc(NULL, 64), ncclInvalidArgument);
}

/* A rank that aborts: its peer's pending collective ends with an error
 * that ncclCommGetAsyncError reports, instead of hanging. */
static void test_abort(void) {
  ncclComm_t pair[2];
  CHECK_EQ(ncclCommInitAll(pair, 2, NULL), ncclSuccess);
  int* x = ints(0, N);
  CHECK_EQ(ncclAllReduce(x, x, N, ncclInt32, ncclSum, pair[0], streams[0]),
           ncclSuccess);
  CHECK_EQ(ncclCommAbort(pair[1]), ncclSuccess);
  CHECK_ERR(hipStreamSynchronize(streams[0]), hipSuccess);
  ncclResult_t async = ncclSuccess;
  CHECK_EQ(ncclCommGetAsyncError(pair[0], &async), ncclSuccess);
  CHECK_EQ(async, ncclRemoteError);
  CHECK_EQ(ncclCommDestroy(pair[0]), ncclSuccess);
  hipFree(x);
}

int main(void) {
  setenv("HIPC_DEVICES", "cpu", 1);
  setenv("HIPC_CPU_DEVICES", "4", 1);
  int n = 0;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_EQ(n, NR);
  for (int r = 0; r < NR; ++r) {
    hipSetDevice(r);
    CHECK_ERR(hipStreamCreate(&streams[r]), hipSuccess);
  }
  CHECK_EQ(ncclCommInitAll(comms, NR, NULL), ncclSuccess);
  for (int r = 0; r < NR; ++r) {
    int v = -1;
    CHECK_EQ(ncclCommUserRank(comms[r], &v), ncclSuccess);
    CHECK_EQ(v, r);
    CHECK_EQ(ncclCommCount(comms[r], &v), ncclSuccess);
    CHECK_EQ(v, NR);
    CHECK_EQ(ncclCommCuDevice(comms[r], &v), ncclSuccess);
    CHECK_EQ(v, r);
  }
  test_allreduce();
  test_rooted_and_gathers();
  test_send_recv();
  test_split();
  test_errors();
  test_abort();
  for (int r = 0; r < NR; ++r) {
    ncclResult_t async = ncclRemoteError;
    CHECK_EQ(ncclCommGetAsyncError(comms[r], &async), ncclSuccess);
    CHECK_EQ(async, ncclSuccess);
    CHECK_EQ(ncclCommFinalize(comms[r]), ncclSuccess);
    CHECK_EQ(ncclCommDestroy(comms[r]), ncclSuccess);
  }
  return check_summary("test_rccl");
}
