// Every atomic function of the reference's table for int, unsigned,
// unsigned long, unsigned long long, long long, float and double, in its
// plain, _system and _block forms, from every thread of many blocks (all
// worker threads contend), against totals computed on the host: add, sub,
// min, max, and, or, xor folds; atomicExch handing out each value exactly
// once; atomicCAS loops; atomicInc/atomicDec wrap-around under contention
// and at their edges; float/double min/max with NaN; safe/unsafeAtomicAdd.
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <vector>

#include "common.h"

const int BLOCKS = 64, THREADS = 256, N = BLOCKS * THREADS;

template <typename T>
__host__ __device__ T addend(long long t) {
  T v = static_cast<T>(t % 1000) - static_cast<T>(std::is_signed<T>::value ? 300 : 0);
  if (sizeof(T) == 8) v += static_cast<T>(static_cast<long long>(t % 5) << 33);
  return v;
}
template <typename T>
__host__ __device__ T minmax_value(long long t) {
  T v = static_cast<T>(((t * 2654435761ll) >> 7) % 1000003);
  if (std::is_signed<T>::value) v -= static_cast<T>(500000);
  if (sizeof(T) == 8) v += static_cast<T>(static_cast<long long>(t % 7) << 40);
  return v;
}
template <typename T>
__host__ __device__ T and_value(long long t) {
  const int bits = 8 * sizeof(T);
  return static_cast<T>(~(static_cast<T>(1) << ((t * 5) % (bits - 3))));
}
template <typename T>
__host__ __device__ T or_value(long long t) {
  const int bits = 8 * sizeof(T);
  return static_cast<T>(static_cast<T>(1) << ((t * 3) % (bits - 2)));
}
template <typename T>
__host__ __device__ T xor_value(long long t) {
  return static_cast<T>(static_cast<unsigned long long>(t) *
                        0x9E3779B97F4A7C15ull);
}

enum {
  ADD = 0, SUB = 3, MIN = 6, MAX = 9, AND = 12, OR = 15, XOR = 18, EXCH = 21,
  CAS = 22, SLOTS = 25
};

// HIP's atomicExch has no long long form (AMD's overloads: int, unsigned
// int, unsigned long, unsigned long long): long long goes through its
// unsigned bits, as code written for AMD's GPUs does.
template <typename T>
__device__ T exch(T* p, T v, int form) {
  using U = std::conditional_t<std::is_same<T, long long>::value,
                               unsigned long long, T>;
  U* q = reinterpret_cast<U*>(p);
  U w = static_cast<U>(v);
  return static_cast<T>(form == 0   ? atomicExch(q, w)
                        : form == 1 ? atomicExch_system(q, w)
                                    : atomicExch_block(q, w));
}

template <typename T>
__global__ void k_int(T* s, T* olds) {
  long long t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&s[ADD], addend<T>(t));
  atomicAdd_system(&s[ADD + 1], addend<T>(t));
  atomicAdd_block(&s[ADD + 2], addend<T>(t));
  atomicSub(&s[SUB], addend<T>(t));
  atomicSub_system(&s[SUB + 1], addend<T>(t));
  atomicSub_block(&s[SUB + 2], addend<T>(t));
  atomicMin(&s[MIN], minmax_value<T>(t));
  atomicMin_system(&s[MIN + 1], minmax_value<T>(t));
  atomicMin_block(&s[MIN + 2], minmax_value<T>(t));
  atomicMax(&s[MAX], minmax_value<T>(t));
  atomicMax_system(&s[MAX + 1], minmax_value<T>(t));
  atomicMax_block(&s[MAX + 2], minmax_value<T>(t));
  atomicAnd(&s[AND], and_value<T>(t));
  atomicAnd_system(&s[AND + 1], and_value<T>(t));
  atomicAnd_block(&s[AND + 2], and_value<T>(t));
  atomicOr(&s[OR], or_value<T>(t));
  atomicOr_system(&s[OR + 1], or_value<T>(t));
  atomicOr_block(&s[OR + 2], or_value<T>(t));
  atomicXor(&s[XOR], xor_value<T>(t));
  atomicXor_system(&s[XOR + 1], xor_value<T>(t));
  atomicXor_block(&s[XOR + 2], xor_value<T>(t));
  // One exchange per thread, in one of the three forms.
  T v = static_cast<T>(t + 1);
  olds[t] = exch(&s[EXCH], v, t % 3);
  for (int k = 0; k < 3; k++) {
    T* c = &s[CAS + k];
    T old = *reinterpret_cast<volatile T*>(c);
    for (;;) {
      T prev = k == 0   ? atomicCAS(c, old, static_cast<T>(old + 1))
               : k == 1 ? atomicCAS_system(c, old, static_cast<T>(old + 1))
                        : atomicCAS_block(c, old, static_cast<T>(old + 1));
      if (prev == old) break;
      old = prev;
    }
  }
}

