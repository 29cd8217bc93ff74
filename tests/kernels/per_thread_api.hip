// -fgpu-default-stream=per-thread renames the stream-taking API to its
// `_spt` forms (hip/hipc/per_thread_stream.h), as AMD's header does: the
// null stream is the calling thread's default stream, and the blocking
// copies and fills wait for that stream only, not for the device's other
// blocking streams as the null stream's would.
// HIPCC-FLAGS: -fgpu-default-stream=per-thread
#include "common.h"

__device__ int dev_var[4];

// Spins until *flag is set or about 3 s have passed; writes what it saw.
__global__ void wait_for(volatile int* flag, int* out) {
  long long start = clock64();
  while (*flag == 0 && clock64() - start < 3000000000LL) {
  }
  *out = *flag;
}

int main() {
  int *flag, *out;
  HIP_CHECK(hipHostMalloc(&flag, sizeof(int), hipHostMallocDefault));
  HIP_CHECK(hipHostMalloc(&out, sizeof(int), hipHostMallocDefault));
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  int h[64];

  // The null stream is the thread's stream: busy while its kernel waits.
  *flag = 0;
  wait_for<<<1, 1>>>(flag, out);
  CHECK_ERR(hipStreamQuery(0), hipErrorNotReady);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipErrorNotReady);
  // Queued behind the kernel on the same stream.
  HIP_CHECK(hipMemsetAsync(d, 0, 64 * sizeof(int), 0));
  __atomic_store_n(flag, 3, __ATOMIC_RELEASE);
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_EQ(*out, 3);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipSuccess);

  // A blocking stream's work does not hold up the blocking calls, which
  // would wait for it on the legacy null stream.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  *flag = 0;
  *out = -1;
  wait_for<<<1, 1, 0, s>>>(flag, out);
  HIP_CHECK(hipMemset(d, 1, 64 * sizeof(int)));
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int v[4] = {4, 5, 6, 7}, back[4] = {0, 0, 0, 0};
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(dev_var), v, sizeof v));
  HIP_CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(dev_var), sizeof back));
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  __atomic_store_n(flag, 9, __ATOMIC_RELEASE);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(*out, 9);
  int bad = 0;
  for (int i = 0; i < 64; ++i) bad += h[i] != 0x01010101;
  CHECK_EQ(bad, 0);
  CHECK_ARRAY(back, v, 4);
  HIP_CHECK(hipStreamDestroy(s));

  // An event recorded on the null stream marks the thread's stream.
  hipEvent_t e;
  HIP_CHECK(hipEventCreate(&e));
  *flag = 0;
  wait_for<<<1, 1>>>(flag, out);
  HIP_CHECK(hipEventRecord(e, 0));
  CHECK_ERR(hipEventQuery(e), hipErrorNotReady);
  __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
  HIP_CHECK(hipEventSynchronize(e));
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipSuccess);
  HIP_CHECK(hipEventDestroy(e));

  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(out));
  return test_summary("per_thread_api");
}
