// BlockReduce: a reduction across the block; the result is valid in
// thread 0. Every algorithm enum value is accepted and uses the raking
// core (block/block_raking.hpp), which keeps the operands' order.
#ifndef HIPCUB_BLOCK_REDUCE_HPP
#define HIPCUB_BLOCK_REDUCE_HPP

#include "hipcub/block/block_raking.hpp"
#include "hipcub/thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};

template <typename T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockReduce {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  typedef detail::block_raking<T, BLOCK_THREADS> core;

 public:
  typedef typename core::storage TempStorage;

  HIPCUB_DEVICE BlockReduce() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockReduce(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  template <typename Op>
  HIPCUB_DEVICE T Reduce(T input, Op op) {
    return core::reduce(s_, tid_, input, op, BLOCK_THREADS);
  }
  template <typename Op>
  HIPCUB_DEVICE T Reduce(T input, Op op, int num_valid) {
    return core::reduce(s_, tid_, input, op, num_valid);
  }
  template <int ITEMS, typename Op>
  HIPCUB_DEVICE T Reduce(T (&inputs)[ITEMS], Op op) {
    T acc = inputs[0];
    for (int i = 1; i < ITEMS; ++i) acc = op(acc, inputs[i]);
    return core::reduce(s_, tid_, acc, op, BLOCK_THREADS);
  }
  HIPCUB_DEVICE T Sum(T input) { return Reduce(input, hipcub::Sum()); }
  HIPCUB_DEVICE T Sum(T input, int num_valid) {
    return Reduce(input, hipcub::Sum(), num_valid);
  }
  template <int ITEMS>
  HIPCUB_DEVICE T Sum(T (&inputs)[ITEMS]) {
    return Reduce(inputs, hipcub::Sum());
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

#endif  // HIPCUB_BLOCK_REDUCE_HPP
