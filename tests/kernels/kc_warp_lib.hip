// libhipc's warp functions for kc's kernels (src/backend/cpu/kc_warp.c,
// hip/hipc/kc_warp.h), called from kernels of the CPU device's own compile:
// each result must equal what the kernel language's warp function (the
// CPU device's headers) gives the same thread, and a few are also checked
// against values computed here. Blocks of 100 threads: a partial last warp
// at both warp sizes.
#include <vector>

#include "common.h"
#include "hip/hipc/kc_warp.h"

// Distinct sites for the library's calls (the headers' own are a file
// name's address times 31 plus a line: far from these).
#define SITE(n) (static_cast<uintptr_t>(n) + 16)

enum {
  R_IDX, R_UP, R_DOWN, R_XOR, R_XOR_D, R_BALLOT, R_ANY, R_ALL, R_ACTIVE,
  R_MATCH_ANY, R_MATCH_ALL, R_MATCH_PRED, R_ADD, R_MIN_F, R_MAX_LL,
  R_AND, R_OR_SYNC, R_BALLOT_SYNC, R_SHFL_SYNC, R_ADD_D, R_COUNT
};

template <typename T>
__device__ uint64_t bits(T v) {
  uint64_t b = 0;
  __builtin_memcpy(&b, &v, sizeof v);
  return b;
}
template <typename T>
__device__ T from(uint64_t b) {
  T v;
  __builtin_memcpy(&v, &b, sizeof v);
  return v;
}

// kc[i] is the library's result, ref[i] the kernel language's.
__global__ void k_compare(uint64_t* kc, uint64_t* ref) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int ws = warpSize;
  int lane = threadIdx.x % ws;
  uint64_t* a = kc + t * R_COUNT;
  uint64_t* b = ref + t * R_COUNT;
  int v = t * 7 + 3;
  double d = t * 0.25 - 3.0;
  float f = static_cast<float>((t * 37) % 23) - 11.5f;
  long long ll = (t % 5) * 1000000000000ll - 7;

  a[R_IDX] = __hipc_kc_shfl_idx(~0ull, bits(v), 5, 16, SITE(1));
  b[R_IDX] = bits(__shfl(v, 5, 16));
  a[R_UP] = __hipc_kc_shfl_up(~0ull, bits(v), 3, 8, SITE(2));
  b[R_UP] = bits(__shfl_up(v, 3, 8));
  a[R_DOWN] = __hipc_kc_shfl_down(~0ull, bits(v), 2, ws, SITE(3));
  b[R_DOWN] = bits(__shfl_down(v, 2));
  a[R_XOR] = __hipc_kc_shfl_xor(~0ull, bits(v), 1, ws, SITE(4));
  b[R_XOR] = bits(__shfl_xor(v, 1));
  a[R_XOR_D] = __hipc_kc_shfl_xor(~0ull, bits(d), 6, 8, SITE(5));
  b[R_XOR_D] = bits(__shfl_xor(d, 6, 8));
  int p = lane % 3 == 0;
  a[R_BALLOT] = __hipc_kc_ballot(~0ull, p, SITE(6));
  b[R_BALLOT] = __ballot(p);
  a[R_ANY] = static_cast<uint64_t>(__hipc_kc_any(~0ull, lane == 9, SITE(7)));
  b[R_ANY] = static_cast<uint64_t>(__any(lane == 9));
  a[R_ALL] = static_cast<uint64_t>(__hipc_kc_all(~0ull, v > 0, SITE(8)));
  b[R_ALL] = static_cast<uint64_t>(__all(v > 0));
  a[R_ACTIVE] = __hipc_kc_activemask(SITE(9));
  b[R_ACTIVE] = __activemask();
  a[R_MATCH_ANY] = __hipc_kc_match_any(~0ull, bits(lane % 4), SITE(10));
  b[R_MATCH_ANY] = __match_any(lane % 4);
  int32_t pk = -1;
  int pr = -1;
  a[R_MATCH_ALL] = __hipc_kc_match_all(~0ull, bits(ll / 1000000000000ll >= 0),
                                       &pk, SITE(11));
  b[R_MATCH_ALL] = __match_all(static_cast<int>(ll / 1000000000000ll >= 0),
                               &pr);
  a[R_MATCH_PRED] = static_cast<uint64_t>(pk);
  b[R_MATCH_PRED] = static_cast<uint64_t>(pr);
  a[R_ADD] = __hipc_kc_reduce(~0ull, bits(v), HIPC_KC_RED_ADD,
                              HIPC_KC_TYPE_I32, SITE(12));
  b[R_ADD] = bits(__reduce_add_sync(~0ull, v));
  a[R_MIN_F] = __hipc_kc_reduce(~0ull, bits(f), HIPC_KC_RED_MIN,
                                HIPC_KC_TYPE_F32, SITE(13));
  b[R_MIN_F] = bits(__reduce_min_sync(~0ull, f));
  a[R_MAX_LL] = __hipc_kc_reduce(~0ull, bits(ll), HIPC_KC_RED_MAX,
                                 HIPC_KC_TYPE_I64, SITE(14));
  b[R_MAX_LL] = bits(__reduce_max_sync(~0ull, ll));
  unsigned u = 0xff00u | static_cast<unsigned>(t);
  a[R_AND] = __hipc_kc_reduce(~0ull, bits(u), HIPC_KC_RED_AND,
                              HIPC_KC_TYPE_U32, SITE(15));
  b[R_AND] = bits(__reduce_and_sync(~0ull, u));
  // The lanes of a mask: the first 8 of the warp.
  if (lane < 8) {
    a[R_OR_SYNC] = __hipc_kc_reduce(0xffull, bits(1u << lane), HIPC_KC_RED_OR,
                                    HIPC_KC_TYPE_U32, SITE(16));
    b[R_OR_SYNC] = bits(__reduce_or_sync(0xffull, 1u << lane));
    a[R_BALLOT_SYNC] = __hipc_kc_ballot(0xffull, lane & 1, SITE(17));
    b[R_BALLOT_SYNC] = __ballot_sync(0xffull, lane & 1);
    a[R_SHFL_SYNC] = __hipc_kc_shfl_idx(0xffull, bits(v), 7, ws, SITE(18));
    b[R_SHFL_SYNC] = bits(__shfl_sync(0xffull, v, 7));
    __hipc_kc_syncwarp(0xffull, SITE(19));
    __syncwarp(0xffull);
  } else {
    a[R_OR_SYNC] = b[R_OR_SYNC] = 0;
    a[R_BALLOT_SYNC] = b[R_BALLOT_SYNC] = 0;
    a[R_SHFL_SYNC] = b[R_SHFL_SYNC] = 0;
  }
  a[R_ADD_D] = __hipc_kc_reduce(~0ull, bits(d), HIPC_KC_RED_ADD,
                                HIPC_KC_TYPE_F64, SITE(20));
  b[R_ADD_D] = bits(__reduce_add_sync(~0ull, d));
}

