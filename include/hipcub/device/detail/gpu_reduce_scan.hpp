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
#include "hipcub/device/detail/gpu_tile_io.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

constexpr int THREADS = 256;

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

// --- reduce: each warp folds a contiguous range of warp tiles (a lane
// RITEMS consecutive items of each, vector loads where they fit; the
// warp's total by shuffles, in lane order), then one block folds the
// warps' totals in order.
constexpr int RITEMS = 16;
constexpr long long MAX_REDUCE_WARPS = 4096;

// The device's warp size (the reduction's ranges are whole warps').
inline int stream_warp_size() {
  int dev = 0, ws = 32;
  if (hipGetDevice(&dev) != hipSuccess ||
      hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev) !=
          hipSuccess || ws <= 0)
    ws = 32;
  return ws;
}

// Warp tiles per warp, and the warps (all non-empty) that n items take.
struct reduce_plan {
  long long per, warps;
};
inline reduce_plan plan_reduce(long long n, int ws) {
  long long span = (long long)ws * RITEMS;
  long long wt = (n + span - 1) / span;
  if (wt < 1) wt = 1;
  long long per = (wt + MAX_REDUCE_WARPS - 1) / MAX_REDUCE_WARPS;
  return {per, (wt + per - 1) / per};
}
// The Acc slots reduce needs at most: one per warp.
inline long long reduce_slots() { return MAX_REDUCE_WARPS; }

template <bool VEC, typename In, typename Acc, typename Op>
__global__ void __launch_bounds__(THREADS)
    reduce_warp_ranges(In in, long long n, long long per, long long warps,
                       Acc* partial, Op op) {
  int ws = warpSize, lane = threadIdx.x % ws;
  long long w = (long long)blockIdx.x * (THREADS / ws) + threadIdx.x / ws;
  if (w >= warps) return;
  long long span = (long long)ws * RITEMS;
  long long b = w * per * span;
  long long e = b + per * span < n ? b + per * span : n;
  Acc acc;
  bool have = false;
  for (long long t = b; t < e; t += span) {
    long long i = t + (long long)lane * RITEMS;
    Acc v[RITEMS];
    int last;  // the last lane with items
    bool full = t + span <= n;
    if (full) {
      load_run<RITEMS, VEC>(in, i, v);
      last = ws - 1;
    } else {
#pragma unroll
      for (int k = 0; k < RITEMS; ++k)
        v[k] = static_cast<Acc>(in[i + k < n ? i + k : n - 1]);
      last = int((n - 1 - t) / RITEMS);
    }
    Acc s = v[0];
    int cnt = i + RITEMS <= n ? RITEMS : int(n - i);
    if (full) {
#pragma unroll
      for (int k = 1; k < RITEMS; ++k) s = op(s, v[k]);
    } else {
#pragma unroll
      for (int k = 1; k < RITEMS; ++k)
        if (k < cnt) s = op(s, v[k]);
    }
    s = warp_reduce_upto(s, lane, last, op);
    acc = have ? op(acc, s) : s;
    have = true;
  }
  if (lane == 0) partial[w] = acc;
}

// --- reduce: one block folds the warps' totals in order
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
inline void reduce(Acc* partial, In in, Out out, long long n, Op op,
                   Init init, bool fold_init, hipStream_t stream) {
  int ws = stream_warp_size();
  reduce_plan p = plan_reduce(n, ws);
  int wpb = THREADS / ws;
  unsigned blocks = unsigned((p.warps + wpb - 1) / wpb);
  if (n > 0) {
    if (vector_aligned<RITEMS>(in))
      reduce_warp_ranges<vector_type_ok<RITEMS, In>(), In, Acc>
          <<<blocks, THREADS, 0, stream>>>(in, n, p.per, p.warps, partial,
                                           op);
    else
      reduce_warp_ranges<false, In, Acc><<<blocks, THREADS, 0, stream>>>(
          in, n, p.per, p.warps, partial, op);
  }
  reduce_totals<<<1, THREADS, 0, stream>>>((const Acc*)partial,
                                           n > 0 ? p.warps : 0, n, out, op,
                                           init, fold_init);
}

