// DevicePartition: Flagged and If. The selected items come first in their
// order, the others after them in reverse order (as in CUB).
#ifndef HIPCUB_DEVICE_PARTITION_HPP
#define HIPCUB_DEVICE_PARTITION_HPP

#include "hipcub/device/detail/select.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DevicePartition {
  template <typename In, typename Flags, typename Out, typename NumOut>
  static hipError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes,
                            In d_in, Flags d_flags, Out d_out,
                            NumOut d_num_selected_out, int num_items,
                            hipStream_t stream = 0, bool = false) {
    detail::emit_copy<In, Out> e{d_in, d_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_flagged<In, Flags>{d_in, d_flags}, e, e,
                          true, d_num_selected_out, num_items, stream);
  }
  template <typename In, typename Out, typename NumOut, typename Op>
  static hipError_t If(void* d_temp_storage, size_t& temp_storage_bytes,
                       In d_in, Out d_out, NumOut d_num_selected_out,
                       int num_items, Op select_op, hipStream_t stream = 0,
                       bool = false) {
    detail::emit_copy<In, Out> e{d_in, d_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_if<In, Op>{d_in, select_op}, e, e, true,
                          d_num_selected_out, num_items, stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_PARTITION_HPP
