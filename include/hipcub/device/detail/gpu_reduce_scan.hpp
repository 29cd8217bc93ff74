// DeviceReduce's kernels shaped for GPUs (DeviceScan's are in
// gpu_scan.hpp): blocks of 256 threads, combined in order everywhere
// (operators need not commute). Each warp folds a contiguous range, then
// one block folds the warps' totals. chunks.hpp picks them on GPU streams
// (see use_gpu_kernels); they are plain HIP, so the CPU device runs them
// too (HIPCUB_GPU_KERNELS=1), which is how the tests check them there.
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

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_REDUCE_SCAN_HPP
