// DeviceSegmentedRadixSort: SortKeys, SortPairs and the Descending forms
// (pointers or DoubleBuffers) of each segment [d_begin_offsets[s],
// d_end_offsets[s]); items outside the segments are left alone. Each block
// sorts whole segments with a sequential LSD radix sort (8 bits a pass),
// so segments run in parallel.
#ifndef HIPCUB_DEVICE_SEGMENTED_RADIX_SORT_HPP
#define HIPCUB_DEVICE_SEGMENTED_RADIX_SORT_HPP

#include "hipcub/device/detail/radix.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

// Every segment takes `passes` passes starting with buffer `first_target`
// (the first pass reads from (k_in, v_in)); with no pass, a copy to 0.
template <typename K, typename V, bool DESC, bool VALUES, typename Begin,
          typename End>
__global__ void seg_radix(const K* k_in, const V* v_in, K* k0, K* k1, V* v0,
                          V* v1, int nseg, Begin begin, End end, int begin_bit,
                          int end_bit, int first_target) {
  K* kb[2] = {k0, k1};
  V* vb[2] = {v0, v1};
  for (int s = blockIdx.x; s < nseg; s += gridDim.x) {
    long long b = begin[s], e = end[s];
    if (b >= e) continue;
    if (begin_bit >= end_bit) {
      for (long long i = b; i < e; ++i) {
        k0[i] = k_in[i];
        if (VALUES) v0[i] = v_in[i];
      }
      continue;
    }
    const K* ks = k_in;
    const V* vs = v_in;
    int t = first_target;
    for (int bit = begin_bit; bit < end_bit; bit += RADIX_BITS) {
      int nbits = end_bit - bit < RADIX_BITS ? end_bit - bit : RADIX_BITS;
      unsigned pos[RADIX_DIGITS];
      for (int d = 0; d < RADIX_DIGITS; ++d) pos[d] = 0;
      for (long long i = b; i < e; ++i) ++pos[radix_digit<K, DESC>(ks[i], bit, nbits)];
      unsigned run = 0;
      for (int d = 0; d < RADIX_DIGITS; ++d) {
        unsigned x = pos[d];
        pos[d] = run;
        run += x;
      }
      for (long long i = b; i < e; ++i) {
        K k = ks[i];
        long long p = b + pos[radix_digit<K, DESC>(k, bit, nbits)]++;
        kb[t][p] = k;
        if (VALUES) vb[t][p] = vs[i];
      }
      ks = kb[t];
      vs = vb[t];
      t ^= 1;
    }
  }
}

template <bool DESC, bool VALUES, typename K, typename V, typename Begin,
          typename End>
inline hipError_t seg_radix_sort(void* d_temp, size_t& bytes, const K* k_in,
                                 K* k_out, const V* v_in, V* v_out,
                                 long long n, int nseg, Begin begin, End end,
                                 int begin_bit, int end_bit, bool db,
                                 K* k_alt, V* v_alt, hipStream_t stream) {
  size_t sizes[2] = {db ? 0 : sizeof(K) * n, (db || !VALUES) ? 0 : sizeof(V) * n};
  void* p[2];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 0 || nseg <= 0) return hipSuccess;
  if (begin_bit < 0 || end_bit > int(sizeof(K) * 8) || begin_bit > end_bit)
    return hipErrorInvalidValue;
  int passes = radix_passes(begin_bit, end_bit);
  K* k1 = db ? k_alt : static_cast<K*>(p[0]);
  V* v1 = db ? v_alt : static_cast<V*>(p[1]);
  // Pointer form: the last pass lands in 0 (k_out). DoubleBuffer form: the
  // caller passes (current, alternate) as (k_out, k_alt) and starts at 1.
  int first = db ? 1 : ((passes - 1) & 1);
  int grid = nseg < 1024 ? nseg : 1024;
  seg_radix<K, V, DESC, VALUES><<<grid, 1, 0, stream>>>(
      k_in, v_in, k_out, k1, v_out, v1, nseg, begin, end, begin_bit, end_bit,
      first);
  return launched();
}

}  // namespace detail

