// Cooperative groups inside a block: thread_block, thread_block_tile<N>
// for every N from 1 to the warp size (shuffles, votes, matches, meta
// ranks, sync), tiled_partition(parent, n), nested tiles, coalesced groups
// in divergent code, and the free functions. Every value is computed again
// on the host.
#include <hip/hip_cooperative_groups.h>

#include <limits>
#include <utility>
#include <vector>

#include "common.h"

namespace cg = cooperative_groups;
using u64 = unsigned long long;

constexpr int kBlock = 128;  // 2 warps of 64, 4 of 32
constexpr int kOps = 14;

__device__ u64 val(unsigned tid) { return tid * 3u + 1u; }
__device__ unsigned key(unsigned tid) { return (tid / 3) % 4; }

template <unsigned N>
__device__ void tile_ops_body(u64* out) {
  __shared__ unsigned s[kBlock];
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
  unsigned tid = b.thread_rank();
  u64 v = val(tid);
  u64* o = out + tid;
  o[0 * kBlock] = t.thread_rank() + 1000u * t.size() + 1000000u * t.num_threads();
  o[1 * kBlock] = t.meta_group_rank() + 1000u * t.meta_group_size();
  o[2 * kBlock] = t.shfl(v, static_cast<int>((t.thread_rank() + 3) % N));
  o[3 * kBlock] = t.shfl_down(v, 1);
  o[4 * kBlock] = t.shfl_up(v, 2);
  o[5 * kBlock] = t.shfl_xor(v, 1);
  o[6 * kBlock] = t.ballot(tid % 3 == 0);
  o[7 * kBlock] = t.any(tid % 7 == 0) + 2 * t.all(tid % 2 == 0) +
                  4 * t.all(tid < 1000);
  o[8 * kBlock] = t.match_any(key(tid));
  int pred = -1;
  u64 all = t.match_all(tid / 16, pred);
  o[9 * kBlock] = all * 2 + static_cast<u64>(pred);
  // sync: each lane reads what its right neighbour in the tile wrote.
  s[tid] = tid * 5;
  t.sync();
  unsigned base = tid - t.thread_rank();
  o[10 * kBlock] = s[base + (t.thread_rank() + 1) % N];
  t.sync();
  // Doubles shuffle as well.
  double d = t.shfl(static_cast<double>(tid) + 0.25, 0);
  o[11 * kBlock] = static_cast<u64>(d * 4);
  // A thread_group view of the tile: same rank, size, sync.
  cg::thread_group g = t;
  s[tid] = tid + 7;
  g.sync();
  o[12 * kBlock] = g.thread_rank() + 1000u * g.size() +
                   1000000u * s[base + (g.thread_rank() + N - 1) % N];
  o[13 * kBlock] = cg::group_size(t) + 1000u * cg::thread_rank(t);
}

// A GPU build has no 64-thread tile (NVIDIA's warps have 32 lanes): there
// the kernel of 64 is empty, so that every kernel the host registers has GPU
// code (hipcc warns otherwise); only the CPU device at warp 64 launches it.
// The CPU device's pass through clang (__HIPC_KC__) is nvptx64 too.
template <unsigned N>
__global__ void tile_ops(u64* out) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
  if constexpr (N <= 32) tile_ops_body<N>(out);
#else
  tile_ops_body<N>(out);
#endif
}

static bool check_tiles(unsigned n, void (*kernel)(u64*)) {
  u64* d;
  HIP_CHECK(hipMalloc(&d, kOps * kBlock * sizeof(u64)));
  hipLaunchKernelGGL(kernel, dim3(1), dim3(kBlock), 0, 0, d);
  HIP_CHECK(hipGetLastError());
  std::vector<u64> got(kOps * kBlock), want(kOps * kBlock);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(u64),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  auto v = [](unsigned tid) { return u64(tid * 3u + 1u); };
  auto k = [](unsigned tid) { return (tid / 3) % 4; };
  for (unsigned tid = 0; tid < kBlock; ++tid) {
    unsigned r = tid % n, base = tid - r;
    u64* w = want.data() + tid;
    w[0 * kBlock] = r + 1000u * n + 1000000u * n;
    w[1 * kBlock] = tid / n + 1000u * (kBlock / n);
    w[2 * kBlock] = v(base + (r + 3) % n);
    w[3 * kBlock] = r + 1 < n ? v(tid + 1) : v(tid);
    w[4 * kBlock] = r >= 2 ? v(tid - 2) : v(tid);
    w[5 * kBlock] = n > 1 ? v(tid ^ 1) : v(tid);
    u64 ballot = 0, match = 0;
    bool any = false, even = true, same = true;
    for (unsigned j = 0; j < n; ++j) {
      unsigned o = base + j;
      if (o % 3 == 0) ballot |= 1ull << j;
      if (k(o) == k(tid)) match |= 1ull << j;
      any |= o % 7 == 0;
      even &= o % 2 == 0;
      same &= o / 16 == tid / 16;
    }
    u64 full = n == 64 ? ~0ull : (1ull << n) - 1;
    w[6 * kBlock] = ballot;
    w[7 * kBlock] = any + 2 * even + 4;
    w[8 * kBlock] = match;
    w[9 * kBlock] = same ? full * 2 + 1 : 0;
    w[10 * kBlock] = (base + (r + 1) % n) * 5;
    w[11 * kBlock] = u64((base + 0.25) * 4);
    w[12 * kBlock] = r + 1000u * n + 1000000u * (base + (r + n - 1) % n + 7);
    w[13 * kBlock] = n + 1000u * r;
  }
  bool ok = true;
  for (int op = 0; op < kOps; ++op) {
    if (!CHECK_ARRAY(got.data() + op * kBlock, want.data() + op * kBlock,
                     kBlock)) {
      std::fprintf(stderr, "  (tile of %u, operation %d)\n", n, op);
      ok = false;
    }
  }
  return ok;
}

