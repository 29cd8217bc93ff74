// hipCUB's GPU-shaped DeviceReduce and DeviceScan kernels
// (include/hipcub/device/detail/gpu_reduce_scan.hpp, gpu_scan.hpp) against
// host loops: sizes around their edges (a warp's 512 or 1024 items in
// reduce, the scan's tiles of 256 threads x 11-19 items; 100+ tiles look
// back), an operator that is associative but not commutative (affine maps
// composed), inits. GPUs take these kernels by default; the CPU device
// takes them here because main sets HIPCUB_GPU_KERNELS=1 (unless it is set
// already).
#include <hipcub/hipcub.hpp>

#include <cstdlib>
#include <vector>

#include "hipcub_gpu_common.h"

// x -> a x + b, composed: (f then g)(x) = g(f(x)); modular in 32 bits.
struct Affine {
  unsigned a, b;
};
struct Compose {
  __host__ __device__ Affine operator()(const Affine& f,
                                        const Affine& g) const {
    return Affine{g.a * f.a, g.a * f.b + g.b};
  }
};

static void test_size(long long n, hipStream_t s) {
  std::vector<int> v(n);
  std::vector<Affine> f(n);
  for (long long i = 0; i < n; ++i) {
    v[i] = int((i * 2654435761u) % 2001) - 1000;
    f[i] = Affine{unsigned(i * 2 + 1), unsigned(i * 7 + 3)};
  }
  int* dv = upload(v);
  Affine* df = upload(f);
  long long* dsum;
  int *dmin, *dout;
  Affine *dfo, *dfr;
  HIP_CHECK(hipMalloc(&dsum, sizeof(long long)));
  HIP_CHECK(hipMalloc(&dmin, sizeof(int)));
  HIP_CHECK(hipMalloc(&dfr, sizeof(Affine)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int) + 1));
  HIP_CHECK(hipMalloc(&dfo, n * sizeof(Affine) + 1));
  int ni = int(n);
  // reduce: sum into long long, min, and a composition with an init
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Sum(t, b, dv, dsum, ni, s);
  }, s);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Min(t, b, dv, dmin, ni, s);
  }, s);
  Affine id{1, 0}, seed{3, 5};
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceReduce::Reduce(t, b, df, dfr, ni, Compose(), seed,
                                        s);
  }, s);
  long long sum = 0;
  int mn = 2147483647;
  Affine all = seed;
  for (long long i = 0; i < n; ++i) {
    sum += v[i];
    mn = v[i] < mn ? v[i] : mn;
    all = Compose()(all, f[i]);
  }
  CHECK_EQ(download(dsum, 1)[0], sum);
  CHECK_EQ(download(dmin, 1)[0], mn);
  // the composition's order matters; a commuted reduce would differ
  Affine got = download(dfr, 1)[0];
  (void)id;
  if (n > 0) {
    CHECK_EQ(got.a, all.a);
    CHECK_EQ(got.b, all.b);
  }
  // scans: inclusive sum, exclusive sum with init, inclusive composition
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::InclusiveSum(t, b, dv, dout, ni, s);
  }, s);
  std::vector<int> out = download(dout, n);
  int run = 0, bad = 0;
  for (long long i = 0; i < n; ++i) {
    run += v[i];
    bad += out[i] != run;
  }
  CHECK_EQ(bad, 0);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::ExclusiveScan(t, b, dv, dout, hipcub::Sum(),
                                             7, ni, s);
  }, s);
  out = download(dout, n);
  run = 7;
  bad = 0;
  for (long long i = 0; i < n; ++i) {
    bad += out[i] != run;
    run += v[i];
  }
  CHECK_EQ(bad, 0);
  two_call([&](void* t, size_t& b) {
    return hipcub::DeviceScan::InclusiveScan(t, b, df, dfo, Compose(), ni,
                                             s);
  }, s);
  std::vector<Affine> fo = download(dfo, n);
  Affine acc{1, 0};
  bad = 0;
  for (long long i = 0; i < n; ++i) {
    acc = i ? Compose()(acc, f[i]) : f[i];
    bad += fo[i].a != acc.a || fo[i].b != acc.b;
  }
  CHECK_EQ(bad, 0);
  if (bad) std::fprintf(stderr, "  (n = %lld)\n", n);
  HIP_CHECK(hipFree(dv)); HIP_CHECK(hipFree(df)); HIP_CHECK(hipFree(dsum));
  HIP_CHECK(hipFree(dmin)); HIP_CHECK(hipFree(dfr)); HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dfo));
}

int main() {
  setenv("HIPCUB_GPU_KERNELS", "1", 0);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  CHECK(hipcub::detail::gpu::use_gpu_kernels(s));
  // also the scan's tile edges: 256 threads x 11, 15 or 19 items
  const long long sizes[] = {1,    2,    255,  256,  257,   511,
                             513,  2047, 2048, 2049, 2815,  2816,
                             2817, 3839, 3840, 3841, 4095,  4096,
                             4097, 4863, 4864, 4865, 70001, (1 << 19) + 3};
  for (long long n : sizes) test_size(n, s);
  HIP_CHECK(hipStreamDestroy(s));
  return test_summary("hipcub_gpu_kernels");
}
