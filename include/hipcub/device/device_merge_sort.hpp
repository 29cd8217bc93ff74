// DeviceMergeSort: SortPairs, SortKeys, their Copy forms and StableSort*
// (every form is stable), with a comparison functor. Each chunk is sorted
// by a bottom-up merge sort, then rounds merge neighbouring runs, every
// chunk producing its slice of a merge (merge path: a binary search for
// where its slice starts in each run).
#ifndef HIPCUB_DEVICE_MERGE_SORT_HPP
#define HIPCUB_DEVICE_MERGE_SORT_HPP

#include "hipcub/device/detail/chunks.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

// Merges a[0, na) and b[0, nb) (a first on ties) into out.
template <bool ITEMS, typename K, typename V, typename Cmp>
HIPCUB_DEVICE void merge_into(const K* ak, const V* av, long long na,
                              const K* bk, const V* bv, long long nb, K* ok,
                              V* ov, long long count, Cmp& cmp) {
  long long i = 0, j = 0;
  for (long long o = 0; o < count; ++o) {
    bool take_b = i >= na || (j < nb && cmp(bk[j], ak[i]));
    if (take_b) {
      ok[o] = bk[j];
      if (ITEMS) ov[o] = bv[j];
      ++j;
    } else {
      ok[o] = ak[i];
      if (ITEMS) ov[o] = av[i];
      ++i;
    }
  }
}

template <bool ITEMS, typename K, typename V, typename Cmp>
__global__ void sort_chunks(K* keys, V* vals, K* tk, V* tv, long long n,
                            int nc, Cmp cmp) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  long long len = e - b;
  K* k = keys + b;
  V* v = ITEMS ? vals + b : nullptr;
  // Insertion sort of runs of 16.
  for (long long r = 0; r < len; r += 16) {
    long long re = r + 16 < len ? r + 16 : len;
    for (long long i = r + 1; i < re; ++i) {
      K x = k[i];
      V y;
      if (ITEMS) y = v[i];
      long long j = i;
      while (j > r && cmp(x, k[j - 1])) {
        k[j] = k[j - 1];
        if (ITEMS) v[j] = v[j - 1];
        --j;
      }
      k[j] = x;
      if (ITEMS) v[j] = y;
    }
  }
  K* sk = k;
  V* sv = v;
  K* dk = tk + b;
  V* dv = ITEMS ? tv + b : nullptr;
  for (long long w = 16; w < len; w *= 2) {
    for (long long lo = 0; lo < len; lo += 2 * w) {
      long long mid = lo + w < len ? lo + w : len;
      long long hi = lo + 2 * w < len ? lo + 2 * w : len;
      merge_into<ITEMS>(sk + lo, ITEMS ? sv + lo : sv, mid - lo, sk + mid,
                        ITEMS ? sv + mid : sv, hi - mid, dk + lo,
                        ITEMS ? dv + lo : dv, hi - lo, cmp);
    }
    K* t = sk; sk = dk; dk = t;
    V* u = sv; sv = dv; dv = u;
  }
  if (sk != k)
    for (long long i = 0; i < len; ++i) {
      k[i] = sk[i];
      if (ITEMS) v[i] = sv[i];
    }
}

// One round: runs of `width` chunks are merged in pairs, from (sk, sv) to
// (dk, dv); chunk c writes its own slice of the output.
template <bool ITEMS, typename K, typename V, typename Cmp>
__global__ void merge_round(const K* sk, const V* sv, K* dk, V* dv,
                            long long n, int nc, int width, Cmp cmp) {
  int c = blockIdx.x;
  long long ob = chunk_begin(n, nc, c), oe = chunk_begin(n, nc, c + 1);
  if (ob >= oe) return;
  int pair = c / (2 * width);
  int c_lo = pair * 2 * width, c_mid = c_lo + width, c_hi = c_lo + 2 * width;
  if (c_mid > nc) c_mid = nc;
  if (c_hi > nc) c_hi = nc;
  long long lo = chunk_begin(n, nc, c_lo), mid = chunk_begin(n, nc, c_mid),
            hi = chunk_begin(n, nc, c_hi);
  long long na = mid - lo, nb = hi - mid, k = ob - lo;
  // How many of the first k outputs come from a.
  long long l = k > nb ? k - nb : 0, r = k < na ? k : na;
  while (l < r) {
    long long m = (l + r) / 2;
    if (!cmp(sk[mid + (k - m - 1)], sk[lo + m])) l = m + 1;
    else r = m;
  }
  long long i = l, j = k - l;
  merge_into<ITEMS>(sk + lo + i, ITEMS ? sv + lo + i : sv, na - i,
                    sk + mid + j, ITEMS ? sv + mid + j : sv, nb - j, dk + ob,
                    ITEMS ? dv + ob : dv, oe - ob, cmp);
}

