// WarpScan: prefix scans across a logical warp through shuffles
// (Hillis-Steele: log2(width) steps of __shfl_up).
#ifndef HIPCUB_WARP_SCAN_HPP
#define HIPCUB_WARP_SCAN_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS,
          int ARCH = HIPCUB_ARCH>
class WarpScan {
 public:
  struct TempStorage {
    unsigned char unused;
  };

  HIPCUB_DEVICE WarpScan(TempStorage&) {}

  HIPCUB_DEVICE void InclusiveSum(T input, T& out) {
    InclusiveScan(input, out, hipcub::Sum());
  }
  HIPCUB_DEVICE void InclusiveSum(T input, T& out, T& warp_aggregate) {
    InclusiveScan(input, out, hipcub::Sum(), warp_aggregate);
  }
  HIPCUB_DEVICE void ExclusiveSum(T input, T& out) {
    ExclusiveScan(input, out, T(0), hipcub::Sum());
  }
  HIPCUB_DEVICE void ExclusiveSum(T input, T& out, T& warp_aggregate) {
    ExclusiveScan(input, out, T(0), hipcub::Sum(), warp_aggregate);
  }
  template <typename Op>
  HIPCUB_DEVICE void InclusiveScan(T input, T& out, Op op) {
    int w = width();
    out = inclusive(input, op, w);
  }
  template <typename Op>
  HIPCUB_DEVICE void InclusiveScan(T input, T& out, Op op, T& warp_aggregate) {
    int w = width();
    out = inclusive(input, op, w);
    warp_aggregate = detail::shfl_any(out, w - 1, w);
  }
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& out, T initial, Op op) {
    T agg;
    ExclusiveScan(input, out, initial, op, agg);
  }
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& out, T initial, Op op,
                                   T& warp_aggregate) {
    int w = width();
    T inc = inclusive(input, op, w);
    warp_aggregate = detail::shfl_any(inc, w - 1, w);
    T prev = detail::shfl_up_any(inc, 1, w);
    out = lane(w) == 0 ? initial : op(initial, prev);
  }
  // Without an initial value the first lane's output is undefined (here,
  // its input).
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& out, Op op) {
    int w = width();
    T inc = inclusive(input, op, w);
    T prev = detail::shfl_up_any(inc, 1, w);
    out = lane(w) == 0 ? input : prev;
  }
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& out, Op op, T& warp_aggregate) {
    int w = width();
    T inc = inclusive(input, op, w);
    warp_aggregate = detail::shfl_any(inc, w - 1, w);
    T prev = detail::shfl_up_any(inc, 1, w);
    out = lane(w) == 0 ? input : prev;
  }
  template <typename Op>
  HIPCUB_DEVICE void Scan(T input, T& inclusive_out, T& exclusive_out,
                          T initial, Op op) {
    int w = width();
    inclusive_out = inclusive(input, op, w);
    T prev = detail::shfl_up_any(inclusive_out, 1, w);
    exclusive_out = lane(w) == 0 ? initial : op(initial, prev);
  }
  template <typename Op>
  HIPCUB_DEVICE void Scan(T input, T& inclusive_out, T& exclusive_out, Op op) {
    int w = width();
    inclusive_out = inclusive(input, op, w);
    T prev = detail::shfl_up_any(inclusive_out, 1, w);
    exclusive_out = lane(w) == 0 ? input : prev;
  }
  HIPCUB_DEVICE T Broadcast(T input, unsigned int src_lane) {
    return detail::shfl_any(input, static_cast<int>(src_lane), width());
  }

 private:
  HIPCUB_DEVICE static int width() {
    return detail::warp_width(LOGICAL_WARP_THREADS);
  }
  HIPCUB_DEVICE static int lane(int w) { return detail::linear_tid() % w; }
  template <typename Op>
  HIPCUB_DEVICE static T inclusive(T v, Op op, int w) {
    int l = lane(w);
    for (int off = 1; off < w; off *= 2) {
      T other = detail::shfl_up_any(v, off, w);
      if (l >= off) v = op(other, v);
    }
    return v;
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_WARP_SCAN_HPP
