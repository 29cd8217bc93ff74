// The device radix sorts: a stable LSD sort, 8 bits a pass over
// [begin_bit, end_bit). Per pass each chunk counts its digits, one block
// turns the counts into each (digit, chunk) pair's first output slot
// (digit-major, so equal digits keep their order), and each chunk
// scatters its keys (and values) there: the parallel CPU radix sort. GPU
// streams take gpu_onesweep.hpp's sort (keys and values up to 8 bytes) or
// gpu_radix.hpp's pass.
#ifndef HIPCUB_DEVICE_DETAIL_RADIX_HPP
#define HIPCUB_DEVICE_DETAIL_RADIX_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

constexpr int RADIX_BITS = 8;
constexpr int RADIX_DIGITS = 1 << RADIX_BITS;

template <typename K, bool DESC>
HIPCUB_DEVICE __forceinline__ unsigned radix_digit(K k, int shift, int nbits) {
  typedef radix_key<K> tw;
  typename tw::bits b = tw::encode(k);
  if (DESC) b = typename tw::bits(~b);
  return static_cast<unsigned>((b >> shift) & ((1u << nbits) - 1));
}

}  // namespace detail
END_HIPCUB_NAMESPACE

#include "hipcub/device/detail/gpu_radix.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <typename K, bool DESC>
__global__ void radix_hist(const K* keys, long long n, int nc, int shift,
                           int nbits, unsigned* counts) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  unsigned h[RADIX_DIGITS];
  for (int d = 0; d < RADIX_DIGITS; ++d) h[d] = 0;
  for (long long i = b; i < e; ++i) ++h[radix_digit<K, DESC>(keys[i], shift, nbits)];
  for (int d = 0; d < RADIX_DIGITS; ++d) counts[d * nc + c] = h[d];
}
// A template, so that every source may include it (one kernel, no ODR
// clash).
template <int DIGITS>
__global__ void radix_offsets(unsigned* counts, int nc) {
  unsigned run = 0;
  for (int i = 0; i < DIGITS * nc; ++i) {
    unsigned t = counts[i];
    counts[i] = run;
    run += t;
  }
}
template <typename K, typename V, bool DESC, bool VALUES>
__global__ void radix_scatter(const K* keys, const V* vals, K* keys_out,
                              V* vals_out, long long n, int nc, int shift,
                              int nbits, const unsigned* offsets) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  unsigned pos[RADIX_DIGITS];
  for (int d = 0; d < RADIX_DIGITS; ++d) pos[d] = offsets[d * nc + c];
  for (long long i = b; i < e; ++i) {
    K k = keys[i];
    unsigned p = pos[radix_digit<K, DESC>(k, shift, nbits)]++;
    keys_out[p] = k;
    if (VALUES) vals_out[p] = vals[i];
  }
}

// The count slots either kind of pass needs.
inline long long radix_count_slots(long long n) {
  long long cpu = (long long)RADIX_DIGITS * chunks_for(n);
  long long gpu = gpu::radix_slots(n, RADIX_DIGITS);
  return cpu > gpu ? cpu : gpu;
}

inline int radix_passes(int begin_bit, int end_bit) {
  return end_bit > begin_bit ? (end_bit - begin_bit + RADIX_BITS - 1) / RADIX_BITS
                             : 0;
}