template <bool ITEMS, typename InK, typename InV, typename K, typename V>
__global__ void copy_chunks(InK ik, InV iv, K* ok, V* ov, long long n, int nc) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  for (long long i = b; i < e; ++i) {
    ok[i] = ik[i];
    if (ITEMS) ov[i] = iv[i];
  }
}

template <bool ITEMS, typename K, typename V, typename Cmp>
inline hipError_t merge_sort(void* d_temp, size_t& bytes, K* keys, V* vals,
                             long long n, Cmp cmp, hipStream_t stream) {
  int nc = chunks_for(n);
  size_t sizes[2] = {sizeof(K) * n, ITEMS ? sizeof(V) * n : 0};
  void* p[2];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 1) return hipSuccess;
  K* tk = static_cast<K*>(p[0]);
  V* tv = static_cast<V*>(p[1]);
  sort_chunks<ITEMS><<<nc, 1, 0, stream>>>(keys, vals, tk, tv, n, nc, cmp);
  K* sk = keys;
  V* sv = vals;
  K* dk = tk;
  V* dv = tv;
  for (int w = 1; w < nc; w *= 2) {
    merge_round<ITEMS><<<nc, 1, 0, stream>>>((const K*)sk, (const V*)sv, dk, dv,
                                             n, nc, w, cmp);
    K* t = sk; sk = dk; dk = t;
    V* u = sv; sv = dv; dv = u;
  }
  if (sk != keys)
    copy_chunks<ITEMS><<<nc, 1, 0, stream>>>((const K*)sk, (const V*)sv, keys,
                                             vals, n, nc);
  return launched();
}

}  // namespace detail

struct DeviceMergeSort {
  template <typename K, typename V, typename Offset, typename Cmp>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              K* d_keys, V* d_items, Offset num_items,
                              Cmp compare_op, hipStream_t stream = 0,
                              bool = false) {
    return detail::merge_sort<true>(d_temp_storage, temp_storage_bytes, d_keys,
                                    d_items, (long long)num_items, compare_op,
                                    stream);
  }
  template <typename K, typename Offset, typename Cmp>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             K* d_keys, Offset num_items, Cmp compare_op,
                             hipStream_t stream = 0, bool = false) {
    return detail::merge_sort<false>(d_temp_storage, temp_storage_bytes, d_keys,
                                     (NullType*)nullptr, (long long)num_items,
                                     compare_op, stream);
  }
  template <typename InK, typename InV, typename K, typename V,
            typename Offset, typename Cmp>
  static hipError_t SortPairsCopy(void* d_temp_storage,
                                  size_t& temp_storage_bytes, InK d_input_keys,
                                  InV d_input_items, K* d_output_keys,
                                  V* d_output_items, Offset num_items,
                                  Cmp compare_op, hipStream_t stream = 0,
                                  bool = false) {
    long long n = num_items;
    if (d_temp_storage && n > 0)
      detail::copy_chunks<true><<<detail::chunks_for(n), 1, 0, stream>>>(
          d_input_keys, d_input_items, d_output_keys, d_output_items, n,
          detail::chunks_for(n));
    return detail::merge_sort<true>(d_temp_storage, temp_storage_bytes,
                                    d_output_keys, d_output_items, n,
                                    compare_op, stream);
  }
  template <typename InK, typename K, typename Offset, typename Cmp>
  static hipError_t SortKeysCopy(void* d_temp_storage,
                                 size_t& temp_storage_bytes, InK d_input_keys,
                                 K* d_output_keys, Offset num_items,
                                 Cmp compare_op, hipStream_t stream = 0,
                                 bool = false) {
    long long n = num_items;
    if (d_temp_storage && n > 0)
      detail::copy_chunks<false><<<detail::chunks_for(n), 1, 0, stream>>>(
          d_input_keys, (const NullType*)nullptr, d_output_keys,
          (NullType*)nullptr, n, detail::chunks_for(n));
    return detail::merge_sort<false>(d_temp_storage, temp_storage_bytes,
                                     d_output_keys, (NullType*)nullptr, n,
                                     compare_op, stream);
  }
  template <typename K, typename V, typename Offset, typename Cmp>
  static hipError_t StableSortPairs(void* d_temp_storage,
                                    size_t& temp_storage_bytes, K* d_keys,
                                    V* d_items, Offset num_items,
                                    Cmp compare_op, hipStream_t stream = 0,
                                    bool = false) {
    return SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_items,
                     num_items, compare_op, stream);
  }
  template <typename K, typename Offset, typename Cmp>
  static hipError_t StableSortKeys(void* d_temp_storage,
                                   size_t& temp_storage_bytes, K* d_keys,
                                   Offset num_items, Cmp compare_op,
                                   hipStream_t stream = 0, bool = false) {
    return SortKeys(d_temp_storage, temp_storage_bytes, d_keys, num_items,
                    compare_op, stream);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_MERGE_SORT_HPP
