// Kernels with unusual names: overloads, namespaces (nested and anonymous),
// static kernels, a kernel declared before it is defined, and a class's
// static member function is not involved (HIP forbids member kernels).
#include <vector>

#include "common.h"

__global__ void k_over(int* p) { p[threadIdx.x] = 1000 + threadIdx.x; }
__global__ void k_over(float* p) { p[threadIdx.x] = 0.5f * threadIdx.x; }
__global__ void k_over(int* p, int add) { p[threadIdx.x] = add - threadIdx.x; }

static void test_overloaded_kernels() {
  const int n = 40;
  int* di = nullptr;
  float* df = nullptr;
  HIP_CHECK(hipMalloc(&di, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&df, n * sizeof(float)));
  std::vector<int> hi(n), wi(n);
  std::vector<float> hf(n), wf(n);

  k_over<<<1, n>>>(di);
  k_over<<<1, n>>>(df);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hi.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hf.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    wi[i] = 1000 + i;
    wf[i] = 0.5f * i;
  }
  CHECK_ARRAY(hi.data(), wi.data(), n);
  CHECK_ARRAY(hf.data(), wf.data(), n);

  k_over<<<1, n>>>(di, 77);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hi.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) wi[i] = 77 - i;
  CHECK_ARRAY(hi.data(), wi.data(), n);

  // Through hipLaunchKernel, each overload is its own kernel.
  void (*as_float)(float*) = k_over;
  float* fp = df;
  void* args[] = {&fp};
  HIP_CHECK(hipMemset(df, 0, n * sizeof(float)));
  HIP_CHECK(hipLaunchKernel(reinterpret_cast<const void*>(as_float), dim3(1),
                            dim3(n), args, 0, 0));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hf.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_ARRAY(hf.data(), wf.data(), n);
  HIP_CHECK(hipFree(di));
  HIP_CHECK(hipFree(df));
}

namespace outer {
__global__ void k_ns(int* p) { p[threadIdx.x] = 1; }
namespace inner {
__global__ void k_ns(int* p) { p[threadIdx.x] = 2; }
template <int V>
__global__ void k_ns_t(int* p) { p[threadIdx.x] = V; }
}  // namespace inner
}  // namespace outer

namespace {
__global__ void k_anon(int* p) { p[threadIdx.x] = 4; }
}  // namespace

static __global__ void k_static(int* p) { p[threadIdx.x] = 5; }

// Declared first, defined after its use.
__global__ void k_later(int* p);

static int read_first(const int* d, int n, std::vector<int>& h) {
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 1; i < n; i++)
    if (h[i] != h[0]) return -1;
  return h[0];
}

static void test_namespaces_static_and_declared() {
  const int n = 16;
  int* d = nullptr;
  std::vector<int> h(n);
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  outer::k_ns<<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 1);
  outer::inner::k_ns<<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 2);
  outer::inner::k_ns_t<3><<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 3);
  k_anon<<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 4);
  k_static<<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 5);
  k_later<<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 6);
  {
    using namespace outer::inner;
    k_ns_t<7><<<1, n>>>(d);
    CHECK_EQ(read_first(d, n, h), 7);
  }
  ::outer::k_ns<<<1, n>>>(d);
  CHECK_EQ(read_first(d, n, h), 1);
  HIP_CHECK(hipFree(d));
}

__global__ void k_later(int* p) { p[threadIdx.x] = 6; }

int main() {
  test_overloaded_kernels();
  test_namespaces_static_and_declared();
  return test_summary("launch_names");
}