template <typename T>
static void test_int(const char* name) {
  std::vector<T> init(SLOTS, 0);
  for (int k = 0; k < 3; k++) {
    init[MIN + k] = std::numeric_limits<T>::max();
    init[MAX + k] = std::numeric_limits<T>::lowest();
    init[AND + k] = static_cast<T>(~static_cast<T>(0));
  }
  T *s, *olds;
  HIP_CHECK(hipMalloc(&s, SLOTS * sizeof(T)));
  HIP_CHECK(hipMalloc(&olds, N * sizeof(T)));
  HIP_CHECK(hipMemcpy(s, init.data(), SLOTS * sizeof(T), hipMemcpyHostToDevice));
  k_int<T><<<BLOCKS, THREADS>>>(s, olds);
  std::vector<T> got(SLOTS), o(N);
  HIP_CHECK(hipMemcpy(got.data(), s, SLOTS * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(o.data(), olds, N * sizeof(T), hipMemcpyDeviceToHost));
  std::vector<T> want(init);
  for (long long t = 0; t < N; t++) {
    for (int k = 0; k < 3; k++) {
      want[ADD + k] = static_cast<T>(want[ADD + k] + addend<T>(t));
      want[SUB + k] = static_cast<T>(want[SUB + k] - addend<T>(t));
      want[MIN + k] = std::min(want[MIN + k], minmax_value<T>(t));
      want[MAX + k] = std::max(want[MAX + k], minmax_value<T>(t));
      want[AND + k] &= and_value<T>(t);
      want[OR + k] |= or_value<T>(t);
      want[XOR + k] ^= xor_value<T>(t);
      want[CAS + k] = N;
    }
  }
  want[EXCH] = got[EXCH];
  bool ok = CHECK_ARRAY(got.data(), want.data(), static_cast<size_t>(SLOTS));
  // The exchanges: the olds and the final value are 0..N, each once.
  std::vector<long long> seen;
  for (long long t = 0; t < N; t++) seen.push_back(static_cast<long long>(o[t]));
  seen.push_back(static_cast<long long>(got[EXCH]));
  std::sort(seen.begin(), seen.end());
  int bad = 0;
  for (int i = 0; i <= N; i++) bad += seen[i] != i;
  ok &= CHECK_EQ(bad, 0);
  if (!ok) std::fprintf(stderr, "  type %s\n", name);
  HIP_CHECK(hipFree(s));
  HIP_CHECK(hipFree(olds));
}

// Contended atomicInc / atomicDec wrap with the limit, in all three forms.
__global__ void k_inc_dec(unsigned* c, unsigned limit) {
  atomicInc(&c[0], limit);
  atomicInc_system(&c[1], limit);
  atomicInc_block(&c[2], limit);
  atomicDec(&c[3], limit);
  atomicDec_system(&c[4], limit);
  atomicDec_block(&c[5], limit);
}

// Edges, one thread: old > limit, old == limit, old == 0.
__global__ void k_inc_dec_edges(unsigned* r) {
  unsigned x = 5000;
  r[0] = atomicInc(&x, 1000u), r[1] = x;  // 5000 -> 0
  x = 1000;
  r[2] = atomicInc(&x, 1000u), r[3] = x;  // 1000 -> 0
  x = 999;
  r[4] = atomicInc(&x, 1000u), r[5] = x;  // 999 -> 1000
  x = 0;
  r[6] = atomicDec(&x, 1000u), r[7] = x;  // 0 -> 1000
  x = 5000;
  r[8] = atomicDec(&x, 1000u), r[9] = x;  // 5000 -> 1000
  x = 1000;
  r[10] = atomicDec(&x, 1000u), r[11] = x;  // 1000 -> 999
  x = 7;
  r[12] = atomicInc(&x, 0u), r[13] = x;  // limit 0: always 0
}

static void test_inc_dec() {
  unsigned* d;
  HIP_CHECK(hipMalloc(&d, 14 * sizeof(unsigned)));
  HIP_CHECK(hipMemset(d, 0, 14 * sizeof(unsigned)));
  const unsigned limit = 1000;
  k_inc_dec<<<BLOCKS, THREADS>>>(d, limit);
  unsigned got[14];
  HIP_CHECK(hipMemcpy(got, d, 6 * sizeof(unsigned), hipMemcpyDeviceToHost));
  unsigned inc = N % (limit + 1), dec = (limit + 1 - N % (limit + 1)) % (limit + 1);
  unsigned want[14] = {inc, inc, inc, dec, dec, dec};
  CHECK_ARRAY(got, want, 6);
  k_inc_dec_edges<<<1, 1>>>(d);
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  unsigned edges[14] = {5000, 0, 1000, 0, 999, 1000, 0, 1000, 5000, 1000,
                        1000, 999, 7, 0};
  CHECK_ARRAY(got, edges, 14);
  HIP_CHECK(hipFree(d));
}

template <typename T>
__host__ __device__ T fp_addend(long long t) {
  return static_cast<T>(t % 8) * static_cast<T>(0.125);
}
template <typename T>
__host__ __device__ T fp_minmax(long long t) {
  return static_cast<T>((t * 37) % 1001) - static_cast<T>(500.5);
}

template <typename T>
__global__ void k_fp(T* s, T* olds) {
  long long t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&s[0], fp_addend<T>(t));
  atomicAdd_system(&s[1], fp_addend<T>(t));
  atomicAdd_block(&s[2], fp_addend<T>(t));
  atomicSub(&s[3], fp_addend<T>(t));
  atomicSub_system(&s[4], fp_addend<T>(t));
  atomicSub_block(&s[5], fp_addend<T>(t));
  atomicMin(&s[6], fp_minmax<T>(t));
  atomicMin_system(&s[7], fp_minmax<T>(t));
  atomicMin_block(&s[8], fp_minmax<T>(t));
  atomicMax(&s[9], fp_minmax<T>(t));
  atomicMax_system(&s[10], fp_minmax<T>(t));
  atomicMax_block(&s[11], fp_minmax<T>(t));
  safeAtomicAdd(&s[12], fp_addend<T>(t));
  unsafeAtomicAdd(&s[13], fp_addend<T>(t));
  olds[t] = atomicExch(&s[14], static_cast<T>(t + 1));
  T old = s[15];
  for (;;) {
    T prev = atomicCAS(&s[15], old, old + static_cast<T>(1));
    if (prev == old) break;
    old = prev;
  }
}

