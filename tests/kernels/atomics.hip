// Atomics from every thread of many blocks: exact totals for atomicAdd on
// int, unsigned, unsigned long long, float and double (float values whose
// every partial sum is exact), min/max/and/or/xor folds, atomicExch and
// atomicCAS permutation checks, atomicInc/atomicDec wrap (one thread) and
// contention (a limit that never wraps; each old value seen exactly once).
#include <algorithm>
#include <climits>
#include <vector>

#include "common.h"

const int BLOCKS = 64, THREADS = 256, N = BLOCKS * THREADS;

struct sums {
  int i;
  unsigned u;
  unsigned long long ull;
  float f;
  double d;
  int sub;
};

__global__ void k_add(sums* s) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&s->i, t % 7 - 3);
  atomicAdd(&s->u, static_cast<unsigned>(t));
  atomicAdd(&s->ull, (1ull << 33) + t);
  atomicAdd(&s->f, 0.25f * (t % 4 + 1));
  atomicAdd(&s->d, 0.5 * t);
  atomicSub(&s->sub, t % 5);
}

static void test_atomic_add_totals() {
  sums* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(sums)));
  HIP_CHECK(hipMemset(d, 0, sizeof(sums)));
  k_add<<<BLOCKS, THREADS>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  sums h;
  HIP_CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  long long wi = 0, wsub = 0;
  unsigned wu = 0;
  unsigned long long wull = 0;
  double wf = 0, wd = 0;
  for (int t = 0; t < N; t++) {
    wi += t % 7 - 3;
    wu += static_cast<unsigned>(t);
    wull += (1ull << 33) + t;
    wf += 0.25 * (t % 4 + 1);
    wd += 0.5 * t;
    wsub -= t % 5;
  }
  CHECK_EQ(h.i, wi);
  CHECK_EQ(h.u, wu);
  CHECK_EQ(h.ull, wull);
  CHECK_EQ(h.f, wf);
  CHECK_EQ(h.d, wd);
  CHECK_EQ(h.sub, wsub);
  HIP_CHECK(hipFree(d));
}

// atomicAdd(p, 1) returns each old value exactly once.
__global__ void k_ticket(int* counter, int* olds) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  olds[t] = atomicAdd(counter, 1);
}

static void check_permutation(std::vector<int> v, int first, const char* what) {
  std::sort(v.begin(), v.end());
  int bad = 0;
  for (size_t i = 0; i < v.size(); i++)
    if (v[i] != first + static_cast<int>(i)) bad++;
  if (bad) std::fprintf(stderr, "  %s: %d values out of place\n", what, bad);
  CHECK_EQ(bad, 0);
}

