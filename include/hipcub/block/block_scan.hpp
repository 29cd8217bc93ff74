// BlockScan: inclusive and exclusive scans across the block, of one item
// or ITEMS items a thread (blocked arrangement), with an initial value, a
// block aggregate or a prefix callback (called by the first warp with the
// block's aggregate; lane 0's answer seeds the scan). Every algorithm enum
// value uses the raking core (block/block_raking.hpp).
#ifndef HIPCUB_BLOCK_SCAN_HPP
#define HIPCUB_BLOCK_SCAN_HPP

#include "hipcub/block/block_raking.hpp"
#include "hipcub/thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS
};

template <typename T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockScan {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  typedef detail::block_raking<T, BLOCK_THREADS> core;
  struct no_cb {
    HIPCUB_DEVICE T operator()(const T& t) { return t; }
  };

 public:
  typedef typename core::storage TempStorage;

  HIPCUB_DEVICE BlockScan() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockScan(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  // --- sums
  HIPCUB_DEVICE void ExclusiveSum(T in, T& out) {
    ExclusiveScan(in, out, T(0), hipcub::Sum());
  }
  HIPCUB_DEVICE void ExclusiveSum(T in, T& out, T& agg) {
    ExclusiveScan(in, out, T(0), hipcub::Sum(), agg);
  }
  template <typename Cb>
  HIPCUB_DEVICE void ExclusiveSum(T in, T& out, Cb& cb) {
    ExclusiveScan(in, out, hipcub::Sum(), cb);
  }
  HIPCUB_DEVICE void InclusiveSum(T in, T& out) {
    InclusiveScan(in, out, hipcub::Sum());
  }
  HIPCUB_DEVICE void InclusiveSum(T in, T& out, T& agg) {
    InclusiveScan(in, out, hipcub::Sum(), agg);
  }
  template <typename Cb>
  HIPCUB_DEVICE void InclusiveSum(T in, T& out, Cb& cb) {
    InclusiveScan(in, out, hipcub::Sum(), cb);
  }
  template <int N>
  HIPCUB_DEVICE void ExclusiveSum(T (&in)[N], T (&out)[N]) {
    ExclusiveScan(in, out, T(0), hipcub::Sum());
  }
  template <int N>
  HIPCUB_DEVICE void ExclusiveSum(T (&in)[N], T (&out)[N], T& agg) {
    ExclusiveScan(in, out, T(0), hipcub::Sum(), agg);
  }
  template <int N, typename Cb>
  HIPCUB_DEVICE void ExclusiveSum(T (&in)[N], T (&out)[N], Cb& cb) {
    ExclusiveScan(in, out, hipcub::Sum(), cb);
  }
  template <int N>
  HIPCUB_DEVICE void InclusiveSum(T (&in)[N], T (&out)[N]) {
    InclusiveScan(in, out, hipcub::Sum());
  }
  template <int N>
  HIPCUB_DEVICE void InclusiveSum(T (&in)[N], T (&out)[N], T& agg) {
    InclusiveScan(in, out, hipcub::Sum(), agg);
  }
  template <int N, typename Cb>
  HIPCUB_DEVICE void InclusiveSum(T (&in)[N], T (&out)[N], Cb& cb) {
    InclusiveScan(in, out, hipcub::Sum(), cb);
  }

  // --- exclusive scans, one item
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T in, T& out, T initial, Op op) {
    T agg;
    ExclusiveScan(in, out, initial, op, agg);
  }
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T in, T& out, T initial, Op op, T& agg) {
    T a[1] = {in}, o[1];
    scan<core::VALUE_SEED, false>(a, o, op, &initial, (no_cb*)nullptr, agg);
    out = o[0];
  }
  template <typename Op, typename Cb>
  HIPCUB_DEVICE void ExclusiveScan(T in, T& out, Op op, Cb& cb) {
    T a[1] = {in}, o[1], agg;
    scan<core::CALLBACK_SEED, false>(a, o, op, (const T*)nullptr, &cb, agg);
    out = o[0];
  }
  // Without an initial value thread 0's output is undefined (here its input).
  template <typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T in, T& out, Op op) {
    T a[1] = {in}, o[1], agg;
    scan<core::NO_SEED, false>(a, o, op, (const T*)nullptr, (no_cb*)nullptr, agg);
    out = o[0];
  }
  // --- inclusive scans, one item
  template <typename Op>
  HIPCUB_DEVICE void InclusiveScan(T in, T& out, Op op) {
    T agg;
    InclusiveScan(in, out, op, agg);
  }
  template <typename Op>
  HIPCUB_DEVICE void InclusiveScan(T in, T& out, Op op, T& agg) {
    T a[1] = {in}, o[1];
    scan<core::NO_SEED, true>(a, o, op, (const T*)nullptr, (no_cb*)nullptr, agg);
    out = o[0];
  }
  template <typename Op, typename Cb>
  HIPCUB_DEVICE void InclusiveScan(T in, T& out, Op op, Cb& cb) {
    T a[1] = {in}, o[1], agg;
    scan<core::CALLBACK_SEED, true>(a, o, op, (const T*)nullptr, &cb, agg);
    out = o[0];
  }

  // --- ITEMS a thread
  template <int N, typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op) {
    T agg;
    scan<core::VALUE_SEED, false>(in, out, op, &initial, (no_cb*)nullptr, agg);
  }
  template <int N, typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op,
                                   T& agg) {
    scan<core::VALUE_SEED, false>(in, out, op, &initial, (no_cb*)nullptr, agg);
  }
  template <int N, typename Op, typename Cb>
  HIPCUB_DEVICE void ExclusiveScan(T (&in)[N], T (&out)[N], Op op, Cb& cb) {
    T agg;
    scan<core::CALLBACK_SEED, false>(in, out, op, (const T*)nullptr, &cb, agg);
  }
  template <int N, typename Op>
  HIPCUB_DEVICE void ExclusiveScan(T (&in)[N], T (&out)[N], Op op) {
    T agg;
    scan<core::NO_SEED, false>(in, out, op, (const T*)nullptr, (no_cb*)nullptr, agg);
  }
  template <int N, typename Op>
  HIPCUB_DEVICE void InclusiveScan(T (&in)[N], T (&out)[N], Op op) {
    T agg;
    scan<core::NO_SEED, true>(in, out, op, (const T*)nullptr, (no_cb*)nullptr, agg);
  }
  template <int N, typename Op>
  HIPCUB_DEVICE void InclusiveScan(T (&in)[N], T (&out)[N], Op op, T& agg) {
    scan<core::NO_SEED, true>(in, out, op, (const T*)nullptr, (no_cb*)nullptr, agg);
  }
  template <int N, typename Op, typename Cb>
  HIPCUB_DEVICE void InclusiveScan(T (&in)[N], T (&out)[N], Op op, Cb& cb) {
    T agg;
    scan<core::CALLBACK_SEED, true>(in, out, op, (const T*)nullptr, &cb, agg);
  }
  // Inclusive with an initial value that comes before every item.
  template <int N, typename Op>
  HIPCUB_DEVICE void InclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op) {
    T agg;
    scan<core::VALUE_SEED, true>(in, out, op, &initial, (no_cb*)nullptr, agg);
  }

 private:
  template <typename core::seed_kind KIND, bool INCLUSIVE, int N, typename Op,
            typename Cb>
  HIPCUB_DEVICE void scan(const T (&in)[N], T (&out)[N], Op op, const T* seed,
                          Cb* cb, T& agg) {
    T local[N];
    for (int i = 0; i < N; ++i) local[i] = in[i];
    T partial = local[0];
    for (int i = 1; i < N; ++i) partial = op(partial, local[i]);
    T excl;
    bool has;
    core::template exclusive<KIND>(s_, tid_, partial, op, seed, cb, excl, has,
                                   agg);
    T run = excl;
    for (int i = 0; i < N; ++i) {
      if (INCLUSIVE) {
        run = has ? op(run, local[i]) : local[i];
        out[i] = run;
      } else {
        out[i] = has ? run : local[i];
        run = has ? op(run, local[i]) : local[i];
      }
      has = true;
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

#endif  // HIPCUB_BLOCK_SCAN_HPP
