// hipDeviceProp_t::isLargeBar (hipDeviceAttributeIsLargeBar) promises
// that the host can read and write device memory through the pointer
// hipMalloc returns (AMD's large-BAR GPUs; programs and AMD's own tests
// then dereference device pointers on the host). For every device: where
// the attribute is 1, a kernel's results are read on the host through the
// device pointer and a host store is seen by the next kernel. The CPU
// device says 1 (its memory is host memory); NVIDIA GPUs must say 0, or
// this test dies on the first host read (hip-tests'
// hipEventCreateWithFlags HstVisMem cases did on an H200).
#include <vector>

#include "common.h"

__global__ void fill(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 3 * i + 1;
}
__global__ void twice(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= 2;
}

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  const int n = 4096;
  int visible = 0;
  for (int dev = 0; dev < count; ++dev) {
    HIP_CHECK(hipSetDevice(dev));
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, dev));
    int attr = -1;
    HIP_CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeIsLargeBar, dev));
    CHECK_EQ(attr, p.isLargeBar);
    if (!p.isLargeBar) continue;
    ++visible;
    int* d = nullptr;
    HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
    fill<<<n / 256, 256>>>(d, n);
    HIP_CHECK(hipDeviceSynchronize());
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += d[i] != 3 * i + 1;  // host reads
    CHECK_EQ(bad, 0);
    for (int i = 0; i < n; ++i) d[i] = i;  // host writes
    twice<<<n / 256, 256>>>(d, n);
    std::vector<int> h(n);
    HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; ++i) bad += h[i] != 2 * i;
    CHECK_EQ(bad, 0);
    HIP_CHECK(hipFree(d));
  }
  std::printf("%d of %d device(s) with host-visible device memory\n", visible,
              count);
  return test_summary("large_bar");
}
