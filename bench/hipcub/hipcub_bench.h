// Helpers of the hipCUB workloads (bench/hipcub/*.hip): timing like the
// shared workloads' bench_common.h (one warm-up, then the best of `reps`,
// each rep ending with hipDeviceSynchronize) and the same keys as the
// references in bench/ref/.
#pragma once
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                        \
  do {                                                                     \
    hipError_t err_ = (call);                                              \
    if (err_ != hipSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,  \
                   #call, hipGetErrorString(err_));                        \
      std::exit(2);                                                        \
    }                                                                      \
  } while (0)

static inline double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(
             clock::now().time_since_epoch())
      .count();
}

template <typename F>
static double best_of(int reps, F fn) {
  fn();
  CHECK(hipDeviceSynchronize());
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    double t0 = now_ms();
    fn();
    CHECK(hipDeviceSynchronize());
    double t = now_ms() - t0;
    if (t < best) best = t;
  }
  return best;
}

static inline int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

// The i-th key: a 32-bit hash of i (the references use the same).
static inline unsigned bench_key(unsigned i) {
  unsigned x = i * 2654435761u + 0x9e3779b9u;
  x ^= x >> 15;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  return x;
}
