// DeviceScan::InclusiveSum of 2^BENCH_HIPCUB_LOG2N (default 24) ints.
#include <hipcub/hipcub.hpp>

#include <vector>

#include "hipcub_bench.h"

int main() {
  const unsigned n = 1u << env_int("BENCH_HIPCUB_LOG2N", 24);
  std::vector<int> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = int(bench_key(i) % 16);
  int *in, *out;
  CHECK(hipMalloc(&in, n * sizeof(int)));
  CHECK(hipMalloc(&out, n * sizeof(int)));
  CHECK(hipMemcpy(in, v.data(), n * sizeof(int), hipMemcpyHostToDevice));
  size_t bytes = 0;
  CHECK(hipcub::DeviceScan::InclusiveSum(nullptr, bytes, in, out, n));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  double ms = best_of(5, [&] {
    CHECK(hipcub::DeviceScan::InclusiveSum(temp, bytes, in, out, n));
  });
  std::vector<int> got(n);
  CHECK(hipMemcpy(got.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
  int run = 0;
  for (unsigned i = 0; i < n; ++i) {
    run += v[i];
    if (got[i] != run) {
      std::printf("FAILED at %u: %d != %d\n", i, got[i], run);
      return 1;
    }
  }
  std::printf("RESULT hipcub_scan n=%u %.3f ms %.1f GB/s\n", n, ms, 8.0 * n / ms / 1e6);
  return 0;
}
