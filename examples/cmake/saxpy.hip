// y = a*x + y on the default device; prints "saxpy ok N" when every
// element is right.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

#define CHECK(e)                                                        \
  do {                                                                  \
    hipError_t err_ = (e);                                              \
    if (err_ != hipSuccess) {                                           \
      std::fprintf(stderr, "%s: %s\n", #e, hipGetErrorString(err_));    \
      return 1;                                                         \
    }                                                                   \
  } while (0)

int main() {
  const int n = 1 << 16;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; i++) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  float *dx, *dy;
  CHECK(hipMalloc(&dx, n * sizeof(float)));
  CHECK(hipMalloc(&dy, n * sizeof(float)));
  CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(hipFree(dx));
  CHECK(hipFree(dy));
  for (int i = 0; i < n; i++) {
    if (y[i] != 2.0f * float(i) + 1.0f) {
      std::printf("saxpy wrong at %d: %g\n", i, y[i]);
      return 1;
    }
  }
  std::printf("saxpy ok %d\n", n);
  return 0;
}
