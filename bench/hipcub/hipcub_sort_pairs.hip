// DeviceRadixSort::SortPairs of 2^BENCH_HIPCUB_LOG2N (default 24) 32-bit
// keys with 32-bit values (each key's index), input to output. Checks the
// order, that every value follows its key and that equal keys keep their
// input order (the sort is stable).
#include <hipcub/hipcub.hpp>

#include <vector>

#include "hipcub_bench.h"

int main() {
  const unsigned n = 1u << env_int("BENCH_HIPCUB_LOG2N", 24);
  std::vector<unsigned> keys(n), vals(n);
  for (unsigned i = 0; i < n; ++i) {
    keys[i] = bench_key(i);
    vals[i] = i;
  }
  unsigned *kin, *kout, *vin, *vout;
  CHECK(hipMalloc(&kin, n * sizeof(unsigned)));
  CHECK(hipMalloc(&kout, n * sizeof(unsigned)));
  CHECK(hipMalloc(&vin, n * sizeof(unsigned)));
  CHECK(hipMalloc(&vout, n * sizeof(unsigned)));
  CHECK(hipMemcpy(kin, keys.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(vin, vals.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  size_t bytes = 0;
  CHECK(hipcub::DeviceRadixSort::SortPairs(nullptr, bytes, kin, kout, vin,
                                           vout, n));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  double ms = best_of(3, [&] {
    CHECK(hipcub::DeviceRadixSort::SortPairs(temp, bytes, kin, kout, vin,
                                             vout, n));
  });
  std::vector<unsigned> k(n), v(n);
  CHECK(hipMemcpy(k.data(), kout, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(v.data(), vout, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) {
    if (v[i] >= n || keys[v[i]] != k[i]) {
      std::printf("FAILED: value %u does not follow its key at %u\n", v[i], i);
      return 1;
    }
    if (i > 0 && (k[i - 1] > k[i] || (k[i - 1] == k[i] && v[i - 1] > v[i]))) {
      std::printf("FAILED: not sorted (or not stable) at %u\n", i);
      return 1;
    }
  }
  std::printf("RESULT hipcub_sort_pairs n=%u %.3f ms %.1f Mpairs/s\n", n, ms,
              n / ms / 1e3);
  return 0;
}
