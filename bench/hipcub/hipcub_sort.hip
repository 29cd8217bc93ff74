// DeviceRadixSort::SortKeys of 2^BENCH_HIPCUB_LOG2N (default 24) 32-bit
// keys, input to output (the input stays unsorted, so every rep sorts the
// same keys). Checks order and the keys' sum.
#include <hipcub/hipcub.hpp>

#include <vector>

#include "hipcub_bench.h"

int main() {
  const unsigned n = 1u << env_int("BENCH_HIPCUB_LOG2N", 24);
  std::vector<unsigned> keys(n);
  unsigned long long sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += keys[i] = bench_key(i);
  unsigned *in, *out;
  CHECK(hipMalloc(&in, n * sizeof(unsigned)));
  CHECK(hipMalloc(&out, n * sizeof(unsigned)));
  CHECK(hipMemcpy(in, keys.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  size_t bytes = 0;
  CHECK(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, in, out, n));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  double ms = best_of(3, [&] {
    CHECK(hipcub::DeviceRadixSort::SortKeys(temp, bytes, in, out, n));
  });
  CHECK(hipMemcpy(keys.data(), out, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  unsigned long long got = keys[0];
  for (unsigned i = 1; i < n; ++i) {
    got += keys[i];
    if (keys[i - 1] > keys[i]) {
      std::printf("FAILED: not sorted at %u\n", i);
      return 1;
    }
  }
  if (got != sum) {
    std::printf("FAILED: sum %llu != %llu\n", got, sum);
    return 1;
  }
  std::printf("RESULT hipcub_sort n=%u %.3f ms %.1f Mkeys/s\n", n, ms, n / ms / 1e3);
  return 0;
}
