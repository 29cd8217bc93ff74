// -fgpu-default-stream=per-thread: clang's launch stubs call
// hipLaunchKernel_spt, so a `<<<>>>` launch on the null stream goes to the
// calling thread's default stream (hipStreamPerThread). A kernel that
// waits for the host keeps that stream busy until released; a direct
// hipLaunchKernel_spt call does the same; a given stream is kept.
// HIPCC-FLAGS: -fgpu-default-stream=per-thread
#include "common.h"

__global__ void wait_for(volatile int* flag, int* out) {
  while (*flag == 0) {
  }
  *out = *flag;
}

// Launches `launch`, checks that hipStreamPerThread is busy until the
// flag is set, then that the kernel saw it.
template <typename F>
static void check_on_per_thread(int* flag, int* out, F launch, int value) {
  *flag = 0;
  *out = 0;
  launch();
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipErrorNotReady);
  __atomic_store_n(flag, value, __ATOMIC_RELEASE);
  HIP_CHECK(hipStreamSynchronize(hipStreamPerThread));
  CHECK_EQ(*out, value);
}

int main() {
  int *flag, *out;
  HIP_CHECK(hipHostMalloc(&flag, sizeof(int), hipHostMallocDefault));
  HIP_CHECK(hipHostMalloc(&out, sizeof(int), hipHostMallocDefault));

  check_on_per_thread(flag, out, [&] { wait_for<<<1, 1>>>(flag, out); }, 3);
  HIP_CHECK(hipGetLastError());
  check_on_per_thread(
      flag, out,
      [&] {
        void* args[] = {&flag, &out};
        HIP_CHECK(hipLaunchKernel_spt(reinterpret_cast<const void*>(wait_for),
                                      dim3(1), dim3(1), args, 0, nullptr));
      },
      5);

  // A stream given to the launch is kept: the per-thread stream stays idle.
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  *flag = 0;
  wait_for<<<1, 1, 0, s>>>(flag, out);
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  CHECK_ERR(hipStreamQuery(hipStreamPerThread), hipSuccess);
  __atomic_store_n(flag, 7, __ATOMIC_RELEASE);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(*out, 7);
  HIP_CHECK(hipStreamDestroy(s));

  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(out));
  return test_summary("launch_per_thread");
}
