// DeviceAdjacentDifference: SubtractLeft(Copy) gives op(x[i], x[i-1]) (the
// first item unchanged), SubtractRight(Copy) op(x[i], x[i+1]) (the last
// unchanged). The in-place forms save each chunk's neighbour first.
#ifndef HIPCUB_DEVICE_ADJACENT_DIFFERENCE_HPP
#define HIPCUB_DEVICE_ADJACENT_DIFFERENCE_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <bool LEFT, typename In, typename T>
__global__ void adj_bounds(In in, long long n, int nc, T* bound) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  if (b >= e) return;
  if (LEFT && b > 0) bound[c] = in[b - 1];
  if (!LEFT && e < n) bound[c] = in[e];
}
template <bool LEFT, typename In, typename Out, typename T, typename Op>
__global__ void adj_diff(In in, Out out, long long n, int nc, const T* bound,
                         Op op) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  if (b >= e) return;
  if (LEFT) {
    for (long long i = e - 1; i > b; --i) {
      T x = in[i], y = in[i - 1];
      out[i] = op(x, y);
    }
    T x = in[b];
    out[b] = b > 0 ? op(x, bound[c]) : x;
  } else {
    for (long long i = b; i + 1 < e; ++i) {
      T x = in[i], y = in[i + 1];
      out[i] = op(x, y);
    }
    T x = in[e - 1];
    out[e - 1] = e < n ? op(x, bound[c]) : x;
  }
}

template <bool LEFT, typename In, typename Out, typename Op>
inline hipError_t adjacent(void* d_temp, size_t& bytes, In in, Out out,
                           long long n, Op op, hipStream_t stream) {
  typedef value_t<In> T;
  int nc = chunks_for(n);
  size_t sizes[1] = {sizeof(T) * nc};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 0) return hipSuccess;
  T* bound = static_cast<T*>(p[0]);
  adj_bounds<LEFT><<<nc, 1, 0, stream>>>(in, n, nc, bound);
  adj_diff<LEFT><<<nc, 1, 0, stream>>>(in, out, n, nc, (const T*)bound, op);
  return launched();
}

}  // namespace detail

struct DeviceAdjacentDifference {
  template <typename It, typename Op = Difference>
  static hipError_t SubtractLeft(void* d_temp_storage, size_t& temp_storage_bytes,
                                 It d_input, int num_items, Op op = Op(),
                                 hipStream_t stream = 0, bool = false) {
    return detail::adjacent<true>(d_temp_storage, temp_storage_bytes, d_input,
                                  d_input, num_items, op, stream);
  }
  template <typename In, typename Out, typename Op = Difference>
  static hipError_t SubtractLeftCopy(void* d_temp_storage,
                                     size_t& temp_storage_bytes, In d_input,
                                     Out d_output, int num_items, Op op = Op(),
                                     hipStream_t stream = 0, bool = false) {
    return detail::adjacent<true>(d_temp_storage, temp_storage_bytes, d_input,
                                  d_output, num_items, op, stream);
  }
  template <typename It, typename Op = Difference>
  static hipError_t SubtractRight(void* d_temp_storage,
                                  size_t& temp_storage_bytes, It d_input,
                                  int num_items, Op op = Op(),
                                  hipStream_t stream = 0, bool = false) {
    return detail::adjacent<false>(d_temp_storage, temp_storage_bytes, d_input,
                                   d_input, num_items, op, stream);
  }
  template <typename In, typename Out, typename Op = Difference>
  static hipError_t SubtractRightCopy(void* d_temp_storage,
                                      size_t& temp_storage_bytes, In d_input,
                                      Out d_output, int num_items,
                                      Op op = Op(), hipStream_t stream = 0,
                                      bool = false) {
    return detail::adjacent<false>(d_temp_storage, temp_storage_bytes, d_input,
                                   d_output, num_items, op, stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_ADJACENT_DIFFERENCE_HPP