// tiled_partition(parent, n) at run time, of the block and of a tile, and
// nested static tiles.
__global__ void dynamic_tiles(unsigned n, u64* out) {
  __shared__ unsigned s[kBlock];
  cg::thread_block b = cg::this_thread_block();
  unsigned tid = b.thread_rank();
  cg::thread_group g = cg::tiled_partition(b, n);
  s[tid] = tid * 11;
  g.sync();
  unsigned r = g.thread_rank(), base = tid - r;
  out[tid] = r + 1000u * g.size() + 1000000ull * s[base + (r + 1) % g.size()];
  g.sync();
  cg::thread_group h = cg::tiled_partition(g, 2);
  out[kBlock + tid] = h.thread_rank() + 1000u * h.size();
  auto t16 = cg::tiled_partition<16>(b);
  auto t4 = cg::tiled_partition<4>(t16);
  out[2 * kBlock + tid] = t4.thread_rank() + 10u * t4.meta_group_rank() +
                          100u * t4.meta_group_size() +
                          1000u * t16.meta_group_rank();
  out[3 * kBlock + tid] = t4.shfl(tid, 3);
}

// coalesced_threads() in divergent code.
__global__ void coalesced(u64* out) {
  __shared__ unsigned s[kBlock];
  unsigned tid = threadIdx.x;
  out[tid] = out[kBlock + tid] = out[2 * kBlock + tid] = 0;
  out[3 * kBlock + tid] = out[4 * kBlock + tid] = out[5 * kBlock + tid] = 0;
  out[6 * kBlock + tid] = 0;
  if (tid % 3 == 0) {
    cg::coalesced_group c = cg::coalesced_threads();
    out[tid] = c.thread_rank() + 1000u * c.size() +
               1000000u * (c.meta_group_rank() + 10 * c.meta_group_size());
    out[kBlock + tid] = c.shfl(tid, 0) + 1000u * c.shfl_down(tid, 1) +
                        1000000u * c.shfl_up(tid, 1);
    out[2 * kBlock + tid] = c.ballot(tid % 2 == 0);
    out[3 * kBlock + tid] = c.any(tid == 9) + 2 * c.all(tid % 3 == 0) +
                            4 * c.all(tid % 2 == 0);
    s[tid] = tid + 1;
    c.sync();
    out[4 * kBlock + tid] = c.match_any(tid % 4);
    cg::coalesced_group pairs = cg::tiled_partition(c, 2);
    out[5 * kBlock + tid] = pairs.thread_rank() + 10u * pairs.size() +
                            100u * pairs.meta_group_rank();
  } else {
    // The other side: a group of its own.
    cg::coalesced_group c = cg::coalesced_threads();
    out[6 * kBlock + tid] = c.size();
  }
}

// reduce and the scans over tiles of 8 and over a coalesced group.
struct big {  // more than one exchange word
  long long a, b, c;
};
struct add_big {  // device code calls it: __device__, as on a GPU
  __device__ big operator()(const big& x, const big& y) const {
    return {x.a + y.a, x.b * y.b % 1000003, x.c ^ y.c};
  }
};

