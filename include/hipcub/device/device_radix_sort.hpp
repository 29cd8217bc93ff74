// DeviceRadixSort: SortKeys, SortPairs and their Descending forms, with
// input/output pointers or DoubleBuffers, over a bit range. Stable.
// Stream-ordered; the two-call temporary-storage protocol.
#ifndef HIPCUB_DEVICE_RADIX_SORT_HPP
#define HIPCUB_DEVICE_RADIX_SORT_HPP

#include "hipcub/device/detail/radix.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceRadixSort {
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static hipError_t SortPairs(void* d_temp_storage,
                                 size_t& temp_storage_bytes,
                                 const KeyT* d_keys_in, KeyT* d_keys_out,
                                 const ValueT* d_values_in, ValueT* d_values_out,
                                 NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8,
                                 hipStream_t stream = 0, bool = false) {
    return detail::radix_sort<false, KeyT, ValueT, true>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
        d_values_out, num_items, begin_bit, end_bit, stream);
  }
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static hipError_t SortPairs(void* d_temp_storage,
                                 size_t& temp_storage_bytes,
                                 DoubleBuffer<KeyT>& d_keys,
                                 DoubleBuffer<ValueT>& d_values,
                                 NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8,
                                 hipStream_t stream = 0, bool = false) {
    return detail::radix_sort_db<false, KeyT, ValueT, true>(
        d_temp_storage, temp_storage_bytes, d_keys, &d_values, num_items,
        begin_bit, end_bit, stream);
  }
  template <typename KeyT, typename NumItemsT>
  static hipError_t SortKeys(void* d_temp_storage,
                                size_t& temp_storage_bytes,
                                const KeyT* d_keys_in, KeyT* d_keys_out,
                                NumItemsT num_items, int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8,
                                hipStream_t stream = 0, bool = false) {
    return detail::radix_sort<false, KeyT, NullType, false>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
        (const NullType*)nullptr, (NullType*)nullptr, num_items, begin_bit,
        end_bit, stream);
  }
  template <typename KeyT, typename NumItemsT>
  static hipError_t SortKeys(void* d_temp_storage,
                                size_t& temp_storage_bytes,
                                DoubleBuffer<KeyT>& d_keys, NumItemsT num_items,
                                int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8,
                                hipStream_t stream = 0, bool = false) {
    return detail::radix_sort_db<false, KeyT, NullType, false>(
        d_temp_storage, temp_storage_bytes, d_keys,
        (DoubleBuffer<NullType>*)nullptr, num_items, begin_bit, end_bit,
        stream);
  }
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static hipError_t SortPairsDescending(void* d_temp_storage,
                                 size_t& temp_storage_bytes,
                                 const KeyT* d_keys_in, KeyT* d_keys_out,
                                 const ValueT* d_values_in, ValueT* d_values_out,
                                 NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8,
                                 hipStream_t stream = 0, bool = false) {
    return detail::radix_sort<true, KeyT, ValueT, true>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
        d_values_out, num_items, begin_bit, end_bit, stream);
  }
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static hipError_t SortPairsDescending(void* d_temp_storage,
                                 size_t& temp_storage_bytes,
                                 DoubleBuffer<KeyT>& d_keys,
                                 DoubleBuffer<ValueT>& d_values,
                                 NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8,
                                 hipStream_t stream = 0, bool = false) {
    return detail::radix_sort_db<true, KeyT, ValueT, true>(
        d_temp_storage, temp_storage_bytes, d_keys, &d_values, num_items,
        begin_bit, end_bit, stream);
  }
  template <typename KeyT, typename NumItemsT>
  static hipError_t SortKeysDescending(void* d_temp_storage,
                                size_t& temp_storage_bytes,
                                const KeyT* d_keys_in, KeyT* d_keys_out,
                                NumItemsT num_items, int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8,
                                hipStream_t stream = 0, bool = false) {
    return detail::radix_sort<true, KeyT, NullType, false>(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
        (const NullType*)nullptr, (NullType*)nullptr, num_items, begin_bit,
        end_bit, stream);
  }
  template <typename KeyT, typename NumItemsT>
  static hipError_t SortKeysDescending(void* d_temp_storage,
                                size_t& temp_storage_bytes,
                                DoubleBuffer<KeyT>& d_keys, NumItemsT num_items,
                                int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8,
                                hipStream_t stream = 0, bool = false) {
    return detail::radix_sort_db<true, KeyT, NullType, false>(
        d_temp_storage, temp_storage_bytes, d_keys,
        (DoubleBuffer<NullType>*)nullptr, num_items, begin_bit, end_bit,
        stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_RADIX_SORT_HPP
