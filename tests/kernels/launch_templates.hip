// Template kernels: explicit arguments (k<int, 4><<<...>>>), deduced
// arguments (k<<<1, n>>>(float_ptr)), non-type parameters only, `>>` inside
// the launch configuration, and hipLaunchKernelGGL with HIP_KERNEL_NAME.
#include <vector>

#include "common.h"

template <typename T, int N>
__global__ void k_fill(T* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = static_cast<T>(i * N) + static_cast<T>(sizeof(T));
}

template <typename T, int N>
static void check_fill(const T* got, int n, const char* what) {
  std::vector<T> want(n);
  for (int i = 0; i < n; i++)
    want[i] = static_cast<T>(i * N) + static_cast<T>(sizeof(T));
  if (!CHECK_ARRAY(got, want.data(), n)) std::fprintf(stderr, "  %s\n", what);
}

static void test_explicit_template_arguments() {
  const int n = 2 * 32;
  int* di = nullptr;
  float* df = nullptr;
  HIP_CHECK(hipMalloc(&di, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&df, n * sizeof(float)));
  k_fill<int, 4><<<2, 32>>>(di);
  k_fill<float, 3><<<dim3(2), dim3(32)>>>(df);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> hi(n);
  std::vector<float> hf(n);
  HIP_CHECK(hipMemcpy(hi.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hf.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
  check_fill<int, 4>(hi.data(), n, "k_fill<int, 4>");
  check_fill<float, 3>(hf.data(), n, "k_fill<float, 3>");
  HIP_CHECK(hipFree(di));
  HIP_CHECK(hipFree(df));
}

template <typename T>
__global__ void k_scale(T* p, T s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * s;
}

static void test_deduced_template_arguments() {
  const int n = 100;
  float* df = nullptr;
  double* dd = nullptr;
  std::vector<float> hf(n), wf(n);
  std::vector<double> hd(n), wd(n);
  for (int i = 0; i < n; i++) {
    hf[i] = 0.5f * i - 3.0f;
    wf[i] = hf[i] * 2.5f;
    hd[i] = 1.25 * i + 1e10;
    wd[i] = hd[i] * -3.0;
  }
  HIP_CHECK(hipMalloc(&df, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dd, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(df, hf.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dd, hd.data(), n * sizeof(double), hipMemcpyHostToDevice));
  k_scale<<<1, n>>>(df, 2.5f, n);          // T = float
  k_scale<<<2, 64>>>(dd, -3.0, n);         // T = double
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hf.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hd.data(), dd, n * sizeof(double), hipMemcpyDeviceToHost));
  CHECK_ARRAY(hf.data(), wf.data(), n);
  CHECK_ARRAY(hd.data(), wd.data(), n);
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipFree(dd));
}

// Only non-type template parameters.
template <int A, unsigned B>
__global__ void k_affine(int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = A * i + static_cast<int>(B);
}

static void test_non_type_template() {
  const int n = 256;
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  // `>>` inside the configuration: shifts, not the end of the launch.
  k_affine<-3, 7u><<<dim3(n >> 6), 64>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = -3 * i + 7;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

__global__ void k_index(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i + 1;
}

static void test_shift_in_configuration() {
  const int n = 1000;  // not a multiple of the block size
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(int)));
  k_index<<<(n + 63) >> 6, 1 << 6>>>(d, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = i + 1;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipMemset(d, 0, n * sizeof(int)));
  k_index<<<dim3((n >> 1) >> 5), dim3(64 >> 1)>>>(d, n);  // 15 blocks of 32
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) want[i] = i < 15 * 32 ? i + 1 : 0;
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

static void test_ggl_with_kernel_name() {
  const int n = 3 * 16;
  long long* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(long long)));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(k_fill<long long, 9>), dim3(3), dim3(16),
                     0, 0, d);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(long long), hipMemcpyDeviceToHost));
  check_fill<long long, 9>(h.data(), n, "hipLaunchKernelGGL k_fill<ll, 9>");
  HIP_CHECK(hipFree(d));
}

// A variadic kernel template: sums its arguments per thread.
template <typename... Ts>
__global__ void k_sum(long long* out, Ts... xs) {
  long long s = 0;
  ((s += static_cast<long long>(xs)), ...);
  out[threadIdx.x] = s + threadIdx.x;
}

static void test_variadic_template() {
  const int n = 8;
  long long* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(long long)));
  k_sum<<<1, n>>>(d, 1, 20L, static_cast<short>(300), 4000LL,
                  static_cast<unsigned char>(50));
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = 1 + 20 + 300 + 4000 + 50 + i;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(long long), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_explicit_template_arguments();
  test_deduced_template_arguments();
  test_non_type_template();
  test_shift_in_configuration();
  test_ggl_with_kernel_name();
  test_variadic_template();
  return test_summary("launch_templates");
}
