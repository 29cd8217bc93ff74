// Selection over the chunks: each chunk counts the items its predicate
// picks, one block scans the counts (and writes the total), and each chunk
// emits its picks in order (partitions also put the rest at the end, in
// reverse order). Used by DeviceSelect, DevicePartition and
// DeviceRunLengthEncode.
#ifndef HIPCUB_DEVICE_DETAIL_SELECT_HPP
#define HIPCUB_DEVICE_DETAIL_SELECT_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <typename In, typename Flags>
struct pick_flagged {
  In in;
  Flags flags;
  HIPCUB_DEVICE bool operator()(long long i) const { return bool(flags[i]); }
};
template <typename In, typename Op>
struct pick_if {
  In in;
  Op op;
  HIPCUB_DEVICE bool operator()(long long i) const { return bool(op(in[i])); }
};
// The first item of each run of equal items.
template <typename In, typename Eq>
struct pick_heads {
  In in;
  Eq eq;
  HIPCUB_DEVICE bool operator()(long long i) const {
    return i == 0 || !eq(in[i - 1], in[i]);
  }
};
// The first item of each run of two or more.
template <typename In, typename Eq>
struct pick_long_heads {
  In in;
  Eq eq;
  long long n;
  HIPCUB_DEVICE bool operator()(long long i) const {
    return (i == 0 || !eq(in[i - 1], in[i])) && i + 1 < n && eq(in[i], in[i + 1]);
  }
};

template <typename In, typename Out>
struct emit_copy {
  In in;
  Out out;
  HIPCUB_DEVICE void operator()(long long i, long long r) const { out[r] = in[i]; }
};
template <typename K, typename V, typename KO, typename VO>
struct emit_pair {
  K k;
  V v;
  KO ko;
  VO vo;
  HIPCUB_DEVICE void operator()(long long i, long long r) const {
    ko[r] = k[i];
    vo[r] = v[i];
  }
};
// A run: its first item (or offset) and its length, found by walking on.
template <bool OFFSET, typename In, typename Eq, typename U, typename C>
struct emit_run {
  In in;
  Eq eq;
  long long n;
  U first;
  C len;
  HIPCUB_DEVICE void operator()(long long i, long long r) const {
    long long j = i + 1;
    while (j < n && eq(in[i], in[j])) ++j;
    if constexpr (OFFSET) first[r] = i;
    else first[r] = in[i];
    len[r] = j - i;
  }
};

template <typename Pick>
__global__ void select_count(Pick pick, long long n, int nc, long long* counts) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1), k = 0;
  for (long long i = b; i < e; ++i) k += pick(i) ? 1 : 0;
  counts[c] = k;
}
template <typename NumOut>
__global__ void select_offsets(long long* counts, int nc, NumOut num) {
  long long run = 0;
  for (int c = 0; c < nc; ++c) {
    long long t = counts[c];
    counts[c] = run;
    run += t;
  }
  *num = run;
}
template <typename Pick, typename Emit, typename Reject>
__global__ void select_emit(Pick pick, Emit emit, Reject reject, bool partition,
                            long long n, int nc, const long long* offsets) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  long long r = offsets[c];
  for (long long i = b; i < e; ++i) {
    if (pick(i)) {
      emit(i, r++);
    } else if (partition) {
      reject(i, n - 1 - (i - r));
    }
  }
}

template <typename Pick, typename Emit, typename Reject, typename NumOut>
inline hipError_t select(void* d_temp, size_t& bytes, Pick pick, Emit emit,
                         Reject reject, bool partition, NumOut num,
                         long long n, hipStream_t stream) {
  int nc = chunks_for(n);
  size_t sizes[1] = {sizeof(long long) * nc};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query) return hipSuccess;
  long long* counts = static_cast<long long*>(p[0]);
  if (n > 0) select_count<<<nc, 1, 0, stream>>>(pick, n, nc, counts);
  else HIPCUB_TRY(hipMemsetAsync(counts, 0, sizeof(long long) * nc, stream));
  select_offsets<<<1, 1, 0, stream>>>(counts, nc, num);
  if (n > 0)
    select_emit<<<nc, 1, 0, stream>>>(pick, emit, reject, partition, n, nc,
                                      (const long long*)counts);
  return launched();
}

}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_SELECT_HPP
