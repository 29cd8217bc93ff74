/* thrust/system/hip/detail/gpu_select.h: selections and segmented
 * algorithms on a GPU's stream (gpu_launch.h, gpu_reduce.h): a kernel
 * flags the items kept (or the heads of runs of equal keys), DeviceScan's
 * ExclusiveSum of the flags gives each kept item its slot, and a kernel
 * writes them there: remove, remove_if, remove_copy, remove_copy_if,
 * unique, unique_copy, unique_count, unique_by_key, unique_by_key_copy,
 * partition, stable_partition, partition_copy, stable_partition_copy
 * (both stable). The in-place forms select from a device copy of the
 * input. Scans by key and reduce_by_key are DeviceScan's inclusive scan
 * of (run-head count, value) pairs, whose operator restarts at a head,
 * followed by a kernel that writes each item's (scans) or each run's last
 * (reduce_by_key) result. Host-only functors take gpu_staged.h's paths
 * where it has them. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/pair.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <thrust/system/hip/detail/gpu_reduce.h>
#include <thrust/system/hip/detail/gpu_staged.h>
#include <hipcub/device/device_scan.hpp>
#include <tuple>
#include <type_traits>
#include <utility>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* Kept items: flags[i] (0/1), slots[i] (kept items before i), kept. */
struct selection {
  long long n, kept = 0;
  device_buffer<int> flags, slots;
  __host__ explicit selection(long long count)
      : n(count), flags(static_cast<size_t>(count)),
        slots(static_cast<size_t>(count)) {}
};
template <typename Flag> struct flag_into {
  Flag flag;
  int *flags;
  __host__ __device__ void operator()(long long i) {
    flags[i] = flag(i) ? 1 : 0;
  }
};
template <typename Flag>
__host__ void select_flags(hipStream_t s, selection &sel, Flag flag) {
  long long n = sel.n;
  if (n <= 0)
    return;
  if (n > INT_MAX)
    unsupported_on_gpu("a selection of more than INT_MAX items");
  launch_indices(s, n, flag_into<Flag>{flag, sel.flags.p});
  int *f = sel.flags.p, *o = sel.slots.p;
  run_hipcub(s, [&](void *t, size_t &b) {
    return hipcub::DeviceScan::ExclusiveSum(t, b, f, o, static_cast<int>(n),
                                            s);
  });
  finish(s);
  sel.kept = read_back(o + n - 1) + read_back(f + n - 1);
}

/* Flags: pred(stencil[i]) != negate; item != value; the head of a run. */
template <typename St, typename Pred> struct keep_if {
  St stencil;
  mutable Pred pred;
  bool negate;
  __host__ __device__ bool operator()(long long i) const {
    return (pred(HIPC_THRUST_ITEM(stencil, i)) ? true : false) != negate;
  }
};
template <typename It, typename T> struct keep_unequal {
  It it;
  T value;
  __host__ __device__ bool operator()(long long i) const {
    return !(it[i] == value);
  }
};
template <typename It, typename Same> struct run_head {
  It it;
  mutable Same same;
  __host__ __device__ bool operator()(long long i) const {
    return i == 0 ||
           !same(HIPC_THRUST_ITEM(it, i - 1), HIPC_THRUST_ITEM(it, i));
  }
};
template <typename It, typename Same> struct run_head_count {
  run_head<It, Same> head;
  __host__ __device__ long long operator()(long long i) const {
    return head(i) ? 1 : 0;
  }
};

/* Writers: kept items to out[slot]; pairs; the rest after them. */
template <typename In, typename Out> struct write_kept {
  In in;
  Out out;
  const int *flags, *slots;
  __host__ __device__ void operator()(long long i) {
    if (flags[i])
      out[slots[i]] = in[i];
  }
};
template <typename K, typename V, typename KO, typename VO>
struct write_kept_pairs {
  K k;
  V v;
  KO ko;
  VO vo;
  const int *flags, *slots;
  __host__ __device__ void operator()(long long i) {
    if (flags[i]) {
      ko[slots[i]] = k[i];
      vo[slots[i]] = v[i];
    }
  }
};
template <typename In, typename OT, typename OF> struct write_split {
  In in;
  OT yes;
  OF no;
  const int *flags, *slots;
  __host__ __device__ void operator()(long long i) {
    if (flags[i])
      yes[slots[i]] = in[i];
    else
      no[i - slots[i]] = in[i];
  }
};