__global__ void algorithms(long long* out) {
  cg::thread_block b = cg::this_thread_block();
  unsigned tid = b.thread_rank();
  auto t = cg::tiled_partition<8>(b);
  int v = static_cast<int>((tid * 7) % 11) - 5;
  long long* o = out + tid;
  o[0 * kBlock] = cg::reduce(t, v, cg::plus<int>());
  o[1 * kBlock] = cg::inclusive_scan(t, v);
  o[2 * kBlock] = cg::exclusive_scan(t, v);
  o[3 * kBlock] = static_cast<long long>(
      cg::reduce(t, static_cast<float>(v), cg::less<float>()));
  o[4 * kBlock] = cg::exclusive_scan(t, v, cg::greater<int>());
  o[5 * kBlock] = cg::reduce(t, tid | 0x100u, cg::bit_xor<unsigned>()) +
                  1000 * cg::reduce(t, tid, cg::bit_or<unsigned>()) +
                  1000000ll * cg::exclusive_scan(t, tid + 1, cg::bit_and<unsigned>());
  big x{tid, tid + 2, static_cast<long long>(tid) << 40};
  big r = cg::inclusive_scan(t, x, add_big());
  o[6 * kBlock] = r.a + 1000 * (r.b % 1000) + (r.c >> 40) * 1000000;
  o[7 * kBlock] = 0;
  if (tid % 5 == 1) {
    cg::coalesced_group c = cg::coalesced_threads();
    o[7 * kBlock] = cg::reduce(c, static_cast<int>(tid), cg::plus<int>()) +
                    100000ll * cg::inclusive_scan(c, 1);
  }
}

static void check_algorithms(int ws) {
  long long* d;
  HIP_CHECK(hipMalloc(&d, 8 * kBlock * sizeof(long long)));
  algorithms<<<1, kBlock>>>(d);
  std::vector<long long> got(8 * kBlock), want(8 * kBlock);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(long long),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  auto v = [](unsigned tid) { return static_cast<int>((tid * 7) % 11) - 5; };
  for (unsigned tid = 0; tid < kBlock; ++tid) {
    unsigned base = tid / 8 * 8, r = tid % 8;
    long long sum = 0, inc = 0, exc = 0, mn = 1000, mx_exc = 0;
    unsigned x = 0, o = 0, a_exc = ~0u;
    long long ba = 0, bb = 1, bc = 0;
    for (unsigned j = 0; j < 8; ++j) {
      unsigned m = base + j;
      sum += v(m);
      if (j <= r) inc += v(m);
      if (j < r) exc += v(m);
      mn = v(m) < mn ? v(m) : mn;
      if (j < r) mx_exc = j == 0 ? v(m) : (v(m) > mx_exc ? v(m) : mx_exc);
      x ^= m | 0x100u;
      o |= m;
      if (j < r) a_exc &= m + 1;
      if (j <= r) {
        ba += m;
        bb = j == 0 ? m + 2 : bb * (m + 2) % 1000003;
        bc ^= static_cast<long long>(m) << 40;
      }
    }
    long long* w = want.data() + tid;
    w[0 * kBlock] = sum;
    w[1 * kBlock] = inc;
    w[2 * kBlock] = exc;
    w[3 * kBlock] = mn;
    w[4 * kBlock] = r == 0 ? std::numeric_limits<int>::lowest() : mx_exc;
    w[5 * kBlock] = x + 1000ll * o + 1000000ll * a_exc;
    w[6 * kBlock] = ba + 1000 * (bb % 1000) + (bc >> 40) * 1000000;
    w[7 * kBlock] = 0;
    if (tid % 5 == 1) {
      unsigned wb = tid / ws * ws;
      long long s = 0, rank = 0;
      for (unsigned l = wb; l < wb + ws; ++l)
        if (l % 5 == 1) {
          s += l;
          if (l <= tid) ++rank;
        }
      w[7 * kBlock] = s + 100000ll * rank;
    }
  }
  for (int op = 0; op < 8; ++op)
    if (!CHECK_ARRAY(got.data() + op * kBlock, want.data() + op * kBlock,
                     kBlock))
      std::fprintf(stderr, "  (algorithm %d)\n", op);
}

// The block itself, 2D and with a partial last warp.
__global__ void block_info(u64* out) {
  cg::thread_block b = cg::this_thread_block();
  __shared__ unsigned s[64];
  unsigned r = b.thread_rank();
  dim3 gi = b.group_index(), ti = b.thread_index(), gd = b.group_dim(),
       dt = b.dim_threads();
  // Only the last block writes out (several blocks writing one place would
  // be a data race).
  bool last = gi.x == 1 && gi.y == 2;
  if (last) {
    out[r] = r + 1000u * b.size() + 1000000u * b.num_threads();
    out[48 + r] = gi.x + 10 * gi.y + 100 * ti.x + 10000 * ti.y;
    out[96 + r] = gd.x + 10 * gd.y + 100 * gd.z + 1000 * dt.x + 100000 * dt.y +
                  10000000ull * b.is_valid() + 100000000ull * (b.cg_type() == cg::internal::cg_workgroup);
  }
  s[r] = r * 2;
  b.sync();
  u64 a = s[(r + 1) % 48];
  auto token = b.barrier_arrive();
  b.barrier_wait(std::move(token));
  cg::sync(b);
  s[r] = 0;
  cg::thread_group g = b;
  g.sync();
  if (last) out[144 + r] = a + 1000u * s[(r + 5) % 48] + 100000u * g.thread_rank();
}