struct DeviceSegmentedRadixSort {
  template <typename KeyT, typename ValueT, typename Begin, typename End>
  static hipError_t SortPairs(
      void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
      KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out,
      int num_items, int num_segments, Begin d_begin_offsets,
      End d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
      hipStream_t stream = 0, bool = false) {
    return detail::seg_radix_sort<false, true>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
        d_values_out, num_items, num_segments, d_begin_offsets, d_end_offsets,
        begin_bit, end_bit, false, (KeyT*)nullptr, (ValueT*)nullptr, stream);
  }
  template <typename KeyT, typename ValueT, typename Begin, typename End>
  static hipError_t SortPairs(
      void* d_temp_storage, size_t& temp_storage_bytes,
      DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
      int num_items, int num_segments, Begin d_begin_offsets,
      End d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
      hipStream_t stream = 0, bool = false) {
    hipError_t e = detail::seg_radix_sort<false, true>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
        d_values.Current(), d_values.Current(), num_items, num_segments,
        d_begin_offsets, d_end_offsets, begin_bit, end_bit, true,
        d_keys.Alternate(), d_values.Alternate(), stream);
    if (e == hipSuccess && d_temp_storage &&
        (detail::radix_passes(begin_bit, end_bit) & 1)) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename Begin, typename End>
  static hipError_t SortKeys(
      void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
      KeyT* d_keys_out, int num_items, int num_segments,
      Begin d_begin_offsets, End d_end_offsets, int begin_bit = 0,
      int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool = false) {
    return detail::seg_radix_sort<false, false>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
        (const NullType*)nullptr, (NullType*)nullptr, num_items, num_segments,
        d_begin_offsets, d_end_offsets, begin_bit, end_bit, false,
        (KeyT*)nullptr, (NullType*)nullptr, stream);
  }
  template <typename KeyT, typename Begin, typename End>
  static hipError_t SortKeys(
      void* d_temp_storage, size_t& temp_storage_bytes,
      DoubleBuffer<KeyT>& d_keys, int num_items, int num_segments,
      Begin d_begin_offsets, End d_end_offsets, int begin_bit = 0,
      int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool = false) {
    hipError_t e = detail::seg_radix_sort<false, false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
        (const NullType*)nullptr, (NullType*)nullptr, num_items, num_segments,
        d_begin_offsets, d_end_offsets, begin_bit, end_bit, true,
        d_keys.Alternate(), (NullType*)nullptr, stream);
    if (e == hipSuccess && d_temp_storage &&
        (detail::radix_passes(begin_bit, end_bit) & 1))
      d_keys.selector ^= 1;
    return e;
  }
  template <typename KeyT, typename ValueT, typename Begin, typename End>
  static hipError_t SortPairsDescending(
      void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
      KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out,
      int num_items, int num_segments, Begin d_begin_offsets,
      End d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
      hipStream_t stream = 0, bool = false) {
    return detail::seg_radix_sort<true, true>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
        d_values_out, num_items, num_segments, d_begin_offsets, d_end_offsets,
        begin_bit, end_bit, false, (KeyT*)nullptr, (ValueT*)nullptr, stream);
  }
  template <typename KeyT, typename ValueT, typename Begin, typename End>
  static hipError_t SortPairsDescending(
      void* d_temp_storage, size_t& temp_storage_bytes,
      DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
      int num_items, int num_segments, Begin d_begin_offsets,
      End d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
      hipStream_t stream = 0, bool = false) {
    hipError_t e = detail::seg_radix_sort<true, true>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
        d_values.Current(), d_values.Current(), num_items, num_segments,
        d_begin_offsets, d_end_offsets, begin_bit, end_bit, true,
        d_keys.Alternate(), d_values.Alternate(), stream);
    if (e == hipSuccess && d_temp_storage &&
        (detail::radix_passes(begin_bit, end_bit) & 1)) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename Begin, typename End>
  static hipError_t SortKeysDescending(
      void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
      KeyT* d_keys_out, int num_items, int num_segments,
      Begin d_begin_offsets, End d_end_offsets, int begin_bit = 0,
      int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool = false) {
    return detail::seg_radix_sort<true, false>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
        (const NullType*)nullptr, (NullType*)nullptr, num_items, num_segments,
        d_begin_offsets, d_end_offsets, begin_bit, end_bit, false,
        (KeyT*)nullptr, (NullType*)nullptr, stream);
  }
  template <typename KeyT, typename Begin, typename End>
  static hipError_t SortKeysDescending(
      void* d_temp_storage, size_t& temp_storage_bytes,
      DoubleBuffer<KeyT>& d_keys, int num_items, int num_segments,
      Begin d_begin_offsets, End d_end_offsets, int begin_bit = 0,
      int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool = false) {
    hipError_t e = detail::seg_radix_sort<true, false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
        (const NullType*)nullptr, (NullType*)nullptr, num_items, num_segments,
        d_begin_offsets, d_end_offsets, begin_bit, end_bit, true,
        d_keys.Alternate(), (NullType*)nullptr, stream);
    if (e == hipSuccess && d_temp_storage &&
        (detail::radix_passes(begin_bit, end_bit) & 1))
      d_keys.selector ^= 1;
    return e;
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_SEGMENTED_RADIX_SORT_HPP
