// The _sync warp functions, __match_*, __reduce_*_sync and __syncwarp, at
// the device's warp size: every shuffle (with and without _sync, widths
// warpSize and 16) for int, unsigned, long, unsigned long, long long,
// unsigned long long, float and double; ballots, votes, matches and
// reductions with full and partial masks (lanes outside the mask not
// calling at all). Expected values are computed on the host from the
// reference's rules.
#include <cstdint>
#include <cstring>
#include <vector>

#include "common.h"

const int THREADS = 128;  // two warps at 64, four at 32
const unsigned long long FULL = ~0ull;

// Used by the kernels and by the host's expected values.
template <typename T>
__host__ __device__ T value_of(int t) {
  if constexpr (std::is_floating_point<T>::value)
    return static_cast<T>(t) * static_cast<T>(1.5) - static_cast<T>(20);
  else if constexpr (sizeof(T) == 8)
    return static_cast<T>((static_cast<unsigned long long>(t) << 40) ^
                          (static_cast<unsigned long long>(t) * 3 + 1));
  else
    return static_cast<T>(static_cast<unsigned>(t) * 2654435761u);
}

// Shuffle parameters that vary per thread.
__host__ __device__ inline int src_of(int t) { return t * 5 + 3; }
__host__ __device__ inline unsigned delta_of(int t) { return t % 7; }
__host__ __device__ inline int xmask_of(int t) { return (t % 5) * 3 + 1; }

template <typename T>
__global__ void k_shuffles(T* out, int width) {
  int t = threadIdx.x;
  T v = value_of<T>(t);
  T* o = out + 8 * t;
  o[0] = __shfl_sync(FULL, v, src_of(t), width);
  o[1] = __shfl_up_sync(FULL, v, delta_of(t), width);
  o[2] = __shfl_down_sync(FULL, v, delta_of(t), width);
  o[3] = __shfl_xor_sync(FULL, v, xmask_of(t), width);
  o[4] = __shfl(v, src_of(t), width);
  o[5] = __shfl_up(v, delta_of(t), width);
  o[6] = __shfl_down(v, delta_of(t), width);
  o[7] = __shfl_xor(v, xmask_of(t), width);
}

// The source lane of each shuffle as the reference defines it (-1: own).
static int ref_src(int kind, int lane, int t, int width) {
  int base = lane & ~(width - 1);
  switch (kind) {
    case 0: return base + (src_of(t) & (width - 1));
    case 1: {
      int s = lane - static_cast<int>(delta_of(t));
      return s < base ? -1 : s;
    }
    case 2:
      return (lane & (width - 1)) + delta_of(t) >= static_cast<unsigned>(width)
                 ? -1
                 : lane + static_cast<int>(delta_of(t));
    default: {
      int s = lane ^ xmask_of(t);
      return s >= base + width ? -1 : s;
    }
  }
}

template <typename T>
static void test_shuffles(const char* name, int width) {
  int ws = test::device_warp_size();
  if (width > ws) width = ws;
  T* d;
  HIP_CHECK(hipMalloc(&d, 8 * THREADS * sizeof(T)));
  k_shuffles<T><<<1, THREADS>>>(d, width);
  std::vector<T> got(8 * THREADS), want(8 * THREADS);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(T),
                      hipMemcpyDeviceToHost));
  for (int t = 0; t < THREADS; t++) {
    int lane = t % ws, warp0 = t - lane;
    for (int k = 0; k < 8; k++) {
      int s = ref_src(k % 4, lane, t, width);
      want[8 * t + k] = value_of<T>(s < 0 ? t : warp0 + s);
    }
  }
  if (!CHECK_ARRAY(got.data(), want.data(), got.size()))
    std::fprintf(stderr, "  type %s, width %d\n", name, width);
  HIP_CHECK(hipFree(d));
}

// Only the even lanes call; the mask names exactly them.
__global__ void k_partial(long long* out) {
  int t = threadIdx.x, lane = __lane_id();
  const unsigned long long even = 0x5555555555555555ull;
  long long* o = out + 6 * t;
  for (int k = 0; k < 6; k++) o[k] = -1;
  if (lane % 2 == 0) {
    o[0] = __shfl_sync(even, 10LL * t, lane + 2);
    o[1] = static_cast<long long>(__ballot_sync(even, lane % 4 == 0));
    o[2] = __any_sync(even, lane == 6);
    o[3] = __all_sync(even, lane % 2 == 0);
    o[4] = __all_sync(even, lane != 4);
    o[5] = __reduce_add_sync(even, lane);
  }
}