// Sorts n items from (k_in, v_in) through the buffers: pass j writes to
// bufs[target(j)]; the caller picks targets so the last lands where it
// wants.
template <typename K, typename V, bool DESC, bool VALUES>
inline hipError_t radix_run(const K* k_in, const V* v_in, K* const (&kb)[2],
                            V* const (&vb)[2], int first_target, long long n,
                            int begin_bit, int end_bit, unsigned* counts,
                            hipStream_t stream) {
  int nc = chunks_for(n);
  const K* ks = k_in;
  const V* vs = v_in;
  int t = first_target;
  bool gpu_kernels = gpu::use_gpu_kernels(stream);
  if constexpr (gpu::onesweep_fits<K, V, VALUES>()) {
    if (gpu_kernels) {
      gpu::onesweep_sort<K, V, DESC, VALUES>(k_in, v_in, kb, vb, first_target,
                                             n, begin_bit, end_bit, counts,
                                             stream);
      return launched();
    }
  }
  for (int bit = begin_bit; bit < end_bit; bit += RADIX_BITS) {
    int nbits = end_bit - bit < RADIX_BITS ? end_bit - bit : RADIX_BITS;
    if (gpu_kernels) {
      gpu::radix_pass<K, V, DESC, VALUES, RADIX_DIGITS>(
          ks, vs, kb[t], vb[t], n, bit, nbits, counts, stream);
      HIPCUB_TRY(launched());
      ks = kb[t];
      vs = vb[t];
      t ^= 1;
      continue;
    }
    radix_hist<K, DESC><<<nc, 1, 0, stream>>>(ks, n, nc, bit, nbits, counts);
    radix_offsets<RADIX_DIGITS><<<1, 1, 0, stream>>>(counts, nc);
    radix_scatter<K, V, DESC, VALUES><<<nc, 1, 0, stream>>>(
        ks, vs, kb[t], vb[t], n, nc, bit, nbits, (const unsigned*)counts);
    HIPCUB_TRY(launched());
    ks = kb[t];
    vs = vb[t];
    t ^= 1;
  }
  return hipSuccess;
}

template <bool DESC, typename K, typename V, bool VALUES>
inline hipError_t radix_sort(void* d_temp, size_t& bytes, const K* k_in,
                             K* k_out, const V* v_in, V* v_out, long long n,
                             int begin_bit, int end_bit, hipStream_t stream) {
  size_t sizes[3] = {sizeof(unsigned) * radix_count_slots(n), sizeof(K) * n,
                     VALUES ? sizeof(V) * n : 0};
  void* p[3];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 0) return hipSuccess;
  if (begin_bit < 0 || end_bit > int(sizeof(K) * 8) || begin_bit > end_bit)
    return hipErrorInvalidValue;
  int passes = radix_passes(begin_bit, end_bit);
  if (passes == 0) {
    if (k_out != k_in)
      HIPCUB_TRY(hipMemcpyAsync(k_out, k_in, sizeof(K) * n,
                                hipMemcpyDeviceToDevice, stream));
    if (VALUES && v_out != v_in)
      HIPCUB_TRY(hipMemcpyAsync(v_out, v_in, sizeof(V) * n,
                                hipMemcpyDeviceToDevice, stream));
    return hipSuccess;
  }
  K* const kb[2] = {k_out, static_cast<K*>(p[1])};
  V* const vb[2] = {v_out, static_cast<V*>(p[2])};
  // The last pass (passes - 1) must write to buffer 0.
  return radix_run<K, V, DESC, VALUES>(k_in, v_in, kb, vb, (passes - 1) & 1, n,
                                       begin_bit, end_bit,
                                       static_cast<unsigned*>(p[0]), stream);
}

template <bool DESC, typename K, typename V, bool VALUES>
inline hipError_t radix_sort_db(void* d_temp, size_t& bytes,
                                DoubleBuffer<K>& keys, DoubleBuffer<V>* vals,
                                long long n, int begin_bit, int end_bit,
                                hipStream_t stream) {
  size_t sizes[1] = {sizeof(unsigned) * radix_count_slots(n)};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 0) return hipSuccess;
  if (begin_bit < 0 || end_bit > int(sizeof(K) * 8) || begin_bit > end_bit)
    return hipErrorInvalidValue;
  int passes = radix_passes(begin_bit, end_bit);
  K* const kb[2] = {keys.Current(), keys.Alternate()};
  V* const vb[2] = {vals ? vals->Current() : nullptr,
                    vals ? vals->Alternate() : nullptr};
  HIPCUB_TRY((radix_run<K, V, DESC, VALUES>(kb[0], vb[0], kb, vb, 1, n,
                                            begin_bit, end_bit,
                                            static_cast<unsigned*>(p[0]),
                                            stream)));
  if (passes & 1) {
    keys.selector ^= 1;
    if (vals) vals->selector ^= 1;
  }
  return hipSuccess;
}

}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_RADIX_HPP
