// DeviceHistogram: HistogramEven (num_levels - 1 equal bins over
// [lower_level, upper_level)) and HistogramRange (bin b is
// [d_levels[b], d_levels[b + 1])), one channel; samples outside are not
// counted. Each chunk counts into its own histogram in the temporary
// storage, then the chunks' histograms are added up.
#ifndef HIPCUB_DEVICE_HISTOGRAM_HPP
#define HIPCUB_DEVICE_HISTOGRAM_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <typename Level>
struct bin_even {
  Level lower, upper;
  int bins;
  template <typename S>
  HIPCUB_DEVICE int operator()(const S& s) const {
    if (!(s >= lower && s < upper)) return -1;
    double f = (double(s) - double(lower)) * bins / (double(upper) - double(lower));
    int b = static_cast<int>(f);
    return b < bins ? b : bins - 1;
  }
};
template <typename Levels>
struct bin_range {
  Levels levels;
  int bins;
  template <typename S>
  HIPCUB_DEVICE int operator()(const S& s) const {
    if (!(s >= levels[0] && s < levels[bins])) return -1;
    int lo = 0, hi = bins;  // levels[lo] <= s < levels[hi]
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (s < levels[mid]) hi = mid;
      else lo = mid;
    }
    return lo;
  }
};

template <typename In, typename Bin>
__global__ void histo_chunks(In in, long long n, int nc, Bin bin, int bins,
                             unsigned long long* h) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  unsigned long long* mine = h + (long long)c * bins;
  for (int i = 0; i < bins; ++i) mine[i] = 0;
  for (long long i = b; i < e; ++i) {
    int k = bin(in[i]);
    if (k >= 0) ++mine[k];
  }
}
template <typename Counter>
__global__ void histo_merge(const unsigned long long* h, int nc, int bins,
                            Counter* out) {
  int per = (bins + gridDim.x - 1) / gridDim.x;
  int b0 = blockIdx.x * per, b1 = b0 + per < bins ? b0 + per : bins;
  for (int b = b0; b < b1; ++b) {
    unsigned long long s = 0;
    for (int c = 0; c < nc; ++c) s += h[(long long)c * bins + b];
    out[b] = static_cast<Counter>(s);
  }
}

template <typename In, typename Counter, typename Bin>
inline hipError_t histogram(void* d_temp, size_t& bytes, In in, Counter* out,
                            int bins, Bin bin, long long n, hipStream_t stream) {
  int nc = chunks_for(n);
  size_t sizes[1] = {sizeof(unsigned long long) * nc * (bins > 0 ? bins : 1)};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query) return hipSuccess;
  if (bins < 1 || out == nullptr) return hipErrorInvalidValue;
  unsigned long long* h = static_cast<unsigned long long*>(p[0]);
  if (n > 0) histo_chunks<<<nc, 1, 0, stream>>>(in, n, nc, bin, bins, h);
  else HIPCUB_TRY(hipMemsetAsync(h, 0, sizes[0], stream));
  int mb = bins < 64 ? 1 : (bins / 64 < 256 ? bins / 64 : 256);
  histo_merge<<<mb, 1, 0, stream>>>((const unsigned long long*)h,
                                    n > 0 ? nc : 1, bins, out);
  return launched();
}

}  // namespace detail

struct DeviceHistogram {
  template <typename In, typename Counter, typename Level, typename Offset>
  static hipError_t HistogramEven(void* d_temp_storage,
                                  size_t& temp_storage_bytes, In d_samples,
                                  Counter* d_histogram, int num_levels,
                                  Level lower_level, Level upper_level,
                                  Offset num_samples, hipStream_t stream = 0,
                                  bool = false) {
    detail::bin_even<Level> bin{lower_level, upper_level, num_levels - 1};
    return detail::histogram(d_temp_storage, temp_storage_bytes, d_samples,
                             d_histogram, num_levels - 1, bin,
                             (long long)num_samples, stream);
  }
  template <typename In, typename Counter, typename Level, typename Offset>
  static hipError_t HistogramRange(void* d_temp_storage,
                                   size_t& temp_storage_bytes, In d_samples,
                                   Counter* d_histogram, int num_levels,
                                   const Level* d_levels, Offset num_samples,
                                   hipStream_t stream = 0, bool = false) {
    detail::bin_range<const Level*> bin{d_levels, num_levels - 1};
    return detail::histogram(d_temp_storage, temp_storage_bytes, d_samples,
                             d_histogram, num_levels - 1, bin,
                             (long long)num_samples, stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_HISTOGRAM_HPP