// --- scan: one pass, tiles in block order, each tile's prefix found by
// decoupled look-back (Merrill & Garland 2016): a tile publishes its
// total (AGGREGATE), then looks back a warp's width of tiles at a time,
// folding their totals until one shows its inclusive prefix (PREFIX),
// and publishes its own inclusive prefix.
enum : int { TILE_NONE = 0, TILE_AGGREGATE = 1, TILE_PREFIX = 2 };

template <typename Acc>
constexpr int scan_items() {
  return sizeof(Acc) <= 8 ? 16 : 8;
}
template <typename Acc>
inline long long scan_tiles_of(long long n) {
  long long tile = (long long)THREADS * scan_items<Acc>();
  long long t = (n + tile - 1) / tile;
  return t < 1 ? 1 : t;
}
__host__ __device__ constexpr size_t round16(size_t b) { return (b + 15) & ~size_t(15); }
// The tile status a scan of n items needs: flags, totals, prefixes.
template <typename Acc>
inline size_t scan_status_bytes(long long n) {
  size_t t = (size_t)scan_tiles_of<Acc>(n);
  return round16(t * sizeof(int)) + 2 * round16(t * sizeof(Acc));
}

template <typename Acc>
struct tile_status {
  int* flag;
  Acc* aggregate;
  Acc* prefix;
  __host__ __device__ tile_status(void* p, long long tiles) {
    char* c = static_cast<char*>(p);
    flag = reinterpret_cast<int*>(c);
    c += round16(tiles * sizeof(int));
    aggregate = reinterpret_cast<Acc*>(c);
    c += round16(tiles * sizeof(Acc));
    prefix = reinterpret_cast<Acc*>(c);
  }
  __device__ void publish(long long tile, int kind, const Acc& v) const {
    (kind == TILE_PREFIX ? prefix : aggregate)[tile] = v;
    __threadfence();
    *reinterpret_cast<volatile int*>(flag + tile) = kind;
  }
};

// Warp 0 of tile `tile` (> 0): the combination of tiles 0..tile-1 (with
// the scan's init), returned to lane 0.
template <typename Acc, typename Op>
__device__ Acc look_back(const tile_status<Acc>& st, long long tile,
                         int lane, Op op) {
  int ws = warpSize;
  Acc excl;
  bool have = false;
  for (long long top = tile - 1;; top -= ws) {
    long long p = top - lane;
    int f;
    do {
      f = p >= 0 ? *reinterpret_cast<volatile int*>(st.flag + p)
                 : int(TILE_PREFIX);
    } while (__any(f == TILE_NONE));
    __threadfence();
    unsigned long long prefixes = __ballot(f == TILE_PREFIX);
    int last = prefixes ? __ffsll((long long)prefixes) - 1 : ws - 1;
    Acc v;
    if (p >= 0 && lane <= last)
      v = load_volatile(f == TILE_PREFIX ? st.prefix + p : st.aggregate + p);
    else
      v = load_volatile(st.prefix);  // any value; it is not used
    // lanes further back hold earlier tiles: combine in reverse
    for (int off = 1; off < ws; off <<= 1) {
      Acc o = shfl_down_any(v, off);
      if (lane + off <= last) v = op(o, v);
    }
    excl = have ? op(v, excl) : v;
    have = true;
    if (prefixes) return excl;
  }
}

template <bool INCLUSIVE, bool VIN, bool VOUT, typename In, typename Out,
          typename Acc, typename Op>
