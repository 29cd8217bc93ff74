// DeviceRadixSort's pass shaped for GPUs for keys or values over 8 bytes
// (radix.hpp takes it on GPU streams, as gpu_reduce_scan.hpp's
// use_gpu_kernels says, where gpu_onesweep.hpp does not fit): tiles of 4096
// keys, one block of 256 threads each. Per 8-bit pass: each tile counts
// its digits in shared memory; an exclusive scan of the counts, digit by
// digit across the tiles, gives each (digit, tile) its first output slot;
// each tile then scatters its keys 256 at a time, a key's place among
// equal digits of its warp found with ballots (one per bit), the warps'
// counts turned into offsets in shared memory: stable, as LSD needs.
#ifndef HIPCUB_DEVICE_DETAIL_GPU_RADIX_HPP
#define HIPCUB_DEVICE_DETAIL_GPU_RADIX_HPP

#include "hipcub/device/detail/gpu_onesweep.hpp"
#include "hipcub/device/detail/gpu_scan.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

constexpr int RADIX_ITEMS = 16;  // a thread's keys per tile
constexpr long long RADIX_TILE = THREADS * RADIX_ITEMS;
constexpr int MAX_WARPS = THREADS / 32;

inline long long radix_tiles(long long n) {
  long long t = (n + RADIX_TILE - 1) / RADIX_TILE;
  return t < 1 ? 1 : t;
}
// The unsigned slots a pass needs: the counts, then their scan's status.
inline long long radix_slots(long long n, int digits) {
  long long c = digits * radix_tiles(n);
  long long pass = c + (long long)(scan_status_bytes<unsigned>(c) + 15) / 4;
  long long os = onesweep_slots(n);
  return pass > os ? pass : os;
}

template <typename K, bool DESC, int DIGITS>
__global__ void __launch_bounds__(THREADS)
    radix_tile_counts(const K* keys, long long n, long long tiles, int shift,
                      int nbits, unsigned* counts) {
  static_assert(DIGITS == THREADS, "a thread per digit");
  __shared__ unsigned h[DIGITS];
  int t = threadIdx.x;
  h[t] = 0;
  __syncthreads();
  long long b = (long long)blockIdx.x * RADIX_TILE + t;
#pragma unroll 4
  for (int k = 0; k < RADIX_ITEMS; ++k) {
    long long i = b + (long long)k * THREADS;
    if (i < n) atomicAdd(&h[radix_digit<K, DESC>(keys[i], shift, nbits)], 1u);
  }
  __syncthreads();
  counts[t * tiles + blockIdx.x] = h[t];
}

template <typename K, typename V, bool DESC, bool VALUES, int DIGITS>
__global__ void __launch_bounds__(THREADS)
    radix_tile_scatter(const K* keys, const V* vals, K* keys_out,
                       V* vals_out, long long n, long long tiles, int shift,
                       int nbits, const unsigned* offsets) {
  __shared__ unsigned base[DIGITS];
  __shared__ unsigned warp_at[MAX_WARPS][DIGITS];
  int t = threadIdx.x, ws = warpSize, lane = t % ws, w = t / ws;
  int warps = THREADS / ws;
  unsigned long long below = (1ull << lane) - 1;
  base[t] = offsets[t * tiles + blockIdx.x];
  for (int x = 0; x < warps; ++x) warp_at[x][t] = 0;
  __syncthreads();
  long long b = (long long)blockIdx.x * RADIX_TILE + t;
  for (int k = 0; k < RADIX_ITEMS; ++k) {
    long long i = b + (long long)k * THREADS;
    bool valid = i < n;
    K key = valid ? keys[i] : K();
    unsigned d = valid ? radix_digit<K, DESC>(key, shift, nbits) : 0;
    unsigned long long peers = __ballot(valid);
    for (int bit = 0; bit < nbits; ++bit) {
      unsigned long long set = __ballot((d >> bit) & 1);
      peers &= ((d >> bit) & 1) ? set : ~set;
    }
    unsigned rank = __popcll(peers & below);
    if (valid && rank == 0) warp_at[w][d] = __popcll(peers);
    __syncthreads();
    unsigned run = base[t];  // digit t: its slots, warp after warp
    for (int x = 0; x < warps; ++x) {
      unsigned c = warp_at[x][t];
      warp_at[x][t] = run;
      run += c;
    }
    base[t] = run;
    __syncthreads();
    if (valid) {
      unsigned p = warp_at[w][d] + rank;
      keys_out[p] = key;
      if (VALUES) vals_out[p] = vals[i];
    }
    __syncthreads();
    for (int x = 0; x < warps; ++x) warp_at[x][t] = 0;
    __syncthreads();
  }
}

// One pass over bits [shift, shift + nbits): counts, their scan, scatter.
template <typename K, typename V, bool DESC, bool VALUES, int DIGITS>
inline void radix_pass(const K* ks, const V* vs, K* ko, V* vo, long long n,
                       int shift, int nbits, unsigned* slots,
                       hipStream_t stream) {
  long long tiles = radix_tiles(n);
  unsigned* counts = slots;
  unsigned* status = slots + DIGITS * tiles;  // 16-byte aligned
  radix_tile_counts<K, DESC, DIGITS><<<(unsigned)tiles, THREADS, 0, stream>>>(
      ks, n, tiles, shift, nbits, counts);
  scan<false>(status, counts, counts, DIGITS * tiles, hipcub::Sum(), 0u,
              true, stream);
  radix_tile_scatter<K, V, DESC, VALUES, DIGITS>
      <<<(unsigned)tiles, THREADS, 0, stream>>>(ks, vs, ko, vo, n, tiles,
                                                shift, nbits, counts);
}

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_RADIX_HPP
