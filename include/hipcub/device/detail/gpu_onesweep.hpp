// DeviceRadixSort on GPUs, onesweep style (Adinets & Merrill 2022): one
// histogram pass counts every 8-bit digit of every pass at once; then per
// digit one pass over tiles of 256 threads x I keys in block order. A tile
// ranks its keys stably (each warp its slice, the lanes of a digit found
// with one match), publishes its per-digit counts and finds the keys of
// each digit in the tiles before it by decoupled look-back (a 64-bit word
// per (tile, digit): flag above, count below), then stages the keys in
// shared memory in digit order and writes them out in runs. Full tiles
// take a path without bounds checks; launch bounds of 3 blocks a
// multiprocessor hold the pass to 80 registers. Keys and values up to 8
// bytes; gpu_radix.hpp's pass takes the rest.
#ifndef HIPCUB_DEVICE_DETAIL_GPU_ONESWEEP_HPP
#define HIPCUB_DEVICE_DETAIL_GPU_ONESWEEP_HPP

#include "hipcub/device/detail/gpu_reduce_scan.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

// Keys a thread per tile (keys and values of 4 bytes or less; 16 for
// larger ones, as 48 KiB of static shared memory allow).
#ifndef HIPCUB_ONESWEEP_ITEMS
#define HIPCUB_ONESWEEP_ITEMS 16
#endif
// Writes a thread has in flight (the unrolling of the write-out loops).
#ifndef HIPCUB_ONESWEEP_UNROLL
#define HIPCUB_ONESWEEP_UNROLL 8
#endif
// Blocks a multiprocessor should hold at least (caps the registers: 3
// gives 80, no spill; measured on an H200: 2 (111 registers) 1.62x CUB's
// time, 3 1.46x; 20 or 24 keys a thread spill at 80 and gain < 2%).
#ifndef HIPCUB_ONESWEEP_MIN_BLOCKS
#define HIPCUB_ONESWEEP_MIN_BLOCKS 3
#endif
constexpr int OS_MIN_ITEMS = 16;
static_assert(HIPCUB_ONESWEEP_ITEMS >= OS_MIN_ITEMS, "status sized for 16");
constexpr int OS_MAX_PASSES = 8;
constexpr int OS_DIGITS = 256;
constexpr unsigned long long OS_AGGREGATE = 1ull << 32;
constexpr unsigned long long OS_PREFIX = 2ull << 32;

template <typename K, typename V, bool VALUES>
constexpr bool onesweep_fits() {
  return sizeof(K) <= 8 && (!VALUES || sizeof(V) <= 8);
}
// The bytes a staged item takes: the larger of key and value.
template <typename K, typename V, bool VALUES>
constexpr size_t onesweep_stage() {
  return VALUES && sizeof(V) > sizeof(K) ? sizeof(V) : sizeof(K);
}
template <typename K, typename V, bool VALUES>
constexpr int onesweep_items() {
  return onesweep_stage<K, V, VALUES>() <= 4 ? HIPCUB_ONESWEEP_ITEMS
                                             : OS_MIN_ITEMS;
}

inline long long onesweep_tiles(long long n, int items) {
  long long tile = (long long)THREADS * items;
  long long t = (n + tile - 1) / tile;
  return t < 1 ? 1 : t;
}
// Unsigned slots: counts and bases of every pass, then two status arrays
// (sized for the smallest tiles).
inline long long onesweep_slots(long long n) {
  return 2LL * OS_MAX_PASSES * OS_DIGITS +
         4 * onesweep_tiles(n, OS_MIN_ITEMS) * OS_DIGITS;
}

