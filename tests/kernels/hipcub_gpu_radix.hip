// hipCUB's GPU-shaped DeviceRadixSort (include/hipcub/device/detail/
// gpu_onesweep.hpp) against std::stable_sort: sizes around its tile (4096)
// and block (256) edges, signed keys in descending order, 64-bit keys, a
// bit range with a short last pass, pairs (stability).
// hipcub_device and hipcub_device2 cover the other key types and
// DoubleBuffer (with HIPCUB_GPU_KERNELS=1 on these kernels too). GPUs take
// these kernels by default; the CPU device here, as main sets
// HIPCUB_GPU_KERNELS=1 (unless it is set already).
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hipcub_gpu_common.h"

// Pairs sorted by key (stable) against std::stable_sort of the indices;
// descending when DESC, bits [lo, hi) only.
template <typename K, bool DESC>
static void test_radix(long long n, int lo, int hi, hipStream_t s) {
  std::vector<K> k(n);
  std::vector<int> v(n);
  for (long long i = 0; i < n; ++i) {
    unsigned r = unsigned(i * 2654435761u) >> 7;
    if (std::is_floating_point<K>::value)
      k[i] = K(int(r % 2001) - 1000) / K(8);
    else
      k[i] = K(r % 100003u) - K(std::is_signed<K>::value ? 50000 : 0);
    v[i] = int(i);
  }
  K *dk = upload(k), *dko;
  int *dv = upload(v), *dvo;
  HIP_CHECK(hipMalloc(&dko, n * sizeof(K) + 1));
  HIP_CHECK(hipMalloc(&dvo, n * sizeof(int) + 1));
  int ni = int(n);
  two_call([&](void* t, size_t& b) {
    return DESC ? hipcub::DeviceRadixSort::SortPairsDescending(
                      t, b, dk, dko, dv, dvo, ni, lo, hi, s)
                : hipcub::DeviceRadixSort::SortPairs(t, b, dk, dko, dv, dvo,
                                                     ni, lo, hi, s);
  }, s);
  // the host: the same ordering of the keys' bits [lo, hi)
  typedef typename hipcub::detail::radix_key<K>::bits Bits;
  auto digits = [&](K x) {
    Bits b = hipcub::detail::radix_key<K>::encode(x);
    if (DESC) b = Bits(~b);
    int w = hi - lo;
    return w >= int(sizeof(Bits) * 8) ? b
                                      : Bits((b >> lo) & ((Bits(1) << w) - 1));
  };
  std::vector<int> idx(n);
  for (long long i = 0; i < n; ++i) idx[i] = int(i);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](int a, int b) { return digits(k[a]) < digits(k[b]); });
  std::vector<K> ko = download(dko, n);
  std::vector<int> vo = download(dvo, n);
  int bad = 0;
  for (long long i = 0; i < n; ++i)
    bad += std::memcmp(&ko[i], &k[idx[i]], sizeof(K)) != 0 || vo[i] != idx[i];
  CHECK_EQ(bad, 0);
  if (bad) std::fprintf(stderr, "  (radix n = %lld, bits %d-%d)\n", n, lo, hi);
  HIP_CHECK(hipFree(dk)); HIP_CHECK(hipFree(dko));
  HIP_CHECK(hipFree(dv)); HIP_CHECK(hipFree(dvo));
}

int main() {
  setenv("HIPCUB_GPU_KERNELS", "1", 0);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  // tile edges: 256 threads x 16 or 24 keys
  const long long sizes[] = {1, 255, 4095, 4096, 4097, 6143, 6144, 6145,
                             100003};
  for (long long n : sizes) {
    test_radix<unsigned, false>(n, 0, 32, s);
    test_radix<int, true>(n, 0, 32, s);
  }
  test_radix<unsigned, false>(70001, 4, 17, s);  // a 5-bit last pass
  test_radix<long long, false>(4097, 0, 64, s);
  test_radix<long long, true>(100003, 0, 64, s);
  HIP_CHECK(hipStreamDestroy(s));
  return test_summary("hipcub_gpu_radix");
}
