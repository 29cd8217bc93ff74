/* thrust/system/hip/detail/gpu_sort.h: sort, stable_sort, sort_by_key,
 * stable_sort_by_key on a GPU's stream: parallel.h's radix sorts (hipCUB)
 * for arithmetic keys with less/greater; otherwise, over contiguous
 * memory, a stable sort of a host copy (hipMemcpy both ways); values that
 * are not contiguous (a zip_iterator) follow the keys' sorted indices;
 * keys that are not contiguous are sorted as a contiguous device copy. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/functional.h>
#include <thrust/system/hip/detail/gpu_elementwise.h>
#include <thrust/system/hip/detail/gpu_reduce.h>
#include <thrust/system/hip/detail/parallel.h>
#include <algorithm>
#include <type_traits>
#include <vector>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

// sorts: hipCUB's radix sort, else the CPP sort of a host copy
template <typename It> struct host_copy {
  typedef typename contiguous<It>::value_type T;
  std::vector<T> items;
  T *device;
  /* A kernel cannot reach the host's vector on a GPU: copy_to_host and
   * copy_from_host stage what one hipMemcpy cannot copy. */
  __host__ host_copy(hipStream_t s, It first, long long n)
      : items(static_cast<size_t>(n)), device(contiguous<It>::raw(first)) {
    copy_to_host(s, device, n, items.data());
  }
  __host__ void put_back(hipStream_t s) {
    copy_from_host(s, items.data(), static_cast<long long>(items.size()),
                   device);
  }
};
/* The indices of `k` in stable sorted order (ties by index). */
template <typename T, typename Less>
__host__ std::vector<size_t> stable_order(const std::vector<T> &k,
                                          Less less) {
  std::vector<size_t> order(k.size());
  for (size_t i = 0; i < order.size(); i++)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return less(k[a], k[b]) || (!less(k[b], k[a]) && a < b);
  });
  return order;
}

template <typename It, typename... Comp>
__host__ typename std::enable_if<contiguous<It>::value, bool>::type
staged_sort(hipStream_t s, It first, It last, Comp... comp) {
  host_copy<It> keys(s, first, last - first);
  auto &k = keys.items;
  auto less = first_of(comp..., thrust::less<typename host_copy<It>::T>());
  std::vector<size_t> order = stable_order(k, less);
  auto k0 = k;
  for (size_t i = 0; i < order.size(); i++)
    k[i] = k0[order[i]];
  keys.put_back(s);
  return true;
}
/* Keys that are not contiguous (a zip_iterator): a contiguous device copy
 * is sorted (radix or staged), then copied back. */
template <typename It, typename... Comp>
__host__ typename std::enable_if<!contiguous<It>::value, bool>::type
staged_sort(hipStream_t s, It first, It last, Comp... comp) {
  typedef value_t<It> K;
  long long n = last - first;
  device_buffer<K> keys(static_cast<size_t>(n));
  copy_indices(s, first, n, keys.p);
  parallel_result<void> done;
  if (!parallel_sort(priority<2>(), done, s, keys.p, keys.p + n, comp...) &&
      !staged_sort(s, keys.p, keys.p + n, comp...))
    return false;
  copy_indices(s, keys.p, n, first);
  return true;
}
template <typename It, typename V, typename... Comp>
__host__ typename std::enable_if<
    contiguous<It>::value && contiguous<V>::value, bool>::type
staged_sort_by_key(hipStream_t s, It first, It last, V values,
                   Comp... comp) {
  host_copy<It> keys(s, first, last - first);
  host_copy<V> vals(s, values, last - first);
  auto &k = keys.items;
  auto less = first_of(comp..., thrust::less<typename host_copy<It>::T>());
  std::vector<size_t> order = stable_order(k, less);
  auto k0 = k;
  auto v0 = vals.items;
  for (size_t i = 0; i < order.size(); i++) {
    k[i] = k0[order[i]];
    vals.items[i] = v0[order[i]];
  }
  keys.put_back(s);
  vals.put_back(s);
  return true;
}
template <typename It, typename V, typename... Comp>
__host__ typename std::enable_if<
    !(contiguous<It>::value && contiguous<V>::value), bool>::type