// Counts of every pass's digits (added into hist); also zeroes the first
// pass's status.
template <typename K, bool DESC>
__global__ void __launch_bounds__(THREADS)
    onesweep_histogram(const K* keys, long long n, int begin_bit,
                       int end_bit, int passes, unsigned* hist,
                       unsigned long long* status, long long status_len) {
  __shared__ unsigned h[OS_MAX_PASSES * OS_DIGITS];
  for (int i = threadIdx.x; i < passes * OS_DIGITS; i += THREADS) h[i] = 0;
  __syncthreads();
  long long stride = (long long)gridDim.x * THREADS;
  long long first = (long long)blockIdx.x * THREADS + threadIdx.x;
  for (long long i = first; i < status_len; i += stride) status[i] = 0;
  constexpr int U = 4;  // keys in flight a thread
  for (long long i0 = first; i0 < n; i0 += U * stride) {
    K k[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (i0 + u * stride < n) k[u] = keys[i0 + u * stride];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      if (i0 + u * stride >= n) break;
      for (int p = 0; p < passes; ++p) {
        int shift = begin_bit + 8 * p;
        int nb = end_bit - shift < 8 ? end_bit - shift : 8;
        atomicAdd(&h[p * OS_DIGITS + radix_digit<K, DESC>(k[u], shift, nb)],
                  1u);
      }
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < passes * OS_DIGITS; i += THREADS)
    if (h[i]) atomicAdd(&hist[i], h[i]);
}

// Exclusive sum of `v` over the block's threads (THREADS of them).
__device__ inline unsigned block_exclusive_sum(unsigned v, unsigned* wsum) {
  int ws = warpSize, lane = threadIdx.x % ws, w = threadIdx.x / ws;
  unsigned inc = warp_inclusive(v, lane, hipcub::Sum());
  if (lane == ws - 1) wsum[w] = inc;
  __syncthreads();
  unsigned before = 0;
  for (int x = 0; x < w; ++x) before += wsum[x];
  __syncthreads();
  return before + inc - v;
}

// One block: each pass's digit counts become their first output slots.
// A template, so that every source may include it (one kernel, no ODR
// clash between objects).
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    onesweep_bases(const unsigned* hist, unsigned* base, int passes) {
  __shared__ unsigned wsum[THREADS / 32];
  for (int p = 0; p < passes; ++p)
    base[p * OS_DIGITS + threadIdx.x] =
        block_exclusive_sum(hist[p * OS_DIGITS + threadIdx.x], wsum);
}

// Shared memory of a pass: per-warp digit counters (then offsets), the
// digits' places in the tile and in the output, and the staged tile.
template <int I, size_t STAGE, bool VALUES>
struct onesweep_shared {
  unsigned warp_at[THREADS / 32][OS_DIGITS];
  unsigned local_start[OS_DIGITS];
  unsigned out_at[OS_DIGITS];  // (the counts are 32-bit: n < 2^32)
  unsigned wsum[THREADS / 32];
  alignas(16) unsigned char stage[THREADS * I * STAGE];
  unsigned char digit_at[VALUES ? THREADS * I : 1];  // of the staged keys
};

// A tile of THREADS * I keys (FULL: no key past n). Warp w ranks its
// slice, keys w * ws * I .. of the tile, in order: the lanes of a digit
// are found with one match, the first of them bumps the warp's counter.
template <int I, typename K, typename V, bool DESC, bool VALUES, bool FULL,
          typename Sh>
__device__ inline void onesweep_tile(Sh& sh, const K* keys, const V* vals,
                                     K* keys_out, V* vals_out, long long n,
                                     int shift, int nbits,
                                     const unsigned* base,
                                     unsigned long long* status) {
  constexpr long long TILE = (long long)THREADS * I;
  int ws = warpSize, lane = threadIdx.x % ws, w = threadIdx.x / ws;
  int nw = THREADS / ws, t = threadIdx.x;
  long long tile = blockIdx.x, tb = tile * TILE;
  long long wb = tb + (long long)w * ws * I;  // this warp's slice
  long long left = n - wb;  // keys of the slice (FULL: all)
  int slice = FULL || left >= ws * I ? ws * I : left < 0 ? 0 : int(left);
  K key[I];
#pragma unroll
  for (int k = 0; k < I; ++k) {
    int j = k * ws + lane;
    key[k] = FULL || j < slice ? keys[wb + j] : K();
  }
  volatile unsigned long long* st = status;
  unsigned long long below = (1ull << lane) - 1;
  unsigned rd[I];  // rank | digit << 16, then the place in the tile
#pragma unroll
  for (int k = 0; k < I; ++k) {
    bool valid = FULL || k * ws + lane < slice;
    unsigned d = radix_digit<K, DESC>(key[k], shift, nbits);
    unsigned long long peers = __match_any(valid ? d : unsigned(OS_DIGITS));
    unsigned before = sh.warp_at[w][d];
    __syncwarp();
    if (valid && (peers & below) == 0)
      sh.warp_at[w][d] = before + (unsigned)__popcll(peers);
    __syncwarp();
    rd[k] = (before + (unsigned)__popcll(peers & below)) | d << 16;
  }
  __syncthreads();
  // digit t: the warps' offsets, the tile's count, its place in the tile
  unsigned count = 0;
  for (int x = 0; x < nw; ++x) {
    unsigned c = sh.warp_at[x][t];
    sh.warp_at[x][t] = count;
    count += c;
  }
  // publish before the scan: the next tiles' look-back waits on it
  if (tile == 0) st[t] = OS_PREFIX | count;
  else st[tile * OS_DIGITS + t] = OS_AGGREGATE | count;
  unsigned start = block_exclusive_sum(count, sh.wsum);
  sh.local_start[t] = start;
  // look-back: the keys of digit t in the tiles before this one
  unsigned excl = 0;
  if (tile > 0) {
    for (long long p = tile - 1;; --p) {
      unsigned long long s;
      do {
        s = st[p * OS_DIGITS + t];
      } while ((s >> 32) == 0);
      excl += (unsigned)s;
      if ((s & ~0xffffffffull) == OS_PREFIX) break;
    }
    st[tile * OS_DIGITS + t] = OS_PREFIX | (excl + count);
  }
  sh.out_at[t] = base[t] + excl - start;  // mod 2^32, as out_at + j
  __syncthreads();
  // keys into shared memory in digit order, then out in runs
  K* sk = reinterpret_cast<K*>(sh.stage);
#pragma unroll
  for (int k = 0; k < I; ++k) {
    unsigned d = rd[k] >> 16;
    rd[k] = sh.local_start[d] + sh.warp_at[w][d] + (rd[k] & 0xffffu);
    if (FULL || k * ws + lane < slice) sk[rd[k]] = key[k];
  }
  __syncthreads();
  int cnt = FULL ? int(TILE) : int(n - tb);
#pragma unroll HIPCUB_ONESWEEP_UNROLL
  for (int m = 0; m < I; ++m) {
    int j = m * THREADS + t;
    if (FULL || j < cnt) {
      K k = sk[j];
      unsigned d = radix_digit<K, DESC>(k, shift, nbits);
      keys_out[sh.out_at[d] + j] = k;
      if (VALUES) sh.digit_at[VALUES ? j : 0] = (unsigned char)d;
    }
  }
  if constexpr (VALUES) {
    V val[I];
#pragma unroll
    for (int k = 0; k < I; ++k) {
      int j = k * ws + lane;
      if (FULL || j < slice) val[k] = vals[wb + j];
    }
    __syncthreads();
    V* sv = reinterpret_cast<V*>(sh.stage);
#pragma unroll
    for (int k = 0; k < I; ++k)
      if (FULL || k * ws + lane < slice) sv[rd[k]] = val[k];
    __syncthreads();
#pragma unroll HIPCUB_ONESWEEP_UNROLL
    for (int m = 0; m < I; ++m) {
      int j = m * THREADS + t;
      if (FULL || j < cnt) vals_out[sh.out_at[sh.digit_at[j]] + j] = sv[j];
    }
  }
}

template <typename K, typename V, bool DESC, bool VALUES>
__global__ void __launch_bounds__(THREADS, HIPCUB_ONESWEEP_MIN_BLOCKS)
    onesweep_pass(const K* keys, const V* vals, K* keys_out, V* vals_out,
                  long long n, int shift, int nbits, const unsigned* base,
                  unsigned long long* status, unsigned long long* next) {
  static_assert(OS_DIGITS == THREADS, "a thread per digit");
  constexpr int I = onesweep_items<K, V, VALUES>();
  __shared__ onesweep_shared<I, onesweep_stage<K, V, VALUES>(), VALUES> sh;
  int t = threadIdx.x;
  long long tile = blockIdx.x;
  for (int x = 0; x < THREADS / warpSize; ++x) sh.warp_at[x][t] = 0;
  next[tile * OS_DIGITS + t] = 0;  // the next pass's status
  __syncthreads();
  if ((tile + 1) * THREADS * I <= n)
    onesweep_tile<I, K, V, DESC, VALUES, true>(sh, keys, vals, keys_out,
                                               vals_out, n, shift, nbits,
                                               base, status);
  else
    onesweep_tile<I, K, V, DESC, VALUES, false>(sh, keys, vals, keys_out,
                                                vals_out, n, shift, nbits,
                                                base, status);
}

// The whole sort: pass j reads the previous pass's output and writes to
// kb[target], target flipping each pass from first_target (as radix_run).
template <typename K, typename V, bool DESC, bool VALUES>
inline void onesweep_sort(const K* k_in, const V* v_in, K* const (&kb)[2],
                          V* const (&vb)[2], int first_target, long long n,
                          int begin_bit, int end_bit, unsigned* slots,
                          hipStream_t stream) {
  constexpr int I = onesweep_items<K, V, VALUES>();
  int passes = (end_bit - begin_bit + 7) / 8;
  long long tiles = onesweep_tiles(n, I);
  unsigned* hist = slots;
  unsigned* base = slots + OS_MAX_PASSES * OS_DIGITS;
  unsigned long long* status[2] = {
      reinterpret_cast<unsigned long long*>(slots +
                                            2 * OS_MAX_PASSES * OS_DIGITS),
      nullptr};
  status[1] = status[0] + tiles * OS_DIGITS;
  hipMemsetAsync(hist, 0, sizeof(unsigned) * passes * OS_DIGITS, stream);
  unsigned hblocks = unsigned(tiles > 1024 ? 1024 : tiles);
  onesweep_histogram<K, DESC><<<hblocks, THREADS, 0, stream>>>(
      k_in, n, begin_bit, end_bit, passes, hist, status[0],
      tiles * OS_DIGITS);
  onesweep_bases<THREADS><<<1, THREADS, 0, stream>>>(hist, base, passes);
  const K* ks = k_in;
  const V* vs = v_in;
  int t = first_target;
  for (int p = 0; p < passes; ++p) {
    int shift = begin_bit + 8 * p;
    int nbits = end_bit - shift < 8 ? end_bit - shift : 8;
    onesweep_pass<K, V, DESC, VALUES><<<(unsigned)tiles, THREADS, 0, stream>>>(
        ks, vs, kb[t], vb[t], n, shift, nbits, base + p * OS_DIGITS,
        status[p & 1], status[(p + 1) & 1]);
    ks = kb[t];
    vs = vb[t];
    t ^= 1;
  }
}

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_ONESWEEP_HPP