__global__ void __launch_bounds__(THREADS)
    scan_one_pass(In in, Out out, long long n, void* status, long long tiles,
                  Op op, Acc init, bool has_init) {
  constexpr int I = scan_items<Acc>();
  __shared__ slots<Acc> warp_total;  // THREADS / 32 used at most
  __shared__ slots<Acc> tile_prefix;
  tile_status<Acc> st(status, tiles);
  int ws = warpSize, lane = threadIdx.x % ws, w = threadIdx.x / ws;
  int nw = THREADS / ws;
  long long tile = blockIdx.x;
  long long b = tile * THREADS * I + (long long)threadIdx.x * I;
  bool full = (tile + 1) * THREADS * I <= n;
  Acc v[I];
  if (full) {
    load_run<I, VIN>(in, b, v);
  } else {
    // past the end: copies of the last item (never combined into an
    // item that is written)
#pragma unroll
    for (int k = 0; k < I; ++k)
      v[k] = static_cast<Acc>(in[b + k < n ? b + k : n - 1]);
  }
  Acc t = v[0];
#pragma unroll
  for (int k = 1; k < I; ++k) t = op(t, v[k]);
  Acc inc = warp_inclusive(t, lane, op);
  Acc lane_excl = shfl_up_any(inc, 1);
  if (lane == ws - 1) warp_total.get()[w] = inc;
  __syncthreads();
  Acc* wt = warp_total.get();
  Acc warp_excl = wt[0];
  for (int x = 1; x < w; ++x) warp_excl = op(warp_excl, wt[x]);
  if (w == 0) {
    Acc agg = wt[0];
    for (int x = 1; x < nw; ++x) agg = op(agg, wt[x]);
    if (tile == 0) {
      if (lane == 0) {
        st.publish(0, TILE_PREFIX, has_init ? op(init, agg) : agg);
        tile_prefix.get()[0] = init;
      }
    } else {
      if (lane == 0) st.publish(tile, TILE_AGGREGATE, agg);
      Acc excl = look_back(st, tile, lane, op);
      if (lane == 0) {
        st.publish(tile, TILE_PREFIX, op(excl, agg));
        tile_prefix.get()[0] = excl;
      }
    }
  }
  __syncthreads();
  bool have = tile > 0 || has_init;
  Acc run = tile_prefix.get()[0];
  if (w > 0) run = have ? op(run, warp_excl) : warp_excl;
  have = have || w > 0;
  if (lane > 0) run = have ? op(run, lane_excl) : lane_excl;
  have = have || lane > 0;
  if (!have) run = init;
#pragma unroll
  for (int k = 0; k < I; ++k) {
    Acc x = v[k];
    if (INCLUSIVE) {
      run = (have || k > 0) ? op(run, x) : x;
      v[k] = run;
    } else {
      v[k] = run;
      run = op(run, x);
    }
  }
  if (full) {
    store_run<I, VOUT>(out, b, v);
  } else {
#pragma unroll
    for (int k = 0; k < I; ++k)
      if (b + k < n) out[b + k] = v[k];
  }
}

// `status` holds scan_status_bytes<Acc>(n) bytes.
template <bool INCLUSIVE, typename In, typename Out, typename Op,
          typename Acc>
inline void scan(void* status, In in, Out out, long long n, Op op, Acc init,
                 bool has_init, hipStream_t stream) {
  constexpr int I = scan_items<Acc>();
  long long tiles = scan_tiles_of<Acc>(n);
  hipMemsetAsync(status, 0, tiles * sizeof(int), stream);
  bool vin = vector_aligned<I>(in), vout = vector_aligned<I>(out);
  if (vin && vout)
    scan_one_pass<INCLUSIVE, vector_type_ok<I, In>(),
                  vector_type_ok<I, Out>(), In, Out, Acc>
        <<<(unsigned)tiles, THREADS, 0, stream>>>(in, out, n, status, tiles,
                                                   op, init, has_init);
  else
    scan_one_pass<INCLUSIVE, false, false, In, Out, Acc>
        <<<(unsigned)tiles, THREADS, 0, stream>>>(in, out, n, status, tiles,
                                                   op, init, has_init);
}

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_REDUCE_SCAN_HPP
