// Host C++ (compiled by the C++ compiler) that runs the example's three
// kernels and checks every value against the same computation on the
// host; prints "findhip ok: ..." when all are right.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <vector>

#include "findhip_example.h"

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
    std::printf("no HIP device\n");
    return 1;
  }
  const int n = 5000;  // not a multiple of any block size

  std::vector<float> x(n), y(n), want(n);
  for (int i = 0; i < n; i++) {
    x[i] = float(i % 97);
    y[i] = float(i % 13) - 6.0f;
    want[i] = 2.5f * x[i] + y[i];
  }
  if (run_saxpy(n, 2.5f, x.data(), y.data()) != 0) return 1;
  for (int i = 0; i < n; i++) {
    if (y[i] != want[i]) {
      std::printf("saxpy wrong at %d: %g, expected %g\n", i, y[i], want[i]);
      return 1;
    }
  }

  std::vector<int> in(n), sq(n);
  for (int i = 0; i < n; i++) in[i] = i % 1000 - 500;
  if (run_square(n, in.data(), sq.data()) != 0) return 1;
  for (int i = 0; i < n; i++) {
    int w = in[i] * in[i] + SQUARE_OFFSET_VALUE;
    if (sq[i] != w) {
      std::printf("square wrong at %d: %d, expected %d\n", i, sq[i], w);
      return 1;
    }
  }

  std::vector<float> st(n);
  if (run_stencil(n, x.data(), st.data()) != 0) return 1;
  for (int i = 0; i < n; i++) {
    float w = 0.0f;
    for (int k = -STENCIL_RADIUS_VALUE; k <= STENCIL_RADIUS_VALUE; k++)
      if (i + k >= 0 && i + k < n) w += x[i + k];
    if (st[i] != w) {
      std::printf("stencil wrong at %d: %g, expected %g\n", i, st[i], w);
      return 1;
    }
  }
  std::printf("findhip ok: saxpy %d, square %d, stencil %d\n", n, n, n);
  return 0;
}
