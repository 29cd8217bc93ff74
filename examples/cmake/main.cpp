// Plain C++ (the C++ compiler, not hipcc) calling into scale.hip, and the
// HIP host API through hip::host.
#include <hip/hip_runtime_api.h>

#include <cstdio>

#include "scale.h"

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
    std::printf("no HIP device\n");
    return 1;
  }
  float v[1000];
  for (int i = 0; i < 1000; i++) v[i] = float(i);
  if (scale_on_device(v, 3.0f, 1000) != 0) return 1;
  for (int i = 0; i < 1000; i++) {
    if (v[i] != 3.0f * float(i)) {
      std::printf("scale wrong at %d: %g\n", i, v[i]);
      return 1;
    }
  }
  std::printf("scale ok, %d device(s)\n", count);
  return 0;
}
