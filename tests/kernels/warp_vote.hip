// __ballot, __any, __all, __activemask and __lane_id at the device's warp
// size; 64-bit masks whose bits >= 32 are zero at warp size 32; partial last
// warps (blocks of 48 and 100 threads).
#include <cstdlib>
#include <vector>

#include "common.h"

struct vote {
  unsigned long long ballot, active;
  int any, all, lane, ws;
};

// pattern 0: every lane, 1: none, 2: even lanes, 3: only lane 5,
// 4: only the last lane of the warp
__device__ int predicate(int pattern, int lane) {
  switch (pattern) {
    case 0: return 1;
    case 1: return 0;
    case 2: return lane % 2 == 0;
    case 3: return lane == 5;
    default: return lane == warpSize - 1;
  }
}

__global__ void k_vote(vote* out, int pattern) {
  int t = threadIdx.x;
  int lane = t % warpSize;
  int p = predicate(pattern, lane);
  vote& r = out[blockIdx.x * blockDim.x + t];
  r.ballot = __ballot(p);
  r.any = __any(p);
  r.all = __all(p);
  r.active = __activemask();
  r.lane = __lane_id();
  r.ws = warpSize;
}

static void run_votes(int ws, int block, int blocks) {
  const int n = block * blocks;
  vote* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(vote)));
  std::vector<vote> h(n);
  for (int pattern = 0; pattern <= 4; pattern++) {
    k_vote<<<blocks, block>>>(d, pattern);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(vote), hipMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n && bad < 4; i++) {
      int t = i % block;
      int warp_first = t - t % ws;
      int lanes = block - warp_first < ws ? block - warp_first : ws;
      unsigned long long active =
          lanes == 64 ? ~0ull : ((1ull << lanes) - 1);
      unsigned long long ballot = 0;
      for (int l = 0; l < lanes; l++) {
        bool p = pattern == 0 || (pattern == 2 && l % 2 == 0) ||
                 (pattern == 3 && l == 5) || (pattern == 4 && l == ws - 1);
        if (p) ballot |= 1ull << l;
      }
      const vote& r = h[i];
      bool ok = CHECK_EQ(r.ballot, ballot) & CHECK_EQ(r.active, active) &
                CHECK_EQ(r.any, ballot != 0) &
                CHECK_EQ(r.all, ballot == active) & CHECK_EQ(r.lane, t % ws) &
                CHECK_EQ(r.ws, ws);
      if (!ok) {
        std::fprintf(stderr, "  block size %d, pattern %d, thread %d\n", block,
                     pattern, i);
        bad++;
      }
    }
  }
  HIP_CHECK(hipFree(d));
}

static void test_full_warps(int ws) { run_votes(ws, 128, 3); }
static void test_partial_warp_48(int ws) { run_votes(ws, 48, 2); }
static void test_partial_warp_100(int ws) { run_votes(ws, 100, 2); }

// At warp size 32 no bit at or above 32 is ever set.
static void test_high_bits_clear_at_32(int ws) {
  if (ws != 32) return;
  const int n = 256;
  vote* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(vote)));
  k_vote<<<1, n>>>(d, 0);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<vote> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(vote), hipMemcpyDeviceToHost));
  int high = 0;
  for (const vote& r : h)
    if ((r.ballot >> 32) || (r.active >> 32)) high++;
  CHECK_EQ(high, 0);
  HIP_CHECK(hipFree(d));
}

// __activemask inside a branch: only the lanes that took it.
__global__ void k_active_in_branch(unsigned long long* out) {
  int lane = threadIdx.x % warpSize;
  unsigned long long m = 0;
  if (lane < 10) m = __activemask();
  out[threadIdx.x] = m;
}

static void test_activemask_in_branch(int ws) {
  const int n = 128;
  unsigned long long* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(unsigned long long)));
  k_active_in_branch<<<1, n>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned long long> h(n), want(n);
  for (int t = 0; t < n; t++) want[t] = t % ws < 10 ? 0x3FFull : 0;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(unsigned long long),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

// The warp size the kernels see is the host's, and HIPC_WARP_SIZE's when
// set.
static void test_warp_size_matches_environment(int ws) {
  const char* env = std::getenv("HIPC_WARP_SIZE");
  if (env && (std::atoi(env) == 32 || std::atoi(env) == 64))
    CHECK_EQ(ws, std::atoi(env));
}

int main() {
  int ws = test::device_warp_size();
  test_full_warps(ws);
  test_partial_warp_48(ws);
  test_partial_warp_100(ws);
  test_high_bits_clear_at_32(ws);
  test_activemask_in_branch(ws);
  test_warp_size_matches_environment(ws);
  return test_summary("warp_vote");
}
