// DeviceRunLengthEncode: Encode (each run's item and length) and
// NonTrivialRuns (offset and length of each run of two or more).
#ifndef HIPCUB_DEVICE_RUN_LENGTH_ENCODE_HPP
#define HIPCUB_DEVICE_RUN_LENGTH_ENCODE_HPP

#include "hipcub/device/detail/select.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceRunLengthEncode {
  template <typename In, typename UniqueOut, typename CountsOut,
            typename NumRunsOut>
  static hipError_t Encode(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, UniqueOut d_unique_out,
                           CountsOut d_counts_out, NumRunsOut d_num_runs_out,
                           int num_items, hipStream_t stream = 0, bool = false) {
    detail::emit_run<false, In, Equality, UniqueOut, CountsOut> e{
        d_in, Equality(), num_items, d_unique_out, d_counts_out};
    return detail::select(d_temp_storage, temp_storage_bytes,
                          detail::pick_heads<In, Equality>{d_in, Equality()}, e,
                          e, false, d_num_runs_out, num_items, stream);
  }
  template <typename In, typename OffsetsOut, typename LengthsOut,
            typename NumRunsOut>
  static hipError_t NonTrivialRuns(void* d_temp_storage,
                                   size_t& temp_storage_bytes, In d_in,
                                   OffsetsOut d_offsets_out,
                                   LengthsOut d_lengths_out,
                                   NumRunsOut d_num_runs_out, int num_items,
                                   hipStream_t stream = 0, bool = false) {
    detail::emit_run<true, In, Equality, OffsetsOut, LengthsOut> e{
        d_in, Equality(), num_items, d_offsets_out, d_lengths_out};
    return detail::select(
        d_temp_storage, temp_storage_bytes,
        detail::pick_long_heads<In, Equality>{d_in, Equality(), num_items}, e, e,
        false, d_num_runs_out, num_items, stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_RUN_LENGTH_ENCODE_HPP
