// BlockAdjacentDifference: op(item, left neighbour) or op(item, right
// neighbour) over a blocked arrangement; the item with no neighbour (and,
// in the partial-tile forms, items past valid_items) is copied unchanged.
#ifndef HIPCUB_BLOCK_ADJACENT_DIFFERENCE_HPP
#define HIPCUB_BLOCK_ADJACENT_DIFFERENCE_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockAdjacentDifference {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage {
    detail::raw_array<T, BLOCK_THREADS> first;
    detail::raw_array<T, BLOCK_THREADS> last;
  };

  HIPCUB_DEVICE BlockAdjacentDifference() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockAdjacentDifference(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void SubtractLeft(T (&input)[N], OutT (&output)[N], Op op) {
    left<N>(input, output, op, nullptr, N * BLOCK_THREADS);
  }
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void SubtractLeft(T (&input)[N], OutT (&output)[N], Op op,
                                  T tile_predecessor_item) {
    left<N>(input, output, op, &tile_predecessor_item, N * BLOCK_THREADS);
  }
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void SubtractLeftPartialTile(T (&input)[N], OutT (&output)[N],
                                             Op op, int valid_items) {
    left<N>(input, output, op, nullptr, valid_items);
  }
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void SubtractRight(T (&input)[N], OutT (&output)[N], Op op) {
    right<N>(input, output, op, nullptr, N * BLOCK_THREADS);
  }
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void SubtractRight(T (&input)[N], OutT (&output)[N], Op op,
                                   T tile_successor_item) {
    right<N>(input, output, op, &tile_successor_item, N * BLOCK_THREADS);
  }
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void SubtractRightPartialTile(T (&input)[N], OutT (&output)[N],
                                              Op op, int valid_items) {
    right<N>(input, output, op, nullptr, valid_items);
  }

 private:
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void left(T (&input)[N], OutT (&output)[N], Op& op,
                          const T* pred, int valid) {
    s_.last[tid_] = input[N - 1];
    __syncthreads();
    T prev = tid_ > 0 ? T(s_.last[tid_ - 1]) : (pred ? *pred : input[0]);
    bool has_prev = tid_ > 0 || pred;
    __syncthreads();
    T in[N];
    for (int i = 0; i < N; ++i) in[i] = input[i];
    int base = tid_ * N;
    for (int i = 0; i < N; ++i) {
      bool has = i > 0 || has_prev;
      T l = i > 0 ? in[i - 1] : prev;
      output[i] = (has && base + i < valid) ? OutT(op(in[i], l)) : OutT(in[i]);
    }
  }
  template <int N, typename OutT, typename Op>
  HIPCUB_DEVICE void right(T (&input)[N], OutT (&output)[N], Op& op,
                           const T* succ, int valid) {
    s_.first[tid_] = input[0];
    __syncthreads();
    bool full = valid >= N * BLOCK_THREADS;
    T next = tid_ < BLOCK_THREADS - 1 ? T(s_.first[tid_ + 1])
                                      : (succ ? *succ : input[N - 1]);
    bool has_next = tid_ < BLOCK_THREADS - 1 || (succ && full);
    __syncthreads();
    T in[N];
    for (int i = 0; i < N; ++i) in[i] = input[i];
    int base = tid_ * N;
    for (int i = 0; i < N; ++i) {
      bool has = (i < N - 1 || has_next) && base + i + 1 < valid;
      if (succ && full && base + i + 1 == valid) has = true;
      T r = i < N - 1 ? in[i + 1] : next;
      output[i] = has ? OutT(op(in[i], r)) : OutT(in[i]);
    }
  }
  HIPCUB_DEVICE static TempStorage& private_storage() {
    __shared__ TempStorage s;
    return s;
  }
  TempStorage& s_;
  int tid_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_ADJACENT_DIFFERENCE_HPP
