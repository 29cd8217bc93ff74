// DeviceReduce::Sum of 2^BENCH_HIPCUB_LOG2N (default 24) ints into a
// long long.
#include <hipcub/hipcub.hpp>

#include <vector>

#include "hipcub_bench.h"

int main() {
  const unsigned n = 1u << env_int("BENCH_HIPCUB_LOG2N", 24);
  std::vector<int> v(n);
  long long want = 0;
  for (unsigned i = 0; i < n; ++i) want += v[i] = int(bench_key(i) % 1000);
  int* in;
  long long* out;
  CHECK(hipMalloc(&in, n * sizeof(int)));
  CHECK(hipMalloc(&out, sizeof(long long)));
  CHECK(hipMemcpy(in, v.data(), n * sizeof(int), hipMemcpyHostToDevice));
  size_t bytes = 0;
  CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, in, out, n));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  double ms = best_of(5, [&] {
    CHECK(hipcub::DeviceReduce::Sum(temp, bytes, in, out, n));
  });
  long long got;
  CHECK(hipMemcpy(&got, out, sizeof got, hipMemcpyDeviceToHost));
  if (got != want) {
    std::printf("FAILED: %lld != %lld\n", got, want);
    return 1;
  }
  std::printf("RESULT hipcub_reduce n=%u %.3f ms %.1f GB/s\n", n, ms, 4.0 * n / ms / 1e6);
  return 0;
}
