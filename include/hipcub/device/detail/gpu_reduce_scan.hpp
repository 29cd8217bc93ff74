// DeviceReduce's and DeviceScan's kernels shaped for GPUs: blocks of 256
// threads, each thread 8 consecutive items of a tile of 2048, combined in
// order everywhere (operators need not commute). Reduce: each tile's
// total, then one block over the totals. Scan (reduce, then scan): the
// tiles' totals, one block turns them into prefixes, and each tile is
// scanned from its prefix. chunks.hpp picks them on GPU streams (see
// use_gpu_kernels); they are plain HIP, so the CPU device runs them too
// (HIPCUB_GPU_KERNELS=1), which is how the tests check them there.
#ifndef HIPCUB_DEVICE_DETAIL_GPU_REDUCE_SCAN_HPP
#define HIPCUB_DEVICE_DETAIL_GPU_REDUCE_SCAN_HPP

#include <cstdlib>

#include "hip/hipc/interop.h"
#include "hipcub/config.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

constexpr int THREADS = 256;
constexpr int ITEMS = 8;  // a scan thread's consecutive items
constexpr long long TILE = THREADS * ITEMS;

// Whether `stream`'s algorithms take these kernels: on GPUs, unless
// HIPCUB_GPU_KERNELS=0; on the CPU device only with HIPCUB_GPU_KERNELS=1.
inline bool use_gpu_kernels(hipStream_t stream) {
  static const int forced = [] {
    const char* e = std::getenv("HIPCUB_GPU_KERNELS");
    return e && *e ? std::atoi(e) : -1;
  }();
  if (forced >= 0) return forced != 0;
  hipc_stream_info info;
  return hipc_stream_native(stream, &info) == hipSuccess &&
         !info.host_memory;
}

inline long long scan_tiles(long long n) {
  long long t = (n + TILE - 1) / TILE;
  return t < 1 ? 1 : t;
}

// Room for one Acc per thread without constructing them.
template <typename Acc>
struct alignas(Acc) slots {
  unsigned char bytes[sizeof(Acc) * THREADS];
  __device__ Acc* get() { return reinterpret_cast<Acc*>(bytes); }
};

// Reduces each thread's (v, have) in thread order (adjacent pairs, then
// pairs of pairs); every thread gets the block's (v, have).
template <typename Acc, typename Op>
__device__ void block_reduce(Acc& v, bool& have, Op op, Acc* sv, int* sh) {
  int t = threadIdx.x;
  sv[t] = v;
  sh[t] = have;
  __syncthreads();
  for (int off = 1; off < THREADS; off <<= 1) {
    if ((t & (2 * off - 1)) == 0 && sh[t + off]) {
      sv[t] = sh[t] ? op(sv[t], sv[t + off]) : sv[t + off];
      sh[t] = 1;
    }
    __syncthreads();
  }
  v = sv[0];
  have = sh[0];
  __syncthreads();
}

// Exclusive scan of each thread's (v, have) in thread order: on return
// (v, have) is the combination of the threads before this one.
template <typename Acc, typename Op>
__device__ void block_exclusive(Acc& v, bool& have, Op op, Acc* sv,
                                int* sh) {
  int t = threadIdx.x;
  sv[t] = v;
  sh[t] = have;
  __syncthreads();
  for (int off = 1; off < THREADS; off <<= 1) {
    bool ha = t >= off && sh[t - off];
    Acc a = ha ? sv[t - off] : v;
    Acc mine = sv[t];
    bool hm = sh[t];
    __syncthreads();
    if (ha) {
      sv[t] = hm ? op(a, mine) : a;
      sh[t] = 1;
    }
    __syncthreads();
  }
  have = t > 0 && sh[t - 1];
  if (have) v = sv[t - 1];
  __syncthreads();
}

// A thread's ITEMS consecutive items from b (fewer at the end: `have`
// false when none), combined in order.
template <typename In, typename Acc, typename Op>
__device__ Acc thread_items(In in, long long b, long long n, Op op,
                            bool& have) {
  have = b < n;
  Acc acc = static_cast<Acc>(in[have ? b : 0]);
  if (b + ITEMS <= n) {
    Acc v[ITEMS - 1];
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) v[k - 1] = static_cast<Acc>(in[b + k]);
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) acc = op(acc, v[k - 1]);
  } else {
    for (long long i = b + 1; i < n; ++i)
      acc = op(acc, static_cast<Acc>(in[i]));
  }
  return acc;
}

// --- the totals of tiles of TILE items, in order (reduce and scan)
template <typename In, typename Acc, typename Op>
__global__ void __launch_bounds__(THREADS)
    tile_totals(In in, long long n, Acc* total, Op op) {
  __shared__ slots<Acc> sv;
  __shared__ int sh[THREADS];
  bool have;
  Acc acc = thread_items<In, Acc>(
      in, (long long)blockIdx.x * TILE + threadIdx.x * ITEMS, n, op, have);
  block_reduce(acc, have, op, sv.get(), sh);
  if (threadIdx.x == 0) total[blockIdx.x] = acc;
}

