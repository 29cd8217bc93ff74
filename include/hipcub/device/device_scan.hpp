// DeviceScan: InclusiveSum, ExclusiveSum, InclusiveScan, ExclusiveScan and
// the by-key forms (a scan that restarts where the key changes).
// In place (d_in == d_out) works. Stream-ordered; two-call protocol.
#ifndef HIPCUB_DEVICE_SCAN_HPP
#define HIPCUB_DEVICE_SCAN_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

// By key, per chunk: whether the chunk holds a segment start (its first
// item counts when the key differs from the previous chunk's last) and the
// reduction of its items from the last start on.
template <typename Keys, typename Vals, typename Acc, typename Op, typename Eq>
__global__ void scan_by_key_chunks(Keys keys, Vals vals, long long n, int nc,
                                   Acc* tail, unsigned char* has_start, Op op,
                                   Eq eq) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  if (b >= e) return;
  bool start = b == 0 || !eq(keys[b - 1], keys[b]);
  Acc acc = static_cast<Acc>(vals[b]);
  for (long long i = b + 1; i < e; ++i) {
    if (!eq(keys[i - 1], keys[i])) {
      start = true;
      acc = static_cast<Acc>(vals[i]);
    } else {
      acc = op(acc, static_cast<Acc>(vals[i]));
    }
  }
  tail[c] = acc;
  has_start[c] = start;
}
// The running value entering each chunk (the current segment's reduction
// so far), in place of the chunk's tail.
template <typename Acc, typename Op>
__global__ void scan_by_key_carry(Acc* tail, const unsigned char* has_start,
                                  long long n, int nc, Op op) {
  Acc carry = Acc();
  for (int c = 0; c < nc; ++c) {
    if (chunk_begin(n, nc, c) >= chunk_begin(n, nc, c + 1)) continue;
    Acc t = tail[c];
    tail[c] = carry;
    carry = (has_start[c] || c == 0) ? t : op(carry, t);
  }
}
template <bool INCLUSIVE, typename Keys, typename Vals, typename Out,
          typename Acc, typename Op, typename Eq>
__global__ void scan_by_key_final(Keys keys, Vals vals, Out out, long long n,
                                  int nc, const Acc* carry, Op op, Eq eq,
                                  Acc init) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  if (b >= e) return;
  Acc run = carry[c];
  for (long long i = b; i < e; ++i) {
    bool start = i == 0 || !eq(keys[i - 1], keys[i]);
    Acc v = static_cast<Acc>(vals[i]);
    if (INCLUSIVE) {
      run = start ? v : op(run, v);
      out[i] = run;
    } else {
      out[i] = start ? init : op(init, run);
      run = start ? v : op(run, v);
    }
  }
}

template <bool INCLUSIVE, typename Keys, typename Vals, typename Out,
          typename Op, typename Eq, typename Acc>
inline hipError_t scan_by_key(void* d_temp, size_t& bytes, Keys keys,
                              Vals vals, Out out, long long n, Op op, Eq eq,
                              Acc init, hipStream_t stream) {
  int nc = chunks_for(n);
  size_t sizes[2] = {sizeof(Acc) * nc, size_t(nc)};
  void* p[2];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 0) return hipSuccess;
  Acc* tail = static_cast<Acc*>(p[0]);
  unsigned char* st = static_cast<unsigned char*>(p[1]);
  scan_by_key_chunks<<<nc, 1, 0, stream>>>(keys, vals, n, nc, tail, st, op, eq);
  scan_by_key_carry<<<1, 1, 0, stream>>>(tail, (const unsigned char*)st, n, nc,
                                         op);
  scan_by_key_final<INCLUSIVE><<<nc, 1, 0, stream>>>(keys, vals, out, n, nc,
                                                     (const Acc*)tail, op, eq,
                                                     init);
  return launched();
}

}  // namespace detail

struct DeviceScan {
  template <typename In, typename Out>
  static hipError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                 In d_in, Out d_out, int num_items,
                                 hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<In>>::type Acc;
    return detail::scan<true>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                              num_items, hipcub::Sum(), Acc(0), false, stream);
  }
  template <typename In, typename Out>
  static hipError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                 In d_in, Out d_out, int num_items,
                                 hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<In>>::type Acc;
    return detail::scan<false>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                               num_items, hipcub::Sum(), Acc(0), true, stream);
  }
  template <typename In, typename Out, typename Op>
  static hipError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  In d_in, Out d_out, Op scan_op, int num_items,
                                  hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<In>>::type Acc;
    return detail::scan<true>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                              num_items, scan_op, Acc(), false, stream);
  }
  template <typename In, typename Out, typename Op, typename InitT>
  static hipError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  In d_in, Out d_out, Op scan_op, InitT init_value,
                                  int num_items, hipStream_t stream = 0,
                                  bool = false) {
    typedef InitT Acc;
    return detail::scan<false>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                               num_items, scan_op, Acc(init_value), true, stream);
  }

  template <typename Keys, typename Vals, typename Out,
            typename Eq = hipcub::Equality>
  static hipError_t InclusiveSumByKey(void* d_temp_storage,
                                      size_t& temp_storage_bytes, Keys d_keys_in,
                                      Vals d_values_in, Out d_values_out,
                                      int num_items, Eq equality_op = Eq(),
                                      hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<Vals>>::type Acc;
    return detail::scan_by_key<true>(d_temp_storage, temp_storage_bytes,
                                     d_keys_in, d_values_in, d_values_out,
                                     num_items, hipcub::Sum(), equality_op,
                                     Acc(0), stream);
  }
  template <typename Keys, typename Vals, typename Out,
            typename Eq = hipcub::Equality>
  static hipError_t ExclusiveSumByKey(void* d_temp_storage,
                                      size_t& temp_storage_bytes, Keys d_keys_in,
                                      Vals d_values_in, Out d_values_out,
                                      int num_items, Eq equality_op = Eq(),
                                      hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<Vals>>::type Acc;
    return detail::scan_by_key<false>(d_temp_storage, temp_storage_bytes,
                                      d_keys_in, d_values_in, d_values_out,
                                      num_items, hipcub::Sum(), equality_op,
                                      Acc(0), stream);
  }
  template <typename Keys, typename Vals, typename Out, typename Op,
            typename Eq = hipcub::Equality>
  static hipError_t InclusiveScanByKey(void* d_temp_storage,
                                       size_t& temp_storage_bytes,
                                       Keys d_keys_in, Vals d_values_in,
                                       Out d_values_out, Op scan_op,
                                       int num_items, Eq equality_op = Eq(),
                                       hipStream_t stream = 0, bool = false) {
    typedef typename detail::output_value<Out, detail::value_t<Vals>>::type Acc;
    return detail::scan_by_key<true>(d_temp_storage, temp_storage_bytes,
                                     d_keys_in, d_values_in, d_values_out,
                                     num_items, scan_op, equality_op, Acc(),
                                     stream);
  }
  template <typename Keys, typename Vals, typename Out, typename Op,
            typename InitT, typename Eq = hipcub::Equality>
  static hipError_t ExclusiveScanByKey(void* d_temp_storage,
                                       size_t& temp_storage_bytes,
                                       Keys d_keys_in, Vals d_values_in,
                                       Out d_values_out, Op scan_op,
                                       InitT init_value, int num_items,
                                       Eq equality_op = Eq(),
                                       hipStream_t stream = 0, bool = false) {
    return detail::scan_by_key<false>(d_temp_storage, temp_storage_bytes,
                                      d_keys_in, d_values_in, d_values_out,
                                      num_items, scan_op, equality_op,
                                      InitT(init_value), stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_SCAN_HPP