static void test_partial_masks() {
  int ws = test::device_warp_size();
  long long* d;
  HIP_CHECK(hipMalloc(&d, 6 * THREADS * sizeof(long long)));
  k_partial<<<1, THREADS>>>(d);
  std::vector<long long> got(6 * THREADS), want(6 * THREADS, -1);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(long long),
                      hipMemcpyDeviceToHost));
  unsigned long long lanes = ws == 64 ? ~0ull : (1ull << ws) - 1;
  unsigned long long even = 0x5555555555555555ull & lanes;
  unsigned long long fours = 0x1111111111111111ull & lanes;
  long long even_sum = 0;
  for (int l = 0; l < ws; l += 2) even_sum += l;
  for (int t = 0; t < THREADS; t++) {
    int lane = t % ws;
    if (lane % 2) continue;
    long long* w = &want[6 * t];
    w[0] = 10LL * (t - lane + ((lane + 2) & (ws - 1)));
    w[1] = static_cast<long long>(fours);
    w[2] = 1;
    w[3] = 1;
    w[4] = 0;
    w[5] = even_sum;
  }
  CHECK_ARRAY(got.data(), want.data(), got.size());
  (void)even;
  HIP_CHECK(hipFree(d));
}

// Lanes below 20 call with a mask of exactly them: the call completes with
// those lanes (no waiting for the rest of the warp).
__global__ void k_reduce(long long* out) {
  int t = threadIdx.x, lane = __lane_id();
  long long* o = out + 12 * t;
  for (int k = 0; k < 12; k++) o[k] = -1;
  int iv = (lane * 37) % 23 - 11;
  unsigned uv = 1u << (lane % 31) | static_cast<unsigned>(lane);
  o[0] = __reduce_add_sync(FULL, iv);
  o[1] = __reduce_min_sync(FULL, iv);
  o[2] = __reduce_max_sync(FULL, iv);
  o[3] = __reduce_and_sync(FULL, uv | 0x80000000u);
  o[4] = __reduce_or_sync(FULL, uv);
  o[5] = __reduce_xor_sync(FULL, uv);
  o[6] = static_cast<long long>(__reduce_add_sync(FULL, 3000000000ull + lane));
  o[7] = static_cast<long long>(__reduce_max_sync(FULL, lane * 0.5 - 3.0) * 4);
  o[8] = static_cast<long long>(__reduce_min_sync(FULL, lane * 0.25f + 1.f) * 4);
  if (lane < 20) {
    const unsigned long long low20 = (1ull << 20) - 1;
    o[9] = __reduce_add_sync(low20, iv);
    o[10] = __reduce_max_sync(low20, static_cast<unsigned>(lane));
    o[11] = __reduce_xor_sync(low20, static_cast<long long>(lane) << 33);
  }
}

static void test_reductions() {
  int ws = test::device_warp_size();
  long long* d;
  HIP_CHECK(hipMalloc(&d, 12 * THREADS * sizeof(long long)));
  k_reduce<<<1, THREADS>>>(d);
  std::vector<long long> got(12 * THREADS), want(12 * THREADS, -1);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(long long),
                      hipMemcpyDeviceToHost));
  long long add = 0, mn = 1 << 30, mx = -(1 << 30), add20 = 0, xor20 = 0;
  unsigned aand = ~0u, aor = 0, axor = 0;
  unsigned long long uadd = 0;
  for (int l = 0; l < ws; l++) {
    int iv = (l * 37) % 23 - 11;
    unsigned uv = 1u << (l % 31) | static_cast<unsigned>(l);
    add += iv;
    mn = iv < mn ? iv : mn;
    mx = iv > mx ? iv : mx;
    aand &= uv | 0x80000000u;
    aor |= uv;
    axor ^= uv;
    uadd += 3000000000ull + l;
    if (l < 20) add20 += iv, xor20 ^= static_cast<long long>(l) << 33;
  }
  for (int t = 0; t < THREADS; t++) {
    long long* w = &want[12 * t];
    w[0] = add, w[1] = mn, w[2] = mx;
    w[3] = aand, w[4] = aor, w[5] = axor;
    w[6] = static_cast<long long>(uadd);
    w[7] = static_cast<long long>(((ws - 1) * 0.5 - 3.0) * 4);
    w[8] = 4;
    if (t % ws < 20) w[9] = add20, w[10] = 19, w[11] = xor20;
  }
  CHECK_ARRAY(got.data(), want.data(), got.size());
  HIP_CHECK(hipFree(d));
}

// Groups of 8 lanes share a value; lane 5 of each warp breaks its group.
template <typename T>
__global__ void k_match(unsigned long long* out, int* preds) {
  int t = threadIdx.x, lane = __lane_id();
  T v = static_cast<T>(lane / 8 + 100);
  if (lane == 5) v = static_cast<T>(-7);
  T same = static_cast<T>(42);
  int p1 = -1, p2 = -1, p3 = -1;
  out[4 * t + 0] = __match_any(v);
  out[4 * t + 1] = __match_any_sync(FULL, v);
  out[4 * t + 2] = __match_all(same, &p1);
  out[4 * t + 3] = __match_all_sync(FULL, v, &p2);
  unsigned long long low8 = 0xffull;
  if (lane < 8) (void)__match_all_sync(low8, same, &p3);
  preds[3 * t] = p1, preds[3 * t + 1] = p2, preds[3 * t + 2] = p3;
}