static void test_atomic_add_returns_old() {
  int *dc = nullptr, *dolds = nullptr;
  HIP_CHECK(hipMalloc(&dc, sizeof(int)));
  HIP_CHECK(hipMalloc(&dolds, N * sizeof(int)));
  HIP_CHECK(hipMemset(dc, 0, sizeof(int)));
  k_ticket<<<BLOCKS, THREADS>>>(dc, dolds);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> olds(N);
  int c = 0;
  HIP_CHECK(hipMemcpy(&c, dc, sizeof c, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(olds.data(), dolds, N * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(c, N);
  check_permutation(olds, 0, "atomicAdd old values");
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipFree(dolds));
}

struct folds {
  int imin, imax;
  unsigned umin, umax;
  float fmin, fmax;
  double dmin, dmax;
  unsigned long long band, bor, bxor;
};

__device__ int value_of(int t) { return (t * 7919) % 100003 - 50000; }
__device__ unsigned long long bits_of(int t) {
  unsigned long long x = static_cast<unsigned long long>(t) * 0x9E3779B97F4A7C15ull;
  return x ^ (x >> 29);
}

__global__ void k_folds(folds* f) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = value_of(t);
  atomicMin(&f->imin, v);
  atomicMax(&f->imax, v);
  atomicMin(&f->umin, static_cast<unsigned>(v + 60000));
  atomicMax(&f->umax, static_cast<unsigned>(v + 60000));
  atomicMin(&f->fmin, v * 0.5f);
  atomicMax(&f->fmax, v * 0.5f);
  atomicMin(&f->dmin, v * 0.25);
  atomicMax(&f->dmax, v * 0.25);
  atomicAnd(&f->band, ~(1ull << (t % 61)) | (t % 3 == 0 ? 1ull << (t % 61) : 0));
  atomicOr(&f->bor, 1ull << (t % 53));
  atomicXor(&f->bxor, bits_of(t));
}

static void test_min_max_and_or_xor() {
  folds init{INT_MAX, INT_MIN, UINT_MAX, 0u, 1e30f, -1e30f, 1e300, -1e300,
             ~0ull, 0ull, 0ull};
  folds want = init;
  for (int t = 0; t < N; t++) {
    int v = (t * 7919) % 100003 - 50000;
    want.imin = std::min(want.imin, v);
    want.imax = std::max(want.imax, v);
    want.umin = std::min(want.umin, static_cast<unsigned>(v + 60000));
    want.umax = std::max(want.umax, static_cast<unsigned>(v + 60000));
    want.fmin = std::min(want.fmin, v * 0.5f);
    want.fmax = std::max(want.fmax, v * 0.5f);
    want.dmin = std::min(want.dmin, v * 0.25);
    want.dmax = std::max(want.dmax, v * 0.25);
    want.band &= ~(1ull << (t % 61)) | (t % 3 == 0 ? 1ull << (t % 61) : 0);
    want.bor |= 1ull << (t % 53);
    unsigned long long x = static_cast<unsigned long long>(t) * 0x9E3779B97F4A7C15ull;
    want.bxor ^= x ^ (x >> 29);
  }
  folds* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(folds)));
  HIP_CHECK(hipMemcpy(d, &init, sizeof init, hipMemcpyHostToDevice));
  k_folds<<<BLOCKS, THREADS>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  folds h;
  HIP_CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h.imin, want.imin);
  CHECK_EQ(h.imax, want.imax);
  CHECK_EQ(h.umin, want.umin);
  CHECK_EQ(h.umax, want.umax);
  CHECK_EQ(h.fmin, want.fmin);
  CHECK_EQ(h.fmax, want.fmax);
  CHECK_EQ(h.dmin, want.dmin);
  CHECK_EQ(h.dmax, want.dmax);
  CHECK_EQ(h.band, want.band);
  CHECK_EQ(h.bor, want.bor);
  CHECK_EQ(h.bxor, want.bxor);
  HIP_CHECK(hipFree(d));
}

// Every thread swaps its id (+1) into one slot: the old values plus the
// final value are exactly the initial value and every id.
__global__ void k_exch(int* slot, int* olds) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  olds[t] = atomicExch(slot, t + 1);
}

static void test_atomic_exch_permutation() {
  int *ds = nullptr, *dolds = nullptr;
  HIP_CHECK(hipMalloc(&ds, sizeof(int)));
  HIP_CHECK(hipMalloc(&dolds, N * sizeof(int)));
  HIP_CHECK(hipMemset(ds, 0, sizeof(int)));
  k_exch<<<BLOCKS, THREADS>>>(ds, dolds);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> all(N + 1);
  HIP_CHECK(hipMemcpy(all.data(), dolds, N * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&all[N], ds, sizeof(int), hipMemcpyDeviceToHost));
  check_permutation(all, 0, "atomicExch values");
  HIP_CHECK(hipFree(ds));
  HIP_CHECK(hipFree(dolds));
}

// A counter incremented through a CAS loop by every thread; plus the value
// a failed CAS returns.
__global__ void k_cas(unsigned long long* c, int* failed_cas_old) {
  unsigned long long old = *c, assumed;
  do {
    assumed = old;
    old = atomicCAS(c, assumed, assumed + 3);
  } while (old != assumed);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int x = 41;
    *failed_cas_old = atomicCAS(&x, 40, 99) * 1000 + x;  // no swap: 41, 41
  }
}

static void test_atomic_cas() {
  unsigned long long* dc = nullptr;
  int* dfo = nullptr;
  HIP_CHECK(hipMalloc(&dc, sizeof(unsigned long long)));
  HIP_CHECK(hipMalloc(&dfo, sizeof(int)));
  unsigned long long start = 5000000000ull;
  HIP_CHECK(hipMemcpy(dc, &start, sizeof start, hipMemcpyHostToDevice));
  k_cas<<<BLOCKS, THREADS>>>(dc, dfo);
  HIP_CHECK(hipDeviceSynchronize());
  unsigned long long c = 0;
  int fo = 0;
  HIP_CHECK(hipMemcpy(&c, dc, sizeof c, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&fo, dfo, sizeof fo, hipMemcpyDeviceToHost));
  CHECK_EQ(c, start + 3ull * N);
  CHECK_EQ(fo, 41 * 1000 + 41);
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipFree(dfo));
}

