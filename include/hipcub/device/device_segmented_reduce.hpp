// DeviceSegmentedReduce: Reduce, Sum, Min, Max, ArgMin, ArgMax of each
// segment [d_begin_offsets[s], d_end_offsets[s]); an empty segment gives
// the initial value (ArgMin/ArgMax: {1, max()} / {1, lowest()}); ArgMin
// and ArgMax keys are offsets within the segment.
#ifndef HIPCUB_DEVICE_SEGMENTED_REDUCE_HPP
#define HIPCUB_DEVICE_SEGMENTED_REDUCE_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <bool ARG, typename In, typename Out, typename Begin, typename End,
          typename Op, typename Acc>
__global__ void segmented_reduce(In in, Out out, int nseg, Begin begin,
                                 End end, Op op, Acc init) {
  for (int s = blockIdx.x; s < nseg; s += gridDim.x) {
    long long b = begin[s], e = end[s];
    Acc acc = init;
    if constexpr (ARG) {
      if (b < e) {
        acc = Acc(0, in[b]);
        for (long long i = b + 1; i < e; ++i)
          acc = op(acc, Acc(int(i - b), in[i]));
      }
    } else {
      for (long long i = b; i < e; ++i) acc = op(acc, static_cast<Acc>(in[i]));
    }
    out[s] = acc;
  }
}

template <bool ARG, typename In, typename Out, typename Begin, typename End,
          typename Op, typename Acc>
inline hipError_t seg_reduce(void* d_temp, size_t& bytes, In in, Out out,
                             int nseg, Begin begin, End end, Op op, Acc init,
                             hipStream_t stream) {
  size_t sizes[1] = {0};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || nseg <= 0) return hipSuccess;
  int grid = nseg < 1024 ? nseg : 1024;
  segmented_reduce<ARG><<<grid, 1, 0, stream>>>(in, out, nseg, begin, end, op,
                                                init);
  return launched();
}

}  // namespace detail

struct DeviceSegmentedReduce {
  template <typename In, typename Out, typename Begin, typename End,
            typename Op, typename T>
  static hipError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, int num_segments,
                           Begin d_begin_offsets, End d_end_offsets, Op op,
                           T initial_value, hipStream_t stream = 0,
                           bool = false) {
    typedef typename detail::output_value<Out, T>::type Acc;
    return detail::seg_reduce<false>(d_temp_storage, temp_storage_bytes, d_in,
                                     d_out, num_segments, d_begin_offsets,
                                     d_end_offsets, op, Acc(initial_value),
                                     stream);
  }
  template <typename In, typename Out, typename Begin, typename End>
  static hipError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes,
                        In d_in, Out d_out, int num_segments,
                        Begin d_begin_offsets, End d_end_offsets,
                        hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<In>>::type Acc;
    return detail::seg_reduce<false>(d_temp_storage, temp_storage_bytes, d_in,
                                     d_out, num_segments, d_begin_offsets,
                                     d_end_offsets, hipcub::Sum(), Acc(0),
                                     stream);
  }
  template <typename In, typename Out, typename Begin, typename End>
  static hipError_t Min(void* d_temp_storage, size_t& temp_storage_bytes,
                        In d_in, Out d_out, int num_segments,
                        Begin d_begin_offsets, End d_end_offsets,
                        hipStream_t stream = 0, bool = false) {
    typedef detail::value_t<In> T;
    return detail::seg_reduce<false>(d_temp_storage, temp_storage_bytes, d_in,
                                     d_out, num_segments, d_begin_offsets,
                                     d_end_offsets, hipcub::Min(),
                                     std::numeric_limits<T>::max(), stream);
  }
  template <typename In, typename Out, typename Begin, typename End>
  static hipError_t Max(void* d_temp_storage, size_t& temp_storage_bytes,
                        In d_in, Out d_out, int num_segments,
                        Begin d_begin_offsets, End d_end_offsets,
                        hipStream_t stream = 0, bool = false) {
    typedef detail::value_t<In> T;
    return detail::seg_reduce<false>(d_temp_storage, temp_storage_bytes, d_in,
                                     d_out, num_segments, d_begin_offsets,
                                     d_end_offsets, hipcub::Max(),
                                     std::numeric_limits<T>::lowest(), stream);
  }
  template <typename In, typename Out, typename Begin, typename End>
  static hipError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, int num_segments,
                           Begin d_begin_offsets, End d_end_offsets,
                           hipStream_t stream = 0, bool = false) {
    typedef detail::value_t<In> T;
    typedef KeyValuePair<int, T> KV;
    return detail::seg_reduce<true>(d_temp_storage, temp_storage_bytes, d_in,
                                    d_out, num_segments, d_begin_offsets,
                                    d_end_offsets, hipcub::ArgMin(),
                                    KV(1, std::numeric_limits<T>::max()),
                                    stream);
  }
  template <typename In, typename Out, typename Begin, typename End>
  static hipError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, int num_segments,
                           Begin d_begin_offsets, End d_end_offsets,
                           hipStream_t stream = 0, bool = false) {
    typedef detail::value_t<In> T;
    typedef KeyValuePair<int, T> KV;
    return detail::seg_reduce<true>(d_temp_storage, temp_storage_bytes, d_in,
                                    d_out, num_segments, d_begin_offsets,
                                    d_end_offsets, hipcub::ArgMax(),
                                    KV(1, std::numeric_limits<T>::lowest()),
                                    stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_SEGMENTED_REDUCE_HPP
