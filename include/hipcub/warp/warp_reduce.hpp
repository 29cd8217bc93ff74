// WarpReduce: reductions across a logical warp through shuffles. The result
// is valid in the warp's first lane (or, for the segmented forms, in each
// segment's first lane).
#ifndef HIPCUB_WARP_REDUCE_HPP
#define HIPCUB_WARP_REDUCE_HPP

#include "hipcub/thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

namespace detail {
HIPCUB_DEVICE __forceinline__ int linear_tid() {
  return threadIdx.x + threadIdx.y * blockDim.x +
         threadIdx.z * blockDim.x * blockDim.y;
}

// Lane `i` ends up with op over [i, limit) restricted to lanes i, i + 1, ...
// below `limit`, which the first lane of each range receives in full.
template <typename T, typename Op>
HIPCUB_DEVICE __forceinline__ T warp_reduce_to(T v, Op op, int lane, int limit,
                                               int width) {
  for (int off = 1; off < width; off *= 2) {
    T other = shfl_down_any(v, off, width);
    if (lane + off < limit) v = op(v, other);
  }
  return v;
}
}  // namespace detail

template <typename T, int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS,
          int ARCH = HIPCUB_ARCH>
class WarpReduce {
 public:
  struct TempStorage {
    unsigned char unused;
  };

  HIPCUB_DEVICE WarpReduce(TempStorage&) {}

  HIPCUB_DEVICE T Sum(T input) { return Reduce(input, Sum_op()); }
  HIPCUB_DEVICE T Sum(T input, int valid_items) {
    return Reduce(input, Sum_op(), valid_items);
  }
  template <typename Op>
  HIPCUB_DEVICE T Reduce(T input, Op op) {
    int w = detail::warp_width(LOGICAL_WARP_THREADS);
    return detail::warp_reduce_to(input, op, lane(w), w, w);
  }
  template <typename Op>
  HIPCUB_DEVICE T Reduce(T input, Op op, int valid_items) {
    int w = detail::warp_width(LOGICAL_WARP_THREADS);
    return detail::warp_reduce_to(input, op, lane(w), valid_items, w);
  }
  template <typename Flag>
  HIPCUB_DEVICE T HeadSegmentedSum(T input, Flag head_flag) {
    return HeadSegmentedReduce(input, head_flag, Sum_op());
  }
  template <typename Flag>
  HIPCUB_DEVICE T TailSegmentedSum(T input, Flag tail_flag) {
    return TailSegmentedReduce(input, tail_flag, Sum_op());
  }
  template <typename Flag, typename Op>
  HIPCUB_DEVICE T HeadSegmentedReduce(T input, Flag head_flag, Op op) {
    int w = detail::warp_width(LOGICAL_WARP_THREADS);
    unsigned long long heads = segment_bits(head_flag ? 1 : 0, w);
    return segmented(input, op, heads, w);
  }
  template <typename Flag, typename Op>
  HIPCUB_DEVICE T TailSegmentedReduce(T input, Flag tail_flag, Op op) {
    int w = detail::warp_width(LOGICAL_WARP_THREADS);
    // A segment starts after each tail.
    unsigned long long heads = segment_bits(tail_flag ? 1 : 0, w) << 1;
    return segmented(input, op, heads, w);
  }

 private:
  typedef hipcub::Sum Sum_op;

  HIPCUB_DEVICE static int lane(int w) { return detail::linear_tid() % w; }

  // The flags of this logical warp's lanes, bit i for lane i.
  HIPCUB_DEVICE static unsigned long long segment_bits(int flag, int w) {
    unsigned long long b = __ballot(flag);
    int hw_lane = detail::linear_tid() % warpSize;
    int base = hw_lane - hw_lane % w;
    b >>= base;
    if (w < 64) b &= (1ull << w) - 1;
    return b;
  }

  template <typename Op>
  HIPCUB_DEVICE static T segmented(T input, Op op, unsigned long long heads,
                                   int w) {
    int l = lane(w);
    unsigned long long after = l + 1 < 64 ? heads >> (l + 1) : 0;
    int limit = after ? l + 1 + __builtin_ctzll(after) : w;
    return detail::warp_reduce_to(input, op, l, limit, w);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_WARP_REDUCE_HPP