// One thread, a sequence of atomicInc / atomicDec: the wrap rules
//   inc: old >= limit ? 0 : old + 1
//   dec: (old == 0 || old > limit) ? limit : old - 1
__global__ void k_inc_dec_sequence(unsigned* olds, unsigned start_inc,
                                   unsigned start_dec, unsigned limit, int n) {
  unsigned x = start_inc, y = start_dec;
  for (int i = 0; i < n; i++) olds[i] = atomicInc(&x, limit);
  for (int i = 0; i < n; i++) olds[n + i] = atomicDec(&y, limit);
  olds[2 * n] = x;
  olds[2 * n + 1] = y;
}

static void test_inc_dec_wrap_single_thread() {
  const int n = 12;
  struct { unsigned inc0, dec0, limit; } cases[] = {
      {0, 2, 3}, {5, 9, 3}, {0, 0, 0}, {4294967290u, 1, 4294967295u}};
  unsigned* d = nullptr;
  HIP_CHECK(hipMalloc(&d, (2 * n + 2) * sizeof(unsigned)));
  for (auto& c : cases) {
    k_inc_dec_sequence<<<1, 1>>>(d, c.inc0, c.dec0, c.limit, n);
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<unsigned> got(2 * n + 2), want(2 * n + 2);
    unsigned x = c.inc0, y = c.dec0;
    for (int i = 0; i < n; i++) {
      want[i] = x;
      x = x >= c.limit ? 0 : x + 1;
    }
    for (int i = 0; i < n; i++) {
      want[n + i] = y;
      y = (y == 0 || y > c.limit) ? c.limit : y - 1;
    }
    want[2 * n] = x;
    want[2 * n + 1] = y;
    HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(unsigned),
                        hipMemcpyDeviceToHost));
    if (!CHECK_ARRAY(got.data(), want.data(), got.size()))
      std::fprintf(stderr, "  inc from %u, dec from %u, limit %u\n", c.inc0,
                   c.dec0, c.limit);
  }
  HIP_CHECK(hipFree(d));
}

// Under contention, with a limit that is never reached: every old value
// appears exactly once.
__global__ void k_inc_dec_contended(unsigned* inc, unsigned* dec, int* olds) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = gridDim.x * blockDim.x;
  olds[t] = static_cast<int>(atomicInc(inc, 1u << 30));
  olds[n + t] = static_cast<int>(atomicDec(dec, 1u << 30));
}

static void test_inc_dec_contended() {
  unsigned *di = nullptr, *dd = nullptr;
  int* dolds = nullptr;
  HIP_CHECK(hipMalloc(&di, sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&dd, sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&dolds, 2 * N * sizeof(int)));
  unsigned zero = 0, start = N;
  HIP_CHECK(hipMemcpy(di, &zero, sizeof zero, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dd, &start, sizeof start, hipMemcpyHostToDevice));
  k_inc_dec_contended<<<BLOCKS, THREADS>>>(di, dd, dolds);
  HIP_CHECK(hipDeviceSynchronize());
  unsigned fi = 1, fd = 1;
  std::vector<int> olds(2 * N);
  HIP_CHECK(hipMemcpy(&fi, di, sizeof fi, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&fd, dd, sizeof fd, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(olds.data(), dolds, 2 * N * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(fi, static_cast<unsigned>(N));
  CHECK_EQ(fd, 0u);
  check_permutation(std::vector<int>(olds.begin(), olds.begin() + N), 0,
                    "atomicInc old values");
  check_permutation(std::vector<int>(olds.begin() + N, olds.end()), 1,
                    "atomicDec old values");
  HIP_CHECK(hipFree(di));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(dolds));
}

// Atomics on __shared__ memory: a per-block histogram.
__global__ void k_shared_hist(const int* in, int* out) {
  __shared__ int bins[16];
  if (threadIdx.x < 16) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 15], 1);
  __syncthreads();
  if (threadIdx.x < 16) atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}

static void test_shared_memory_histogram() {
  std::vector<int> h(N), want(16, 0), got(16);
  for (int i = 0; i < N; i++) {
    h[i] = (i * 37) ^ (i >> 3);
    want[h[i] & 15]++;
  }
  int *din = nullptr, *dout = nullptr;
  HIP_CHECK(hipMalloc(&din, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, 16 * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), N * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dout, 0, 16 * sizeof(int)));
  k_shared_hist<<<BLOCKS, THREADS>>>(din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, 16 * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), 16);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

int main() {
  test_atomic_add_totals();
  test_atomic_add_returns_old();
  test_min_max_and_or_xor();
  test_atomic_exch_permutation();
  test_atomic_cas();
  test_inc_dec_wrap_single_thread();
  test_inc_dec_contended();
  test_shared_memory_histogram();
  return test_summary("atomics");
}
