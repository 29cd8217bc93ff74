// Kernel jobs are recycled and small argument blocks travel inside the job
// (src/backend/cpu/job_cache.c): many launches in flight at once, from two
// host threads on two streams, with small, large (heap) and over-aligned
// argument blocks interleaved, must each run with their own arguments.
#include <thread>
#include <vector>

#include "common.h"

struct large {
  int v[100];  // 400 bytes: beyond the job's inline buffer
};

struct alignas(32) wide {
  long long a, b, c, d;  // 32-byte aligned: allocated, not inline
};

__global__ void k_small(int* out, int slot, int x, int y) {
  if (threadIdx.x == 0) out[slot] = x * 3 + y;
}

__global__ void k_large(int* out, int slot, large l) {
  if (threadIdx.x == 0) {
    int s = 0;
    for (int i = 0; i < 100; ++i) s += l.v[i] * (i + 1);
    out[slot] = s;
  }
}

__global__ void k_wide(int* out, int slot, wide w) {
  if (threadIdx.x == 0) out[slot] = (int)(w.a - w.b + w.c * w.d);
}

static const int kPerThread = 3000;

// Launch `i` of host thread `t` writes slot t * kPerThread + i.
static int expected(int t, int i) {
  int seed = t * 100003 + i;
  switch (i % 3) {
    case 0:
      return (seed + 1) * 3 + (seed ^ 5);
    case 1: {
      int s = 0;
      for (int k = 0; k < 100; ++k) s += (seed + k) * (k + 1);
      return s;
    }
    default:
      return (int)((long long)seed - 7 + (long long)(seed % 11) * 13);
  }
}

static void launch_all(int t, int* out, hipStream_t s) {
  for (int i = 0; i < kPerThread; ++i) {
    int seed = t * 100003 + i;
    int slot = t * kPerThread + i;
    switch (i % 3) {
      case 0:
        k_small<<<1, 32, 0, s>>>(out, slot, seed + 1, seed ^ 5);
        break;
      case 1: {
        large l;
        for (int k = 0; k < 100; ++k) l.v[k] = seed + k;
        k_large<<<1, 32, 0, s>>>(out, slot, l);
        break;
      }
      default: {
        wide w{seed, 7, seed % 11, 13};
        k_wide<<<1, 32, 0, s>>>(out, slot, w);
        break;
      }
    }
  }
  HIP_CHECK(hipGetLastError());
}

int main() {
  const int n = 2 * kPerThread;
  int* out = nullptr;
  HIP_CHECK(hipMalloc(&out, n * sizeof(int)));
  // Twice: the second round runs on jobs the first one gave back.
  for (int round = 0; round < 2; ++round) {
    HIP_CHECK(hipMemset(out, 0xff, n * sizeof(int)));
    hipStream_t s[2];
    for (auto& x : s) HIP_CHECK(hipStreamCreate(&x));
    std::thread a(launch_all, 0, out, s[0]);
    std::thread b(launch_all, 1, out, s[1]);
    a.join();
    b.join();
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<int> got(n), want(n);
    HIP_CHECK(hipMemcpy(got.data(), out, n * sizeof(int),
                        hipMemcpyDeviceToHost));
    for (int t = 0; t < 2; ++t)
      for (int i = 0; i < kPerThread; ++i)
        want[t * kPerThread + i] = expected(t, i);
    CHECK_ARRAY(got.data(), want.data(), n);
    for (auto& x : s) HIP_CHECK(hipStreamDestroy(x));
  }
  HIP_CHECK(hipFree(out));
  return test_summary("launch_recycle");
}
