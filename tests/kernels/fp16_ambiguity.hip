// __half and __half2 next to a class that converts to __half, __half2 and
// float (hip-tests' kind of wrapper): `-w` and `+w` are the float operators,
// not ambiguous; `-h` and `+h` of a __half or __half2 stay theirs. Also
// make_half2 and AMD's __hisinf2. Values against the host.
#include <hip/hip_fp16.h>

#include <cmath>

#include "common.h"

class Wrap {
 public:
  __host__ __device__ Wrap(float f) : h_(__float2half(f)) {}
  __host__ __device__ operator __half() const { return h_; }
  __host__ __device__ operator __half2() const { return __half2half2(h_); }
  __host__ __device__ operator float() const { return __half2float(h_); }

 private:
  __half h_;
};

__global__ void k(float* out) {
  Wrap w(2.5f);
  out[0] = -w;  // float
  out[1] = +w;
  __half h = __float2half(1.5f);
  out[2] = __half2float(-h);
  out[3] = __half2float(+h);
  __half2 p = make_half2(__float2half(3.0f), __float2half(-4.0f));
  __half2 n = -p;
  out[4] = __low2float(n);
  out[5] = __high2float(n);
  __half2 inf = make_half2(__float2half(INFINITY), __float2half(-7.0f));
  __half2 r = __hisinf2(inf);
  out[6] = __low2float(r);
  out[7] = __high2float(r);
  r = __hisinf2(make_half2(__float2half(1.0f), __float2half(-INFINITY)));
  out[8] = __low2float(r);
  out[9] = __high2float(r);
  __half2 a = make_half2(__float2half(1.0f), __float2half(2.0f));
  __half2 b = make_half2(__float2half(1.5f), __float2half(2.0f));
  out[10] = (a < b) + 2 * (a <= b) + 4 * (b > a) + 8 * (b >= a) + 16 * (a > b) + 32 * (a >= a);
}

int main() {
  float* d;
  float h[11];
  HIP_CHECK(hipMalloc(&d, sizeof h));
  k<<<1, 1>>>(d);
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  const float want[11] = {-2.5f, 2.5f, -1.5f, 1.5f, -3.0f, 4.0f, 1.0f, 0.0f, 0.0f, 1.0f, 42.0f};
  for (int i = 0; i < 11; i++) CHECK_EQ(h[i], want[i]);
  Wrap w(-0.75f);  // host code too
  CHECK_EQ(-w, 0.75f);
  HIP_CHECK(hipFree(d));
  return test_summary("fp16_ambiguity");
}
