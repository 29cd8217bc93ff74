// hipMemset of a GPU's device memory returns before the fill has run, as
// cudaMemset does (src/runtime/memory_copy.c): behind a slow kernel on the
// null stream the stream is still busy when hipMemset returns. The fill is
// still ordered: a kernel on a created (blocking) stream, a copy to the
// host and the next fill all see it. Managed memory, pinned host memory
// and the CPU device's memory keep the blocking fill: when hipMemset
// returns, the host reads the bytes.
#include <cstring>
#include <vector>

#include "common.h"

__global__ void k_slow_add(int* out, long long iters, int value) {
  volatile long long x = 0;
  for (long long i = 0; i < iters; i++) x = x + 1;
  out[threadIdx.x] += value + static_cast<int>(x - iters);
}

// Each thread copies one byte of `in` to `out` (as ints).
__global__ void k_read(const unsigned char* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

int main() {
  const int n = 4096;
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  const bool gpu = std::strncmp(p.gcnArchName, "sm_", 3) == 0;
  unsigned char* d;
  int *d_out, *slow;
  HIP_CHECK(hipMalloc(&d, n));
  HIP_CHECK(hipMalloc(&d_out, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&slow, sizeof(int)));
  HIP_CHECK(hipMemset(slow, 0, sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  std::vector<int> got(n);

  // Behind a slow kernel: hipMemset returns, the null stream is busy; the
  // kernel on `s` after it reads the fill.
  k_slow_add<<<1, 1>>>(slow, gpu ? 30000000LL : 1000, 1);
  CHECK_ERR(hipMemset(d, 0x5a, n), hipSuccess);
  if (gpu) CHECK_ERR(hipStreamQuery(0), hipErrorNotReady);
  k_read<<<n / 256, 256, 0, s>>>(d, d_out, n);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), std::vector<int>(n, 0x5a).data(), n);

  // Two fills and a copy back: the copy sees the second fill, partly over
  // the first.
  HIP_CHECK(hipMemset(d, 0x11, n));
  HIP_CHECK(hipMemset(d + 100, 0x22, 50));
  std::vector<unsigned char> bytes(n), want(n, 0x11);
  std::memset(want.data() + 100, 0x22, 50);
  HIP_CHECK(hipMemcpy(bytes.data(), d, n, hipMemcpyDeviceToHost));
  CHECK_ARRAY(bytes.data(), want.data(), n);
  int slow_h = 0;
  HIP_CHECK(hipMemcpy(&slow_h, slow, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(slow_h, 1);

  // Managed and pinned memory: the host reads the bytes on return.
  unsigned char *m, *h;
  HIP_CHECK(hipMallocManaged(&m, n));
  HIP_CHECK(hipHostMalloc(&h, n));
  k_slow_add<<<1, 1>>>(slow, gpu ? 10000000LL : 1000, 1);
  HIP_CHECK(hipMemset(m, 0x33, n));
  HIP_CHECK(hipMemset(h, 0x44, n));
  CHECK_EQ(m[0], 0x33);
  CHECK_EQ(m[n - 1], 0x33);
  CHECK_EQ(h[0], 0x44);
  CHECK_EQ(h[n - 1], 0x44);

  // Errors are still reported at once.
  CHECK_ERR(hipMemset(nullptr, 0, 16), hipErrorInvalidValue);
  CHECK_ERR(hipMemset(d, 0, n + 1), hipErrorInvalidValue);

  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(m));
  HIP_CHECK(hipHostFree(h));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(d_out));
  HIP_CHECK(hipFree(slow));
  return test_summary("memset_async_device");
}
