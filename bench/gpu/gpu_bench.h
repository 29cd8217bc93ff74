// What the GPU benchmarks that time runtime calls share (stream_copy.hip,
// api_latency.hip), for hipcc and, through cuda_shim, nvcc alike: a check
// that stops the program at the first failed call, and a clock.
#pragma once
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#define CHECK(x)                                                         \
  do {                                                                   \
    hipError_t e_ = (x);                                                 \
    if (e_ != hipSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,    \
                   hipGetErrorString(e_));                               \
      std::exit(1);                                                      \
    }                                                                    \
  } while (0)

static inline double now_us() {
  using namespace std::chrono;
  return duration<double, std::micro>(
             steady_clock::now().time_since_epoch())
      .count();
}
