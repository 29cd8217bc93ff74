// DeviceSelect: Flagged, If, Unique, UniqueByKey (kept in order; the count
// goes to d_num_selected_out). Stream-ordered; two-call protocol.
#ifndef HIPCUB_DEVICE_SELECT_HPP
#define HIPCUB_DEVICE_SELECT_HPP

#include "hipcub/device/detail/select.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceSelect {
  template <typename In, typename Flags, typename Out, typename NumOut>
  static hipError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes,
                            In d_in, Flags d_flags, Out d_out,
                            NumOut d_num_selected_out, int num_items,
                            hipStream_t stream = 0, bool = false) {
    detail::emit_copy<In, Out> e{d_in, d_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_flagged<In, Flags>{d_in, d_flags}, e, e,
                          false, d_num_selected_out, num_items, stream);
  }
  template <typename In, typename Out, typename NumOut, typename Op>
  static hipError_t If(void* d_temp_storage, size_t& temp_storage_bytes,
                       In d_in, Out d_out, NumOut d_num_selected_out,
                       int num_items, Op select_op, hipStream_t stream = 0,
                       bool = false) {
    detail::emit_copy<In, Out> e{d_in, d_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_if<In, Op>{d_in, select_op}, e, e, false,
                          d_num_selected_out, num_items, stream);
  }
  template <typename In, typename Out, typename NumOut>
  static hipError_t Unique(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, NumOut d_num_selected_out,
                           int num_items, hipStream_t stream = 0, bool = false) {
    detail::emit_copy<In, Out> e{d_in, d_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_heads<In, Equality>{d_in, Equality()}, e,
                          e, false, d_num_selected_out, num_items, stream);
  }
  template <typename K, typename V, typename KO, typename VO, typename NumOut>
  static hipError_t UniqueByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                K d_keys_in, V d_values_in, KO d_keys_out,
                                VO d_values_out, NumOut d_num_selected_out,
                                int num_items, hipStream_t stream = 0,
                                bool = false) {
    detail::emit_pair<K, V, KO, VO> e{d_keys_in, d_values_in, d_keys_out,
                                      d_values_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_heads<K, Equality>{d_keys_in, Equality()},
                          e, e, false, d_num_selected_out, num_items, stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_SELECT_HPP
