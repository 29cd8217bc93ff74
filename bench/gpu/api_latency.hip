// Per-call latency of the runtime calls a short HIP program makes in a loop
// (HeCBench collision's round: a small allocation, a copy to it, a launch,
// a copy from a __device__ symbol, the free), built by hipcc and (through
// bench/gpu/cuda_shim) by nvcc from this same source. Each case prints
// "RESULT <case> <us> us/call", the best of BENCH_REPS (5) rounds of
// BENCH_CALLS (200) calls:
//   malloc_free  hipMalloc(4 KiB) + hipFree
//   h2d_4k       hipMemcpy 4 KiB host (pageable) to device
//   d2h_128      hipMemcpy 128 B device to host (pageable)
//   from_symbol  hipMemcpyFromSymbol 128 B
//   launch_sync  an empty kernel launch + hipDeviceSynchronize
//   round        collision's round: all of the above, once each
#include "gpu_bench.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

__device__ int flags[32];

__global__ void touch(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && p[i] < 0) flags[i & 31] = 1;
}

static int env_int(const char* name, int dflt) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : dflt;
}

enum Case { kMallocFree, kH2D, kD2H, kFromSymbol, kLaunch, kRound };
static const char* kNames[] = {"malloc_free", "h2d_4k",      "d2h_128",
                               "from_symbol", "launch_sync", "round"};

static void one_call(Case c, int* dev, std::vector<int>& host) {
  const int n = 1024;
  switch (c) {
    case kMallocFree: {
      int* p = nullptr;
      CHECK(hipMalloc(&p, n * sizeof(int)));
      CHECK(hipFree(p));
      break;
    }
    case kH2D:
      CHECK(hipMemcpy(dev, host.data(), n * sizeof(int),
                      hipMemcpyHostToDevice));
      break;
    case kD2H:
      CHECK(hipMemcpy(host.data(), dev, 32 * sizeof(int),
                      hipMemcpyDeviceToHost));
      break;
    case kFromSymbol:
      CHECK(hipMemcpyFromSymbol(host.data(), HIP_SYMBOL(flags),
                                32 * sizeof(int), 0, hipMemcpyDeviceToHost));
      break;
    case kLaunch:
      touch<<<4, 256>>>(dev, n);
      CHECK(hipDeviceSynchronize());
      break;
    case kRound: {
      int* p = nullptr;
      CHECK(hipMalloc(&p, n * sizeof(int)));
      CHECK(hipMemcpy(p, host.data(), n * sizeof(int),
                      hipMemcpyHostToDevice));
      touch<<<4, 256>>>(p, n);
      CHECK(hipMemcpyFromSymbol(host.data(), HIP_SYMBOL(flags),
                                32 * sizeof(int), 0, hipMemcpyDeviceToHost));
      CHECK(hipFree(p));
      break;
    }
  }
}

int main() {
  const int reps = env_int("BENCH_REPS", 5);
  const int calls = env_int("BENCH_CALLS", 200);
  std::vector<int> host(1024, 1);
  int* dev = nullptr;
  CHECK(hipMalloc(&dev, host.size() * sizeof(int)));
  CHECK(hipMemcpy(dev, host.data(), host.size() * sizeof(int),
                  hipMemcpyHostToDevice));
  for (int c = kMallocFree; c <= kRound; ++c) {
    one_call(Case(c), dev, host);  // warm-up
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
      double t0 = now_us();
      for (int i = 0; i < calls; ++i) one_call(Case(c), dev, host);
      double us = (now_us() - t0) / calls;
      if (us < best) best = us;
    }
    std::printf("RESULT %s %.2f us/call\n", kNames[c], best);
  }
  // The kernel read ones only: no flag may be set.
  CHECK(hipMemcpyFromSymbol(host.data(), HIP_SYMBOL(flags), 32 * sizeof(int),
                            0, hipMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i)
    if (host[i] != 0) {
      std::printf("FAIL flag %d set\n", i);
      return 1;
    }
  CHECK(hipFree(dev));
  return 0;
}
