// DeviceRadixSort on GPUs, onesweep style (Adinets & Merrill 2022): one
// histogram pass counts every 8-bit digit of every pass at once; then per
// digit one pass over tiles of 4096 keys in block order. A tile ranks its
// keys stably (each warp its slice, peers of a digit found with ballots),
// publishes its per-digit counts and finds the keys of each digit in the
// tiles before it by decoupled look-back (a 64-bit word per (tile,
// digit): flag above, count below), then stages the keys in shared memory
// in digit order and writes them out in runs. Keys and values up to 8
// bytes; gpu_radix.hpp's pass takes the rest.
#ifndef HIPCUB_DEVICE_DETAIL_GPU_ONESWEEP_HPP
#define HIPCUB_DEVICE_DETAIL_GPU_ONESWEEP_HPP

#include "hipcub/device/detail/gpu_reduce_scan.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

constexpr int OS_ITEMS = 16;  // a thread's keys per tile
constexpr long long OS_TILE = (long long)THREADS * OS_ITEMS;
constexpr int OS_MAX_PASSES = 8;
constexpr int OS_DIGITS = 256;
constexpr unsigned long long OS_AGGREGATE = 1ull << 32;
constexpr unsigned long long OS_PREFIX = 2ull << 32;

template <typename K, typename V, bool VALUES>
constexpr bool onesweep_fits() {
  return sizeof(K) <= 8 && (!VALUES || sizeof(V) <= 8);
}

