// clang's __hip_atomic_* builtins with the __ATOMIC_* orders and the
// __HIP_MEMORY_SCOPE_* scopes (hip/hipc/amdgcn.h defines the scopes outside
// clang's HIP mode): every operation on int, unsigned long long, float and
// double from many threads at once, each scope; results against host sums.
#include <vector>

#include "common.h"

#if __HIP_MEMORY_SCOPE_SINGLETHREAD != 1 || __HIP_MEMORY_SCOPE_WAVEFRONT != 2 || \
    __HIP_MEMORY_SCOPE_WORKGROUP != 3 || __HIP_MEMORY_SCOPE_AGENT != 4 ||        \
    __HIP_MEMORY_SCOPE_SYSTEM != 5
#error "clang's values of the HIP memory scopes"
#endif

struct Out {
  int add, sub, andv, orv, xorv, mn, mx, xchg_seen, cas_wins, load;
  unsigned long long u64;
  float f;
  double d;
  float fmx;
};

template <int Scope>
__global__ void ops(Out* o, int* order) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __hip_atomic_fetch_add(&o->add, t, __ATOMIC_RELAXED, Scope);
  __hip_atomic_fetch_sub(&o->sub, t, __ATOMIC_ACQ_REL, Scope);
  __hip_atomic_fetch_and(&o->andv, ~(1 << (t % 31)), __ATOMIC_SEQ_CST, Scope);
  __hip_atomic_fetch_or(&o->orv, 1 << (t % 31), __ATOMIC_RELEASE, Scope);
  __hip_atomic_fetch_xor(&o->xorv, t, __ATOMIC_RELAXED, Scope);
  __hip_atomic_fetch_min(&o->mn, 1000 - t, __ATOMIC_RELAXED, Scope);
  __hip_atomic_fetch_max(&o->mx, t * 3, __ATOMIC_RELAXED, Scope);
  // Each thread swaps its id in; the ids seen form a chain covering all.
  int prev = __hip_atomic_exchange(&o->xchg_seen, t + 1, __ATOMIC_ACQ_REL, Scope);
  order[t] = prev;
  // Exactly one thread wins the compare-exchange from 0.
  int expected = 0;
  if (__hip_atomic_compare_exchange_strong(&o->cas_wins, &expected, t + 1,
                                           __ATOMIC_ACQ_REL, __ATOMIC_RELAXED, Scope))
    __hip_atomic_fetch_add(&o->load, 1, __ATOMIC_RELAXED, Scope);
  // A weak one retried until it succeeds: a counter.
  unsigned long long cur = __hip_atomic_load(&o->u64, __ATOMIC_ACQUIRE, Scope);
  while (!__hip_atomic_compare_exchange_weak(&o->u64, &cur, cur + 2, __ATOMIC_ACQ_REL,
                                             __ATOMIC_ACQUIRE, Scope)) {
  }
  __hip_atomic_fetch_add(&o->f, 0.5f, __ATOMIC_RELAXED, Scope);
  __hip_atomic_fetch_add(&o->d, 0.25, __ATOMIC_RELAXED, Scope);
  __hip_atomic_fetch_max(&o->fmx, 0.5f * t, __ATOMIC_RELAXED, Scope);
}

__global__ void store_load(int* p) {
  __hip_atomic_store(p, 42, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  p[1] = __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) + 1;
}

// A scope promises atomicity among the threads it names only: one thread
// for SINGLETHREAD, one warp for WAVEFRONT, one block for WORKGROUP.
template <int Scope>
static void check_scope(int blocks, int threads) {
  const int n = blocks * threads;
  Out init{};
  init.andv = -1;
  init.mn = 1 << 30;
  init.mx = -5;
  init.fmx = -1.0f;
  Out* d;
  int* dorder;
  HIP_CHECK(hipMalloc(&d, sizeof(Out)));
  HIP_CHECK(hipMalloc(&dorder, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, &init, sizeof(Out), hipMemcpyHostToDevice));
  ops<Scope><<<blocks, threads>>>(d, dorder);
  HIP_CHECK(hipDeviceSynchronize());
  Out h;
  std::vector<int> order(n);
  HIP_CHECK(hipMemcpy(&h, d, sizeof(Out), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(order.data(), dorder, n * sizeof(int), hipMemcpyDeviceToHost));
  int sum = 0, x = 0, orv = 0;
  for (int t = 0; t < n; t++) {
    sum += t;
    x ^= t;
    orv |= 1 << (t % 31);
  }
  CHECK_EQ(h.add, sum);
  CHECK_EQ(h.sub, -sum);
  CHECK_EQ(h.andv, ~orv);
  CHECK_EQ(h.orv, orv);
  CHECK_EQ(h.xorv, x);
  CHECK_EQ(h.mn, 1000 - (n - 1));
  CHECK_EQ(h.mx, 3 * (n - 1));
  // The exchange: every value 0..n seen once, the last left in memory.
  std::vector<int> seen(n + 1, 0);
  for (int v : order) seen[v]++;
  seen[h.xchg_seen]++;
  int once = 0;
  for (int v : seen) once += v == 1;
  CHECK_EQ(once, n + 1);
  CHECK(h.cas_wins >= 1 && h.cas_wins <= n);
  CHECK_EQ(h.load, 1);
  CHECK_EQ(h.u64, 2ull * n);
  CHECK_EQ(h.f, 0.5f * n);
  CHECK_EQ(h.d, 0.25 * n);
  CHECK_EQ(h.fmx, 0.5f * (n - 1));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dorder));
}

int main() {
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  check_scope<__HIP_MEMORY_SCOPE_SINGLETHREAD>(1, 1);
  check_scope<__HIP_MEMORY_SCOPE_WAVEFRONT>(1, ws);
  check_scope<__HIP_MEMORY_SCOPE_WORKGROUP>(1, 256);
  check_scope<__HIP_MEMORY_SCOPE_AGENT>(4, 96);
  check_scope<__HIP_MEMORY_SCOPE_SYSTEM>(4, 96);
  int* p;
  HIP_CHECK(hipMalloc(&p, 2 * sizeof(int)));
  store_load<<<1, 1>>>(p);
  int h[2];
  HIP_CHECK(hipMemcpy(h, p, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h[0], 42);
  CHECK_EQ(h[1], 43);
  HIP_CHECK(hipFree(p));
  return test_summary("hip_atomic_builtins");
}
