// DeviceReduce: Sum, Min, Max, ArgMin, ArgMax, Reduce (and ReduceByKey in
// device_run_length_encode.hpp's machinery). Stream-ordered; the two-call
// temporary-storage protocol (d_temp_storage NULL: size only).
#ifndef HIPCUB_DEVICE_REDUCE_HPP
#define HIPCUB_DEVICE_REDUCE_HPP

#include "hipcub/device/detail/chunks.hpp"
#include "hipcub/iterator/arg_index_input_iterator.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceReduce {
  template <typename In, typename Out, typename Op, typename T>
  static hipError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, int num_items, Op reduction_op,
                           T init, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::output_value<Out, T>::type Acc;
    return detail::reduce<In, Out, Op, T, Acc>(d_temp_storage,
                                               temp_storage_bytes, d_in, d_out,
                                               num_items, reduction_op, init,
                                               stream);
  }
  template <typename In, typename Out>
  static hipError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes,
                        In d_in, Out d_out, int num_items,
                        hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef typename detail::output_value<Out, detail::value_t<In>>::type Acc;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items,
                  hipcub::Sum(), Acc(0), stream, debug_synchronous);
  }
  template <typename In, typename Out>
  static hipError_t Min(void* d_temp_storage, size_t& temp_storage_bytes,
                        In d_in, Out d_out, int num_items,
                        hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::value_t<In> T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items,
                  hipcub::Min(), std::numeric_limits<T>::max(), stream,
                  debug_synchronous);
  }
  template <typename In, typename Out>
  static hipError_t Max(void* d_temp_storage, size_t& temp_storage_bytes,
                        In d_in, Out d_out, int num_items,
                        hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::value_t<In> T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items,
                  hipcub::Max(), std::numeric_limits<T>::lowest(), stream,
                  debug_synchronous);
  }
  // {index, value} of the first smallest item; {1, max()} when empty.
  template <typename In, typename Out>
  static hipError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, int num_items,
                           hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    typedef detail::value_t<In> T;
    typedef KeyValuePair<int, T> KV;
    (void)debug_synchronous;
    ArgIndexInputIterator<In, int, T> it(d_in);
    return detail::reduce<decltype(it), Out, hipcub::ArgMin, KV, KV>(
        d_temp_storage, temp_storage_bytes, it, d_out, num_items,
        hipcub::ArgMin(), KV(1, std::numeric_limits<T>::max()), stream, false);
  }
  // {index, value} of the first largest item; {1, lowest()} when empty.
  template <typename In, typename Out>
  static hipError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes,
                           In d_in, Out d_out, int num_items,
                           hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    typedef detail::value_t<In> T;
    typedef KeyValuePair<int, T> KV;
    (void)debug_synchronous;
    ArgIndexInputIterator<In, int, T> it(d_in);
    return detail::reduce<decltype(it), Out, hipcub::ArgMax, KV, KV>(
        d_temp_storage, temp_storage_bytes, it, d_out, num_items,
        hipcub::ArgMax(), KV(1, std::numeric_limits<T>::lowest()), stream,
        false);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_REDUCE_HPP
