/* thrust/system/hip/detail/gpu_reduce.h: reductions, scans, searches,
 * sorts and copy_if on a GPU's stream (gpu_launch.h).
 *
 * Reductions are hipCUB's DeviceReduce::Reduce over an iterator that
 * computes each index's term in the kernel (reduce, transform_reduce,
 * inner_product, count(_if), equal; min/max_element, find(_if),
 * all/any/none_of and is_sorted(_until) reduce indices); scans are DeviceScan's over the ranges as they are; sorts are
 * parallel.h's radix sorts, or, for other comparators and key types over
 * contiguous memory, a sort on a host copy (staged through hipMemcpy;
 * values that are not contiguous follow the keys' sorted indices); copy_if is flags, an exclusive scan of them and a scatter.
 * hipCUB combines in order, so operators need not commute. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/pair.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>
#include <thrust/system/hip/detail/gpu_launch.h>
#include <thrust/system/hip/detail/parallel.h>
#include <hipcub/device/device_reduce.hpp>
#include <hipcub/device/device_scan.hpp>
#include <algorithm>
#include <type_traits>
#include <vector>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

/* i → f(it[i]) and i → f(a[i], b[i]) as values of type T. */
template <typename It, typename F, typename T> struct term_at {
  It it;
  mutable F f;
  __host__ __device__ T operator()(long long i) const { return f(HIPC_THRUST_ITEM(it, i)); }
};
template <typename A, typename B, typename F, typename T> struct term2_at {
  A a;
  B b;
  mutable F f;
  __host__ __device__ T operator()(long long i) const {
    return f(HIPC_THRUST_ITEM(a, i), HIPC_THRUST_ITEM(b, i));
  }
};

template <typename Term>
using terms_t =
    thrust::transform_iterator<Term, thrust::counting_iterator<long long>>;
template <typename Term> __host__ terms_t<Term> terms(Term t) {
  return terms_t<Term>(thrust::counting_iterator<long long>(0), t);
}

/* op-reduction of in[0..n) from init, on `stream`. */
template <typename T, typename In, typename Op>
__host__ T reduce_any(hipStream_t stream, In in, long long n, T init, Op op) {
  if (n <= 0)
    return init;
  if (n > INT_MAX)
    unsupported_on_gpu("a reduction of more than INT_MAX items");
  device_buffer<T> out(1);
  run_hipcub(stream, [&](void *t, size_t &b) {
    return hipcub::DeviceReduce::Reduce(t, b, in, out.p, static_cast<int>(n),
                                        op, init, stream);
  });
  return read_back(out.p);
}

// reduce
template <typename R, typename P, typename It>
__host__ bool gpu_reduce(priority<1>, R &result, P &, hipStream_t s,
                         It first, It last) {
  typedef value_t<It> T;
  result.put(reduce_any(s, view(first), last - first, T(), thrust::plus<T>()));
  return true;
}
template <typename R, typename P, typename It, typename T>
__host__ bool gpu_reduce(priority<1>, R &result, P &, hipStream_t s,
                         It first, It last, T init) {
  result.put(reduce_any(s, view(first), last - first, init,
                        thrust::plus<T>()));
  return true;
}
template <typename R, typename P, typename It, typename T, typename Op>
__host__ typename std::enable_if<device_callable<Op &, T, T>::value,
                                 bool>::type
gpu_reduce(priority<1>, R &result, P &, hipStream_t s, It first, It last,
           T init, Op op) {
  result.put(reduce_any(s, view(first), last - first, init, op));
  return true;
}

// transform_reduce, inner_product
template <typename R, typename P, typename It, typename F, typename T,
          typename Op>
__host__ typename std::enable_if<device_callable<F &, ref_t<It>>::value &&
                                     device_callable<Op &, T, T>::value,
                                 bool>::type
gpu_transform_reduce(priority<1>, R &result, P &, hipStream_t s, It first,
                     It last, F f, T init, Op op) {
  result.put(reduce_any(s, terms(term_at<view_t<It>, F, T>{view(first), f}),
                        last - first, init, op));
  return true;
}
template <typename R, typename P, typename A, typename B, typename T,
          typename Op1, typename Op2>