int main() {
  int ws = test::device_warp_size();
  check_tiles(1, tile_ops<1>);
  check_tiles(2, tile_ops<2>);
  check_tiles(4, tile_ops<4>);
  check_tiles(8, tile_ops<8>);
  check_tiles(16, tile_ops<16>);
  check_tiles(32, tile_ops<32>);
  if (ws == 64) check_tiles(64, tile_ops<64>);

  u64* d;
  HIP_CHECK(hipMalloc(&d, 8 * kBlock * sizeof(u64)));
  std::vector<u64> got(8 * kBlock), want(8 * kBlock);
  for (unsigned n = 2; n <= static_cast<unsigned>(ws); n *= 2) {
    dynamic_tiles<<<1, kBlock>>>(n, d);
    HIP_CHECK(hipMemcpy(got.data(), d, 4 * kBlock * sizeof(u64),
                        hipMemcpyDeviceToHost));
    for (unsigned tid = 0; tid < kBlock; ++tid) {
      unsigned r = tid % n, base = tid - r;
      want[tid] = r + 1000u * n + 1000000ull * (base + (r + 1) % n) * 11;
      want[kBlock + tid] = r % 2 + 2000u;
      want[2 * kBlock + tid] = tid % 4 + 10 * (tid % 16 / 4) + 400 +
                               1000 * (tid / 16);
      want[3 * kBlock + tid] = tid / 4 * 4 + 3;
    }
    if (!CHECK_ARRAY(got.data(), want.data(), 4 * kBlock))
      std::fprintf(stderr, "  (tiled_partition(block, %u))\n", n);
  }

  check_algorithms(ws);

  coalesced<<<1, kBlock>>>(d);
  HIP_CHECK(hipMemcpy(got.data(), d, 7 * kBlock * sizeof(u64),
                      hipMemcpyDeviceToHost));
  for (unsigned tid = 0; tid < kBlock; ++tid) {
    unsigned wbase = tid / ws * ws;
    std::vector<unsigned> m;  // members of tid's coalesced group
    for (unsigned l = wbase; l < wbase + ws; ++l)
      if ((l % 3 == 0) == (tid % 3 == 0)) m.push_back(l);
    unsigned sz = static_cast<unsigned>(m.size()), rank = 0;
    while (m[rank] != tid) ++rank;
    for (int k = 0; k < 7; ++k) want[k * kBlock + tid] = 0;
    if (tid % 3 == 0) {
      want[tid] = rank + 1000u * sz + 1000000u * 10;
      want[kBlock + tid] = m[0] + 1000u * (rank + 1 < sz ? m[rank + 1] : tid) +
                           1000000u * (rank ? m[rank - 1] : tid);
      u64 ballot = 0, match = 0;
      bool any = false, even = true;
      for (unsigned j = 0; j < sz; ++j) {
        if (m[j] % 2 == 0) ballot |= 1ull << j;
        if (m[j] % 4 == tid % 4) match |= 1ull << j;
        any |= m[j] == 9;
        even &= m[j] % 2 == 0;
      }
      want[2 * kBlock + tid] = ballot;
      want[3 * kBlock + tid] = any + 2 + 4 * even;
      want[4 * kBlock + tid] = match;
      unsigned psz = rank / 2 * 2 + 2 <= sz ? 2 : 1;
      want[5 * kBlock + tid] = rank % 2 + 10u * psz + 100u * (rank / 2);
    } else {
      want[6 * kBlock + tid] = sz;
    }
  }
  CHECK_ARRAY(got.data(), want.data(), 7 * kBlock);

  block_info<<<dim3(2, 3), dim3(8, 6)>>>(d);
  HIP_CHECK(hipMemcpy(got.data(), d, 192 * sizeof(u64),
                      hipMemcpyDeviceToHost));
  // Block (1, 2) wrote out.
  for (unsigned r = 0; r < 48; ++r) {
    want[r] = r + 48000u + 48000000u;
    want[96 + r] = 8 + 60 + 100 + 8000 + 600000 + 10000000ull + 100000000ull;
    want[144 + r] = ((r + 1) % 48) * 2 + 100000u * r;
  }
  CHECK_ARRAY(got.data(), want.data(), 48);
  CHECK_ARRAY(got.data() + 96, want.data() + 96, 96);
  for (unsigned r = 0; r < 48; ++r) {
    u64 v = got[48 + r];
    CHECK(v == 1 + 10 * 2 + 100 * (r % 8) + 10000 * (r / 8));
  }
  HIP_CHECK(hipFree(d));
  return test_summary("coop_groups");
}