// NaN never wins a min or max against a number; CAS compares bits.
template <typename T>
__global__ void k_fp_edges(T* r) {
  T nan = std::numeric_limits<T>::quiet_NaN();
  T x = nan;
  atomicMin(&x, static_cast<T>(3));
  r[0] = x;
  x = static_cast<T>(2);
  atomicMax(&x, nan);
  r[1] = x;
  x = nan;
  atomicMax_system(&x, static_cast<T>(-4));
  r[2] = x;
  x = static_cast<T>(-0.0);
  r[3] = atomicCAS(&x, static_cast<T>(0.0), static_cast<T>(9));  // no swap
  r[4] = x;
  x = nan;
  r[5] = atomicCAS(&x, nan, static_cast<T>(8));  // same bits: swaps
  r[6] = x;
  r[7] = atomicExch_block(&x, static_cast<T>(1.5));
  r[8] = x;
}

template <typename T>
static void test_fp(const char* name) {
  const int slots = 16;
  std::vector<T> init(slots, 0);
  for (int k = 0; k < 3; k++) {
    init[6 + k] = std::numeric_limits<T>::infinity();
    init[9 + k] = -std::numeric_limits<T>::infinity();
  }
  T *s, *olds;
  HIP_CHECK(hipMalloc(&s, slots * sizeof(T)));
  HIP_CHECK(hipMalloc(&olds, N * sizeof(T)));
  HIP_CHECK(hipMemcpy(s, init.data(), slots * sizeof(T), hipMemcpyHostToDevice));
  k_fp<T><<<BLOCKS, THREADS>>>(s, olds);
  std::vector<T> got(slots), o(N);
  HIP_CHECK(hipMemcpy(got.data(), s, slots * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(o.data(), olds, N * sizeof(T), hipMemcpyDeviceToHost));
  std::vector<T> want(init);
  double sum = 0;
  T mn = init[6], mx = init[9];
  for (long long t = 0; t < N; t++) {
    sum += fp_addend<double>(t);
    mn = std::min(mn, fp_minmax<T>(t));
    mx = std::max(mx, fp_minmax<T>(t));
  }
  for (int k = 0; k < 3; k++) {
    want[k] = static_cast<T>(sum);
    want[3 + k] = static_cast<T>(-sum);
    want[6 + k] = mn;
    want[9 + k] = mx;
  }
  want[12] = want[13] = static_cast<T>(sum);
  want[15] = static_cast<T>(N);
  want[14] = got[14];
  bool ok = CHECK_ARRAY(got.data(), want.data(), static_cast<size_t>(slots));
  // atomicExch: the olds and the final value are 0..N, each once.
  std::vector<long long> seen;
  for (T v : o) seen.push_back(static_cast<long long>(v));
  seen.push_back(static_cast<long long>(got[14]));
  std::sort(seen.begin(), seen.end());
  int bad = 0;
  for (int i = 0; i <= N; i++) bad += seen[i] != i;
  ok &= CHECK_EQ(bad, 0);
  T e[9];
  T* de;
  HIP_CHECK(hipMalloc(&de, sizeof e));
  k_fp_edges<T><<<1, 1>>>(de);
  HIP_CHECK(hipMemcpy(e, de, sizeof e, hipMemcpyDeviceToHost));
  ok &= CHECK_EQ(e[0], 3);
  ok &= CHECK_EQ(e[1], 2);
  ok &= CHECK_EQ(e[2], -4);
  ok &= CHECK(e[3] == 0 && std::signbit(e[3]) && e[4] == 0 &&
              std::signbit(e[4]));
  ok &= CHECK(std::isnan(e[5]) && e[6] == 8);
  ok &= CHECK(e[7] == 8 && e[8] == static_cast<T>(1.5));
  if (!ok) std::fprintf(stderr, "  type %s\n", name);
  HIP_CHECK(hipFree(de));
  HIP_CHECK(hipFree(s));
  HIP_CHECK(hipFree(olds));
}

int main() {
  test_int<int>("int");
  test_int<unsigned>("unsigned");
  test_int<unsigned long>("unsigned long");
  test_int<unsigned long long>("unsigned long long");
  test_int<long long>("long long");
  test_inc_dec();
  test_fp<float>("float");
  test_fp<double>("double");
  return test_summary("atomics_types");
}