/* The items of flag's selection from [first, first + n) to out. */
template <typename In, typename Out, typename Flag>
__host__ long long select_to(hipStream_t s, In first, long long n, Out out,
                             Flag flag) {
  selection sel(n);
  select_flags(s, sel, flag);
  launch_indices(s, n, write_kept<view_t<In>, view_t<Out>>{
                           view(first), view(out), sel.flags.p, sel.slots.p});
  finish(s);
  return sel.kept;
}
/* In place: flags over the range, then the items from a device copy. */
template <typename It, typename Flag>
__host__ long long select_in_place(hipStream_t s, It first, long long n,
                                   Flag flag) {
  selection sel(n);
  select_flags(s, sel, flag);
  device_buffer<value_t<It>> copy(static_cast<size_t>(n));
  copy_indices(s, first, n, copy.p);
  launch_indices(s, n, write_kept<value_t<It> *, view_t<It>>{
                           copy.p, view(first), sel.flags.p, sel.slots.p});
  finish(s);
  return sel.kept;
}

// remove, remove_if (with or without a stencil)
template <typename R, typename P, typename It, typename T>
__host__ bool gpu_remove(priority<2>, R &result, P &, hipStream_t s,
                         It first, It last, const T &value) {
  result.put(first + select_in_place(s, first, last - first,
                                     keep_unequal<view_t<It>, T>{view(first),
                                                                 value}));
  return true;
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_remove_if(priority<2>, R &result, P &, hipStream_t s, It first, It last,
              Pred pred) {
  typedef keep_if<view_t<It>, Pred> F;
  result.put(first + select_in_place(s, first, last - first,
                                     F{view(first), pred, true}));
  return true;
}
template <typename R, typename P, typename It, typename St, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<St>>::value,
                                 bool>::type
gpu_remove_if(priority<2>, R &result, P &, hipStream_t s, It first, It last,
              St stencil, Pred pred) {
  typedef keep_if<view_t<St>, Pred> F;
  result.put(first + select_in_place(s, first, last - first,
                                     F{view(stencil), pred, true}));
  return true;
}

// remove_copy, remove_copy_if (with or without a stencil)
template <typename R, typename P, typename In, typename Out, typename T>
__host__ bool gpu_remove_copy(priority<2>, R &result, P &, hipStream_t s,
                              In first, In last, Out out, const T &value) {
  result.put(out + select_to(s, first, last - first, out,
                             keep_unequal<view_t<In>, T>{view(first), value}));
  return true;
}
template <typename R, typename P, typename In, typename Out, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<In>>::value,
                                 bool>::type
gpu_remove_copy_if(priority<2>, R &result, P &, hipStream_t s, In first,
                   In last, Out out, Pred pred) {
  typedef keep_if<view_t<In>, Pred> F;
  result.put(out + select_to(s, first, last - first, out,
                             F{view(first), pred, true}));
  return true;
}
template <typename R, typename P, typename In, typename St, typename Out,
          typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<St>>::value,
                                 bool>::type
gpu_remove_copy_if(priority<2>, R &result, P &, hipStream_t s, In first,
                   In last, St stencil, Out out, Pred pred) {
  typedef keep_if<view_t<St>, Pred> F;
  result.put(out + select_to(s, first, last - first, out,
                             F{view(stencil), pred, true}));
  return true;
}

/* The optional equality of unique's forms. */
#define HIPC_THRUST_SAME(It)                                                   \
  decltype(first_of(std::declval<Same>()..., thrust::equal_to<value_t<It>>()))
#define HIPC_THRUST_SAME_OK(It)                                                \
  device_callable<HIPC_THRUST_SAME(It) &, ref_t<It>, ref_t<It>>::value

// unique, unique_copy, unique_count
template <typename R, typename P, typename It, typename... Same>
__host__ typename std::enable_if<HIPC_THRUST_SAME_OK(It), bool>::type
gpu_unique(priority<2>, R &result, P &, hipStream_t s, It first, It last,
           Same... same) {
  auto eq = first_of(same..., thrust::equal_to<value_t<It>>());
  typedef run_head<view_t<It>, decltype(eq)> H;
  result.put(first + select_in_place(s, first, last - first,
                                     H{view(first), eq}));
  return true;
}
template <typename R, typename P, typename In, typename Out,
          typename... Same>
__host__ typename std::enable_if<HIPC_THRUST_SAME_OK(In), bool>::type
gpu_unique_copy(priority<2>, R &result, P &, hipStream_t s, In first,
                In last, Out out, Same... same) {
  auto eq = first_of(same..., thrust::equal_to<value_t<In>>());
  typedef run_head<view_t<In>, decltype(eq)> H;
  result.put(out + select_to(s, first, last - first, out, H{view(first), eq}));
  return true;
}
template <typename R, typename P, typename It, typename... Same>
__host__ typename std::enable_if<HIPC_THRUST_SAME_OK(It), bool>::type
gpu_unique_count(priority<2>, R &result, P &, hipStream_t s, It first,
                 It last, Same... same) {
  auto eq = first_of(same..., thrust::equal_to<value_t<It>>());
  typedef run_head_count<view_t<It>, decltype(eq)> C;
  result.put(static_cast<decltype(result.get())>(
      reduce_any(s, terms(C{{view(first), eq}}), last - first, 0LL,
                 thrust::plus<long long>())));
  return true;
}

// unique_by_key(keys, keys_end, values[, same]),
// unique_by_key_copy(keys, keys_end, values, keys_out, values_out[, same])
template <typename R, typename P, typename K, typename V, typename... Same>
__host__ typename std::enable_if<HIPC_THRUST_SAME_OK(K), bool>::type
gpu_unique_by_key(priority<2>, R &result, P &, hipStream_t s, K kf, K kl,
                  V vf, Same... same) {
  long long n = kl - kf;
  auto eq = first_of(same..., thrust::equal_to<value_t<K>>());
  selection sel(n);
  select_flags(s, sel, run_head<view_t<K>, decltype(eq)>{view(kf), eq});
  device_buffer<value_t<K>> keys(static_cast<size_t>(n));
  device_buffer<value_t<V>> values(static_cast<size_t>(n));
  copy_indices(s, kf, n, keys.p);
  copy_indices(s, vf, n, values.p);
  launch_indices(s, n,
                 write_kept_pairs<value_t<K> *, value_t<V> *, view_t<K>,
                                  view_t<V>>{keys.p, values.p, view(kf),
                                             view(vf), sel.flags.p,
                                             sel.slots.p});
  finish(s);
  result.put(thrust::make_pair(kf + sel.kept, vf + sel.kept));
  return true;
}
template <typename R, typename P, typename K, typename V, typename KO,
          typename VO, typename... Same>
__host__ typename std::enable_if<HIPC_THRUST_SAME_OK(K), bool>::type
gpu_unique_by_key_copy(priority<2>, R &result, P &, hipStream_t s, K kf,
                       K kl, V vf, KO ko, VO vo, Same... same) {
  long long n = kl - kf;
  auto eq = first_of(same..., thrust::equal_to<value_t<K>>());
  selection sel(n);
  select_flags(s, sel, run_head<view_t<K>, decltype(eq)>{view(kf), eq});
  launch_indices(s, n,
                 write_kept_pairs<view_t<K>, view_t<V>, view_t<KO>,
                                  view_t<VO>>{view(kf), view(vf), view(ko),
                                              view(vo), sel.flags.p,
                                              sel.slots.p});
  finish(s);
  result.put(thrust::make_pair(ko + sel.kept, vo + sel.kept));
  return true;
}

// partition, stable_partition (with or without a stencil): both stable
template <typename It, typename St, typename Pred>
__host__ long long split_in_place(hipStream_t s, It first, long long n,
                                  St stencil, Pred pred) {
  selection sel(n);
  select_flags(s, sel, keep_if<view_t<St>, Pred>{view(stencil), pred, false});
  device_buffer<value_t<It>> copy(static_cast<size_t>(n));
  copy_indices(s, first, n, copy.p);
  launch_indices(s, n, write_split<value_t<It> *, view_t<It>, view_t<It>>{
                           copy.p, view(first), view(first + sel.kept),
                           sel.flags.p, sel.slots.p});
  finish(s);
  return sel.kept;
}
#define HIPC_THRUST_PARTITION(NAME)                                            \
  template <typename R, typename P, typename It, typename Pred>                \
  __host__ typename std::enable_if<                                            \
      device_callable<Pred &, ref_t<It>>::value, bool>::type                   \
  gpu_##NAME(priority<2>, R &result, P &, hipStream_t s, It first, It last,   \
             Pred pred) {                                                      \
    result.put(first + split_in_place(s, first, last - first, first, pred));   \
    return true;                                                               \
  }                                                                            \
  template <typename R, typename P, typename It, typename St, typename Pred>   \
  __host__ typename std::enable_if<                                            \
      device_callable<Pred &, ref_t<St>>::value, bool>::type                   \
  gpu_##NAME(priority<2>, R &result, P &, hipStream_t s, It first, It last,   \
             St stencil, Pred pred) {                                          \
    result.put(first + split_in_place(s, first, last - first, stencil, pred)); \
    return true;                                                               \
  }