template <typename T>
static void test_match(const char* name) {
  int ws = test::device_warp_size();
  unsigned long long* d;
  int* dp;
  HIP_CHECK(hipMalloc(&d, 4 * THREADS * sizeof(unsigned long long)));
  HIP_CHECK(hipMalloc(&dp, 3 * THREADS * sizeof(int)));
  k_match<T><<<1, THREADS>>>(d, dp);
  std::vector<unsigned long long> got(4 * THREADS), want(4 * THREADS);
  std::vector<int> gotp(3 * THREADS), wantp(3 * THREADS);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(got[0]),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gotp.data(), dp, gotp.size() * sizeof(int),
                      hipMemcpyDeviceToHost));
  unsigned long long all = ws == 64 ? ~0ull : (1ull << ws) - 1;
  for (int t = 0; t < THREADS; t++) {
    int lane = t % ws;
    unsigned long long group =
        lane == 5 ? 1ull << 5 : (0xffull << (lane / 8 * 8)) & ~(1ull << 5);
    want[4 * t + 0] = want[4 * t + 1] = group;
    want[4 * t + 2] = all;
    want[4 * t + 3] = 0;
    wantp[3 * t] = 1, wantp[3 * t + 1] = 0;
    wantp[3 * t + 2] = lane < 8 ? 1 : -1;
  }
  bool ok = CHECK_ARRAY(got.data(), want.data(), got.size());
  ok &= CHECK_ARRAY(gotp.data(), wantp.data(), gotp.size());
  if (!ok) std::fprintf(stderr, "  type %s\n", name);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dp));
}

// __syncwarp orders shared-memory writes between the lanes of a warp: each
// lane reads what its neighbour wrote before the barrier, twice over.
__global__ void k_syncwarp(int* out) {
  __shared__ int buf[THREADS];
  int t = threadIdx.x, lane = __lane_id(), ws = warpSize;
  int base = t - lane;
  buf[t] = t * 3;
  __syncwarp();
  int a = buf[base + (lane + 1) % ws];
  __syncwarp(FULL);
  buf[t] = a + 1;
  __syncwarp(__activemask());
  out[t] = buf[base + (lane + ws - 1) % ws];
}

static void test_syncwarp() {
  int ws = test::device_warp_size();
  int* d;
  HIP_CHECK(hipMalloc(&d, THREADS * sizeof(int)));
  k_syncwarp<<<1, THREADS>>>(d);
  int got[THREADS], want[THREADS];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  for (int t = 0; t < THREADS; t++) want[t] = t * 3 + 1;  // own value back
  (void)ws;
  CHECK_ARRAY(got, want, THREADS);
  HIP_CHECK(hipFree(d));
}

// A block whose last warp is partial: a full mask means the lanes that
// exist, and the call completes with them.
__global__ void k_partial_warp(unsigned long long* out) {
  unsigned t = threadIdx.x;
  out[2 * t] = __ballot_sync(FULL, 1);
  out[2 * t + 1] = __reduce_add_sync(FULL, t);
}

static void test_partial_last_warp() {
  const int n = 80;
  int ws = test::device_warp_size();
  unsigned long long* d;
  HIP_CHECK(hipMalloc(&d, 2 * n * sizeof(unsigned long long)));
  k_partial_warp<<<1, n>>>(d);
  unsigned long long got[2 * n], want[2 * n];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  for (int t = 0; t < n; t++) {
    int first = t - t % ws, lanes = n - first < ws ? n - first : ws;
    want[2 * t] = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
    unsigned long long sum = 0;
    for (int l = 0; l < lanes; l++) sum += first + l;
    want[2 * t + 1] = sum;
  }
  CHECK_ARRAY(got, want, 2 * n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_partial_last_warp();
  for (int width : {64, 16}) {
    test_shuffles<int>("int", width);
    test_shuffles<unsigned>("unsigned", width);
    test_shuffles<long>("long", width);
    test_shuffles<unsigned long>("unsigned long", width);
    test_shuffles<long long>("long long", width);
    test_shuffles<unsigned long long>("unsigned long long", width);
    test_shuffles<float>("float", width);
    test_shuffles<double>("double", width);
  }
  test_partial_masks();
  test_reductions();
  test_match<int>("int");
  test_match<unsigned>("unsigned");
  test_match<long long>("long long");
  test_match<unsigned long long>("unsigned long long");
  test_match<float>("float");
  test_match<double>("double");
  test_syncwarp();
  return test_summary("warp_sync");
}
