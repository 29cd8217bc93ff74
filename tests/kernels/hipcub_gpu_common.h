// Shared by hipcub_gpu_kernels.hip and hipcub_gpu_radix.hip: device
// copies and the two-call temporary-storage protocol on a stream.
#ifndef HIPC_TESTS_KERNELS_HIPCUB_GPU_COMMON_H
#define HIPC_TESTS_KERNELS_HIPCUB_GPU_COMMON_H

#include <vector>

#include "common.h"

template <typename T>
static T* upload(const std::vector<T>& v) {
  T* p;
  HIP_CHECK(hipMalloc(&p, v.size() * sizeof(T) + 1));
  HIP_CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T),
                      hipMemcpyHostToDevice));
  return p;
}
template <typename T>
static std::vector<T> download(const T* p, size_t n) {
  std::vector<T> v(n);
  HIP_CHECK(hipMemcpy(v.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
  return v;
}

// Size query, then the call, on `s`.
template <typename F>
static void two_call(F f, hipStream_t s) {
  size_t bytes = 0;
  HIP_CHECK(f(nullptr, bytes));
  void* temp;
  HIP_CHECK(hipMalloc(&temp, bytes));
  HIP_CHECK(f(temp, bytes));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipFree(temp));
}

#endif
