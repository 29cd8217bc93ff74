// Every MPI call libhipc_mpi wraps, with device buffers (hipMalloc), odd
// counts and in-place forms; each result is checked against values this
// rank computes on the host. Run under mpirun on 2 or 3 ranks:
//   calls pass   nothing may be staged (CPU devices: memory is the host's)
//   calls stage  something must be (GPUs, or HIPC_MPI_STAGE=all)
#include <hip/hip_runtime.h>
#include <hipc_mpi.h>
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <vector>

static int rank, size, fails;

#define CHECK(cond, ...)                                     \
  do {                                                       \
    if (!(cond)) {                                           \
      fprintf(stderr, "rank %d: FAIL %s:%d: ", rank, __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                          \
      fprintf(stderr, "\n");                                 \
      fails++;                                               \
    }                                                        \
  } while (0)
#define HIP(x) CHECK((x) == hipSuccess, "%s", #x)
#define MPI(x) CHECK((x) == MPI_SUCCESS, "%s", #x)

static const int N = 1001;  // odd on purpose

// The value rank r contributes at i.
static int val(int r, int i) { return r * 7 + i % 13 - 5; }

template <class T> static T* dev(const std::vector<T>& h) {
  T* d = nullptr;
  HIP(hipMalloc(&d, h.size() * sizeof(T) + 1));
  HIP(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<T> host(const T* d, size_t n) {
  std::vector<T> h(n);
  HIP(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}
static std::vector<int> mine(int n, int r = -1) {
  std::vector<int> v(n);
  for (int i = 0; i < n; i++) v[i] = val(r < 0 ? rank : r, i);
  return v;
}
static int sum_at(int i) {
  int s = 0;
  for (int r = 0; r < size; r++) s += val(r, i);
  return s;
}
static int bad(const std::vector<int>& got, const std::vector<int>& want) {
  for (size_t i = 0; i < want.size(); i++)
    if (got[i] != want[i]) return (int)i + 1;
  return 0;
}
#define SAME(got, want, what)                                         \
  do {                                                                \
    int at_ = bad((got), (want));                                     \
    CHECK(at_ == 0, "%s: element %d is %d, not %d", what, at_ - 1,    \
          at_ ? (got)[at_ - 1] : 0, at_ ? (want)[at_ - 1] : 0);       \
  } while (0)

static void point_to_point() {
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  // Sendrecv around the ring.
  int* s = dev(mine(N));
  int* r = dev(std::vector<int>(N, -1));
  MPI(MPI_Sendrecv(s, N, MPI_INT, next, 1, r, N, MPI_INT, prev, 1,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE));
  SAME(host(r, N), mine(N, prev), "Sendrecv");
  // Send / Recv, 0 -> 1, a short message into a longer buffer: what did
  // not arrive keeps its bytes; the status counts what did.
  if (rank == 0) {
    MPI(MPI_Send(s, N - 2, MPI_INT, 1, 2, MPI_COMM_WORLD));
    MPI(MPI_Ssend(s, 3, MPI_INT, 1, 3, MPI_COMM_WORLD));
  } else if (rank == 1) {
    int* t = dev(std::vector<int>(N, -9));
    MPI_Status st;
    MPI(MPI_Recv(t, N, MPI_INT, 0, 2, MPI_COMM_WORLD, &st));
    int got = -1;
    MPI_Get_count(&st, MPI_INT, &got);
    CHECK(got == N - 2 && st.MPI_SOURCE == 0 && st.MPI_TAG == 2,
          "Recv status: count %d source %d tag %d", got, st.MPI_SOURCE,
          st.MPI_TAG);
    std::vector<int> want = mine(N, 0);
    want[N - 2] = want[N - 1] = -9;
    SAME(host(t, N), want, "Recv (short message)");
    MPI(MPI_Recv(t, 3, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE));
    want[0] = val(0, 0), want[1] = val(0, 1), want[2] = val(0, 2);
    SAME(host(t, N), want, "Recv (Ssend, any tag)");
    HIP(hipFree(t));
  }
  // Isend / Irecv both ways, finished by Waitall, Waitany, Test, Testall.
  int* r2 = dev(std::vector<int>(N, -1));
  MPI_Request q[4];
  MPI(MPI_Irecv(r, N, MPI_INT, prev, 4, MPI_COMM_WORLD, &q[0]));
  MPI(MPI_Irecv(r2, N - 1, MPI_INT, next, 5, MPI_COMM_WORLD, &q[1]));
  MPI(MPI_Isend(s, N, MPI_INT, next, 4, MPI_COMM_WORLD, &q[2]));
  MPI(MPI_Isend(s, N - 1, MPI_INT, prev, 5, MPI_COMM_WORLD, &q[3]));
  MPI(MPI_Waitall(4, q, MPI_STATUSES_IGNORE));
  SAME(host(r, N), mine(N, prev), "Irecv + Waitall");
  std::vector<int> want = mine(N, next);
  want[N - 1] = -1;
  SAME(host(r2, N), want, "Irecv (N - 1) + Waitall");
  MPI(MPI_Irecv(r2, N, MPI_INT, prev, 6, MPI_COMM_WORLD, &q[0]));
  MPI(MPI_Isend(s, N, MPI_INT, next, 6, MPI_COMM_WORLD, &q[1]));
  int flag = 0, idx = -1;
  while (!flag) MPI(MPI_Test(&q[0], &flag, MPI_STATUS_IGNORE));
  SAME(host(r2, N), mine(N, prev), "Irecv + Test");
  MPI(MPI_Waitany(1, &q[1], &idx, MPI_STATUS_IGNORE));
  HIP(hipMemset(r2, 0xff, N * sizeof(int)));
  MPI(MPI_Irecv(r2, N, MPI_INT, prev, 7, MPI_COMM_WORLD, &q[0]));
  MPI(MPI_Isend(s, N, MPI_INT, next, 7, MPI_COMM_WORLD, &q[1]));
  flag = 0;
  while (!flag) MPI(MPI_Testall(2, q, &flag, MPI_STATUSES_IGNORE));
  SAME(host(r2, N), mine(N, prev), "Irecv + Testall");
  HIP(hipFree(s));
  HIP(hipFree(r));
  HIP(hipFree(r2));
}

// Blocking (nb = 0) or non-blocking (nb = 1, each call waited for).
#define CALL(nb, B, I, ...)                                          \
  do {                                                              \
    if (!(nb)) {                                                    \
      MPI(MPI_##B(__VA_ARGS__));                                  \
    } else {                                                        \
      MPI_Request q_;                                               \
      MPI(MPI_##I(__VA_ARGS__, &q_));                           \
      MPI(MPI_Wait(&q_, MPI_STATUS_IGNORE));                        \
    }                                                               \
  } while (0)

static void collectives(int nb) {
  const char* f = nb ? "non-blocking" : "blocking";
  char what[64];
  int root = size - 1;
  std::vector<int> sums(N);
  for (int i = 0; i < N; i++) sums[i] = sum_at(i);
  int* s = dev(mine(N));
  int* r = dev(std::vector<int>(N * size, -1));
  // Bcast
  int* b = dev(rank == root ? mine(N) : std::vector<int>(N, 0));
  CALL(nb, Bcast, Ibcast, b, N, MPI_INT, root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Bcast", f);
  SAME(host(b, N), mine(N, root), what);
  // Allreduce, and in place
  CALL(nb, Allreduce, Iallreduce, s, r, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Allreduce", f);
  SAME(host(r, N), sums, what);
  HIP(hipMemcpy(b, s, N * sizeof(int), hipMemcpyDeviceToDevice));
  CALL(nb, Allreduce, Iallreduce, MPI_IN_PLACE, b, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Allreduce in place", f);
  SAME(host(b, N), sums, what);
  // Reduce to the root, and in place there
  HIP(hipMemset(r, 0, N * sizeof(int)));
  CALL(nb, Reduce, Ireduce, s, r, N, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Reduce", f);
  if (rank == root) SAME(host(r, N), sums, what);
  HIP(hipMemcpy(b, s, N * sizeof(int), hipMemcpyDeviceToDevice));
  CALL(nb, Reduce, Ireduce, rank == root ? MPI_IN_PLACE : b, b, N, MPI_INT, MPI_SUM,
       root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Reduce in place", f);
  if (rank == root) SAME(host(b, N), sums, what);
  // Allgather, Gather, and in place
  std::vector<int> all;
  for (int q = 0; q < size; q++)
    for (int i = 0; i < N; i++) all.push_back(val(q, i));
  HIP(hipMemset(r, 0, N * size * sizeof(int)));
  CALL(nb, Allgather, Iallgather, s, N, MPI_INT, r, N, MPI_INT, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Allgather", f);
  SAME(host(r, N * size), all, what);
  HIP(hipMemset(r, 0, N * size * sizeof(int)));
  HIP(hipMemcpy(r + rank * N, s, N * sizeof(int), hipMemcpyDeviceToDevice));
  CALL(nb, Allgather, Iallgather, MPI_IN_PLACE, 0, MPI_INT, r, N, MPI_INT,
       MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Allgather in place", f);
  SAME(host(r, N * size), all, what);
  HIP(hipMemset(r, 0, N * size * sizeof(int)));
  CALL(nb, Gather, Igather, s, N, MPI_INT, r, N, MPI_INT, root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Gather", f);
  if (rank == root) SAME(host(r, N * size), all, what);
  // Scatter from the root's copy of `all`
  int* a = dev(all);
  HIP(hipMemset(b, 0, N * sizeof(int)));
  CALL(nb, Scatter, Iscatter, a, N, MPI_INT, b, N, MPI_INT, root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Scatter", f);
  SAME(host(b, N), mine(N), what);
  // The v forms: rank q has q + 1 elements (counts), packed with a gap of
  // one element between ranks (displs).
  std::vector<int> counts(size), displs(size), allv(size * (size + 2), -1);
  for (int q = 0, d = 0; q < size; q++) {
    counts[q] = q + 1;
    displs[q] = d;
    for (int i = 0; i < q + 1; i++) allv[d + i] = val(q, i);
    d += q + 2;
  }
  int nv = (int)allv.size();
  int* rv = dev(std::vector<int>(nv, -1));
  CALL(nb, Allgatherv, Iallgatherv, s, rank + 1, MPI_INT, rv, counts.data(),
       displs.data(), MPI_INT, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Allgatherv", f);
  SAME(host(rv, nv), allv, what);
  HIP(hipMemcpy(rv, std::vector<int>(nv, -1).data(), nv * sizeof(int),
                hipMemcpyHostToDevice));
  CALL(nb, Gatherv, Igatherv, s, rank + 1, MPI_INT, rv, counts.data(), displs.data(),
       MPI_INT, root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Gatherv", f);
  if (rank == root) SAME(host(rv, nv), allv, what);
  int* av = dev(allv);
  HIP(hipMemset(b, 0, N * sizeof(int)));
  CALL(nb, Scatterv, Iscatterv, av, counts.data(), displs.data(), MPI_INT, b, rank + 1,
       MPI_INT, root, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Scatterv", f);
  SAME(host(b, rank + 1), mine(rank + 1), what);
  // Alltoall: block q of rank p's input is val(p, q * N + i).
  std::vector<int> in(N * size), out(N * size);
  for (int q = 0; q < size; q++)
    for (int i = 0; i < N; i++) {
      in[q * N + i] = val(rank, q * N + i);
      out[q * N + i] = val(q, rank * N + i);
    }
  int* ia = dev(in);
  HIP(hipMemset(r, 0, N * size * sizeof(int)));
  CALL(nb, Alltoall, Ialltoall, ia, N, MPI_INT, r, N, MPI_INT, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Alltoall", f);
  SAME(host(r, N * size), out, what);
  // Alltoallv: rank p sends p + q + 1 elements to q, at displacement q * N.
  std::vector<int> sc(size), sd(size), rc(size), rd(size);
  std::vector<int> outv(N * size, -1);
  for (int q = 0; q < size; q++) {
    sc[q] = rank + q + 1, sd[q] = q * N;
    rc[q] = q + rank + 1, rd[q] = q * N;
    for (int i = 0; i < rc[q]; i++) outv[q * N + i] = val(q, rank * N + i);
  }
  HIP(hipMemcpy(r, std::vector<int>(N * size, -1).data(),
                N * size * sizeof(int), hipMemcpyHostToDevice));
  CALL(nb, Alltoallv, Ialltoallv, ia, sc.data(), sd.data(), MPI_INT, r, rc.data(),
       rd.data(), MPI_INT, MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Alltoallv", f);
  SAME(host(r, N * size), outv, what);
  // Reduce_scatter_block: N each; Reduce_scatter: q + 1 for rank q.
  std::vector<int> rsum(N * size);
  for (int i = 0; i < N * size; i++) rsum[i] = sum_at(i);
  std::vector<int> rmine(rsum.begin() + rank * N, rsum.begin() + rank * N + N);
  int* big = dev(mine(N * size));
  HIP(hipMemset(b, 0, N * sizeof(int)));
  CALL(nb, Reduce_scatter_block, Ireduce_scatter_block, big, b, N, MPI_INT, MPI_SUM,
       MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Reduce_scatter_block", f);
  SAME(host(b, N), rmine, what);
  int off = rank * (rank + 1) / 2;
  std::vector<int> rsmine(rsum.begin() + off, rsum.begin() + off + rank + 1);
  HIP(hipMemset(b, 0, N * sizeof(int)));
  CALL(nb, Reduce_scatter, Ireduce_scatter, big, b, counts.data(), MPI_INT, MPI_SUM,
       MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Reduce_scatter", f);
  SAME(host(b, rank + 1), rsmine, what);
  CALL(nb, Reduce_scatter, Ireduce_scatter, MPI_IN_PLACE, big, counts.data(), MPI_INT, MPI_SUM,
       MPI_COMM_WORLD);
  snprintf(what, sizeof what, "%s Reduce_scatter in place", f);
  SAME(host(big, rank + 1), rsmine, what);
  // A double maximum, to reach an operator other than the sum.
  std::vector<double> dv(N), dmax(N);
  for (int i = 0; i < N; i++) {
    dv[i] = 0.5 * val(rank, i) * ((i & 1) ? -1 : 1);
    dmax[i] = -1e300;
    for (int q = 0; q < size; q++)
      if (0.5 * val(q, i) * ((i & 1) ? -1 : 1) > dmax[i])
        dmax[i] = 0.5 * val(q, i) * ((i & 1) ? -1 : 1);
  }
  double* dd = dev(dv);
  CALL(nb, Allreduce, Iallreduce, MPI_IN_PLACE, dd, N, MPI_DOUBLE, MPI_MAX,
       MPI_COMM_WORLD);
  std::vector<double> dg = host(dd, N);
  CHECK(memcmp(dg.data(), dmax.data(), N * sizeof(double)) == 0,
        "%s Allreduce MPI_MAX double", f);
  for (void* p : {(void*)s, (void*)r, (void*)b, (void*)a, (void*)rv,
                  (void*)av, (void*)ia, (void*)big, (void*)dd})
    HIP(hipFree(p));
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ndev = 0;
  HIP(hipGetDeviceCount(&ndev));
  if (ndev > 0) HIP(hipSetDevice(rank % ndev));
  point_to_point();
  collectives(0);
  collectives(1);
  MPI(MPI_Barrier(MPI_COMM_WORLD));
  unsigned long staged = hipc_mpi_staged_count();
  if (argc > 1 && strcmp(argv[1], "pass") == 0)
    CHECK(staged == 0, "%lu buffers staged, none expected", staged);
  if (argc > 1 && strcmp(argv[1], "stage") == 0)
    CHECK(staged > 50, "only %lu buffers staged", staged);
  int all = 0;
  MPI_Allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%s: %d failures (%lu staged on rank 0)\n",
                        all ? "FAIL" : "ok", all, staged);
  MPI_Finalize();
  return all != 0;
}
