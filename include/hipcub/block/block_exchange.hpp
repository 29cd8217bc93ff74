// BlockExchange: rearranges items between the blocked, striped and
// warp-striped arrangements (and by rank) through shared memory.
//
// Blocked: thread t holds items t*ITEMS .. t*ITEMS+ITEMS-1. Striped: item i
// of thread t is t + i*BLOCK_THREADS. Warp-striped: within warp w (of the
// run-time warp size W; the last warp may be partial, with n threads),
// item i of lane l is w*W*ITEMS + i*n + l.
#ifndef HIPCUB_BLOCK_EXCHANGE_HPP
#define HIPCUB_BLOCK_EXCHANGE_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE

namespace detail {
// Where item i of thread `tid` lies in the warp-striped arrangement of a
// block of `block` threads.
HIPCUB_DEVICE __forceinline__ int warp_striped_index(int tid, int i, int items,
                                                     int block) {
  int w = warpSize;
  int warp = tid / w, lane = tid % w;
  int n = block - warp * w;
  n = n < w ? n : w;
  return warp * w * items + i * n + lane;
}
}  // namespace detail

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockExchange {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int TILE = BLOCK_THREADS * ITEMS_PER_THREAD;

 public:
  typedef detail::raw_array<InputT, TILE> TempStorage;

  HIPCUB_DEVICE BlockExchange() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockExchange(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  template <typename OutputT>
  HIPCUB_DEVICE void StripedToBlocked(const InputT (&in)[ITEMS_PER_THREAD],
                                      OutputT (&out)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_[i * BLOCK_THREADS + tid_] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[tid_ * ITEMS_PER_THREAD + i];
    __syncthreads();
  }
  template <typename OutputT>
  HIPCUB_DEVICE void BlockedToStriped(const InputT (&in)[ITEMS_PER_THREAD],
                                      OutputT (&out)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_[tid_ * ITEMS_PER_THREAD + i] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[i * BLOCK_THREADS + tid_];
    __syncthreads();
  }
  template <typename OutputT>
  HIPCUB_DEVICE void WarpStripedToBlocked(const InputT (&in)[ITEMS_PER_THREAD],
                                          OutputT (&out)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      s_[detail::warp_striped_index(tid_, i, ITEMS_PER_THREAD, BLOCK_THREADS)] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[tid_ * ITEMS_PER_THREAD + i];
    __syncthreads();
  }
  template <typename OutputT>
  HIPCUB_DEVICE void BlockedToWarpStriped(const InputT (&in)[ITEMS_PER_THREAD],
                                          OutputT (&out)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_[tid_ * ITEMS_PER_THREAD + i] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      out[i] = s_[detail::warp_striped_index(tid_, i, ITEMS_PER_THREAD, BLOCK_THREADS)];
    __syncthreads();
  }
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToBlocked(const InputT (&in)[ITEMS_PER_THREAD],
                                      OutputT (&out)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_[ranks[i]] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[tid_ * ITEMS_PER_THREAD + i];
    __syncthreads();
  }
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToStriped(const InputT (&in)[ITEMS_PER_THREAD],
                                      OutputT (&out)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_[ranks[i]] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[i * BLOCK_THREADS + tid_];
    __syncthreads();
  }
  // Items whose rank is negative are left out (their slots keep what they
  // held).
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToStripedGuarded(const InputT (&in)[ITEMS_PER_THREAD],
                                             OutputT (&out)[ITEMS_PER_THREAD],
                                             OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      if (ranks[i] >= 0) s_[ranks[i]] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[i * BLOCK_THREADS + tid_];
    __syncthreads();
  }
  template <typename OutputT, typename OffsetT, typename ValidFlag>
  HIPCUB_DEVICE void ScatterToStripedFlagged(const InputT (&in)[ITEMS_PER_THREAD],
                                             OutputT (&out)[ITEMS_PER_THREAD],
                                             OffsetT (&ranks)[ITEMS_PER_THREAD],
                                             ValidFlag (&is_valid)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      if (is_valid[i]) s_[ranks[i]] = in[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) out[i] = s_[i * BLOCK_THREADS + tid_];
    __syncthreads();
  }

  // In-place forms.
  HIPCUB_DEVICE void StripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]) {
    StripedToBlocked(items, items);
  }
  HIPCUB_DEVICE void BlockedToStriped(InputT (&items)[ITEMS_PER_THREAD]) {
    BlockedToStriped(items, items);
  }
  HIPCUB_DEVICE void WarpStripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]) {
    WarpStripedToBlocked(items, items);
  }
  HIPCUB_DEVICE void BlockedToWarpStriped(InputT (&items)[ITEMS_PER_THREAD]) {
    BlockedToWarpStriped(items, items);
  }
  template <typename OffsetT>
  HIPCUB_DEVICE void ScatterToBlocked(InputT (&items)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToBlocked(items, items, ranks);
  }
  template <typename OffsetT>
  HIPCUB_DEVICE void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToStriped(items, items, ranks);
  }

 private:
  HIPCUB_DEVICE static TempStorage& private_storage() {
    __shared__ TempStorage s;
    return s;
  }
  TempStorage& s_;
  int tid_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_EXCHANGE_HPP
