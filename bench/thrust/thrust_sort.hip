// thrust::sort of a device_vector of 2^BENCH_HIPCUB_LOG2N (default 24)
// 32-bit keys (the hip system's parallel path: hipCUB's radix sort). Each
// rep copies the unsorted keys in (hipMemcpy, device to device) and sorts
// them, so the time includes one 64 MiB copy the reference does not make.
// Checks order and the keys' sum.
#include <thrust/device_vector.h>
#include <thrust/sort.h>

#include <vector>

#include "../hipcub/hipcub_bench.h"

int main() {
  const unsigned n = 1u << env_int("BENCH_HIPCUB_LOG2N", 24);
  std::vector<unsigned> keys(n);
  unsigned long long sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += keys[i] = bench_key(i);
  thrust::device_vector<unsigned> in(keys.begin(), keys.end()), d(n);
  double ms = best_of(3, [&] {
    CHECK(hipMemcpy(thrust::raw_pointer_cast(d.data()),
                    thrust::raw_pointer_cast(in.data()), n * sizeof(unsigned),
                    hipMemcpyDeviceToDevice));
    thrust::sort(d.begin(), d.end());
  });
  CHECK(hipMemcpy(keys.data(), thrust::raw_pointer_cast(d.data()),
                  n * sizeof(unsigned), hipMemcpyDeviceToHost));
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
  std::printf("RESULT thrust_sort n=%u %.3f ms %.1f Mkeys/s\n", n, ms, n / ms / 1e3);
  return 0;
}