staged_sort_by_key(hipStream_t, It, It, V, Comp...) {
  return false;
}

template <typename R, typename P, typename It, typename... Comp>
__host__ bool gpu_sort(priority<1>, R &result, P &, hipStream_t s, It first,
                       It last, Comp... comp) {
  if (parallel_sort(priority<2>(), result, s, first, last, comp...))
    return true;
  return staged_sort(s, first, last, comp...);
}
template <typename R, typename P, typename It, typename... Comp>
__host__ bool gpu_stable_sort(priority<1> p, R &result, P &exec,
                              hipStream_t s, It first, It last,
                              Comp... comp) {
  return gpu_sort(p, result, exec, s, first, last, comp...);
}
/* Values that are not contiguous (a zip_iterator): the keys are sorted
 * with their indices, then the values gathered through them. */
template <typename R, typename It, typename V, typename... Comp>
__host__ typename std::enable_if<contiguous<It>::value &&
                                     !contiguous<V>::value,
                                 bool>::type
sort_by_key_indices(R &result, hipStream_t s, It first, It last, V values,
                    Comp... comp) {
  typedef value_t<V> T;
  long long n = last - first;
  if (n > INT_MAX)
    return false;
  device_buffer<int> order(n);
  device_buffer<T> moved(n);
  launch_indices(s, n, sequence_op<int *, int>{order.p, 0, 1});
  finish(s);
  if (!parallel_sort_by_key(priority<2>(), result, s, first, last, order.p,
                            comp...) &&
      !staged_sort_by_key(s, first, last, order.p, comp...))
    return false;
  launch_indices(s, n, gather_op<int *, view_t<V>, T *>{order.p, view(values),
                                                        moved.p});
  launch_indices(s, n, copy_op<T *, view_t<V>>{moved.p, view(values)});
  finish(s);
  return true;
}
template <typename R, typename It, typename V, typename... Comp>
__host__ typename std::enable_if<!contiguous<It>::value ||
                                     contiguous<V>::value,
                                 bool>::type
sort_by_key_indices(R &, hipStream_t, It, It, V, Comp...) {
  return false;
}

template <typename R, typename P, typename It, typename V, typename... Comp>
__host__ bool gpu_sort_by_key(priority<1>, R &result, P &, hipStream_t s,
                              It first, It last, V values, Comp... comp);
/* Keys that are not contiguous: sorted as a contiguous device copy, with
 * the values, then copied back. */
template <typename R, typename It, typename V, typename... Comp>
__host__ typename std::enable_if<!contiguous<It>::value, bool>::type
sort_scattered_keys(R &result, hipStream_t s, It first, It last, V values,
                    Comp... comp) {
  typedef value_t<It> K;
  long long n = last - first;
  device_buffer<K> keys(static_cast<size_t>(n));
  copy_indices(s, first, n, keys.p);
  int unused = 0;
  if (!gpu_sort_by_key(priority<1>(), result, unused, s, keys.p, keys.p + n,
                       values, comp...))
    return false;
  copy_indices(s, keys.p, n, first);
  return true;
}
template <typename R, typename It, typename V, typename... Comp>
__host__ typename std::enable_if<contiguous<It>::value, bool>::type
sort_scattered_keys(R &, hipStream_t, It, It, V, Comp...) {
  return false;
}

template <typename R, typename P, typename It, typename V, typename... Comp>
__host__ bool gpu_sort_by_key(priority<1>, R &result, P &, hipStream_t s,
                              It first, It last, V values, Comp... comp) {
  if (parallel_sort_by_key(priority<2>(), result, s, first, last, values,
                           comp...))
    return true;
  if (staged_sort_by_key(s, first, last, values, comp...))
    return true;
  if (sort_by_key_indices(result, s, first, last, values, comp...))
    return true;
  return sort_scattered_keys(result, s, first, last, values, comp...);
}
template <typename R, typename P, typename It, typename V, typename... Comp>
__host__ bool gpu_stable_sort_by_key(priority<1> p, R &result, P &exec,
                                     hipStream_t s, It first, It last,
                                     V values, Comp... comp) {
  return gpu_sort_by_key(p, result, exec, s, first, last, values, comp...);
}

} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