__host__ typename std::enable_if<
    device_callable<Op2 &, ref_t<A>, ref_t<B>>::value &&
        device_callable<Op1 &, T, T>::value,
    bool>::type
gpu_inner_product(priority<1>, R &result, P &, hipStream_t s, A first1,
                  A last1, B first2, T init, Op1 op1, Op2 op2) {
  result.put(reduce_any(
      s, terms(term2_at<view_t<A>, view_t<B>, Op2, T>{view(first1),
                                                        view(first2), op2}),
      last1 - first1, init, op1));
  return true;
}
template <typename R, typename P, typename A, typename B, typename T>
__host__ bool gpu_inner_product(priority<1> p, R &result, P &exec,
                                hipStream_t s, A first1, A last1, B first2,
                                T init) {
  return gpu_inner_product(p, result, exec, s, first1, last1, first2, init,
                           thrust::plus<T>(), thrust::multiplies<T>());
}

// count, count_if, equal: sums of 0/1 terms
template <typename Pred> struct as_count {
  mutable Pred pred;
  bool negate;
  template <typename... X>
  __host__ __device__ long long operator()(X &&...x) const {
    return pred(static_cast<X &&>(x)...) != negate ? 1 : 0;
  }
};
template <typename T> struct equal_to_value {
  T value;
  template <typename X> __host__ __device__ bool operator()(const X &x) const {
    return x == value;
  }
};
template <typename It, typename Pred>
__host__ long long count_terms(hipStream_t s, It first, long long n,
                               Pred pred, bool negate) {
  typedef as_count<Pred> C;
  return reduce_any(s, terms(term_at<view_t<It>, C, long long>{
                           view(first), C{pred, negate}}),
                    n, 0LL, thrust::plus<long long>());
}
template <typename R, typename P, typename It, typename T>
__host__ bool gpu_count(priority<1>, R &result, P &, hipStream_t s, It first,
                        It last, const T &value) {
  result.put(static_cast<decltype(result.get())>(count_terms(
      s, first, last - first, equal_to_value<T>{value}, false)));
  return true;
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_count_if(priority<1>, R &result, P &, hipStream_t s, It first, It last,
             Pred pred) {
  result.put(static_cast<decltype(result.get())>(
      count_terms(s, first, last - first, pred, false)));
  return true;
}
template <typename R, typename P, typename A, typename B, typename Pred>
__host__ typename std::enable_if<
    device_callable<Pred &, ref_t<A>, ref_t<B>>::value, bool>::type
gpu_equal(priority<1>, R &result, P &, hipStream_t s, A first1, A last1,
          B first2, Pred pred) {
  typedef as_count<Pred> C;
  long long bad = reduce_any(
      s, terms(term2_at<view_t<A>, view_t<B>, C, long long>{
             view(first1), view(first2), C{pred, true}}),
      last1 - first1, 0LL, thrust::plus<long long>());
  result.put(bad == 0);
  return true;
}
template <typename R, typename P, typename A, typename B>
__host__ bool gpu_equal(priority<1> p, R &result, P &exec, hipStream_t s,
                        A first1, A last1, B first2) {
  return gpu_equal(p, result, exec, s, first1, last1, first2,
                   thrust::equal_to<value_t<A>>());
}

// min_element, max_element: the first best index
template <typename It, typename Comp, bool Max> struct best_index {
  It it;
  mutable Comp comp;
  __host__ __device__ long long operator()(long long a, long long b) const {
    bool take_b = Max ? comp(HIPC_THRUST_ITEM(it, a), HIPC_THRUST_ITEM(it, b))
                      : comp(HIPC_THRUST_ITEM(it, b), HIPC_THRUST_ITEM(it, a));
    return take_b ? b : a;
  }
};
template <bool Max, typename R, typename It, typename Comp>
__host__ bool extremum(R &result, hipStream_t s, It first, It last,
                       Comp comp) {
  typedef best_index<view_t<It>, Comp, Max> B;
  long long n = last - first;
  long long i = reduce_any(s, thrust::counting_iterator<long long>(0), n,
                           0LL, B{view(first), comp});
  result.put(n ? first + i : last);
  return true;
}
template <typename R, typename P, typename It, typename Comp>
__host__ typename std::enable_if<
    device_callable<Comp &, ref_t<It>, ref_t<It>>::value, bool>::type
gpu_min_element(priority<1>, R &result, P &, hipStream_t s, It first,
                It last, Comp comp) {
  return extremum<false>(result, s, first, last, comp);
}
template <typename R, typename P, typename It>
__host__ bool gpu_min_element(priority<1>, R &result, P &, hipStream_t s,
                              It first, It last) {
  return extremum<false>(result, s, first, last, thrust::less<value_t<It>>());
}
template <typename R, typename P, typename It, typename Comp>
__host__ typename std::enable_if<
    device_callable<Comp &, ref_t<It>, ref_t<It>>::value, bool>::type
gpu_max_element(priority<1>, R &result, P &, hipStream_t s, It first,
                It last, Comp comp) {
  return extremum<true>(result, s, first, last, comp);
}
template <typename R, typename P, typename It>
__host__ bool gpu_max_element(priority<1>, R &result, P &, hipStream_t s,
                              It first, It last) {
  return extremum<true>(result, s, first, last, thrust::less<value_t<It>>());
}

/* The least index i in [0, n) where hit(i) holds (n: none): a
 * min-reduction of the terms "i if hit(i), else n". find, mismatch and
 * is_sorted_until are this shape (gpu_search.h too). */
template <typename Hit> struct hit_index {
  Hit hit;
  long long none;
  __host__ __device__ long long operator()(long long i) const {
    return hit(i) ? i : none;
  }
};
template <typename Hit>
__host__ long long first_hit(hipStream_t s, long long n, Hit hit) {
  return reduce_any(s, terms(hit_index<Hit>{hit, n}), n, n,
                    thrust::minimum<long long>());
}

// find, find_if, find_if_not: the least index whose item matches (n: none)
template <typename It, typename Pred> struct found_at {
  It it;
  mutable Pred pred;
  bool negate;
  __host__ __device__ bool operator()(long long i) const {
    return pred(HIPC_THRUST_ITEM(it, i)) != negate;
  }
};
template <typename R, typename It, typename Pred>
__host__ bool find_first(R &result, hipStream_t s, It first, It last,
                         Pred pred, bool negate) {
  typedef found_at<view_t<It>, Pred> M;
  result.put(first + first_hit(s, last - first, M{view(first), pred, negate}));
  return true;
}
template <typename R, typename P, typename It, typename T>
__host__ bool gpu_find(priority<1>, R &result, P &, hipStream_t s, It first,
                       It last, const T &value) {
  return find_first(result, s, first, last, equal_to_value<T>{value}, false);
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_find_if(priority<1>, R &result, P &, hipStream_t s, It first, It last,
            Pred pred) {
  return find_first(result, s, first, last, pred, false);
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_find_if_not(priority<1>, R &result, P &, hipStream_t s, It first,
                It last, Pred pred) {
  return find_first(result, s, first, last, pred, true);
}

/* The comparator given, else the default one. */
template <typename C, typename... Rest>
__host__ C first_of(C c, Rest...) {
  return c;
}

// all_of, any_of, none_of: whether a match exists
template <typename It, typename Pred>
__host__ bool any_match(hipStream_t s, It first, It last, Pred pred,
                        bool negate) {
  parallel_result<It> found;
  find_first(found, s, first, last, pred, negate);
  return found.get() != last;
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_all_of(priority<1>, R &result, P &, hipStream_t s, It first, It last,
           Pred pred) {
  result.put(!any_match(s, first, last, pred, true));
  return true;
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_any_of(priority<1>, R &result, P &, hipStream_t s, It first, It last,
           Pred pred) {
  result.put(any_match(s, first, last, pred, false));
  return true;
}
template <typename R, typename P, typename It, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<It>>::value,
                                 bool>::type
gpu_none_of(priority<1>, R &result, P &, hipStream_t s, It first, It last,
            Pred pred) {
  result.put(!any_match(s, first, last, pred, false));
  return true;
}

// is_sorted_until, is_sorted: the first i with comp(it[i], it[i - 1])
template <typename It, typename Comp> struct descent_at {
  It it;
  mutable Comp comp;
  __host__ __device__ bool operator()(long long i) const {
    return comp(HIPC_THRUST_ITEM(it, i + 1), HIPC_THRUST_ITEM(it, i));
  }
};
template <typename It, typename Comp>
__host__ It sorted_until(hipStream_t s, It first, It last, Comp comp) {
  long long n = last - first;
  if (n < 2)
    return last;
  typedef descent_at<view_t<It>, Comp> D;
  return first + 1 + first_hit(s, n - 1, D{view(first), comp});
}
template <typename R, typename P, typename It, typename... Comp>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Comp>()...,
                                      thrust::less<value_t<It>>())) &,
                    ref_t<It>, ref_t<It>>::value,
    bool>::type
gpu_is_sorted_until(priority<1>, R &result, P &, hipStream_t s, It first,
                    It last, Comp... comp) {
  result.put(sorted_until(s, first, last,
                          first_of(comp..., thrust::less<value_t<It>>())));
  return true;
}
template <typename R, typename P, typename It, typename... Comp>
__host__ typename std::enable_if<
    device_callable<decltype(first_of(std::declval<Comp>()...,
                                      thrust::less<value_t<It>>())) &,
                    ref_t<It>, ref_t<It>>::value,
    bool>::type
gpu_is_sorted(priority<1>, R &result, P &, hipStream_t s, It first, It last,
              Comp... comp) {
  result.put(sorted_until(s, first, last,
                          first_of(comp..., thrust::less<value_t<It>>())) ==
             last);
  return true;
}

// inclusive_scan, exclusive_scan: DeviceScan over the ranges as they are
template <typename R, typename P, typename In, typename Out, typename Op>
__host__ typename std::enable_if<
    device_callable<Op &, value_t<In>, value_t<In>>::value, bool>::type
gpu_inclusive_scan(priority<1>, R &result, P &, hipStream_t s, In first,
                   In last, Out out, Op op) {
  long long n = last - first;
  if (n > INT_MAX)
    return false;
  auto in = view(first);
  auto o = view(out);
  if (n > 0)
    run_hipcub(s, [&](void *t, size_t &b) {
      return hipcub::DeviceScan::InclusiveScan(t, b, in, o, op,
                                               static_cast<int>(n), s);
    });
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename Out>
__host__ bool gpu_inclusive_scan(priority<1> p, R &result, P &exec,
                                 hipStream_t s, In first, In last, Out out) {
  return gpu_inclusive_scan(p, result, exec, s, first, last, out,
                            thrust::plus<value_t<In>>());
}
template <typename R, typename P, typename In, typename Out, typename T,
          typename Op>
__host__ typename std::enable_if<device_callable<Op &, T, T>::value,
                                 bool>::type
gpu_exclusive_scan(priority<1>, R &result, P &, hipStream_t s, In first,
                   In last, Out out, T init, Op op) {
  long long n = last - first;
  if (n > INT_MAX)
    return false;
  auto in = view(first);
  auto o = view(out);
  if (n > 0)
    run_hipcub(s, [&](void *t, size_t &b) {
      return hipcub::DeviceScan::ExclusiveScan(t, b, in, o, op, init,
                                               static_cast<int>(n), s);
    });
  result.put(out + n);
  return true;
}
template <typename R, typename P, typename In, typename Out, typename T>
__host__ bool gpu_exclusive_scan(priority<1> p, R &result, P &exec,
                                 hipStream_t s, In first, In last, Out out,
                                 T init) {
  return gpu_exclusive_scan(p, result, exec, s, first, last, out, init,
                            thrust::plus<T>());
}
template <typename R, typename P, typename In, typename Out>
__host__ bool gpu_exclusive_scan(priority<1> p, R &result, P &exec,
                                 hipStream_t s, In first, In last, Out out) {
  typedef value_t<In> T;
  return gpu_exclusive_scan(p, result, exec, s, first, last, out, T(),
                            thrust::plus<T>());
}

// copy_if: flags, their exclusive scan (the output slots), a scatter
template <typename St, typename Pred> struct flag_op {
  St stencil;
  Pred pred;
  int *flags;
  __host__ __device__ void operator()(long long i) {
    flags[i] = pred(HIPC_THRUST_ITEM(stencil, i)) ? 1 : 0;
  }
};
template <typename In, typename Out> struct compact_op {
  In in;
  const int *flags, *slots;
  Out out;
  __host__ __device__ void operator()(long long i) {
    if (flags[i])
      out[slots[i]] = in[i];
  }
};
/* On the CPU device (unless HIPC_THRUST_KERNELS=1 asks for the GPU's
 * paths): each chunk counts its matches, the host sums the counts before
 * each chunk, each chunk writes its matches from there (no flags). */
template <typename St, typename Pred> struct chunk_count_op {
  St stencil;
  Pred pred;
  long long *counts;
  __host__ __device__ void operator()(long long b, long long i,
                                      long long end) {
    long long c = 0;
    for (; i < end; ++i)
      c += pred(HIPC_THRUST_ITEM(stencil, i)) ? 1 : 0;
    counts[b] = c;
  }
};
template <typename In, typename St, typename Out, typename Pred>
struct chunk_compact_op {
  In in;
  St stencil;
  Pred pred;
  const long long *starts;
  Out out;
  __host__ __device__ void operator()(long long b, long long i,
                                      long long end) {
    long long o = starts[b];
    for (; i < end; ++i)
      if (pred(HIPC_THRUST_ITEM(stencil, i)))
        out[o++] = in[i];
  }
};
template <typename In, typename St, typename Out, typename Pred>
__host__ long long compact_chunks(hipStream_t s, In first, long long n,
                                  St stencil, Out out, Pred pred) {
  chunking c = cpu_chunks(n);
  device_buffer<long long> counts(static_cast<size_t>(c.count));
  launch_chunks(s, n, c, chunk_count_op<view_t<St>, Pred>{view(stencil), pred,
                                                          counts.p});
  finish(s);
  std::vector<long long> starts(static_cast<size_t>(c.count));
  copy_indices(s, counts.p, c.count, starts.data());
  long long total = 0;
  for (long long &x : starts) {
    long long count = x;
    x = total;
    total += count;
  }
  copy_indices(s, starts.data(), c.count, counts.p);
  launch_chunks(s, n, c,
                chunk_compact_op<view_t<In>, view_t<St>, view_t<Out>, Pred>{
                    view(first), view(stencil), pred, counts.p, view(out)});
  finish(s);
  return total;
}

template <typename In, typename St, typename Out, typename Pred>
__host__ long long compact(hipStream_t s, In first, long long n, St stencil,
                           Out out, Pred pred) {
  if (n <= 0)
    return 0;
  if (thrust_kernels_setting() != 1 && cpu_stream(s))
    return compact_chunks(s, first, n, stencil, out, pred);
  if (n > INT_MAX)
    unsupported_on_gpu("thrust::copy_if of more than INT_MAX items");
  device_buffer<int> flags(n), slots(n);
  launch_indices(s, n, flag_op<view_t<St>, Pred>{view(stencil), pred,
                                                 flags.p});
  run_hipcub(s, [&](void *t, size_t &b) {
    return hipcub::DeviceScan::ExclusiveSum(t, b, flags.p, slots.p,
                                            static_cast<int>(n), s);
  });
  launch_indices(s, n, compact_op<view_t<In>, view_t<Out>>{
                           view(first), flags.p, slots.p, view(out)});
  finish(s);
  return read_back(slots.p + n - 1) + read_back(flags.p + n - 1);
}
template <typename R, typename P, typename In, typename Out, typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<In>>::value,
                                 bool>::type
gpu_copy_if(priority<1>, R &result, P &, hipStream_t s, In first, In last,
            Out out, Pred pred) {
  result.put(out + compact(s, first, last - first, first, out, pred));
  return true;
}
template <typename R, typename P, typename In, typename St, typename Out,
          typename Pred>
__host__ typename std::enable_if<device_callable<Pred &, ref_t<St>>::value,
                                 bool>::type
gpu_copy_if(priority<1>, R &result, P &, hipStream_t s, In first, In last,
            St stencil, Out out, Pred pred) {
  result.put(out + compact(s, first, last - first, stencil, out, pred));
  return true;
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
