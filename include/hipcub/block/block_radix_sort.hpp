// BlockRadixSort: a stable LSD radix sort of the block's keys (and values),
// RADIX_BITS bits a pass over [begin_bit, end_bit). Each pass ranks the
// keys through per-thread digit counters in shared memory (counted by each
// thread, scanned digit-major by up to RADIX_DIGITS threads, the digit
// totals by thread 0) and scatters keys and values to their ranks.
#ifndef HIPCUB_BLOCK_RADIX_SORT_HPP
#define HIPCUB_BLOCK_RADIX_SORT_HPP

#include "hipcub/block/block_exchange.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, int INNER_SCAN_ALGORITHM = 0,
          int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int ARCH = HIPCUB_ARCH>
class BlockRadixSort {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int TILE = BLOCK_THREADS * ITEMS_PER_THREAD;
  static constexpr int DIGITS = 1 << RADIX_BITS;
  static constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
  typedef detail::radix_key<KeyT> twiddle;
  typedef typename twiddle::bits bits;

  union exchange_t {
    unsigned int counts[DIGITS * BLOCK_THREADS];
    detail::raw_array<KeyT, TILE> keys;
    detail::raw_array<ValueT, KEYS_ONLY ? 1 : TILE> values;
  };
  struct storage_t {
    exchange_t x;
    unsigned int base[DIGITS];
  };

 public:
  typedef detail::raw_array<storage_t, 1> TempStorage;

  HIPCUB_DEVICE BlockRadixSort() : s_(private_storage()[0]), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockRadixSort(TempStorage& s) : s_(s[0]), tid_(detail::linear_tid()) {}

  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                          int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    sort<false, false>(keys, none, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD],
                          ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                          int end_bit = sizeof(KeyT) * 8) {
    ValueT* v = values;
    sort<false, false>(keys, v, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                    int begin_bit = 0,
                                    int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    sort<true, false>(keys, none, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                    ValueT (&values)[ITEMS_PER_THREAD],
                                    int begin_bit = 0,
                                    int end_bit = sizeof(KeyT) * 8) {
    ValueT* v = values;
    sort<true, false>(keys, v, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                          int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    sort<false, true>(keys, none, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                          ValueT (&values)[ITEMS_PER_THREAD],
                                          int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8) {
    ValueT* v = values;
    sort<false, true>(keys, v, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescendingBlockedToStriped(
      KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
      int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    sort<true, true>(keys, none, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescendingBlockedToStriped(
      KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
      int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    ValueT* v = values;
    sort<true, true>(keys, v, begin_bit, end_bit);
  }

 private:
  template <bool DESCENDING, bool TO_STRIPED>
  HIPCUB_DEVICE void sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT* values,
                          int begin_bit, int end_bit) {
    bits b[ITEMS_PER_THREAD];
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      b[i] = twiddle::encode(keys[i]);
      if (DESCENDING) b[i] = bits(~b[i]);
    }
    for (int bit = begin_bit;;) {
      int nbits = end_bit - bit < RADIX_BITS ? end_bit - bit : RADIX_BITS;
      bool last = bit + nbits >= end_bit;
      unsigned int ranks[ITEMS_PER_THREAD];
      rank(b, bit, nbits, ranks);
      bool striped = last && TO_STRIPED;
      scatter(b, ranks, striped);
      if (!KEYS_ONLY) scatter(values, ranks, striped);
      bit += nbits;
      if (bit >= end_bit) break;
    }
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      if (DESCENDING) b[i] = bits(~b[i]);
      keys[i] = twiddle::decode(b[i]);
    }
  }

  // The rank of each of the thread's keys (blocked order breaks ties).
  HIPCUB_DEVICE void rank(const bits (&b)[ITEMS_PER_THREAD], int bit, int nbits,
                          unsigned int (&ranks)[ITEMS_PER_THREAD]) {
    unsigned int* c = s_.x.counts;
    bits mask = nbits >= int(sizeof(bits) * 8) ? bits(~bits(0))
                                               : bits((bits(1) << nbits) - 1);
    for (int d = 0; d < DIGITS; ++d) c[d * BLOCK_THREADS + tid_] = 0;
    int digit[ITEMS_PER_THREAD];
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      digit[i] = nbits > 0 ? int((b[i] >> bit) & mask) : 0;
      ranks[i] = c[digit[i] * BLOCK_THREADS + tid_]++;
    }
    __syncthreads();
    // Each digit's row, scanned by one thread; then the digits' totals.
    for (int d = tid_; d < DIGITS; d += BLOCK_THREADS) {
      unsigned int run = 0;
      for (int t = 0; t < BLOCK_THREADS; ++t) {
        unsigned int x = c[d * BLOCK_THREADS + t];
        c[d * BLOCK_THREADS + t] = run;
        run += x;
      }
      s_.base[d] = run;
    }
    __syncthreads();
    if (tid_ == 0) {
      unsigned int run = 0;
      for (int d = 0; d < DIGITS; ++d) {
        unsigned int t = s_.base[d];
        s_.base[d] = run;
        run += t;
      }
    }
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      ranks[i] += s_.base[digit[i]] + c[digit[i] * BLOCK_THREADS + tid_];
    __syncthreads();
  }

  template <typename V>
  HIPCUB_DEVICE void scatter(V* items, const unsigned int (&ranks)[ITEMS_PER_THREAD],
                             bool striped) {
    V* buf = reinterpret_cast<V*>(&s_.x);
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) buf[ranks[i]] = items[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      items[i] = striped ? buf[i * BLOCK_THREADS + tid_]
                         : buf[tid_ * ITEMS_PER_THREAD + i];
    __syncthreads();
  }

  HIPCUB_DEVICE static TempStorage& private_storage() {
    __shared__ TempStorage s;
    return s;
  }
  storage_t& s_;
  int tid_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_RADIX_SORT_HPP