inline long long onesweep_tiles(long long n) {
  long long t = (n + OS_TILE - 1) / OS_TILE;
  return t < 1 ? 1 : t;
}
// Unsigned slots: counts and bases of every pass, then two status arrays.
inline long long onesweep_slots(long long n) {
  return 2LL * OS_MAX_PASSES * OS_DIGITS + 4 * onesweep_tiles(n) * OS_DIGITS;
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
  for (long long i = first; i < n; i += stride) {
    K k = keys[i];
    for (int p = 0; p < passes; ++p) {
      int shift = begin_bit + 8 * p;
      int nb = end_bit - shift < 8 ? end_bit - shift : 8;
      atomicAdd(&h[p * OS_DIGITS + radix_digit<K, DESC>(k, shift, nb)], 1u);
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
__global__ void __launch_bounds__(THREADS)
    onesweep_bases(const unsigned* hist, unsigned* base, int passes) {
  __shared__ unsigned wsum[THREADS / 32];
  for (int p = 0; p < passes; ++p)
    base[p * OS_DIGITS + threadIdx.x] =
        block_exclusive_sum(hist[p * OS_DIGITS + threadIdx.x], wsum);
}

template <typename K, typename V, bool DESC, bool VALUES>
__global__ void __launch_bounds__(THREADS)
    onesweep_pass(const K* keys, const V* vals, K* keys_out, V* vals_out,
                  long long n, int shift, int nbits, const unsigned* base,
                  unsigned long long* status, unsigned long long* next) {
  static_assert(OS_DIGITS == THREADS, "a thread per digit");
  constexpr int I = OS_ITEMS;
  constexpr size_t STAGE =
      VALUES && sizeof(V) > sizeof(K) ? sizeof(V) : sizeof(K);
  __shared__ unsigned warp_at[THREADS / 32][OS_DIGITS];
  __shared__ unsigned local_start[OS_DIGITS];
  __shared__ long long out_at[OS_DIGITS];
  __shared__ unsigned wsum[THREADS / 32];
  struct alignas(16) staging {
    unsigned char bytes[OS_TILE * STAGE];
  };
  __shared__ staging stage;
  __shared__ unsigned char stage_digit[OS_TILE];
  int ws = warpSize, lane = threadIdx.x % ws, w = threadIdx.x / ws;
  int nw = THREADS / ws, t = threadIdx.x;
  long long tile = blockIdx.x, tb = tile * OS_TILE;
  long long wb = tb + (long long)w * ws * I;  // this warp's slice
  for (int x = 0; x < nw; ++x) warp_at[x][t] = 0;
  next[tile * OS_DIGITS + t] = 0;  // the next pass's status
  K key[I];
#pragma unroll
  for (int k = 0; k < I; ++k) {
    long long i = wb + (long long)k * ws + lane;
    key[k] = i < n ? keys[i] : K();
  }
  __syncthreads();
  // ranks among the warp's keys of the same digit, in key order
  unsigned long long below = (1ull << lane) - 1;
  unsigned rd[I];  // rank | digit << 16
#pragma unroll
  for (int k = 0; k < I; ++k) {
    bool valid = wb + (long long)k * ws + lane < n;
    unsigned d = valid ? radix_digit<K, DESC>(key[k], shift, nbits) : 0;
    unsigned long long peers = __ballot(valid);
    for (int bit = 0; bit < nbits; ++bit) {
      unsigned long long set = __ballot((d >> bit) & 1);
      peers &= ((d >> bit) & 1) ? set : ~set;
    }
    unsigned before = warp_at[w][d];
    __syncwarp();
    if (valid && (peers & below) == 0)
      warp_at[w][d] = before + (unsigned)__popcll(peers);
    __syncwarp();
    rd[k] = (before + (unsigned)__popcll(peers & below)) | d << 16;
  }
  __syncthreads();
  // digit t: the warps' offsets, the tile's count, its place in the tile
  unsigned count = 0;
  for (int x = 0; x < nw; ++x) {
    unsigned c = warp_at[x][t];
    warp_at[x][t] = count;
    count += c;
  }
  unsigned start = block_exclusive_sum(count, wsum);
  local_start[t] = start;
  // look-back: the keys of digit t in the tiles before this one
  volatile unsigned long long* st = status;
  unsigned excl = 0;
  if (tile == 0) {
    st[t] = OS_PREFIX | count;
  } else {
    st[tile * OS_DIGITS + t] = OS_AGGREGATE | count;
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
  out_at[t] = (long long)base[t] + excl - start;
  __syncthreads();
  // keys into shared memory in digit order, then out in runs
  K* sk = reinterpret_cast<K*>(stage.bytes);
#pragma unroll
  for (int k = 0; k < I; ++k) {
    long long i = wb + (long long)k * ws + lane;
    unsigned d = rd[k] >> 16;
    rd[k] = local_start[d] + warp_at[w][d] + (rd[k] & 0xffffu);  // position
    if (i < n) {
      sk[rd[k]] = key[k];
      stage_digit[rd[k]] = (unsigned char)d;
    }
  }
  __syncthreads();
  int cnt = n - tb < OS_TILE ? int(n - tb) : int(OS_TILE);
  for (int j = t; j < cnt; j += THREADS)
    keys_out[out_at[stage_digit[j]] + j] = sk[j];
  if (VALUES) {
    V val[VALUES ? I : 1];
#pragma unroll
    for (int k = 0; k < I; ++k) {
      long long i = wb + (long long)k * ws + lane;
      if (i < n) val[k] = vals[i];
    }
    __syncthreads();
    V* sv = reinterpret_cast<V*>(stage.bytes);
#pragma unroll
    for (int k = 0; k < I; ++k)
      if (wb + (long long)k * ws + lane < n) sv[rd[k]] = val[k];
    __syncthreads();
    for (int j = t; j < cnt; j += THREADS)
      vals_out[out_at[stage_digit[j]] + j] = sv[j];
  }
}

// The whole sort: pass j reads the previous pass's output and writes to
// kb[target], target flipping each pass from first_target (as radix_run).
template <typename K, typename V, bool DESC, bool VALUES>
inline void onesweep_sort(const K* k_in, const V* v_in, K* const (&kb)[2],
                          V* const (&vb)[2], int first_target, long long n,
                          int begin_bit, int end_bit, unsigned* slots,
                          hipStream_t stream) {
  int passes = (end_bit - begin_bit + 7) / 8;
  long long tiles = onesweep_tiles(n);
  unsigned* hist = slots;
  unsigned* base = slots + OS_MAX_PASSES * OS_DIGITS;
  unsigned long long* status[2] = {
      reinterpret_cast<unsigned long long*>(slots +
                                            2 * OS_MAX_PASSES * OS_DIGITS),
      nullptr};
  status[1] = status[0] + tiles * OS_DIGITS;
  hipMemsetAsync(hist, 0, sizeof(unsigned) * passes * OS_DIGITS, stream);
  long long hb = (n + OS_TILE - 1) / OS_TILE;
  unsigned hblocks = unsigned(hb < 1 ? 1 : hb > 1024 ? 1024 : hb);
  onesweep_histogram<K, DESC><<<hblocks, THREADS, 0, stream>>>(
      k_in, n, begin_bit, end_bit, passes, hist, status[0],
      tiles * OS_DIGITS);
  onesweep_bases<<<1, THREADS, 0, stream>>>(hist, base, passes);
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