// --- reduce: the tiles' totals, then one block over them in order
template <typename Acc, typename Out, typename Op, typename Init>
__global__ void __launch_bounds__(THREADS)
    reduce_totals(const Acc* total, long long tiles, long long n, Out out,
                  Op op, Init init, bool fold_init) {
  __shared__ slots<Acc> sv;
  __shared__ int sh[THREADS];
  long long per = (tiles + THREADS - 1) / THREADS;
  long long b = threadIdx.x * per, e = b + per < tiles ? b + per : tiles;
  bool have = n > 0 && b < e;
  Acc acc = have ? total[b] : static_cast<Acc>(init);
  if (have)
    for (long long i = b + 1; i < e; ++i) acc = op(acc, total[i]);
  block_reduce(acc, have, op, sv.get(), sh);
  if (threadIdx.x == 0) {
    if (!have) acc = static_cast<Acc>(init);
    else if (fold_init) acc = op(static_cast<Acc>(init), acc);
    *out = acc;
  }
}

template <typename In, typename Out, typename Op, typename Init, typename Acc>
inline void reduce(Acc* total, In in, Out out, long long n, Op op,
                   Init init, bool fold_init, hipStream_t stream) {
  long long tiles = scan_tiles(n);
  if (n > 0)
    tile_totals<In, Acc><<<(unsigned)tiles, THREADS, 0, stream>>>(
        in, n, total, op);
  reduce_totals<<<1, THREADS, 0, stream>>>((const Acc*)total, tiles, n, out,
                                           op, init, fold_init);
}

// --- scan

// One block: the tiles' totals become their exclusive prefixes (tile 0's
// is `init`, used only when has_init), in place.
template <typename Acc, typename Op>
__global__ void __launch_bounds__(THREADS)
    scan_tile_prefixes(Acc* total, long long tiles, Op op, Acc init,
                       bool has_init) {
  __shared__ slots<Acc> sv;
  __shared__ int sh[THREADS];
  long long per = (tiles + THREADS - 1) / THREADS;
  long long b = threadIdx.x * per, e = b + per < tiles ? b + per : tiles;
  bool have = b < e;
  Acc acc = total[have ? b : 0];
  for (long long i = b + 1; i < e; ++i) acc = op(acc, total[i]);
  block_exclusive(acc, have, op, sv.get(), sh);
  if (has_init) acc = have ? op(init, acc) : init;
  have = have || has_init;
  for (long long i = b; i < e; ++i) {
    Acc t = total[i];
    total[i] = have ? acc : init;
    acc = have ? op(acc, t) : t;
    have = true;
  }
}

template <bool INCLUSIVE, typename In, typename Out, typename Acc,
          typename Op>
__global__ void __launch_bounds__(THREADS)
    scan_tile_items(In in, Out out, long long n, const Acc* prefix, Op op,
                    Acc init, bool has_init) {
  __shared__ slots<Acc> sv;
  __shared__ int sh[THREADS];
  long long b = (long long)blockIdx.x * TILE + threadIdx.x * ITEMS;
  long long e = b + ITEMS < n ? b + ITEMS : n;
  bool have;
  Acc acc = thread_items<In, Acc>(in, b, n, op, have);
  block_exclusive(acc, have, op, sv.get(), sh);
  bool tile_has = blockIdx.x > 0 || has_init;
  Acc run = tile_has ? prefix[blockIdx.x] : init;
  if (have) run = tile_has ? op(run, acc) : acc;
  have = have || tile_has;
  for (long long i = b; i < e; ++i) {
    Acc v = static_cast<Acc>(in[i]);
    if (INCLUSIVE) {
      run = have ? op(run, v) : v;
      out[i] = run;
    } else {
      out[i] = run;
      run = op(run, v);
    }
    have = true;
  }
}

template <bool INCLUSIVE, typename In, typename Out, typename Op,
          typename Acc>
inline void scan(Acc* total, In in, Out out, long long n, Op op, Acc init,
                 bool has_init, hipStream_t stream) {
  long long tiles = scan_tiles(n);
  tile_totals<In, Acc><<<(unsigned)tiles, THREADS, 0, stream>>>(in, n,
                                                                total, op);
  scan_tile_prefixes<<<1, THREADS, 0, stream>>>(total, tiles, op, init,
                                                has_init);
  scan_tile_items<INCLUSIVE><<<(unsigned)tiles, THREADS, 0, stream>>>(
      in, out, n, (const Acc*)total, op, init, has_init);
}

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_REDUCE_SCAN_HPP
