// Thrust algorithms with user functors on the CPU device, 2^BENCH_HIPCUB_LOG2N
// (default 24) ints in device_vectors: Thrust's sequential loop over raw
// pointers (thrust::cpp::par) against thrust::device, best of BENCH_REPS
// (default 5) each, in one run; checks that both agree. thrust::device
// takes the kernel paths on the CPU device's workers for copy_if and
// reduce (docs/thrust.md), for all four with HIPC_THRUST_KERNELS=1, and
// the CPP path over device_vector iterators for none with
// HIPC_THRUST_KERNELS=0 (what it did before). Prints one line per
// algorithm and a RESULT line (thrust::device's total).
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/reduce.h>
#include <thrust/system/cpp/execution_policy.h>
#include <thrust/transform.h>

#include <vector>

#include "../hipcub/hipcub_bench.h"

struct mix {
  __host__ __device__ int operator()(int x) const { return (x ^ (x >> 7)) * 3 + 1; }
};
struct bump {
  __host__ __device__ void operator()(int &x) const { x = x * 5 + 7; }
};
struct odd_low {
  __host__ __device__ bool operator()(int x) const { return (x & 0x101) == 1; }
};
struct keep_max_low {
  __host__ __device__ int operator()(int a, int b) const {
    return (a & 0xffff) > (b & 0xffff) ? a : b;
  }
};

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s: the paths disagree\n", what);
    failures++;
  }
}

int main() {
  const int n = 1 << env_int("BENCH_HIPCUB_LOG2N", 24);
  const int reps = env_int("BENCH_REPS", 5);
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = static_cast<int>(bench_key(i));
  thrust::device_vector<int> in(h.begin(), h.end()), a(n), b(n);
  int *pin = thrust::raw_pointer_cast(in.data());
  int *pa = thrust::raw_pointer_cast(a.data());
  int *pb = thrust::raw_pointer_cast(b.data());
  double total = 0;
  auto row = [&](const char *name, double cpp, double kern) {
    std::printf("%-10s cpp %8.2f ms  device %8.2f ms  device/cpp %.2f\n",
                name, cpp, kern, kern / cpp);
    total += kern;
  };

  double c = best_of(reps, [&] {
    thrust::transform(thrust::cpp::par, pin, pin + n, pa, mix());
  });
  double k = best_of(reps, [&] {
    thrust::transform(thrust::device, in.begin(), in.end(), b.begin(), mix());
  });
  row("transform", c, k);
  expect(a == b, "transform");

  c = best_of(reps, [&] { thrust::for_each(thrust::cpp::par, pa, pa + n, bump()); });
  k = best_of(reps, [&] { thrust::for_each(thrust::device, b.begin(), b.end(), bump()); });
  row("for_each", c, k);
  expect(a == b, "for_each");

  long long cn = 0, kn = 0;
  c = best_of(reps, [&] {
    cn = thrust::copy_if(thrust::cpp::par, pin, pin + n, pa, odd_low()) - pa;
  });
  k = best_of(reps, [&] {
    kn = thrust::copy_if(thrust::device, in.begin(), in.end(), b.begin(),
                         odd_low()) - b.begin();
  });
  row("copy_if", c, k);
  expect(cn == kn && thrust::equal(thrust::cpp::par, pa, pa + cn, pb), "copy_if");

  int cr = 0, kr = 0;
  c = best_of(reps, [&] {
    cr = thrust::reduce(thrust::cpp::par, pin, pin + n, 0, keep_max_low());
  });
  k = best_of(reps, [&] {
    kr = thrust::reduce(thrust::device, in.begin(), in.end(), 0, keep_max_low());
  });
  row("reduce", c, k);
  expect(cr == kr, "reduce");

  if (failures)
    return 1;
  std::printf("RESULT thrust_functor n=%d %.3f ms\n", n, total);
  return 0;
}