HIPC_THRUST_PARTITION(partition)
HIPC_THRUST_PARTITION(stable_partition)
#undef HIPC_THRUST_PARTITION

// partition_copy, stable_partition_copy (with or without a stencil)
template <typename R, typename In, typename St, typename OT, typename OF,
          typename Pred>
__host__ bool split_copy(R &result, hipStream_t s, In first, long long n,
                         St stencil, OT yes, OF no, Pred pred) {
  selection sel(n);
  select_flags(s, sel, keep_if<view_t<St>, Pred>{view(stencil), pred, false});
  launch_indices(s, n, write_split<view_t<In>, view_t<OT>, view_t<OF>>{
                           view(first), view(yes), view(no), sel.flags.p,
                           sel.slots.p});
  finish(s);
  result.put(thrust::make_pair(yes + sel.kept, no + (n - sel.kept)));
  return true;
}
#define HIPC_THRUST_PARTITION_COPY(NAME)                                       \
  template <typename R, typename P, typename In, typename OT, typename OF,     \
            typename Pred>                                                     \
  __host__ typename std::enable_if<                                            \
      device_callable<Pred &, ref_t<In>>::value, bool>::type                   \
  gpu_##NAME(priority<2>, R &result, P &, hipStream_t s, In first, In last,   \
             OT yes, OF no, Pred pred) {                                       \
    return split_copy(result, s, first, last - first, first, yes, no, pred);   \
  }                                                                            \
  template <typename R, typename P, typename In, typename St, typename OT,     \
            typename OF, typename Pred>                                        \
  __host__ typename std::enable_if<                                            \
      device_callable<Pred &, ref_t<St>>::value, bool>::type                   \
  gpu_##NAME(priority<2>, R &result, P &, hipStream_t s, In first, In last,   \
             St stencil, OT yes, OF no, Pred pred) {                           \
    return split_copy(result, s, first, last - first, stencil, yes, no, pred); \
  }
HIPC_THRUST_PARTITION_COPY(partition_copy)
HIPC_THRUST_PARTITION_COPY(stable_partition_copy)
#undef HIPC_THRUST_PARTITION_COPY

#undef HIPC_THRUST_SAME_OK
#undef HIPC_THRUST_SAME

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
