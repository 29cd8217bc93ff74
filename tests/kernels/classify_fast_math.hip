// Under -ffast-math, isnan, isinf and isfinite in kernels still classify
// NaN and infinity as the C library does: the CPU device pass inlines them
// only without finite math (hip/hipc/libdevice_nvptx.h), since clang folds
// the inline forms to constants under it. The expected answers are
// constants, as the host's own isnan folds under -ffast-math too. (clang
// calls isnan under finite math undefined, -Wnan-infinity-disabled; HIP
// programs built with -ffast-math use it all the same.)
// HIPCC-FLAGS: -ffast-math -Wno-nan-infinity-disabled
#include <cmath>
#include <cstring>

#include "common.h"

__global__ void classify(const unsigned* bits, int* r) {
  int i = threadIdx.x;
  float v;
  memcpy(&v, &bits[i], sizeof v);
  r[i * 3 + 0] = isnan(v) ? 1 : 0;
  r[i * 3 + 1] = isinf(v) ? 1 : 0;
  r[i * 3 + 2] = isfinite(v) ? 1 : 0;
}

int main() {
  // NaN, +inf, -inf, 1.0f
  const unsigned in[4] = {0x7fc00000u, 0x7f800000u, 0xff800000u,
                          0x3f800000u};
  const int want[12] = {1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1};
  unsigned* d_in;
  int* d_r;
  HIP_CHECK(hipMalloc(&d_in, sizeof in));
  HIP_CHECK(hipMalloc(&d_r, sizeof want));
  HIP_CHECK(hipMemcpy(d_in, in, sizeof in, hipMemcpyHostToDevice));
  classify<<<1, 4>>>(d_in, d_r);
  int r[12];
  HIP_CHECK(hipMemcpy(r, d_r, sizeof r, hipMemcpyDeviceToHost));
  for (int i = 0; i < 12; i++) CHECK_EQ(r[i], want[i]);
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_r));
  return test_summary("classify_fast_math");
}