int main() {
  const int block = 100, blocks = 2, n = block * blocks;
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  uint64_t *dkc, *dref;
  HIP_CHECK(hipMalloc(&dkc, n * R_COUNT * sizeof(uint64_t)));
  HIP_CHECK(hipMalloc(&dref, n * R_COUNT * sizeof(uint64_t)));
  hipLaunchKernelGGL(k_compare, dim3(blocks), dim3(block), 0, 0, dkc, dref);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<uint64_t> kc(n * R_COUNT), ref(n * R_COUNT);
  HIP_CHECK(hipMemcpy(kc.data(), dkc, kc.size() * 8, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ref.data(), dref, ref.size() * 8,
                      hipMemcpyDeviceToHost));
  int diffs = 0;
  for (int i = 0; i < n * R_COUNT; ++i)
    if (kc[i] != ref[i] && diffs++ < 10)
      std::printf("thread %d result %d: library %llx, headers %llx\n",
                  i / R_COUNT, i % R_COUNT,
                  static_cast<unsigned long long>(kc[i]),
                  static_cast<unsigned long long>(ref[i]));
  CHECK_EQ(diffs, 0);

  // Independent values: the xor shuffle reads the neighbouring lane, the
  // ballot has every third lane of the warp that exists.
  for (int t = 0; t < n; ++t) {
    int in_block = t % block, lane = in_block % ws;
    int warp_base = in_block - lane;
    int lanes = block - warp_base < ws ? block - warp_base : ws;
    int partner = lane ^ 1;
    int want = partner < lanes ? (t - lane + partner) * 7 + 3 : t * 7 + 3;
    CHECK_EQ(static_cast<int>(kc[t * R_COUNT + R_XOR]), want);
    uint64_t ballot = 0;
    for (int l = 0; l < lanes; l += 3) ballot |= 1ull << l;
    CHECK_EQ(kc[t * R_COUNT + R_BALLOT], ballot);
    uint64_t active = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
    CHECK_EQ(kc[t * R_COUNT + R_ACTIVE], active);
    long long sum = 0;
    for (int l = 0; l < lanes; ++l) sum += (t - lane + l) * 7 + 3;
    CHECK_EQ(static_cast<int>(kc[t * R_COUNT + R_ADD]),
             static_cast<int>(sum));
    // The lanes of the mask that exist (the last warp may have fewer).
    int in_mask = lanes < 8 ? lanes : 8;
    if (lane < 8)
      CHECK_EQ(kc[t * R_COUNT + R_OR_SYNC], (1ull << in_mask) - 1);
  }
  HIP_CHECK(hipFree(dkc));
  HIP_CHECK(hipFree(dref));
  return test_summary("kc_warp_lib");
}
