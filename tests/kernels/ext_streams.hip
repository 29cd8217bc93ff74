// AMD's extensions declared in hip_runtime_api.h: streams with a mask of
// compute units (hipExtStreamCreateWithCUMask / hipExtStreamGetCUMask: the
// mask restricted to the device's units, the default when none is left)
// and hipExtLaunchMultiKernelMultiDevice (one device here: the launch runs;
// mismatched entries and bad arguments are hipErrorInvalidValue).
#include <vector>

#include "common.h"

__global__ void add1(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}
__global__ void other(int* p, int n) { (void)p, (void)n; }

int main() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  const int cus = props.multiProcessorCount;
  const unsigned words = (cus + 31) / 32;
  std::vector<uint32_t> def(words, 0);
  for (int i = 0; i < cus; i++) def[i / 32] |= 1u << (i % 32);

  // The null stream and a plain one: every unit.
  std::vector<uint32_t> got(words + 1, 0xdeadbeef);
  HIP_CHECK(hipExtStreamGetCUMask(0, words + 1, got.data()));
  for (unsigned i = 0; i < words; i++) CHECK_EQ(got[i], def[i]);
  CHECK_EQ(got[words], 0u);

  // A custom mask: units 0 and 2 (where the device has them).
  std::vector<uint32_t> mask(words, 0);
  mask[0] = 0x5u;
  hipStream_t s;
  HIP_CHECK(hipExtStreamCreateWithCUMask(&s, words, mask.data()));
  HIP_CHECK(hipExtStreamGetCUMask(s, words, got.data()));
  CHECK_EQ(got[0], 0x5u & def[0]);
  // Kernels run on it as on any stream.
  const int n = 1000;
  int* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemsetAsync(d, 0, n * sizeof(int), s));
  hipLaunchKernelGGL(add1, dim3((n + 255) / 256), dim3(256), 0, s, d, n);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));

  // No unit left: the default.
  std::vector<uint32_t> none(words, 0);
  HIP_CHECK(hipExtStreamCreateWithCUMask(&s, words, none.data()));
  HIP_CHECK(hipExtStreamGetCUMask(s, words, got.data()));
  for (unsigned i = 0; i < words; i++) CHECK_EQ(got[i], def[i]);

  CHECK_ERR(hipExtStreamCreateWithCUMask(nullptr, words, mask.data()), hipErrorInvalidValue);
  hipStream_t t;
  CHECK_ERR(hipExtStreamCreateWithCUMask(&t, 0, mask.data()), hipErrorInvalidValue);
  CHECK_ERR(hipExtStreamCreateWithCUMask(&t, words, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipExtStreamGetCUMask(s, words, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipExtStreamGetCUMask(s, 0, got.data()), hipErrorInvalidValue);

  // One kernel on each of the devices of the list (here one).
  int num = n;
  void* args[] = {&d, &num};
  hipLaunchParams p[2];
  for (auto& e : p) {
    e.func = reinterpret_cast<void*>(add1);
    e.gridDim = dim3((n + 127) / 128);
    e.blockDim = dim3(128);
    e.args = args;
    e.sharedMem = 0;
    e.stream = s;
  }
  HIP_CHECK(hipExtLaunchMultiKernelMultiDevice(p, 1, 0));
  HIP_CHECK(hipExtLaunchMultiKernelMultiDevice(p, 1, hipCooperativeLaunchMultiDeviceNoPreSync |
                                                         hipCooperativeLaunchMultiDeviceNoPostSync));
  HIP_CHECK(hipStreamSynchronize(s));
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) CHECK_EQ(h[i], 3);
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(nullptr, 1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(p, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(p, count + 1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(p, 1, 999), hipErrorInvalidValue);
  if (count == 1) {
    CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(p, 2, 0), hipErrorInvalidValue);
  } else {
    // Two entries on one device, then a different kernel.
    CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(p, 2, 0), hipErrorInvalidValue);
    p[1].func = reinterpret_cast<void*>(other);
    CHECK_ERR(hipExtLaunchMultiKernelMultiDevice(p, 2, 0), hipErrorInvalidValue);
  }
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  return test_summary("ext_streams");
}
