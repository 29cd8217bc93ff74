// BlockDiscontinuity: head and tail flags of a blocked arrangement, where
// flag_op(a, b) (or flag_op(a, b, b_index)) says two neighbours differ.
// Neighbours across threads are exchanged through shared memory.
#ifndef HIPCUB_BLOCK_DISCONTINUITY_HPP
#define HIPCUB_BLOCK_DISCONTINUITY_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE

namespace detail {
// flag_op(a, b, index) when it takes three arguments, else flag_op(a, b).
template <typename Op, typename T>
HIPCUB_DEVICE __forceinline__ auto apply_flag(Op& op, const T& a, const T& b,
                                              int idx, int)
    -> decltype(op(a, b, idx)) {
  return op(a, b, idx);
}
template <typename Op, typename T>
HIPCUB_DEVICE __forceinline__ auto apply_flag(Op& op, const T& a, const T& b,
                                              int, long) -> decltype(op(a, b)) {
  return op(a, b);
}
}  // namespace detail

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockDiscontinuity {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage {
    detail::raw_array<T, BLOCK_THREADS> first;
    detail::raw_array<T, BLOCK_THREADS> last;
  };

  HIPCUB_DEVICE BlockDiscontinuity() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockDiscontinuity(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagHeads(Flag (&head_flags)[N], T (&input)[N], Op op) {
    Flag tails[N];
    flags<N, true, false>(head_flags, tails, input, op, nullptr, nullptr);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagHeads(Flag (&head_flags)[N], T (&input)[N], Op op,
                               T tile_predecessor_item) {
    Flag tails[N];
    flags<N, true, false>(head_flags, tails, input, op, &tile_predecessor_item,
                          nullptr);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagTails(Flag (&tail_flags)[N], T (&input)[N], Op op) {
    Flag heads[N];
    flags<N, false, true>(heads, tail_flags, input, op, nullptr, nullptr);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagTails(Flag (&tail_flags)[N], T (&input)[N], Op op,
                               T tile_successor_item) {
    Flag heads[N];
    flags<N, false, true>(heads, tail_flags, input, op, nullptr,
                          &tile_successor_item);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagHeadsAndTails(Flag (&head_flags)[N],
                                       Flag (&tail_flags)[N], T (&input)[N],
                                       Op op) {
    flags<N, true, true>(head_flags, tail_flags, input, op, nullptr, nullptr);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagHeadsAndTails(Flag (&head_flags)[N],
                                       Flag (&tail_flags)[N],
                                       T tile_successor_item, T (&input)[N],
                                       Op op) {
    flags<N, true, true>(head_flags, tail_flags, input, op, nullptr,
                         &tile_successor_item);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagHeadsAndTails(Flag (&head_flags)[N],
                                       T tile_predecessor_item,
                                       Flag (&tail_flags)[N], T (&input)[N],
                                       Op op) {
    flags<N, true, true>(head_flags, tail_flags, input, op,
                         &tile_predecessor_item, nullptr);
  }
  template <int N, typename Flag, typename Op>
  HIPCUB_DEVICE void FlagHeadsAndTails(Flag (&head_flags)[N],
                                       T tile_predecessor_item,
                                       Flag (&tail_flags)[N],
                                       T tile_successor_item, T (&input)[N],
                                       Op op) {
    flags<N, true, true>(head_flags, tail_flags, input, op,
                         &tile_predecessor_item, &tile_successor_item);
  }

 private:
  template <int N, bool HEADS, bool TAILS, typename Flag, typename Op>
  HIPCUB_DEVICE void flags(Flag (&heads)[N], Flag (&tails)[N], T (&input)[N],
                           Op& op, const T* pred, const T* succ) {
    s_.first[tid_] = input[0];
    s_.last[tid_] = input[N - 1];
    __syncthreads();
    int base = tid_ * N;
    if (HEADS) {
      for (int i = N - 1; i > 0; --i)
        heads[i] = detail::apply_flag(op, input[i - 1], input[i], base + i, 0)
                       ? 1 : 0;
      if (tid_ > 0) {
        T prev = s_.last[tid_ - 1];
        heads[0] = detail::apply_flag(op, prev, input[0], base, 0) ? 1 : 0;
      } else {
        heads[0] = pred ? (detail::apply_flag(op, *pred, input[0], base, 0) ? 1 : 0)
                        : 1;
      }
    }
    if (TAILS) {
      for (int i = 0; i < N - 1; ++i)
        tails[i] = detail::apply_flag(op, input[i], input[i + 1], base + i + 1, 0)
                       ? 1 : 0;
      if (tid_ < BLOCK_THREADS - 1) {
        T next = s_.first[tid_ + 1];
        tails[N - 1] =
            detail::apply_flag(op, input[N - 1], next, base + N, 0) ? 1 : 0;
      } else {
        tails[N - 1] =
            succ ? (detail::apply_flag(op, input[N - 1], *succ, base + N, 0) ? 1 : 0)
                 : 1;
      }
    }
    __syncthreads();
  }
  HIPCUB_DEVICE static TempStorage& private_storage() {
    __shared__ TempStorage s;
    return s;
  }
  TempStorage& s_;
  int tid_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_DISCONTINUITY_HPP
