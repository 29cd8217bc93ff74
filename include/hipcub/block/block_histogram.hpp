// BlockHistogram: counts the block's samples into BINS counters (usually
// in shared memory) with atomic adds; both algorithm enum values do so.
#ifndef HIPCUB_BLOCK_HISTOGRAM_HPP
#define HIPCUB_BLOCK_HISTOGRAM_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockHistogram {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage {
    unsigned char unused;
  };
  HIPCUB_DEVICE BlockHistogram() : tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockHistogram(TempStorage&) : tid_(detail::linear_tid()) {}

  template <typename CounterT>
  HIPCUB_DEVICE void InitHistogram(CounterT histogram[BINS]) {
    for (int b = tid_; b < BINS; b += BLOCK_THREADS) histogram[b] = 0;
  }
  template <typename CounterT>
  HIPCUB_DEVICE void Histogram(T (&items)[ITEMS_PER_THREAD],
                               CounterT histogram[BINS]) {
    InitHistogram(histogram);
    __syncthreads();
    Composite(items, histogram);
  }
  // Adds the samples to the counters; a sample's bin is its value.
  template <typename CounterT>
  HIPCUB_DEVICE void Composite(T (&items)[ITEMS_PER_THREAD],
                               CounterT histogram[BINS]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      atomicAdd(&histogram[static_cast<int>(items[i])], CounterT(1));
  }

 private:
  int tid_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_HISTOGRAM_HPP
