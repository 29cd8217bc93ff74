// Kernels stored in a table of `const void*` and launched with
// hipLaunchKernel and a void* argument array, including a template
// instantiation whose address is taken but that is never launched with
// <<<>>>.
#include <vector>

#include "common.h"

__global__ void k_add(int* p, int v) {
  p[blockIdx.x * blockDim.x + threadIdx.x] += v;
}
__global__ void k_mul(int* p, int v) {
  p[blockIdx.x * blockDim.x + threadIdx.x] *= v;
}
template <int N>
__global__ void k_shift(int* p, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = p[i] * N + v;  // only ever launched through the table
}

static const void* const table[] = {
    reinterpret_cast<const void*>(k_add),
    reinterpret_cast<const void*>(k_mul),
    reinterpret_cast<const void*>(k_shift<16>),
};

static void test_launch_from_table() {
  const int blocks = 2, threads = 64, n = blocks * threads;
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = h[i] = i - 50;
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  // (table index, value) in sequence; the host applies the same steps.
  const int steps[][2] = {{0, 5}, {1, 3}, {2, -7}, {0, 11}, {2, 1}, {1, -2}};
  for (const auto& st : steps) {
    int* p = d;
    int v = st[1];
    void* args[] = {&p, &v};
    CHECK_ERR(hipLaunchKernel(table[st[0]], dim3(blocks), dim3(threads), args,
                              0, 0),
              hipSuccess);
    for (int i = 0; i < n; i++) {
      if (st[0] == 0) want[i] += v;
      if (st[0] == 1) want[i] *= v;
      if (st[0] == 2) want[i] = want[i] * 16 + v;
    }
  }
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

static void test_launch_from_table_on_stream() {
  const int n = 96;
  int* d = nullptr;
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(int)));
  int v = 9;
  void* args[] = {&d, &v};
  CHECK_ERR(hipLaunchKernel(table[2], dim3(3), dim3(32), args, 0, s),
            hipSuccess);
  HIP_CHECK(hipStreamSynchronize(s));
  std::vector<int> h(n), want(n, 9);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
}

// A kernel with parameters needs an argument array.
static void test_missing_arguments() {
  CHECK_ERR(hipLaunchKernel(table[0], dim3(1), dim3(1), nullptr, 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
}

// The address of a host function, or of an array, is not a kernel.
static void host_only(int*, int) {}
static void test_not_a_kernel() {
  int* p = nullptr;
  int v = 0;
  void* args[] = {&p, &v};
  CHECK_ERR(hipLaunchKernel(reinterpret_cast<const void*>(host_only), dim3(1),
                            dim3(1), args, 0, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipLaunchKernel(reinterpret_cast<const void*>(table), dim3(1),
                            dim3(1), args, 0, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipLaunchKernel(nullptr, dim3(1), dim3(1), args, 0, 0),
            hipErrorInvalidDeviceFunction);
}

int main() {
  test_launch_from_table();
  test_launch_from_table_on_stream();
  test_missing_arguments();
  test_not_a_kernel();
  return test_summary("launch_table");
}
