// The raking core of BlockReduce and BlockScan: each thread's partial goes
// to shared memory, up to 32 "raking" threads reduce (then scan) contiguous
// segments of them serially, and thread 0 combines the segment totals. It
// keeps the order of the operands (non-commutative operators work) and
// costs a handful of barriers whatever the warp size.
#ifndef HIPCUB_BLOCK_RAKING_HPP
#define HIPCUB_BLOCK_RAKING_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <typename T, int BLOCK_THREADS>
struct block_raking {
  static constexpr int SEG = (BLOCK_THREADS + 31) / 32;
  static constexpr int RAKERS = (BLOCK_THREADS + SEG - 1) / SEG;

  struct storage {
    raw_array<T, BLOCK_THREADS> vals;
    raw_array<T, RAKERS> rake;
    raw_array<T, 2> prefix;  // [0] the block's aggregate, [1] the seed
  };

  // The reduction of the first `valid` partials, in thread 0.
  template <typename Op>
  HIPCUB_DEVICE static T reduce(storage& s, int tid, T partial, Op op,
                                int valid) {
    if (tid < valid) s.vals[tid] = partial;
    __syncthreads();
    if (tid < RAKERS) {
      int b = tid * SEG, e = b + SEG < valid ? b + SEG : valid;
      if (b < e) {
        T acc = s.vals[b];
        for (int i = b + 1; i < e; ++i) acc = op(acc, s.vals[i]);
        s.rake[tid] = acc;
      }
    }
    __syncthreads();
    T acc = partial;
    if (tid == 0) {
      int nr = (valid + SEG - 1) / SEG;
      acc = s.rake[0];
      for (int r = 1; r < nr; ++r) acc = op(acc, s.rake[r]);
    }
    __syncthreads();
    return acc;
  }

  enum seed_kind { NO_SEED, VALUE_SEED, CALLBACK_SEED };

  // Each thread's exclusive prefix of the partials (`has` false for thread
  // 0 without a seed) and the block's aggregate. With CALLBACK_SEED the
  // first warp calls `cb(aggregate)` and lane 0's answer seeds the scan.
  template <seed_kind KIND, typename Op, typename Cb>
  HIPCUB_DEVICE static void exclusive(storage& s, int tid, T partial, Op op,
                                      const T* seed, Cb* cb, T& excl,
                                      bool& has, T& aggregate) {
    s.vals[tid] = partial;
    __syncthreads();
    if (tid < RAKERS) {
      int b = tid * SEG, e = b + SEG < BLOCK_THREADS ? b + SEG : BLOCK_THREADS;
      T acc = s.vals[b];
      for (int i = b + 1; i < e; ++i) acc = op(acc, s.vals[i]);
      s.rake[tid] = acc;
    }
    __syncthreads();
    if (tid == 0) {
      T run = s.rake[0];
      for (int r = 1; r < RAKERS; ++r) {
        T t = s.rake[r];
        s.rake[r] = run;
        run = op(run, t);
      }
      s.prefix[0] = run;
    }
    __syncthreads();
    aggregate = s.prefix[0];
    if (KIND == CALLBACK_SEED) {
      if (tid < warpSize) {
        T p = (*cb)(aggregate);
        if (tid == 0) s.prefix[1] = p;
      }
      __syncthreads();
    } else if (KIND == VALUE_SEED && tid == 0) {
      s.prefix[1] = *seed;
    }
    if (KIND == VALUE_SEED) __syncthreads();
    if (tid < RAKERS) {
      int b = tid * SEG, e = b + SEG < BLOCK_THREADS ? b + SEG : BLOCK_THREADS;
      bool seeded = KIND != NO_SEED;
      T run;
      bool have = true;
      if (tid == 0) {
        if (seeded) run = s.prefix[1];
        else have = false;
      } else {
        run = seeded ? op(T(s.prefix[1]), T(s.rake[tid])) : T(s.rake[tid]);
      }
      for (int i = b; i < e; ++i) {
        T t = s.vals[i];
        if (have) {
          s.vals[i] = run;
          run = op(run, t);
        } else {
          run = t;
          have = true;
        }
      }
    }
    __syncthreads();
    has = KIND != NO_SEED || tid > 0;
    if (has) excl = s.vals[tid];
    __syncthreads();
  }
};

}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_RAKING_HPP
