// hipBLAS and hipFFT on a GPU against cuBLAS and cuFFT called directly
// (issue #16: within 5% on the H200). The same source is built by hipcc
// against hipc's libraries and by nvcc with bench/gpu/cuda_shim, whose
// hipblas/hipfft headers name cuBLAS and cuFFT: bench/gpu/run.sh runs both
// and prints hipc / cuda per workload. Each workload: one warm-up, then
// the best of 5, timed with events around the call on the null stream.
// The results are checked against each other by checksums printed below
// (identical inputs; both sides call the same vendor kernels).
//
//   BENCH_N (SGEMM/DGEMM size, 8192), BENCH_FFT_LOG2 (24)
// The libraries first: under nvcc the shim's hip_runtime.h defines
// __shfl macros that cuBLAS's and cuFFT's half-precision headers clash with.
#include <hipblas/hipblas.h>
#include <hipfft/hipfft.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                      \
  do {                                                                \
    if ((x) != 0) {                                                   \
      std::fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, \
                   #x);                                               \
      std::exit(1);                                                   \
    }                                                                 \
  } while (0)

static long env_long(const char* name, long def) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtol(v, nullptr, 10) : def;
}

// Best of 5 after a warm-up, in ms, of `f` between two events.
template <class F>
static float best_ms(F f) {
  hipEvent_t a, b;
  CHECK(hipEventCreate(&a));
  CHECK(hipEventCreate(&b));
  f();
  CHECK(hipDeviceSynchronize());
  float best = 1e30f;
  for (int r = 0; r < 5; r++) {
    CHECK(hipEventRecord(a, 0));
    f();
    CHECK(hipEventRecord(b, 0));
    CHECK(hipEventSynchronize(b));
    float ms;
    CHECK(hipEventElapsedTime(&ms, a, b));
    if (ms < best) best = ms;
  }
  CHECK(hipEventDestroy(a));
  CHECK(hipEventDestroy(b));
  return best;
}

template <class T>
static void* filled(size_t n, int salt) {
  std::vector<T> h(n);
  for (size_t i = 0; i < n; i++) h[i] = T((i * 7 + salt) % 19) / T(19) - T(0.5);
  void* d;
  CHECK(hipMalloc(&d, n * sizeof(T)));
  CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  return d;
}

template <class T>
static double checksum(const void* d, size_t n) {
  std::vector<T> h(n);
  CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  double s = 0;
  for (size_t i = 0; i < n; i += 97) s += double(h[i]) * double(i % 5 + 1);
  return s;
}

int main() {
  const int n = (int)env_long("BENCH_N", 8192);
  const int lg = (int)env_long("BENCH_FFT_LOG2", 24);
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h));
  size_t nn = (size_t)n * n;
  {
    void *A = filled<float>(nn, 1), *B = filled<float>(nn, 2), *C = filled<float>(nn, 3);
    const float al = 1.0f, be = 0.0f;
    float ms = best_ms([&] {
      CHECK(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &al, (const float*)A, n,
                         (const float*)B, n, &be, (float*)C, n));
    });
    std::printf("RESULT sgemm %.3f ms (n=%d, %.1f TFLOP/s, checksum %.6e)\n", ms, n,
                2.0 * n * nn / (ms * 1e9), checksum<float>(C, nn));
    CHECK(hipFree(A)); CHECK(hipFree(B)); CHECK(hipFree(C));
  }
  {
    int nd = n / 2;
    size_t m = (size_t)nd * nd;
    void *A = filled<double>(m, 1), *B = filled<double>(m, 2), *C = filled<double>(m, 3);
    const double al = 1.0, be = 0.0;
    float ms = best_ms([&] {
      CHECK(hipblasDgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, nd, nd, nd, &al, (const double*)A, nd,
                         (const double*)B, nd, &be, (double*)C, nd));
    });
    std::printf("RESULT dgemm %.3f ms (n=%d, checksum %.6e)\n", ms, nd,
                checksum<double>(C, m));
    CHECK(hipFree(A)); CHECK(hipFree(B)); CHECK(hipFree(C));
  }
  CHECK(hipblasDestroy(h));
  {
    size_t len = (size_t)1 << lg;
    void* x = filled<float>(2 * len, 4);
    void* y;
    CHECK(hipMalloc(&y, 2 * len * sizeof(float)));
    hipfftHandle p1, p2;
    CHECK(hipfftPlan1d(&p1, (int)len, HIPFFT_C2C, 1));
    float ms = best_ms([&] {
      CHECK(hipfftExecC2C(p1, (hipfftComplex*)x, (hipfftComplex*)y, HIPFFT_FORWARD));
    });
    std::printf("RESULT fft1d %.3f ms (2^%d points, checksum %.6e)\n", ms, lg,
                checksum<float>(y, 2 * len));
    int side = 1 << (lg / 2);
    CHECK(hipfftPlan2d(&p2, side, side, HIPFFT_C2C));
    ms = best_ms([&] {
      CHECK(hipfftExecC2C(p2, (hipfftComplex*)x, (hipfftComplex*)y, HIPFFT_FORWARD));
    });
    std::printf("RESULT fft2d %.3f ms (%d x %d, checksum %.6e)\n", ms, side, side,
                checksum<float>(y, 2 * (size_t)side * side));
    CHECK(hipfftDestroy(p1));
    CHECK(hipfftDestroy(p2));
    CHECK(hipFree(x));
    CHECK(hipFree(y));
  }
  return 0;
}
